// The engine against the reference matcher (engine/reference.h): every zone of
// the installed tz database across 2000-2040, and generated schedules in every
// dialect at random instants 1970-2100 in random zones. FUZZYCRON_LONG=1 runs
// more cases.
#include <date/tz.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <random>

#include "engine/compiled_schedule.h"
#include "engine/reference.h"
#include "engine/zone.h"
#include "fuzzycron/fuzzycron.h"

namespace fuzzycron {
namespace {

using Ms = std::chrono::milliseconds;
constexpr std::int64_t kDay = 86400;

sys_milliseconds tp(std::int64_t s) { return sys_milliseconds{Ms{s * 1000}}; }
std::int64_t secs(sys_milliseconds t) { return t.time_since_epoch().count() / 1000; }

bool long_mode() {
  const char* v = std::getenv("FUZZYCRON_LONG");
  return v && *v && *v != '0';
}

std::vector<std::string> all_zones() {
  std::vector<std::string> names;
  for (const auto& z : date::get_tzdb().zones) names.push_back(z.name());
  return names;
}

// The engine's fire times in [lo, hi], forward with next() and backward with prev().
std::pair<std::vector<std::int64_t>, std::vector<std::int64_t>> engine(const Schedule& s, std::int64_t lo,
                                                                       std::int64_t hi) {
  std::vector<std::int64_t> forward, backward;
  for (auto t = s.next(tp(lo) - Ms{1}); t && secs(*t) <= hi; t = s.next(*t)) forward.push_back(secs(*t));
  for (auto t = s.prev(tp(hi) + Ms{1}); t && secs(*t) >= lo; t = s.prev(*t)) backward.push_back(secs(*t));
  std::reverse(backward.begin(), backward.end());
  return {forward, backward};
}

// The zones are dealt to kShards tests so that `ctest -j` runs them side by
// side (the whole database takes minutes under ASan in one test).
constexpr int kShards = 4;

class DstTorture : public testing::TestWithParam<int> {};

TEST_P(DstTorture, EveryZoneEveryTransition2000To2040) {
  const int shard = GetParam();
  const std::int64_t from = 946684800;  // 2000-01-01T00:00:00Z
  const std::int64_t to = 2240611200;   // 2041-01-01T00:00:00Z
  struct Expr {
    Dialect dialect;
    const char* text;
  };
  const Expr exprs[] = {{Dialect::standard, "30 2 * * *"},     {Dialect::standard, "0 0 * * *"},
                        {Dialect::standard, "*/15 * * * *"},   {Dialect::standard, "59 1,23 * * *"},
                        {Dialect::standard, "H H(0-3) * * *"}, {Dialect::jenkins, "H/20 * * * *"},
                        {Dialect::quartz, "0 30 0-3 ? * *"},   {Dialect::cron_parser, "10,40 2 * * *"},
                        {Dialect::standard, "*/20 1-3 * * *"}, {Dialect::standard, "30 2 * * *"}};
  const char* policies[] = {"cron", "skip-last", "shift-both", "later-first", "later-hourly"};
  std::vector<std::string> zones;
  const auto every_zone = all_zones();
  for (std::size_t i = static_cast<std::size_t>(shard); i < every_zone.size(); i += kShards)
    zones.push_back(every_zone[i]);
  std::size_t transitions = 0, comparisons = 0, fires_walked = 0, zones_with_transitions = 0;
  for (const auto& name : zones) {
    const engine::Zone& zone = engine::Access::zone(TimeZone::locate(name));
    std::vector<std::int64_t> at;
    for (std::int64_t t = from; t < to;) {
      const auto iv = zone.interval_at(t);
      if (iv.end >= to) break;
      if (iv.next_offset != iv.offset) at.push_back(iv.end);
      t = iv.end;
    }
    if (!at.empty()) ++zones_with_transitions;
    transitions += at.size();
    for (std::size_t e = 0; e < std::size(exprs); ++e) {
      ParseOptions o;
      o.dialect = exprs[e].dialect;
      o.time_zone = name;
      o.seed = Seed({name, "torture"});
      o.dst = *DstPolicy::from_name(policies[e % std::size(policies)]);
      const Schedule s = parse(exprs[e].text, o);
      // Every transition: equal to the reference within six hours either side.
      for (std::int64_t t : at) {
        const std::int64_t lo = t - 6 * 3600, hi = t + 6 * 3600;
        const auto want = reference::fires(s, lo, hi);
        const auto [forward, backward] = engine(s, lo, hi);
        ASSERT_EQ(forward, want) << exprs[e].text << " in " << name << " around " << t;
        ASSERT_EQ(backward, want) << exprs[e].text << " in " << name << " around " << t;
        comparisons += want.size();
      }
    }
    // The whole span for a daily schedule: strictly monotone, exact inverses.
    ParseOptions daily;
    daily.time_zone = name;
    const Schedule s = parse("30 2 * * *", daily);
    std::optional<sys_milliseconds> prev;
    for (auto t = s.next(tp(from)); t && secs(*t) < to; t = s.next(*t)) {
      if (prev) {
        ASSERT_LT(*prev, *t) << name;
        ASSERT_EQ(s.prev(*t), prev) << name << " at " << secs(*t);
      }
      prev = t;
      ++fires_walked;
    }
  }
  std::cout << "[ torture  ] shard " << shard + 1 << "/" << kShards << ": " << zones.size() << " zones ("
            << zones_with_transitions << " with transitions in 2000-2040), " << transitions << " transitions, "
            << comparisons << " fire times compared with the reference, " << fires_walked
            << " daily fire times walked\n";
  EXPECT_GT(zones.size(), 300u / kShards);
  EXPECT_GT(transitions, 5000u / kShards);
}

INSTANTIATE_TEST_SUITE_P(Zones, DstTorture, testing::Range(0, kShards));

// Generated expressions per dialect: each field from a menu of syntaxes.
std::string generate(Dialect d, std::mt19937_64& rng) {
  auto pick = [&](std::initializer_list<const char*> menu) {
    std::vector<const char*> v(menu);
    return std::string(v[rng() % v.size()]);
  };
  auto num = [&](int lo, int hi) {
    return std::to_string(lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1)));
  };
  const std::string minute = pick({"*", "*/5", "H", "H/15", "H(0-29)", "0", "30", "0,30", "10-20", "0-59/7"});
  const std::string hour = pick({"*", "*/3", "H", "2", "1-3", "0,12", "H(0-5)", "23"});
  switch (d) {
    case Dialect::quartz: {
      const std::string second = pick({"0", "H", "*/20", "15,45"});
      std::string dom = pick({"?", "*", "L", "LW", "15W", "L-2", "1", "*/10", "H"});
      std::string dow = dom == "?" ? pick({"*", "MON-FRI", "6#3", "2L", "SUN", "1,7"}) : "?";
      return second + " " + minute + " " + hour + " " + dom + " " + pick({"*", "1-6", "*/2"}) + " " + dow +
             (rng() % 4 == 0 ? " " + num(1990, 2090) + "-2099" : "");
    }
    case Dialect::jenkins:
      return minute + " " + hour + " " + pick({"*", "1-15", "H", "*/2"}) + " * " + pick({"*", "1-5", "H", "0"});
    case Dialect::furiko:
      return minute + " " + hour + " " + pick({"*", "L", "1", "H"}) + " * " + pick({"*", "1-5", "H"});
    case Dialect::standard:
      return minute + " " + hour + " " + pick({"*", "1", "1,15", "*/2", "29"}) + " " + pick({"*", "2", "*/3"}) + " " +
             pick({"*", "1-5", "0", "mon,fri"});
    case Dialect::kubernetes:
      return minute + " " + hour + " " + pick({"*", "?", "1", "1,15", "*/2", "5/10"}) + " " + pick({"*", "2", "3/3"}) +
             " " + pick({"*", "1-5", "0", "MON,fri", "*/1"});
    case Dialect::croniter:
      return minute + " " + hour + " " + pick({"*", "?", "1", "1,15", "*/2", "l", "28-3"}) + " " +
             pick({"*", "2", "3/3", "nov-feb"}) + " " + pick({"*", "1-5", "0", "mon,fri", "fri-mon", "l5", "2#3"});
    case Dialect::cron_parser:
      return pick({"0", "H", "*/20"}) + " " + minute + " " + hour + " " + pick({"*", "?", "1", "1,15", "*/2", "L"}) +
             " " + pick({"*", "2", "3/3"}) + " " + pick({"*", "1-5", "0", "MON,fri", "5L", "2#3"});
    case Dialect::spring:
      return pick({"0", "H", "*/20"}) + " " + minute + " " + hour + " " +
             pick({"*", "?", "1", "L", "L-2", "15W", "LW"}) + " " + pick({"*", "2", "3/3"}) + " " +
             pick({"*", "?", "MON-FRI", "*/2", "5L", "2#3", "7-5"});
  }
  return "* * * * *";
}

