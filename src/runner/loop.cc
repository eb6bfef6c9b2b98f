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

constexpr std::int64_t kReloadQuietMs = 250;  // a file change is read once it has been quiet this long

// "TERM", or "none" for a stop the runner was not signalled to make (run(until)).
const char* signal_name(int sig) {
  const char* name = sig > 0 ? ::sigabbrev_np(sig) : nullptr;
  return name ? name : "none";
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
      planner_(o, clock, log_),
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
  planner_.set_ledger(*ledger_);
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
        {"jobs", planner_.states().size()},
        {"pid", ::getpid()},
        {"clock", o_.sim_start ? "simulated" : "real"}});
  warn_about_host();
  for (const auto& s : planner_.states())
    if (s->job.entry.reboot) planner_.start(s, clock_.now(), 1);  // @reboot: once per runner start
  launch_queued();
  return std::nullopt;
}

bool Runner::turn(std::optional<sys_milliseconds> until) {
  handle_jumps();
  const auto now = clock_.now();
  if (until && now >= *until && !planner_.stopping()) begin_shutdown(0);
  // Runs that ended are retired before the next instants fire: a job whose
  // process exited before its next instant starts at that instant.
  end_finished();
  ledger_->flush();  // the ends of this turn's runs, in one round trip
  if (!planner_.stopping()) {
    planner_.due(now, [this] {
      handle_signals();  // a long pass must not hold up SIGTERM
      return planner_.stopping();
    });
    ledger_turn();
  }
  carry_out();
  launch_queued();
  for (const RunSignal& s : plan_deadlines(runs_, clock_.mono(), log_)) launcher_.signal(s.run->pid, s.signal);
  publish(0);
  if (reload_requested_ || (reload_at_ && clock_.mono() >= *reload_at_)) {
    reload_requested_ = false;
    reload_at_.reset();
    if (!planner_.stopping()) reload(false);
  }
  if (planner_.stopping()) {
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
  if (!planner_.stopping()) {
    wall = planner_.earliest_next();
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
  if (const auto wake = planner_.wake()) earliest(*wake);
  if (reload_at_) earliest(*reload_at_);
  if (const auto wake = ledger_->next_wake(); wake && !planner_.stopping()) earliest(*wake);
  if (planner_.stopping() && shutdown_deadline_ != INT64_MAX) earliest(shutdown_deadline_);
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
  planner_.stopped();
  stop_lingering();
  log_(
      "info", "runner.stop",
      {{"signal", shutdown_signal_ ? signal_name(shutdown_signal_) : "none"}, {"grace_ms", o_.shutdown_grace.count()}});
  ledger_->checkpoint(planner_.states());
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
