// The runner's pure decisions (src/runner/planner.h) with a manual clock:
// catch-up and starting deadlines, on-time or late, overlap, retries, clock
// jumps, reloads and stops.
#include <gtest/gtest.h>

#include "runner/planner.h"
#include "testing.h"

namespace fuzzycron::runner {
namespace {

using namespace std::chrono_literals;
using testing::at;

const sys_milliseconds kNow = at("2026-03-01T12:00:00Z");

std::vector<sys_milliseconds> minutes_before(std::initializer_list<int> ago) {
  std::vector<sys_milliseconds> out;
  for (int m : ago) out.push_back(kNow - std::chrono::minutes{m});
  return out;
}

TEST(Planner, CatchUpSkipRunsNothingAndCountsEveryInstant) {
  JobSettings j;
  const auto plan = plan_catch_up(j, minutes_before({30, 20, 10}), kNow);
  EXPECT_TRUE(plan.run.empty());
  EXPECT_EQ(plan.skipped, 3u);
}

TEST(Planner, CatchUpLatestRunsTheNewestWithinTheDeadline) {
  JobSettings j;
  j.catchup = Catchup::latest;
  EXPECT_EQ(plan_catch_up(j, minutes_before({30, 20, 10}), kNow).run, minutes_before({10}));
  j.starting_deadline = 5min;  // the newest is 10 min old: too late
  const auto plan = plan_catch_up(j, minutes_before({30, 20, 10}), kNow);
  EXPECT_TRUE(plan.run.empty());
  EXPECT_EQ(plan.skipped, 3u);
}

TEST(Planner, CatchUpAllRunsTheNMostRecentInOrder) {
  JobSettings j;
  j.catchup = Catchup::all;
  j.catchup_max = 2;
  const auto plan = plan_catch_up(j, minutes_before({40, 30, 20, 10}), kNow);
  EXPECT_EQ(plan.run, minutes_before({20, 10}));
  EXPECT_EQ(plan.skipped, 2u);
  j.starting_deadline = 25min;
  j.catchup_max = 10;
  EXPECT_EQ(plan_catch_up(j, minutes_before({40, 30, 20, 10}), kNow).run, minutes_before({20, 10}));
}

TEST(Planner, TheNewestDueInstantFiresOnTimeUpToTheSlack) {
  const auto slack = on_time_slack(1.0);
  EXPECT_EQ(slack, 60s);
  EXPECT_EQ(on_time_slack(3600.0), 180s);  // a fast simulated clock is not late at once
  EXPECT_TRUE(fires_on_time(kNow - 5s, kNow - 5s, kNow, slack));
  EXPECT_TRUE(fires_on_time(kNow - 10min, kNow - 30s, kNow, slack));  // older ones go through catch-up
  EXPECT_FALSE(fires_on_time(kNow - 10min, kNow - 2min, kNow, slack));
  EXPECT_FALSE(fires_on_time(kNow - 5s, std::nullopt, kNow, slack));
  EXPECT_FALSE(fires_on_time(kNow, kNow - 1s, kNow, slack));  // the newest is before the next: nothing due
}

TEST(Planner, OverlapFollowsTheJobsConcurrency) {
  EXPECT_EQ(plan_on_time(Concurrency::forbid, 0, false, false), OnTime::start);
  EXPECT_EQ(plan_on_time(Concurrency::forbid, 1, false, false), OnTime::skip);
  EXPECT_EQ(plan_on_time(Concurrency::forbid, 1, false, true), OnTime::start);  // the cluster's store decides
  EXPECT_EQ(plan_on_time(Concurrency::allow, 3, false, false), OnTime::start);
  EXPECT_EQ(plan_on_time(Concurrency::replace, 1, false, false), OnTime::replace);
  EXPECT_EQ(plan_on_time(Concurrency::queue, 1, false, false), OnTime::queue);
  EXPECT_EQ(plan_on_time(Concurrency::queue, 1, true, false), OnTime::queue_full);
  EXPECT_EQ(plan_on_time(Concurrency::queue, 0, true, false), OnTime::queue_full);  // one waits already
}

TEST(Planner, RetriesBackOffAndStopWithTheRunnerOrTheListedCodes) {
  JobSettings j;
  j.retry = 3;
  auto r = plan_retry(j, "failure", 1, 1, false, false);
  EXPECT_TRUE(r.retry);
  EXPECT_EQ(r.delay_ms, 1000);
  EXPECT_EQ(plan_retry(j, "timeout", std::nullopt, 3, false, false).delay_ms, 4000);
  EXPECT_FALSE(plan_retry(j, "failure", 1, 4, false, false).retry);  // none left
  EXPECT_FALSE(plan_retry(j, "failure", 1, 1, true, false).retry);   // stopping
  EXPECT_FALSE(plan_retry(j, "failure", 1, 1, false, true).retry);   // the job was removed
  EXPECT_FALSE(plan_retry(j, "success", 0, 1, false, false).retry);
  EXPECT_FALSE(plan_retry(j, "killed", std::nullopt, 1, false, false).retry);
  j.retry_on = {75};
  EXPECT_FALSE(plan_retry(j, "failure", 1, 1, false, false).retry);
  EXPECT_TRUE(plan_retry(j, "failure", 75, 1, false, false).retry);
  j.on_permanent_failure = "notify";
  EXPECT_TRUE(plan_retry(j, "failure", 1, 1, false, false).hook);
  EXPECT_FALSE(plan_retry(j, "failure", 75, 1, false, false).hook);  // retried, not failed for good
}

}  // namespace
}  // namespace fuzzycron::runner