// The generator's seed: FUZZYCRON_PROPERTY_SEED=N replays or varies a run.
std::uint64_t property_seed() {
  const char* v = std::getenv("FUZZYCRON_PROPERTY_SEED");
  return v && *v ? std::strtoull(v, nullptr, 10) : 20261122;
}

// Half the instants fall within 36 hours of one of the zone's offset changes
// (where the policies differ); the rest anywhere in 1970-2100.
std::int64_t pick_instant(const std::string& zone_name, std::mt19937_64& rng) {
  const std::int64_t t = static_cast<std::int64_t>(rng() % 4102444800ull);  // 1970-2100
  if (rng() % 2 == 0) return t;
  const engine::Zone& zone = engine::Access::zone(TimeZone::locate(zone_name));
  for (std::int64_t at = t; at < 4102444800;) {
    const auto iv = zone.interval_at(at);
    if (iv.next_offset != iv.offset) return iv.end + static_cast<std::int64_t>(rng() % (72 * 3600)) - 36 * 3600;
    if (iv.end <= at) break;
    at = iv.end;
  }
  return t;  // no offset change after t
}

TEST(ReferenceProperty, GeneratedSchedulesRandomInstantsRandomZones) {
  const std::uint64_t seed = property_seed();
  std::cout << "[ property ] FUZZYCRON_PROPERTY_SEED=" << seed << "\n";
  std::mt19937_64 rng(seed);
  const auto zones = all_zones();
  const char* policies[] = {"cron",         "wall",        "skip-first",  "skip-last",   "shift-first",
                            "shift-last",   "shift-both",  "later-first", "later-last",  "later-both",
                            "later-hourly", "skip-hourly", "hourly-both", "hourly-first"};
  const int cases = long_mode() ? 20000 : 600;
  int compared = 0, rejected = 0;
  for (int i = 0; i < cases; ++i) {
    const Dialect d = kAllDialects[rng() % std::size(kAllDialects)];
    ParseOptions o;
    o.dialect = d;
    o.time_zone = zones[rng() % zones.size()];
    o.dst = *DstPolicy::from_name(policies[rng() % std::size(policies)]);
    o.seed = Seed({"job-" + std::to_string(rng() % 100000)});
    const std::string expr = generate(d, rng);
    std::optional<Schedule> s;
    try {
      s = parse(expr, o);
    } catch (const Error&) {
      ++rejected;  // e.g. a furiko spelling it does not take
      continue;
    }
    const std::int64_t t = pick_instant(o.time_zone, rng);
    const std::string what = "\"" + expr + "\" (" + std::string(dialect_name(d)) + ", " + o.dst_policy().name() +
                             ") in " + o.time_zone + " ";
    const bool seconds = engine::Access::patterns(*s)[0].seconds != 1;
    const std::int64_t span = (seconds ? 2 : 40) * kDay;
    const auto next = s->next(tp(t));
    const auto want_next = reference::fires(*s, t + 1, next ? std::min(secs(*next), t + span) : t + span);
    if (next && secs(*next) <= t + span) {
      ASSERT_EQ(want_next, std::vector<std::int64_t>{secs(*next)}) << what << "after " << t;
    } else {
      ASSERT_TRUE(want_next.empty()) << what << "after " << t;
    }
    const auto prev = s->prev(tp(t));
    const auto want_prev = reference::fires(*s, prev ? std::max(secs(*prev), t - span) : t - span, t - 1);
    if (prev && secs(*prev) >= t - span) {
      ASSERT_EQ(want_prev, std::vector<std::int64_t>{secs(*prev)}) << what << "before " << t;
    } else {
      ASSERT_TRUE(want_prev.empty()) << what << "before " << t;
    }
    ++compared;
  }
  std::cout << "[ property ] " << compared << " generated schedules compared with the reference (" << rejected
            << " generated texts rejected by their dialect)\n";
  EXPECT_GT(compared, cases * 3 / 4);
}

}  // namespace
}  // namespace fuzzycron
