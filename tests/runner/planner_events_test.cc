// The Planner (src/runner/planner.h) as the loop drives it: events in (the
// timer, a run's end, a clock jump, a configuration, a stop), actions out (runs
// to launch, runs to stop, hooks to run, when to wake). A manual clock, the
// local ledger without a directory, no process and no file: milliseconds a test.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>

#include "runner/local_ledger.h"
#include "runner/planner.h"
#include "testing.h"

namespace fuzzycron::runner {
namespace {

using namespace std::chrono_literals;
using testing::at;

class PlannerEvents : public ::testing::Test {
 protected:
  PlannerEvents() : clock_(at("2026-03-01T12:00:30Z")), log_(out_, true, clock_), ledger_("", "state", clock_, log_) {
    options_.catchup_window = 0ms;
    EXPECT_EQ(ledger_.open(), "");
    planner_.set_ledger(ledger_);
  }

  void configure(const std::string& crontab, bool first = true) {
    Config config = load_config(crontab, ParseOptions{}, "web-07");
    ASSERT_TRUE(config.problems.empty()) << config.problems.front().message;
    planner_.configure(std::move(config), first, clock_.now());
  }
  // The timer at `when`: the runs it queues (taken, as the loop launches them).
  std::vector<std::unique_ptr<runner::Run>> due_at(const char* when) {
    clock_.advance(at(when) - clock_.now());
    planner_.due(clock_.now(), [] { return false; });
    return std::exchange(planner_.queued(), {});
  }
  // A run's end as the loop reports it.
  void end(const runner::Run& run, const std::string& outcome, std::optional<int> exit_code) {
    planner_.ended(run, outcome, exit_code, {{"outcome", outcome}});
  }

  ManualClock clock_;
  std::ostringstream out_;
  Log log_;
  RunnerOptions options_;
  LocalLedger ledger_;
  Planner planner_{options_, clock_, log_};
};

TEST_F(PlannerEvents, TheTimerQueuesEachDueInstantOnceAndSaysWhenToLookAgain) {
  configure("* * * * * work\n");
  EXPECT_EQ(planner_.earliest_next(), at("2026-03-01T12:01:00Z"));
  EXPECT_TRUE(due_at("2026-03-01T12:00:59Z").empty());
  const auto runs = due_at("2026-03-01T12:01:00Z");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0]->scheduled_for, at("2026-03-01T12:01:00Z"));
  EXPECT_EQ(runs[0]->attempt, 1);
  EXPECT_EQ(runs[0]->state->running, 1);
  EXPECT_EQ(planner_.earliest_next(), at("2026-03-01T12:02:00Z"));
  EXPECT_TRUE(due_at("2026-03-01T12:01:30Z").empty());  // the same instant never twice
  EXPECT_TRUE(planner_.take().empty());
  EXPECT_FALSE(planner_.wake());
}

TEST_F(PlannerEvents, ForbidSkipsWhileARunGoesAndStartsAgainOnceItEnded) {
  configure("# concurrency: forbid\n* * * * * work\n");
  const auto first = due_at("2026-03-01T12:01:00Z");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_TRUE(due_at("2026-03-01T12:02:00Z").empty());
  EXPECT_EQ(first[0]->state->counters.skipped["overlap"], 1u);
  end(*first[0], "success", 0);
  EXPECT_EQ(first[0]->state->running, 0);
  EXPECT_EQ(due_at("2026-03-01T12:03:00Z").size(), 1u);
}

TEST_F(PlannerEvents, ReplaceAsksTheLoopToStopTheRunningOnesThenStartsTheNewInstant) {
  configure("# concurrency: replace\n* * * * * work\n");
  const auto first = due_at("2026-03-01T12:01:00Z");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_TRUE(due_at("2026-03-01T12:02:00Z").empty());  // not beside the old one
  const auto actions = planner_.take();
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].kind, Action::stop);
  EXPECT_EQ(actions[0].job, first[0]->state);
  end(*first[0], "killed", std::nullopt);
  ASSERT_TRUE(planner_.wake());
  EXPECT_LE(*planner_.wake(), clock_.mono());  // the replacing run may start now
  const auto second = due_at("2026-03-01T12:02:01Z");
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0]->scheduled_for, at("2026-03-01T12:02:00Z"));
}