namespace fuzzycron::runner {
namespace {

using namespace std::chrono_literals;

// A clock stepped forward past the cursor owes the instants in between, through
// catch-up; stepped back (or forward but not past the cursor) it owes nothing,
// so an hour the clock repeats is not fired twice.
TEST(Planner, AForwardJumpOwesTheInstantsItSkippedABackwardOneNothing) {
  const sys_milliseconds cursor = kNow - 1h;
  const JumpPlan forward = plan_jump(3h, cursor, kNow);
  EXPECT_TRUE(forward.catch_up);
  EXPECT_EQ(forward.from, cursor);
  EXPECT_EQ(forward.to, kNow);
  EXPECT_FALSE(plan_jump(-3h, cursor, kNow).catch_up);
  EXPECT_FALSE(plan_jump(3h, kNow + 1min, kNow).catch_up);  // the cursor is ahead: the clock came back to it
  EXPECT_FALSE(plan_jump(3h, kNow, kNow).catch_up);
}

TEST(Planner, AReloadWithAProblemKeepsTheRunningConfiguration) {
  EXPECT_EQ(plan_reload_verdict(false, 0, 3), ReloadVerdict::apply);
  EXPECT_EQ(plan_reload_verdict(false, 1, 3), ReloadVerdict::keep_running);
  EXPECT_EQ(plan_reload_verdict(false, 0, 0), ReloadVerdict::keep_running);  // truncate-then-write
  // At start an entry in error leaves the others running; nothing to run fails the start.
  EXPECT_EQ(plan_reload_verdict(true, 1, 3), ReloadVerdict::apply);
  EXPECT_EQ(plan_reload_verdict(true, 0, 0), ReloadVerdict::fail_start);
}

// Jobs keep their state by fingerprint, whatever the order; each old job once.
TEST(Planner, AReloadKeepsTheStateOfJobsThatDidNotChange) {
  const std::vector<std::string_view> before{"a", "b", "c", "dup", "dup"};
  const ReloadPlan plan = plan_reload(before, {"c", "new", "a", "dup", "dup", "dup"});
  using K = std::optional<std::size_t>;
  EXPECT_EQ(plan.kept, (std::vector<K>{2u, std::nullopt, 0u, 3u, 4u, std::nullopt}));
  EXPECT_EQ(plan.removed, (std::vector<std::size_t>{1u}));
  const ReloadPlan none = plan_reload(before, {});
  EXPECT_TRUE(none.kept.empty());
  EXPECT_EQ(none.removed, (std::vector<std::size_t>{0u, 1u, 2u, 3u, 4u}));
  EXPECT_TRUE(plan_reload({}, {"a"}).removed.empty());
}

// A stop sends the policy's signal (or none: wait), a second stop KILL; after
// the grace every run is killed once, and the stop is done with no run left.
TEST(Planner, AStopSignalsByThePolicyAndKillsAfterTheGrace) {
  using S = RunnerOptions::Shutdown;
  EXPECT_EQ(plan_stop_signal(S::term, false), StopSignal::term);
  EXPECT_EQ(plan_stop_signal(S::wait, false), StopSignal::none);
  EXPECT_EQ(plan_stop_signal(S::kill, false), StopSignal::kill);
  for (const S s : {S::term, S::wait, S::kill}) EXPECT_EQ(plan_stop_signal(s, true), StopSignal::kill);
  const std::int64_t deadline = 25'000;
  EXPECT_FALSE(plan_stop_turn(2, 24'999, deadline).kill);
  EXPECT_FALSE(plan_stop_turn(2, 24'999, deadline).done);
  EXPECT_TRUE(plan_stop_turn(2, 25'000, deadline).kill);
  EXPECT_FALSE(plan_stop_turn(2, 1LL << 60, INT64_MAX).kill);  // killed already: wait for the statuses
  EXPECT_TRUE(plan_stop_turn(0, 0, deadline).done);
}

}  // namespace
}  // namespace fuzzycron::runner
