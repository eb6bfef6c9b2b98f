#include "runner/loop.h"

#include <signal.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <ostream>

#include "fuzzycron/resolve.h"
#include "runner/status_server.h"

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;
using std::chrono::milliseconds;

constexpr std::int64_t kStuckWarningEveryMs = 60'000;
constexpr int kMaxCatchupEnumeration = 100'000;  // instants looked at for one catch-up

sys_milliseconds at_ms(std::int64_t ms) { return sys_milliseconds{milliseconds{ms}}; }

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

}  // namespace

Runner::Runner(const RunnerOptions& o, Clock& clock, Launcher& launcher, std::ostream& log)
    : o_(o), clock_(clock), launcher_(launcher), log_(log, o.json, clock), store_(o.state_dir), started_(clock.now()) {}

Runner::~Runner() {
  if (signal_fd_ >= 0) ::close(signal_fd_);
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
  for (auto& r : runs_)
    if (r && r->out >= 0) ::close(r->out);
}

int Runner::run(std::optional<sys_milliseconds> until) {
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  // A hook that exits before reading its stdin must not end the runner
  // (EPIPE instead); jobs get SIGPIPE back at their default (process.cc).
  ::signal(SIGPIPE, SIG_IGN);
  const sigset_t mask = handled_signals();
  sigprocmask(SIG_BLOCK, &mask, nullptr);
  signal_fd_ = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
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
  for (auto& s : states_)
    if (s->job.entry.reboot) start(s, clock_.now(), 1);  // @reboot: once per runner start
  loop(until);
  return 0;
}

// ---- configuration
void Runner::watch() {
  inotify_fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  const std::string dir = std::filesystem::path(o_.file).parent_path().string();
  // The directory, so a rename over the file or a ConfigMap's ..data symlink swap is seen.
  if (inotify_fd_ >= 0)
    inotify_add_watch(inotify_fd_, dir.empty() ? "." : dir.c_str(),
                      IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB);
}

bool Runner::reload(bool first) {
  const std::optional<std::string> read = read_text(o_.file);
  if (!read) {
    log_("error", first ? "runner.start" : "config.reload",
         {{"result", "error"}, {"file", o_.file}, {"error", "cannot read the file"}});
    if (!first) ++counters_.reloads["error"];
    return false;
  }
  const std::string& text = *read;
  if (!first && text == text_) return true;
  Config config = load_config(text, o_.parse, o_.host);
  std::vector<std::string> problems;
  for (Diagnostic p : config.problems) {  // one line each, for the log and /status
    p.text.clear();
    problems.push_back(format_diagnostic(o_.file, p));
    problems.back().pop_back();  // its newline
  }
  if (!first && !config.problems.empty()) {
    ++counters_.reloads["error"];
    log_("error", "config.reload",
         {{"result", "error"}, {"problems", problems}, {"kept", "the running configuration"}});
    text_ = text;  // reported once; a fixed file reloads
    return false;
  }
  for (const auto& p : config.problems)
    log_("error", "config.problem",
         {{"file", o_.file}, {"line", p.line}, {"column", p.column}, {"message", p.message}});
  if (first && config.jobs.empty()) {
    log_("error", "runner.start", {{"error", "no job to run"}, {"problems", problems}});
    return false;
  }
  problems_ = problems;
  text_ = text;
  apply(std::move(config), first);
  if (!first) {
    ++counters_.reloads["success"];
    log_("info", "config.reload", {{"result", "success"}, {"jobs", states_.size()}});
  }
  return true;
}