TEST_F(PlannerEvents, AFailedRunIsRetriedAfterItsBackoffThenItsHookRuns) {
  configure("# retry: 1\n# on-permanent-failure: notify\n* * * * * work\n");
  const auto first = due_at("2026-03-01T12:01:00Z");
  ASSERT_EQ(first.size(), 1u);
  end(*first[0], "failure", 1);
  EXPECT_TRUE(planner_.take().empty());
  ASSERT_EQ(planner_.wake(), clock_.mono() + 1'000);
  EXPECT_TRUE(due_at("2026-03-01T12:01:00.999Z").empty());
  const auto retry = due_at("2026-03-01T12:01:01Z");
  ASSERT_EQ(retry.size(), 1u);
  EXPECT_EQ(retry[0]->attempt, 2);
  EXPECT_EQ(retry[0]->scheduled_for, at("2026-03-01T12:01:00Z"));
  end(*retry[0], "failure", 1);
  const auto actions = planner_.take();
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].kind, Action::hook);
  EXPECT_EQ(actions[0].failed.scheduled_for, at("2026-03-01T12:01:00Z"));
  EXPECT_FALSE(planner_.wake());
}

TEST_F(PlannerEvents, AForwardJumpGoesThroughCatchUpABackwardOneRunsNothingAgain) {
  configure("# catchup: latest\n*/10 * * * * work\n");
  clock_.step(35min);  // 12:35:30: 12:10, 12:20 and 12:30 went by
  planner_.jumped(35min, "step");
  const auto caught = due_at("2026-03-01T12:35:30Z");
  ASSERT_EQ(caught.size(), 1u);
  EXPECT_EQ(caught[0]->scheduled_for, at("2026-03-01T12:30:00Z"));
  EXPECT_EQ(caught[0]->state->counters.skipped["missed"], 2u);
  end(*caught[0], "success", 0);
  clock_.step(-20min);  // 12:15:30 again
  planner_.jumped(-20min, "step");
  EXPECT_EQ(planner_.earliest_next(), at("2026-03-01T12:40:00Z"));  // 12:20 and 12:30 not again
  EXPECT_TRUE(due_at("2026-03-01T12:30:00Z").empty());
}

TEST_F(PlannerEvents, AReloadKeepsTheStateOfAnUnchangedJobAndRemovesTheOthers) {
  configure("# name: a\n* * * * * work a\n# name: b\n* * * * * work b\n");
  const auto runs = due_at("2026-03-01T12:01:00Z");
  ASSERT_EQ(runs.size(), 2u);
  const auto a = planner_.states()[0], b = planner_.states()[1];
  configure("# name: a\n# timeout: 5m\n* * * * * work a\n", false);
  ASSERT_EQ(planner_.states().size(), 1u);
  EXPECT_EQ(planner_.states()[0], a);  // its cursor and its running run kept
  EXPECT_EQ(a->job.settings.timeout, std::chrono::milliseconds{5min});
  EXPECT_TRUE(b->removed);
  end(*runs[1], "failure", 1);  // a removed job's run ends: no retry, nothing owed
  EXPECT_FALSE(planner_.wake());
  EXPECT_TRUE(due_at("2026-03-01T12:01:30Z").empty());
}

TEST_F(PlannerEvents, AfterAStopNothingStarts) {
  configure("* * * * * work\n");
  planner_.stop(clock_.now());
  EXPECT_TRUE(due_at("2026-03-01T12:01:00Z").empty());
  EXPECT_EQ(planner_.earliest_next(), at("2026-03-01T12:02:00Z"));  // the instant went by, accounted
}

