#include "runner/loop.h"

#include <signal.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <unordered_map>

#include "fuzzycron/resolve.h"
#include "runner/cluster_ledger.h"
#include "runner/planner.h"
#include "runner/status_server.h"

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;
using std::chrono::milliseconds;

constexpr std::int64_t kStuckWarningEveryMs = 60'000;
constexpr int kMaxCatchupEnumeration = 100'000;  // instants looked at for one catch-up
constexpr std::int64_t kReloadQuietMs = 250;     // a file change is read once it has been quiet this long

// "TERM", or "none" for a stop the runner was not signalled to make (run(until)).
const char* signal_name(int sig) {
  const char* name = sig > 0 ? ::sigabbrev_np(sig) : nullptr;
  return name ? name : "none";
}

// Whether a job's waiting run may start now (its not-before time aside).
bool may_start_pending(const JobState& s) {
  return !s.pending.empty() && (s.running == 0 || s.job.settings.concurrency == Concurrency::allow);
}

sigset_t handled_signals() {
  sigset_t s;
  sigemptyset(&s);
  for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGCHLD}) sigaddset(&s, sig);
  return s;
}

// The soft limit of open files up to the hard one: each run holds a pipe, and
// systemd's default soft limit (1024) would fail runs beyond it with EMFILE.
void raise_file_limit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

Runner::Runner(const RunnerOptions& o, Clock& clock, Launcher& launcher, std::ostream& log,
               std::unique_ptr<ClaimStore> store)
    : o_(o),
      clock_(clock),
      launcher_(launcher),
      log_(log, o.json, clock),
      claim_store_(std::move(store)),
      started_(clock.now()) {}

Runner::~Runner() {
  if (signal_fd_ >= 0) ::close(signal_fd_);
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
  for (auto& r : runs_)
    if (r && r->out >= 0) ::close(r->out);
}

int Runner::run(std::optional<sys_milliseconds> until) {
  if (const auto failed = open()) return *failed;
  while (turn(until)) {
  }
  close();
  return 0;
}

std::optional<int> Runner::open() {
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  // A hook that exits before reading its stdin must not end the runner
  // (EPIPE instead); jobs get SIGPIPE back at their default (process.cc).
  ::signal(SIGPIPE, SIG_IGN);
  const sigset_t mask = handled_signals();
  sigprocmask(SIG_BLOCK, &mask, nullptr);
  signal_fd_ = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
  raise_file_limit();
  if (!open_ledger()) return ledger_ ? 3 : 2;
  watch();
  if (!reload(true)) return 1;
  if (!o_.metrics_address.empty()) {
    server_ = std::make_unique<StatusServer>();
    std::string error;
    if (!server_->start(o_.metrics_address, error)) {
      log_("error", "runner.metrics", {{"address", o_.metrics_address}, {"error", error}});
      return 3;
    }
  }
  log_("info", "runner.start",
       {{"file", o_.file},
        {"host", o_.host},
        {"jobs", states_.size()},
        {"pid", ::getpid()},
        {"clock", o_.sim_start ? "simulated" : "real"}});
  warn_about_host();
  for (auto& s : states_)
    if (s->job.entry.reboot) start(s, clock_.now(), 1);  // @reboot: once per runner start
  launch_queued();
  return std::nullopt;
}

// ---- schedule
void Runner::advance(JobState& s) {
  s.next = s.job.schedule->next(s.cursor);
  if (!s.next && !s.never_logged) {
    s.never_logged = true;  // once, not in a loop
    log_("warning", "job.never", {{"job", s.job.name}, {"after", iso(s.cursor)}});
  }
}

void Runner::catch_up(const std::shared_ptr<JobState>& sp, sys_milliseconds from, sys_milliseconds to,
                      const char* cause, std::vector<sys_milliseconds> also) {
  JobState& s = *sp;
  std::vector<sys_milliseconds> missed = std::move(also);
  int looked = 0;
  for (auto t = s.job.schedule->next(from); t && *t <= to && looked < kMaxCatchupEnumeration;
       t = s.job.schedule->next(*t), ++looked)
    missed.push_back(*t);
  std::sort(missed.begin(), missed.end());
  missed.erase(std::unique(missed.begin(), missed.end()), missed.end());
  s.cursor = std::max(s.cursor, to);
  mark(sp);
  if (missed.empty()) return;
  const auto now = clock_.now();
  const CatchUpPlan plan = plan_catch_up(s.job.settings, missed, now);
  const std::vector<sys_milliseconds>& run = plan.run;
  const std::size_t skipped = plan.skipped;
  if (skipped > 0) {
    s.counters.skipped["missed"] += skipped;
    log_("warning", "job.skip",
         {{"job", s.job.name},
          {"reason", "missed"},
          {"cause", cause},
          {"count", skipped},
          {"first", iso(missed.front())},
          {"last", iso(missed.back())},
          {"enumeration_capped", looked >= kMaxCatchupEnumeration}});
  }
  const std::int64_t spread = o_.catchup_window.count() > 0
                                  ? seed_offset(Seed({o_.host, s.job.name, "catchup"}), o_.catchup_window).count()
                                  : 0;
  // Catch-up runs wait for the job's offset (in clock time, so the simulated clock scales it too).
  const auto not_before = clock_.mono() + static_cast<std::int64_t>(static_cast<double>(spread) / clock_.rate());
  for (auto t : run)
    if (std::none_of(s.pending.begin(), s.pending.end(), [&](const auto& p) { return p.first == t; }))
      s.pending.emplace_back(t, not_before);
  std::sort(s.pending.begin(), s.pending.end());
  if (!s.pending.empty()) mark_waiting(sp);
}