void Runner::apply(Config config, bool first) {
  std::vector<std::shared_ptr<JobState>> next_states;
  // At start, instants from the runner's first moment on are due (a fast
  // simulated clock may pass some while the file is read).
  const auto now = first ? started_ : clock_.now();
  bool unreadable = false;
  const auto saved = first ? store_.load(unreadable) : std::map<std::string, std::int64_t>{};
  if (unreadable) log_("warning", "state.unreadable", {{"file", store_.path()}});
  for (auto& job : config.jobs) {
    if (!in_shard(job, o_.shard)) continue;
    const auto old = std::find_if(states_.begin(), states_.end(),
                                  [&](const auto& s) { return s->job.fingerprint == job.fingerprint; });
    if (old != states_.end()) {  // unchanged: keeps its state, runs and counters
      next_states.push_back(*old);
      continue;
    }
    auto s = std::make_shared<JobState>();
    s->job = std::move(job);
    s->cursor = now;
    if (const auto it = saved.find(s->job.name); it != saved.end() && s->job.schedule) {
      auto last = at_ms(it->second);
      if (last > now) {
        log_("warning", "state.future", {{"job", s->job.name}, {"last_fired", iso(last)}, {"clamped_to", iso(now)}});
        last = now;
      }
      s->last_fired = last;
      catch_up(*s, last, now, "downtime");
    }
    next_states.push_back(std::move(s));
  }
  for (auto& s : states_)
    if (std::find(next_states.begin(), next_states.end(), s) == next_states.end()) s->removed = true;
  states_ = std::move(next_states);
  for (auto& s : states_)
    if (s->job.schedule && !s->next) advance(*s);
  for (auto& s : states_)
    log_("info", "job.scheduled",
         {{"job", s->job.name},
          {"line", s->job.entry.line},
          {"schedule", s->job.entry.schedule},
          {"resolved", s->job.resolved},
          {"next", s->next ? json(iso(*s->next)) : json(nullptr)}});
}

// ---- state (catch-up after downtime)
void Runner::save_state() {
  if (!store_.enabled()) return;
  std::map<std::string, std::int64_t> cursors;
  for (const auto& s : states_) cursors[s->job.name] = s->cursor.time_since_epoch().count();
  if (const std::string error = store_.save(cursors); !error.empty())
    log_("error", "state.write", {{"file", store_.path()}, {"error", error}});
}

// ---- schedule
void Runner::advance(JobState& s) {
  s.next = s.job.schedule->next(s.cursor);
  if (!s.next && !s.never_logged) {
    s.never_logged = true;  // once, not in a loop
    log_("warning", "job.never", {{"job", s.job.name}, {"after", iso(s.cursor)}});
  }
}

// Missed instants in (from, to]: through the job's catch-up policy, spread by its hash.
void Runner::catch_up(JobState& s, sys_milliseconds from, sys_milliseconds to, const char* cause) {
  std::vector<sys_milliseconds> missed;
  int looked = 0;
  for (auto t = s.job.schedule->next(from); t && *t <= to && looked < kMaxCatchupEnumeration;
       t = s.job.schedule->next(*t), ++looked)
    missed.push_back(*t);
  s.cursor = to;
  if (missed.empty()) return;
  std::vector<sys_milliseconds> kept;
  for (auto t : missed)
    if (!s.job.settings.starting_deadline || to - t <= *s.job.settings.starting_deadline) kept.push_back(t);
  std::vector<sys_milliseconds> run;
  if (s.job.settings.catchup == Catchup::latest && !kept.empty()) run.push_back(kept.back());
  if (s.job.settings.catchup == Catchup::all) {
    const std::size_t n = std::min(kept.size(), static_cast<std::size_t>(s.job.settings.catchup_max));
    run.assign(kept.end() - static_cast<std::ptrdiff_t>(n), kept.end());
  }
  const std::size_t skipped = missed.size() - run.size();
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
  const std::int64_t spread = o_.catchup_spread.count() > 0
                                  ? seed_offset(Seed({o_.host, s.job.name, "catchup"}), o_.catchup_spread).count()
                                  : 0;
  // Catch-up runs wait for the job's offset (in clock time, so the simulated clock scales it too).
  const auto not_before = clock_.mono() + static_cast<std::int64_t>(static_cast<double>(spread) / clock_.rate());
  for (auto t : run) s.pending.emplace_back(t, not_before);
}

