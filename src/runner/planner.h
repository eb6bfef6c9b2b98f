// The runner's decisions that need no system: which instants that went by run
// (catch-up and starting deadlines), whether the newest due instant fires on
// time, what overlap means for an on-time fire, whether a failed run is
// retried, what a clock jump owes, what a reload keeps, how a stop ends the
// runs. First as pure functions of the job's settings, the clock's time and
// the job's state; then the Planner, which holds the jobs' states and takes
// the loop's events (the timer, a clock jump, a configuration, a run's end,
// the ledger's answers) and answers with actions: runs to launch, runs to
// stop, hooks to run, when to wake. No <sys/...>, <unistd.h>, file or socket
// (the runner_planner_pure test greps for them). The loop (loop.cc, runs.cc)
// carries out what it answers. Tested with a manual clock in
// tests/runner/planner_test.cc.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzzycron/instant.h"
#include "runner/clock.h"
#include "runner/config.h"
#include "runner/job_state.h"
#include "runner/ledger.h"
#include "runner/log.h"
#include "runner/options.h"

namespace fuzzycron::runner {

// Jobs looked at, or runs launched, between looks at pending signals: a long
// pass or burst must not hold up a stop.
inline constexpr std::size_t kCheckSignalsEvery = 256;

// Instants that went by without a run (sorted, unique), through the job's
// catch-up policy: those that run (in order) and how many are skipped.
struct CatchUpPlan {
  std::vector<sys_milliseconds> run;
  std::size_t skipped = 0;
};
CatchUpPlan plan_catch_up(const JobSettings& job, const std::vector<sys_milliseconds>& missed, sys_milliseconds now);

// How late the newest due instant may be and still fire on time: a minute
// (the simulated clock's rate scales it so that a fast clock is not "late").
std::chrono::milliseconds on_time_slack(double rate);

// A due pass of a job whose next instant is `next`: `newest` the newest
// instant at or before now. on_time: `newest` fires (the older due instants
// go through catch-up); otherwise every due instant goes through catch-up.
bool fires_on_time(sys_milliseconds next, std::optional<sys_milliseconds> newest, sys_milliseconds now,
                   std::chrono::milliseconds slack);

// What an on-time instant does given the job's runs.
enum class OnTime {
  start,       // start it (or ask the ledger)
  skip,        // forbid: a run is going (skipped, said)
  replace,     // stop the running ones, then start it
  queue,       // queue it behind the running one
  queue_full,  // queue: one is already waiting (skipped, said)
};
OnTime plan_on_time(Concurrency concurrency, int running, bool pending, bool ledger_decides_overlap);

// After a run's end: retried (after `delay_ms`), or failed for good (`hook`:
// the on-permanent-failure hook runs), or neither.
struct RetryPlan {
  bool retry = false;
  std::int64_t delay_ms = 0;
  bool hook = false;
};
RetryPlan plan_retry(const JobSettings& job, const std::string& outcome, std::optional<int> exit_code, int attempt,
                     bool stopping, bool removed);

// A clock that jumped (stepped, or resumed after a suspend) with the job's
// cursor (the last instant it accounted for) and the clock's time after the
// jump. Forward past the cursor: the instants in (cursor, now] go through the
// job's catch-up policy at once (at most the policy's runs, however long the
// jump). Backward: nothing runs again; the next fire is the first instant after
// the cursor, so an hour the clock repeats is not fired twice.
struct JumpPlan {
  bool catch_up = false;
  sys_milliseconds from{}, to{};  // the instants (from, to]
};
JumpPlan plan_jump(std::chrono::milliseconds delta, sys_milliseconds cursor, sys_milliseconds now);

// A configuration read again (or at start): applied, or not. After start a
// file with an error or without a job (an editor's truncate-then-write, an
// empty ConfigMap) keeps the running configuration; at start an error in one
// entry leaves the others running, and no job at all is a failed start.
enum class ReloadVerdict { apply, keep_running, fail_start };
ReloadVerdict plan_reload_verdict(bool first, std::size_t errors, std::size_t jobs);

// Which jobs keep their state across a reload, by fingerprint (the schedule
// and the command, runner/config.h): a new job with an old job's fingerprint
// keeps that job's state, runs and counters (each old job at most once, in
// order), the others start afresh; old jobs left over are removed (their runs
// finish, none start).
struct ReloadPlan {
  std::vector<std::optional<std::size_t>> kept;  // per new job: the old job it continues
  std::vector<std::size_t> removed;              // old jobs not in the new configuration
};
ReloadPlan plan_reload(const std::vector<std::string_view>& before, const std::vector<std::string_view>& after);

// The signal a stop sends every run: the --shutdown policy's (TERM, KILL, or
// none: wait for them), and KILL at once when a second stop signal comes.
enum class StopSignal { none, term, kill };
StopSignal plan_stop_signal(RunnerOptions::Shutdown policy, bool again);

// One turn of a stop, given the runs left and the grace's end (monotonic ms;
// INT64_MAX once they were killed): done when none is left; past the grace,
// every run is killed, once.
struct StopTurn {
  bool done = false, kill = false;
};
StopTurn plan_stop_turn(std::size_t runs, std::int64_t mono, std::int64_t deadline);

// A run's timeout and kill grace at monotonic time `mono`: the signals owed
// (TERM at the timeout, KILL a grace later), the runs' deadlines moved on and
// job.timeout said.
struct RunSignal {
  Run* run;
  int signal;
};
std::vector<RunSignal> plan_deadlines(const std::vector<std::unique_ptr<Run>>& runs, std::int64_t mono, Log& log);

// What the planner asks of the loop besides launching runs.
struct Action {
  enum Kind {
    stop,  // TERM the job's runs (then KILL after its kill grace): `replace`
    hook,  // run the job's on-permanent-failure hook for `failed`
  } kind;
  std::shared_ptr<JobState> job;
  FailedRun failed;
};

// The jobs' states and every decision about them. The loop hands it events and
// carries out its answers: queued() runs to launch (recorded by the ledger
// first), take() the other actions, earliest_next() and wake() when to look
// again. It reads the clock's time, asks the ledger (may_run, resume) and logs;
// it makes no system call.
class Planner {
 public:
  Planner(const RunnerOptions& options, Clock& clock, Log& log) : o_(options), clock_(clock), log_(log) {}
  void set_ledger(Ledger& ledger) { ledger_ = &ledger; }