// ---- firing: due instants, overlap, pending runs and retries
void Runner::fire_due(sys_milliseconds now) {
  // A due instant fires late (through the overlap policy) only when it is the
  // newest due one and at most a minute old (the simulated clock scales the
  // minute); every older one went by without a run and goes through the job's
  // catch-up policy: after a stall a per-second job runs once, not once per
  // second it missed, and `catchup: skip` means skip.
  const milliseconds slack = on_time_slack(clock_.rate());
  if (const auto earliest = earliest_next(); !earliest || now < *earliest) return;
  next_stale_ = true;  // the pass advances the jobs it fires
  std::size_t due = 0;
  for (auto& sp : states_) {
    JobState& s = *sp;
    if (!s.job.schedule || !s.next || *s.next > now) continue;
    if (++due % kCheckSignalsEvery == 0) {
      handle_signals();  // a long pass must not hold up SIGTERM
      if (stopping_) return;
    }
    const auto newest = s.job.schedule->prev(now + milliseconds{1});
    if (!fires_on_time(*s.next, newest, now, slack)) {
      catch_up(sp, s.cursor, now, "late");
    } else {
      if (*s.next < *newest) catch_up(sp, s.cursor, *newest - milliseconds{1}, "late");
      s.cursor = *newest;
      s.last_fired = *newest;
      mark(sp);
      on_time(sp, *newest);
    }
    advance(s);
  }
}

void Runner::on_time(const std::shared_ptr<JobState>& sp, sys_milliseconds t) {
  JobState& s = *sp;
  if (s.retry_at) {
    // A retry never overlaps the next slot: the failed instant's retries end
    // here, said, and its failure is permanent (the hook runs).
    s.retry_at.reset();
    log_("warning", "job.retry",
         {{"job", s.job.name},
          {"scheduled_for", iso(s.retry_for)},
          {"attempt", s.retry_attempt},
          {"dropped", "the next instant came first"},
          {"next", iso(t)}});
    if (!s.job.settings.on_permanent_failure.empty() && s.retry_end) run_hook(s, *s.retry_end);
    s.retry_end.reset();
  }
  switch (plan_on_time(s.job.settings.concurrency, s.running, !s.pending.empty(), ledger_->decides_overlap())) {
    case OnTime::start: return start(sp, t, 1);
    case OnTime::skip: {
      ++s.counters.skipped["overlap"];
      const auto mono = clock_.mono();
      if (!s.last_overlap_log ||
          mono - *s.last_overlap_log >= kStuckWarningEveryMs) {  // rate-limited: a stuck job does not flood
        s.last_overlap_log = mono;
        log_("warning", "job.skip",
             {{"job", s.job.name}, {"reason", "overlap"}, {"scheduled_for", iso(t)}, {"running", s.running}});
      }
      return;
    }
    case OnTime::replace:
      for (auto& r : runs_)
        if (r && r->state == sp && !r->exited) {
          r->stopped = true;
          launcher_.signal(r->pid, SIGTERM);
          r->kill_at = clock_.mono() + s.job.settings.kill_grace.count();
        }
      s.pending.assign(1, {t, 0});
      mark(sp);
      mark_waiting(sp);
      return;
    case OnTime::queue:
      s.pending.emplace_back(t, 0);
      mark(sp);
      mark_waiting(sp);
      return;
    case OnTime::queue_full:
      ++s.counters.skipped["queue-full"];
      log_("warning", "job.skip", {{"job", s.job.name}, {"reason", "queue-full"}, {"scheduled_for", iso(t)}});
      return;
  }
}

void Runner::start_pending() {
  const auto mono = clock_.mono();
  const auto waiting = waiting_;  // start() may add to it
  for (const auto& sp : waiting) {
    JobState& s = *sp;
    // Under `allow` every due run starts (the job's on-time runs must not starve
    // its catch-up); else one at a time, when the job is idle.
    while (may_start_pending(s) && s.pending.front().second <= mono) {
      const auto t = s.pending.front().first;
      s.pending.pop_front();
      mark(sp);
      start(sp, t, 1);
    }
    if (s.retry_at && *s.retry_at <= mono && s.running == 0) {
      const int attempt = s.retry_attempt;
      s.retry_at.reset();
      s.retry_end.reset();  // the retry's own end decides now
      start(sp, s.retry_for, attempt, s.retry_claimed);
    }
  }
  std::erase_if(waiting_, [](const auto& sp) {
    const bool done = sp->pending.empty() && !sp->retry_at;
    if (done) sp->waiting = false;
    return done;
  });
}

