// `fuzzycron run`'s loop: one thread owns every process and file descriptor;
// it sleeps in Clock::wait until the next fire instant, a process deadline, a
// signal (signalfd), output from a job or a change of the crontab (inotify),
// hands what happened to the Planner (planner.h: the jobs and every decision
// about them) and carries out its answers: launches, signals, hooks, the log,
// the ledger's records and the status documents (docs/runner.md).
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runner/clock.h"
#include "runner/job_state.h"
#include "runner/ledger.h"
#include "runner/log.h"
#include "runner/metrics.h"
#include "runner/options.h"
#include "runner/planner.h"
#include "runner/process.h"

namespace fuzzycron::runner {

class StatusServer;

class Runner {
 public:
  // The clock and the launcher outlive the runner: tests pass a ManualClock and a fake launcher.
  // `store`: the cluster's claim store under --cluster (tests pass a MemoryClaimStore); null: PostgreSQL.
  Runner(const RunnerOptions& options, Clock& clock, Launcher& launcher, std::ostream& log,
         std::unique_ptr<ClaimStore> store = nullptr);
  ~Runner();
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  // Runs until SIGTERM/SIGINT, or until the clock reaches `until` (then it
  // stops as at SIGTERM). Exit status: 0 clean stop, 1 the crontab cannot be
  // read or has no job, 3 a fatal runtime error (the metrics address).
  int run(std::optional<sys_milliseconds> until = std::nullopt);

  // run() in its three parts, for a program that steps many runners in one
  // virtual time (tests/runner/simulation): open() starts it (an exit status
  // when it cannot), turn() is one pass of the loop (false once a stop is
  // done), close() says what stopping left waiting and checkpoints the ledger.
  // run() is open(), turn() until false, close(). A runner dropped without
  // close() is a crash: nothing is said or written.
  std::optional<int> open();
  bool turn(std::optional<sys_milliseconds> until = std::nullopt);
  void close();

 private:
  void watch();
  bool reload(bool first);
  bool crontab_changed();
  void watch_calendars();
  void apply(Config config, bool first);
  void ledger_turn();
  bool open_ledger();
  // The planner's queued runs: the ledger records them first (a crash after
  // that never runs them again), then each is launched.
  void launch_queued();
  void carry_out();  // the planner's other actions: stop a job's runs, run a hook
  void spawn(Run& r);
  void stop_lingering();
  void run_hook(const JobState& s, const FailedRun& failed);
  void read_output(Run& r, bool all);
  void emit(Run& r, const std::string& record, bool continued);
  void reap();
  void finish(std::unique_ptr<Run>& r);
  void end_finished();
  void begin_shutdown(int sig);
  void publish(int documents);  // StatusServer::Document bits: what a scrape waits for
  void handle_jumps();
  // Reads pending signals without waiting; SIGHUP only asks for a reload.
  void handle_signals();
  void warn_about_host();

  const RunnerOptions& o_;
  Clock& clock_;
  Launcher& launcher_;
  Log log_;
  std::unique_ptr<ClaimStore> claim_store_;  // given to the cluster ledger at open()
  std::unique_ptr<Ledger> ledger_;           // the state directory's, or the cluster's
  Planner planner_;
  std::vector<std::unique_ptr<Run>> runs_;
  std::vector<pid_t> lingering_;  // groups of ended runs whose descendants live on
  bool reload_requested_ = false;
  std::optional<std::int64_t> reload_at_;  // mono: a file change, read once the writer is done
  std::string text_;
  std::string lock_text_;  // the balance lock's text as last applied ("" without --balance)
  std::vector<std::pair<std::string, std::string>> calendars_;  // `# except:` files (path, text) as last read
  std::shared_ptr<const BalanceLock> balance_;                  // that lock, read again on reload
  std::vector<std::string> problems_;
  std::vector<bool> ready_;  // Clock::wait's answer: which descriptors have something
  int signal_fd_ = -1, inotify_fd_ = -1;
  int shutdown_signal_ = 0;
  std::int64_t shutdown_deadline_ = INT64_MAX;
  RunnerCounters counters_;
  std::unique_ptr<StatusServer> server_;
  sys_milliseconds started_;
};

// The runner on the real clock (or the simulated one of --sim-start) and real
// processes, its log written to `log_fd` without ever blocking the loop.
int run(const RunnerOptions& options, int log_fd);

}  // namespace fuzzycron::runner