// ---- firing: due instants, overlap, pending runs and retries
void Runner::fire_due(sys_milliseconds now) {
  // Clock-time slack: a wake-up this late is still on time (the simulated clock scales it).
  const milliseconds slack{std::max<std::int64_t>(60'000, static_cast<std::int64_t>(50 * clock_.rate()))};
  for (auto& sp : states_) {
    JobState& s = *sp;
    if (!s.job.schedule) continue;
    if (!s.next || *s.next > now) continue;
    // Instants within the slack fire in order (each through the overlap
    // policy); older ones (a jump, downtime, a long stall) go through catch-up.
    if (now - *s.next > slack) {
      const auto recent = s.job.schedule->prev(now - slack + milliseconds{1});
      catch_up(s, s.cursor, recent ? std::max(*recent, s.cursor) : s.cursor, "late");
      advance(s);
    }
    for (int fired = 0; s.next && *s.next <= now && fired < 1000; ++fired) {
      const auto t = *s.next;
      s.cursor = t;
      s.last_fired = t;
      on_time(sp, t);
      advance(s);
    }
    save_state();
  }
}

void Runner::on_time(const std::shared_ptr<JobState>& sp, sys_milliseconds t) {
  JobState& s = *sp;
  s.retry_at.reset();  // a retry never overlaps the next slot
  if (s.running == 0 && s.pending.empty()) return start(sp, t, 1);
  switch (s.job.settings.concurrency) {
    case Concurrency::allow: return start(sp, t, 1);
    case Concurrency::forbid: {
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
    case Concurrency::replace:
      for (auto& r : runs_)
        if (r && r->state == sp && !r->exited) {
          r->stopped = true;
          launcher_.signal(r->pid, SIGTERM);
          r->kill_at = clock_.mono() + s.job.settings.kill_grace.count();
        }
      s.pending.assign(1, {t, 0});
      return;
    case Concurrency::queue:
      if (s.pending.empty()) {
        s.pending.emplace_back(t, 0);
      } else {
        ++s.counters.skipped["queue-full"];
        log_("warning", "job.skip", {{"job", s.job.name}, {"reason", "queue-full"}, {"scheduled_for", iso(t)}});
      }
      return;
  }
}

void Runner::start_pending() {
  const auto mono = clock_.mono();
  for (auto& sp : states_) {
    JobState& s = *sp;
    // Under `allow` every due run starts (the job's on-time runs must not starve
    // its catch-up); else one at a time, when the job is idle.
    while (may_start_pending(s) && s.pending.front().second <= mono) {
      const auto t = s.pending.front().first;
      s.pending.pop_front();
      start(sp, t, 1);
    }
    if (s.retry_at && *s.retry_at <= mono && s.running == 0) {
      const int attempt = s.retry_attempt;
      s.retry_at.reset();
      start(sp, s.retry_for, attempt);
    }
  }
}

void Runner::begin_shutdown(int sig) {
  if (stopping_) {  // a second signal: no more grace
    for (auto& r : runs_) launcher_.signal(r->pid, SIGKILL);
    log_("warning", "runner.kill", {{"signal", signal_name(sig)}});
    return;
  }
  stopping_ = true;
  shutdown_signal_ = sig;
  shutdown_deadline_ = clock_.mono() + o_.shutdown_grace.count();
  const int first = o_.shutdown == RunnerOptions::Shutdown::term   ? SIGTERM
                    : o_.shutdown == RunnerOptions::Shutdown::kill ? SIGKILL
                                                                   : 0;
  for (auto& r : runs_) {
    r->stopped = true;
    if (first) launcher_.signal(r->pid, first);
  }
  log_("info", "runner.stopping",
       {{"signal", signal_name(sig)},
        {"running", runs_.size()},
        {"grace_ms", o_.shutdown_grace.count()},
        {"shutdown", first == SIGTERM   ? "term"
                     : first == SIGKILL ? "kill"
                                        : "wait"}});
}

void Runner::publish() {
  if (!server_) return;
  const bool healthy =
      !o_.strict_health || std::none_of(states_.begin(), states_.end(), [](const auto& st) { return st->last_failed; });
  server_->publish(metrics_text(states_, counters_), status_json(states_, clock_.now(), o_.file, problems_, stopping_),
                   true, healthy);
}

void Runner::loop(std::optional<sys_milliseconds> until) {
  std::vector<bool> ready;
  for (;;) {
    handle_jumps();
    const auto now = clock_.now();
    if (until && now >= *until && !stopping_) begin_shutdown(0);
    if (!stopping_) {
      fire_due(now);
      start_pending();
    }
    handle_process_deadlines();
    end_finished();
    publish();
    if (stopping_) {
      if (runs_.empty()) break;
      if (clock_.mono() >= shutdown_deadline_) {
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
      for (const auto& s : states_)
        if (s->next && (!wall || *s->next < *wall)) wall = s->next;
      if (until && (!wall || *until < *wall)) wall = until;
    }
    std::optional<std::int64_t> mono;
    auto earliest = [&](std::int64_t t) { mono = mono ? std::min(*mono, t) : t; };
    for (const auto& r : runs_) {
      if (r->term_at) earliest(*r->term_at);
      if (r->kill_at) earliest(*r->kill_at);
      if (r->drain_until) earliest(*r->drain_until);
    }
    for (const auto& s : states_) {
      if (may_start_pending(*s)) earliest(s->pending.front().second);
      if (s->retry_at) earliest(*s->retry_at);
    }
    if (stopping_ && shutdown_deadline_ != INT64_MAX) earliest(shutdown_deadline_);
    if (server_) earliest(clock_.mono() + 1000);  // /healthz: the loop ticks at least every second
    std::vector<int> fds{signal_fd_, inotify_fd_};
    for (const auto& r : runs_)
      if (r->out >= 0) fds.push_back(r->out);
    clock_.wait(wall, mono, fds, ready);
    if (ready[0]) handle_signals();
    reap();  // SIGCHLDs coalesce, and a fake launcher sends none
    if (ready[1]) {
      char buf[4096];
      while (::read(inotify_fd_, buf, sizeof buf) > 0) {
      }
      if (!stopping_) reload(false);
    }
    std::size_t k = 2;
    for (auto& r : runs_)
      if (r->out >= 0) {
        if (ready[k]) read_output(*r, false);
        ++k;
      }
  }
  // Runs that were waiting to start (catch-up, queue, replace) never will:
  // said and counted, not dropped in silence.
  for (auto& s : states_)
    if (!s->pending.empty()) {
      s->counters.skipped["shutdown"] += s->pending.size();
      log_("warning", "job.skip",
           {{"job", s->job.name},
            {"reason", "shutdown"},
            {"count", s->pending.size()},
            {"first", iso(s->pending.front().first)},
            {"last", iso(s->pending.back().first)}});
      s->pending.clear();
    }
  log_(
      "info", "runner.stop",
      {{"signal", shutdown_signal_ ? signal_name(shutdown_signal_) : "none"}, {"grace_ms", o_.shutdown_grace.count()}});
  save_state();
}

void Runner::handle_jumps() {
  for (const auto& j : clock_.jumps()) {
    const char* kind = j.kind == ClockJump::suspend ? "suspend" : "step";
    ++counters_.clock_events[kind];
    log_("warning", j.kind == ClockJump::suspend ? "clock.suspend" : "clock.step",
         j.kind == ClockJump::suspend ? json{{"duration_s", static_cast<double>(j.delta.count()) / 1000.0}}
                                      : json{{"delta_s", static_cast<double>(j.delta.count()) / 1000.0}});
    // Forward: every instant jumped over goes through the job's catch-up
    // policy at once (at most the policy's runs, however long the jump).
    // Backward: the next fire is still the first instant after the cursor.
    const auto now = clock_.now();
    for (auto& s : states_) {
      if (!s->job.schedule) continue;
      if (j.delta.count() > 0 && s->cursor < now) catch_up(*s, s->cursor, now, kind);
      advance(*s);
    }
    save_state();
  }
}

void Runner::handle_signals() {
  signalfd_siginfo info;
  while (::read(signal_fd_, &info, sizeof info) == sizeof info) {
    const int sig = static_cast<int>(info.ssi_signo);
    if (sig == SIGCHLD) continue;  // the loop reaps after every wait
    if (sig == SIGHUP) {
      if (!stopping_) {
        text_.clear();  // SIGHUP rereads even an unchanged file
        reload(false);
      }
    } else
      begin_shutdown(sig);
  }
}

int run(const RunnerOptions& options, std::ostream& log) {
  const std::unique_ptr<Clock> clock =
      options.sim_start ? make_sim_clock(*options.sim_start, options.sim_rate, options.sim_control) : make_real_clock();
  const std::unique_ptr<Launcher> launcher = make_process_launcher();
  Runner runner(options, *clock, *launcher, log);
  return runner.run();
}

}  // namespace fuzzycron::runner