bool Runner::turn(std::optional<sys_milliseconds> until) {
  handle_jumps();
  const auto now = clock_.now();
  if (until && now >= *until && !stopping_) begin_shutdown(0);
  // Runs that ended are retired before the next instants fire: a job whose
  // process exited before its next instant starts at that instant.
  end_finished();
  ledger_->flush();  // the ends of this turn's runs, in one round trip
  if (!stopping_) {
    fire_due(now);
    start_pending();
    ledger_turn();
  }
  launch_queued();
  handle_process_deadlines();
  publish(0);
  if (reload_requested_ || (reload_at_ && clock_.mono() >= *reload_at_)) {
    reload_requested_ = false;
    reload_at_.reset();
    if (!stopping_) reload(false);
  }
  if (stopping_) {
    const StopTurn stop = plan_stop_turn(runs_.size(), clock_.mono(), shutdown_deadline_);
    if (stop.done) return false;
    if (stop.kill) {
      for (auto& r : runs_) {
        launcher_.signal(r->pid, SIGKILL);
        r->kill_at.reset();
      }
      shutdown_deadline_ = INT64_MAX;  // killed: wait for the statuses
    }
  }
  // The next wall instant and the next process deadline.
  std::optional<sys_milliseconds> wall;
  if (!stopping_) {
    wall = earliest_next();
    if (until && (!wall || *until < *wall)) wall = until;
  }
  std::optional<std::int64_t> mono;
  auto earliest = [&](std::int64_t t) { mono = mono ? std::min(*mono, t) : t; };
  for (const auto& r : runs_) {
    if (r->term_at) earliest(*r->term_at);
    if (r->kill_at) earliest(*r->kill_at);
    if (r->drain_until) earliest(*r->drain_until);
    if (r->exited && r->out < 0) earliest(clock_.mono());  // to retire at once
  }
  for (const auto& s : waiting_) {
    if (may_start_pending(*s)) earliest(s->pending.front().second);
    if (s->retry_at) earliest(*s->retry_at);
  }
  if (reload_at_) earliest(*reload_at_);
  if (const auto wake = ledger_->next_wake(); wake && !stopping_) earliest(*wake);
  if (stopping_ && shutdown_deadline_ != INT64_MAX) earliest(shutdown_deadline_);
  if (server_) earliest(clock_.mono() + 1000);  // /healthz: the loop ticks at least every second
  std::vector<int> fds{signal_fd_, inotify_fd_, server_ ? server_->wake_fd() : -1};
  for (const auto& r : runs_)
    if (r->out >= 0) fds.push_back(r->out);
  clock_.set_busy(!runs_.empty());
  clock_.wait(wall, mono, fds, ready_);
  if (ready_[0]) handle_signals();
  if (ready_[2]) publish(server_->wanted());
  reap();  // SIGCHLDs coalesce, and a fake launcher sends none
  if (ready_[1] && crontab_changed()) {
    // Read once the writer has been quiet a moment: not between an editor's
    // truncate and its write, nor half of a two-step write.
    reload_at_ = clock_.mono() + kReloadQuietMs;
  }
  std::size_t k = 3;
  for (auto& r : runs_)
    if (r->out >= 0) {
      if (ready_[k]) read_output(*r, false);
      ++k;
    }
  return true;
}

void Runner::close() {
  // Runs that were waiting to start (catch-up, queue, replace) never will:
  // said and counted, not dropped in silence. They stay pending in the state,
  // so a restart within their starting deadline still runs them.
  for (auto& s : states_)
    if (!s->pending.empty()) {
      s->counters.skipped["shutdown"] += s->pending.size();
      log_("warning", "job.skip",
           {{"job", s->job.name},
            {"reason", "shutdown"},
            {"count", s->pending.size()},
            {"first", iso(s->pending.front().first)},
            {"last", iso(s->pending.back().first)}});
    }
  stop_lingering();
  log_(
      "info", "runner.stop",
      {{"signal", shutdown_signal_ ? signal_name(shutdown_signal_) : "none"}, {"grace_ms", o_.shutdown_grace.count()}});
  ledger_->checkpoint(states_);
}

int run(const RunnerOptions& options, int log_fd) {
  const std::unique_ptr<Clock> clock =
      options.sim_start ? make_sim_clock(*options.sim_start, options.sim_rate, options.sim_control) : make_real_clock();
  const std::unique_ptr<Launcher> launcher = make_process_launcher();
  // Blocked before the log's writer thread starts, so that thread (which inherits
  // the mask) never takes a SIGTERM meant for the loop's signalfd.
  const sigset_t mask = handled_signals();
  sigprocmask(SIG_BLOCK, &mask, nullptr);
  AsyncLineBuffer buffer(log_fd, options.json);
  std::ostream log(&buffer);
  Runner runner(options, *clock, *launcher, log);
  return runner.run();
}

}  // namespace fuzzycron::runner
