// Balanced interval phases (issue 32): an `@every` without `from` draws its
// phase from the seed as H draws a minute, so a fleet of them piles up like
// plain H; `balance` places the phases with the same bound, and parse(),
// resolve(), explain() and missing_from_balance() read the lock's phase.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>

#include "fuzzycron/tools.h"

namespace fuzzycron {
namespace {

using std::chrono::minutes;

std::vector<BalanceJob> interval_fleet(const std::string& expression, std::size_t n, const std::string& zone = "UTC") {
  std::vector<BalanceJob> jobs;
  for (std::size_t i = 0; i < n; ++i) {
    BalanceJob j;
    j.expression = expression;
    j.options.time_zone = zone;
    j.options.seed = Seed({"host-" + std::to_string(i % 7), "job-" + std::to_string(i)});
    jobs.push_back(std::move(j));
  }
  return jobs;
}

std::uint32_t bound(std::size_t m, std::uint64_t slots) {
  return static_cast<std::uint32_t>(std::max<std::uint64_t>(1, (5 * m + 4 * slots - 1) / (4 * slots)));
}

const sys_milliseconds kAt = *parse_rfc3339("2026-11-28T00:00:00Z");

// The busiest minute (or second) of a fleet's first fires after kAt, read
// through parse() as the runner reads them: each job's first fire within one
// period is its phase, so the count per instant is the load per phase.
std::uint32_t busiest(const std::vector<BalanceJob>& jobs, const std::shared_ptr<const BalanceLock>& lock) {
  std::map<sys_milliseconds, std::uint32_t> load;
  std::uint32_t peak = 0;
  for (const BalanceJob& j : jobs) {
    ParseOptions o = j.options;
    o.balance = lock;
    const auto next = parse(j.expression, o).next(kAt);
    if (!next) ADD_FAILURE() << j.expression << " never fires";
    if (next) peak = std::max(peak, ++load[*next]);
  }
  return peak;
}

// Property: each interval shape is one group with one slot per phase, and no
// phase carries more than ceil(1.25 m / S) of its m jobs; the fires parse()
// gives with the lock (not only the lock's numbers) keep that bound, and plain
// phases do not.
TEST(BalanceIntervals, PhasesWithinTheBoundAndTheFiresFollowTheLock) {
  struct Shape {
    const char* expression;
    std::size_t jobs;
    std::uint64_t slots;
    const char* zone;  // exact durations count in UTC: the same instants in every zone
  };
  const Shape shapes[] = {
      {"@every 6h", 1000, 360, "UTC"},                       // whole minutes of 6 hours
      {"@every 90s", 300, 90, "UTC"},                        // whole seconds: 90 s is not whole minutes
      {"@every 1w on mon-fri", 800, 7200, "Europe/Berlin"},  // the minutes of the 5 days a week
      {"@every 1mo", 500, 40320, "Europe/Berlin"},           // month * 40320 + day * 1440 + minute
  };
  std::vector<BalanceJob> all;
  for (const Shape& s : shapes) {
    auto jobs = interval_fleet(s.expression, s.jobs, "Europe/Berlin");
    all.insert(all.end(), jobs.begin(), jobs.end());
  }
  const BalanceResult r = balance(all, {});
  EXPECT_EQ(r.unbalanced, 0u);
  ASSERT_EQ(r.lock.groups().size(), 4u);
  const auto lock = std::make_shared<const BalanceLock>(r.lock);
  for (const Shape& s : shapes) {
    const BalanceGroup* g = lock->group(s.expression, s.zone);
    ASSERT_NE(g, nullptr) << s.expression;
    EXPECT_EQ(g->slots, s.slots) << s.expression;
    EXPECT_EQ(g->capacity, bound(s.jobs, s.slots)) << s.expression;
    EXPECT_EQ(g->jobs.size(), s.jobs) << s.expression;
    std::map<std::vector<int>, std::uint32_t> load;
    for (const auto& [key, phase] : g->jobs) {
      ASSERT_EQ(phase.size(), 1u);
      ASSERT_LT(static_cast<std::uint64_t>(phase[0]), s.slots);
      EXPECT_LE(++load[phase], g->capacity) << s.expression << " " << key;
    }
  }
  // Whole weeks on weekdays: every job fires, on a weekday, balanced or not.
  const TimeZone berlin = TimeZone::locate("Europe/Berlin");
  for (const BalanceJob& j : interval_fleet("@every 1w on mon-fri", 800, "Europe/Berlin")) {
    ParseOptions o = j.options;
    for (const bool balanced : {false, true}) {
      o.balance = balanced ? lock : nullptr;
      const auto next = parse(j.expression, o).next(kAt);
      ASSERT_TRUE(next) << balance_key(j.options.seed) << " never fires";
      const std::string local = format_rfc3339(*next, berlin);
      const auto day = std::chrono::sys_days{std::chrono::year_month_day{
          std::chrono::year{std::stoi(local.substr(0, 4))}, std::chrono::month{unsigned(std::stoi(local.substr(5, 2)))},
          std::chrono::day{unsigned(std::stoi(local.substr(8, 2)))}}};
      const std::chrono::weekday w{day};
      EXPECT_TRUE(w != std::chrono::Saturday && w != std::chrono::Sunday) << local;
    }
  }
  // 1000 jobs every 6 hours: plain phases pile up (balls into bins), the lock's do not.
  const auto six = interval_fleet("@every 6h", 1000, "Europe/Berlin");  // (in the UTC group)
  const std::uint32_t plain = busiest(six, nullptr), balanced = busiest(six, lock);
  EXPECT_LE(balanced, bound(1000, 360));
  EXPECT_GT(plain, balanced);
  const auto& report = *std::find_if(r.groups.begin(), r.groups.end(),
                                     [](const BalanceGroupReport& g) { return g.shape == "@every 6h"; });
  EXPECT_EQ(report.plain_peak, plain);
  EXPECT_EQ(report.peak, balanced);
}

// Exact durations fire at the same instants in every zone: one group, in UTC.
TEST(BalanceIntervals, ExactDurationsOfEveryZoneShareAGroup) {
  std::vector<BalanceJob> jobs = interval_fleet("@every 6h", 300, "Europe/Berlin");
  for (auto& j : interval_fleet("@every 6h", 300, "America/New_York")) {
    j.options.seed = Seed({"ny", balance_key(j.options.seed)});
    jobs.push_back(j);
  }
  const BalanceResult r = balance(jobs, {});
  ASSERT_EQ(r.lock.groups().size(), 1u);
  EXPECT_EQ(r.lock.groups()[0].zone, "UTC");
  EXPECT_EQ(r.lock.groups()[0].jobs.size(), 600u);
  const auto lock = std::make_shared<const BalanceLock>(r.lock);
  EXPECT_LE(busiest(jobs, lock), r.lock.groups()[0].capacity);
  // Calendar units keep their zone: a day in Berlin is not a day in New York.
  std::vector<BalanceJob> days = interval_fleet("@every 1d", 3, "Europe/Berlin");
  for (auto& j : interval_fleet("@every 1d", 3, "America/New_York")) days.push_back(j);
  EXPECT_EQ(balance(days, {}).lock.groups().size(), 2u);
}

// A job keeps its seed's phase where there is room; with the lock kept, a new
// job moves nobody; the resolved text (`from` written out) fires as the
// balanced schedule without a seed.
TEST(BalanceIntervals, PlainPhaseWhereThereIsRoomAndTheResolvedTextAgrees) {
  auto jobs = interval_fleet("@every 2w", 40);
  const BalanceResult r = balance(jobs, {});
  const auto lock = std::make_shared<const BalanceLock>(r.lock);
  for (const BalanceJob& j : jobs) {
    const auto phase = interval_phase(j.expression, j.options);
    ASSERT_TRUE(phase);
    EXPECT_EQ(phase->slots, 14u * 1440u);
    const std::vector<int>* locked = lock->find(j.expression, "UTC", j.options.seed);
    ASSERT_NE(locked, nullptr);
    EXPECT_EQ((*locked)[0], static_cast<int>(phase->drawn)) << "40 jobs in 20160 phases: every one has room";
    ParseOptions o = j.options;
    o.balance = lock;
    EXPECT_FALSE(missing_from_balance(j.expression, o));
    const std::string text = resolve(j.expression, o);
    ParseOptions bare;
    const Schedule resolved = parse(text, bare), seeded = parse(j.expression, o);
    sys_milliseconds t = kAt;
    for (int k = 0; k < 5; ++k) {
      const auto a = seeded.next(t), b = resolved.next(t);
      ASSERT_TRUE(a && b);
      EXPECT_EQ(*a, *b) << text;
      t = *a;
    }
  }
  // A new job with the lock kept: placed, and the others stay.
  auto more = jobs;
  more.push_back(interval_fleet("@every 2w", 41).back());
  BalanceOptions kept;
  kept.previous = r.lock;
  const BalanceResult again = balance(more, kept);
  ASSERT_EQ(again.moves.size(), 1u);
  EXPECT_EQ(again.moves[0].job, balance_key(more.back().options.seed));
  EXPECT_EQ(again.moves[0].reason, "new job, at its plain-H slot");
  // A job the lock does not name keeps its seed's phase, and callers are told.
  ParseOptions stranger;
  stranger.seed = Seed({"nobody", "new"});
  stranger.balance = lock;
  EXPECT_TRUE(missing_from_balance("@every 2w", stranger));
  ParseOptions unlocked = stranger;
  unlocked.balance.reset();
  EXPECT_EQ(parse("@every 2w", stranger).next(kAt), parse("@every 2w", unlocked).next(kAt));
}

// A phase is moved, not a fire dropped: a forced full phase sends the next job
// to the following minute, and parse() fires it there.
TEST(BalanceIntervals, AFullPhaseSendsTheJobToTheNextMinute) {
  // 400 jobs in 360 phases at epsilon 0.1: capacity 2, and some plain phase has more.
  BalanceOptions o;
  o.epsilon = 0.1;
  const auto jobs = interval_fleet("@every 6h", 400);
  const BalanceResult r = balance(jobs, o);
  ASSERT_EQ(r.lock.groups()[0].capacity, 2u);
  ASSERT_FALSE(r.moves.empty());
  const auto lock = std::make_shared<const BalanceLock>(r.lock);
  std::map<int, std::uint32_t> load;
  for (const auto& [key, phase] : r.lock.groups()[0].jobs) ++load[phase[0]];
  for (const BalanceMove& m : r.moves) {
    ASSERT_EQ(m.to.size(), 1u);
    // The ring walk: every phase from the plain one up to the one taken was full (phases only fill up).
    for (int p = m.plain[0]; p != m.to[0]; p = (p + 1) % 360) EXPECT_EQ(load[p], 2u) << m.job << " passed " << p;
    const auto it = std::find_if(jobs.begin(), jobs.end(),
                                 [&](const BalanceJob& j) { return balance_key(j.options.seed) == m.job; });
    ASSERT_NE(it, jobs.end());
    ParseOptions with = it->options, without = it->options;
    with.balance = lock;
    // Phases are minutes from the epoch: the fire moves by the difference (mod 6 hours).
    const auto a = parse("@every 6h", with).next(kAt), b = parse("@every 6h", without).next(kAt);
    ASSERT_TRUE(a && b);
    const auto moved = std::chrono::duration_cast<minutes>(*a - *b).count();
    EXPECT_EQ(((moved % 360) + 360) % 360, ((m.to[0] - m.plain[0]) % 360 + 360) % 360) << m.job;
  }
}

// Not balanced: anchored intervals and daily windows (no phase to draw),
// robfig's @every in the kubernetes dialect (an error: it has no fire times
// of its own, as everywhere in that dialect); a lock's phase the schedule
// cannot take is an error at the schedule, not a silent draw.
TEST(BalanceIntervals, WhatHasNoPhaseAndBadPhases) {
  std::vector<BalanceJob> jobs = interval_fleet("@every 6h from 2026-01-01T00:00Z", 3);
  for (auto& j : interval_fleet("@every 25m between 09:00 and 17:00", 3)) jobs.push_back(j);
  EXPECT_EQ(balance(jobs, {}).unbalanced, 6u);
  auto robfig = interval_fleet("@every 5m", 3);
  for (auto& j : robfig) j.options.dialect = Dialect::kubernetes;
  EXPECT_THROW(balance(robfig, {}), Error);
  ParseOptions o;
  o.seed = Seed({"web-1", "backup"});
  EXPECT_FALSE(interval_phase("@every 6h from 2026-01-01T00:00Z", o));
  EXPECT_FALSE(interval_phase("H * * * *", o));
  EXPECT_EQ(interval_phase("@every 1h30m", o)->slots, 90u);
  EXPECT_EQ(interval_phase("@every 1y", o)->slots, 12u * 40320u);
  EXPECT_EQ(interval_phase("@every 2w on sat,sun", o)->slots, 2u * 2u * 1440u);
  EXPECT_FALSE(interval_phase("@every 168h on mon-fri", o));  // a moved phase could leave the days: kept
  o.time_zone = "Asia/Tokyo";
  EXPECT_EQ(interval_phase("@every 6h on mon-fri", o)->zone, "Asia/Tokyo");  // local days: the schedule's zone
  EXPECT_EQ(interval_phase("@every 6h", o)->zone, "UTC");
  o.time_zone = "UTC";

  const auto lock = std::make_shared<const BalanceLock>(BalanceLock::read(
      R"({"fuzzycron_balance": 1, "dialect": "standard", "hash": "fc1", "epsilon": 0.25, "groups": [
          {"shape": "@every 6h", "zone": "UTC", "slots": 360, "capacity": 1, "jobs": {"web-1/backup": [360]}}]})"));
  o.balance = lock;
  try {
    parse("  @every 6h", o);
    FAIL() << "phase 360 of 0-359 was taken";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::lock);
    EXPECT_EQ(e.column(), 3);
    EXPECT_NE(e.message().find("phases 0 to 359"), std::string::npos) << e.message();
  }
  // What the balancer does not place, a lock does not move either (one rule both ways).
  ParseOptions unlocked = o;
  unlocked.balance.reset();
  const auto weekly = std::make_shared<const BalanceLock>(BalanceLock::read(
      R"({"fuzzycron_balance": 1, "dialect": "standard", "hash": "fc1", "epsilon": 0.25, "groups": [
          {"shape": "@every 168h on mon-fri", "zone": "UTC", "slots": 7200, "capacity": 1,
           "jobs": {"web-1/backup": [7000]}}]})"));
  o.balance = weekly;
  EXPECT_EQ(parse("@every 168h on mon-fri", o).next(kAt), parse("@every 168h on mon-fri", unlocked).next(kAt));
  EXPECT_FALSE(missing_from_balance("@every 168h on mon-fri", o));
}

// explain says where the phase comes from, and what the seed alone would give.
TEST(BalanceIntervals, ExplainNamesTheLock) {
  auto jobs = interval_fleet("@every 6h", 2);
  const BalanceResult r = balance(jobs, {});
  ParseOptions o = jobs[0].options;
  o.balance = std::make_shared<const BalanceLock>(r.lock);
  const Explanation e = explain("@every 6h", o);
  ASSERT_TRUE(e.balanced);
  EXPECT_NE(e.balanced->find("balanced by the lock: phase ["), std::string::npos) << *e.balanced;
  EXPECT_NE(e.balanced->find("'@every 6h' (UTC; 2 jobs in 360 phases, at most 1 a phase)"), std::string::npos)
      << *e.balanced;
  EXPECT_NE(e.sentences[0].find("at the phase the balance lock gives the job"), std::string::npos) << e.sentences[0];
  o.balance.reset();
  EXPECT_FALSE(explain("@every 6h", o).balanced);
}

}  // namespace
}  // namespace fuzzycron