// A stop signal read in the middle of a long pass (the loop asks every few
// hundred jobs) ends the pass; the runs still waiting stay waiting, so the
// loop's close() says them and the state keeps them for a restart. (Before the
// planner they were popped and dropped without a word.)
TEST_F(PlannerEvents, AStopInTheMiddleOfAPassKeepsTheWaitingRuns) {
  std::string crontab;
  for (int i = 0; i < 600; ++i)
    crontab += fmt::format("# name: job{}\n# catchup: latest\n*/10 * * * * work {}\n", i, i);
  configure(crontab);
  clock_.step(15min);  // 12:15:30: 12:10 went by for every job
  planner_.jumped(15min, "step");
  std::size_t asked = 0;
  clock_.advance(at("2026-03-01T12:20:00Z") - clock_.now());  // 12:20 is due for every job
  planner_.due(clock_.now(), [&] {
    ++asked;
    planner_.stop(clock_.now());  // as the loop's begin_shutdown
    return true;
  });
  EXPECT_EQ(asked, 1u);  // at the 256th job
  // The jobs before it skipped 12:20 (forbid: their 12:10 catch-up run waits to start).
  EXPECT_TRUE(planner_.queued().empty());
  std::size_t waiting = 0;
  for (const auto& s : planner_.states()) waiting += s->pending.size();
  EXPECT_EQ(waiting, 600u);
  EXPECT_EQ(planner_.waiting().size(), 600u);
}

// At the stop, the instants before it that a busy loop had not reached yet are
// said (reason shutdown, not_reached), with the runs still waiting; instants
// from the stop on are after the runner's time and are not.
TEST_F(PlannerEvents, TheStopSaysTheInstantsBeforeItThatWereNotReached) {
  configure("# name: busy\n# fields: 6\n* * * * * * work\n# name: idle\n0 0 * * * work\n");
  clock_.advance(5s);  // 12:00:35: 12:00:31..35 came due, no pass looked (the loop was busy)
  planner_.stop(clock_.now());
  clock_.advance(3s);  // the stop's grace: 12:00:36..38 are after the stop
  planner_.stopped();
  const std::string log = out_.str();
  EXPECT_NE(
      log.find(
          R"("count":4,"event":"job.skip","first":"2026-03-01T12:00:31Z","job":"busy","last":"2026-03-01T12:00:34Z")"),
      std::string::npos)
      << log;
  EXPECT_EQ(log.find(R"("job":"idle")"), std::string::npos) << log;
  EXPECT_EQ(planner_.states()[0]->counters.skipped["shutdown"], 4u);
  EXPECT_EQ(planner_.states()[0]->cursor, at("2026-03-01T12:00:30Z"));  // kept: a restart catches them up
}

TEST_F(PlannerEvents, DeadlinesTermAtTheTimeoutAndKillAfterTheGrace) {
  configure("# timeout: 30s\n# kill-grace: 5s\n* * * * * work\n");
  auto runs = due_at("2026-03-01T12:01:00Z");
  ASSERT_EQ(runs.size(), 1u);
  runs[0]->started_mono = clock_.mono();
  runs[0]->term_at = clock_.mono() + 30'000;
  EXPECT_TRUE(plan_deadlines(runs, clock_.mono() + 29'999, log_).empty());
  auto term = plan_deadlines(runs, clock_.mono() + 30'000, log_);
  ASSERT_EQ(term.size(), 1u);
  EXPECT_EQ(term[0].signal, SIGTERM);
  EXPECT_TRUE(runs[0]->timed_out);
  EXPECT_TRUE(plan_deadlines(runs, clock_.mono() + 34'999, log_).empty());
  auto kill = plan_deadlines(runs, clock_.mono() + 35'000, log_);
  ASSERT_EQ(kill.size(), 1u);
  EXPECT_EQ(kill[0].signal, SIGKILL);
  EXPECT_TRUE(plan_deadlines(runs, clock_.mono() + 90'000, log_).empty());  // once
}

}  // namespace
}  // namespace fuzzycron::runner