  // ---- events
  // The timer: due instants fire (on time, or through catch-up) and waiting
  // runs and retries whose time came start. `interrupted`: asked every few
  // hundred jobs, true stops the pass (a stop signal must not wait for it).
  void due(sys_milliseconds now, const std::function<bool()>& interrupted);
  // The clock jumped (stepped, or resumed after a suspend) by `delta`.
  void jumped(std::chrono::milliseconds delta, const char* cause);
  // A configuration read and accepted: jobs keep their state by fingerprint,
  // new ones resume where the ledger says (at start) from `now`.
  void configure(Config config, bool first, sys_milliseconds now);
  // A run ended with `outcome` (its job.end `fields`): the job is no longer
  // busy with it, and it is retried, or its hook runs; its end is recorded.
  void ended(const Run& run, const std::string& outcome, std::optional<int> exit_code, const nlohmann::json& fields);
  // The ledger's turn: fires it allows and lost runs it reruns start (fences are the loop's).
  void allowed(const LedgerTurn& turn);
  bool stopping() const { return stopping_; }
  // A stop began at `now`: nothing starts any more.
  void stop(sys_milliseconds now) {
    stopping_ = true;
    stop_at_ = now;
  }
  // The stop is done: what will not run is said (job.skip, reason shutdown):
  // runs still waiting, and instants before the stop the loop had not reached.
  void stopped();
  // A run of `job` for `instant` (a first attempt the ledger has not allowed yet is asked first).
  void start(const std::shared_ptr<JobState>& job, sys_milliseconds instant, int attempt, int claimed = 0);

  // ---- answers
  std::vector<std::unique_ptr<Run>>& queued() { return queued_; }
  std::vector<Action> take() { return std::exchange(actions_, {}); }
  std::optional<sys_milliseconds> earliest_next();  // the earliest due instant of any job
  std::optional<std::int64_t> wake() const;         // mono: a waiting run or a retry
  const std::vector<std::shared_ptr<JobState>>& states() const { return states_; }
  const std::vector<std::shared_ptr<JobState>>& waiting() const { return waiting_; }

 private:
  void advance(JobState& s);
  // Instants that went by without a run, in (from, to]: through the job's
  // catch-up policy (with `also`: pending instants a restart found).
  void catch_up(const std::shared_ptr<JobState>& s, sys_milliseconds from, sys_milliseconds to, const char* cause,
                std::vector<sys_milliseconds> also = {});
  void on_time(const std::shared_ptr<JobState>& s, sys_milliseconds t);
  void start_pending();
  void mark(const std::shared_ptr<JobState>& s) { ledger_->changed(s); }
  void mark_waiting(const std::shared_ptr<JobState>& s);

  const RunnerOptions& o_;
  Clock& clock_;
  Log& log_;
  Ledger* ledger_ = nullptr;
  std::vector<std::shared_ptr<JobState>> states_;
  std::vector<std::shared_ptr<JobState>> waiting_;  // with pending runs or a retry: an idle loop looks at these only
  std::optional<sys_milliseconds> earliest_next_;   // while !next_stale_
  bool next_stale_ = true;
  std::vector<std::unique_ptr<Run>> queued_;  // started, not yet launched
  std::vector<Action> actions_;
  std::uint64_t run_counter_ = 0;
  bool stopping_ = false;
  sys_milliseconds stop_at_{};
};

}  // namespace fuzzycron::runner
