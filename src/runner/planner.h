// The runner's decisions that need no system: which instants that went by run
// (catch-up and starting deadlines), whether the newest due instant fires on
// time, what overlap means for an on-time fire, whether a failed run is
// retried. Pure functions of the job's settings, the clock's time and the
// job's state; no <sys/...>, <unistd.h>, file or socket (tests/runner's
// planner_pure test greps for them). The loop (loop.cc, runs.cc) carries out
// what they return. Tested with a manual clock in tests/runner/planner_test.cc.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/instant.h"
#include "runner/config.h"

namespace fuzzycron::runner {

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

}  // namespace fuzzycron::runner
