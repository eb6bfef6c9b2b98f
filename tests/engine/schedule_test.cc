#include <gtest/gtest.h>

#include <date/tz.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <new>
#include <random>
#include <set>

#include "engine/calendar_search.h"
#include "engine/compiled_schedule.h"
#include "engine/reference.h"
#include "engine/zone.h"
#include "fuzzycron/tools.h"
#include "testing.h"

// Counts heap allocations so a test can assert that next()/prev() make none.
// (GCC cannot see that the replaced new and delete pair malloc with free.)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
static std::atomic<long> g_allocations{0};
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// Every form that can pair with the ones above (std::stable_sort's buffer uses
// the nothrow new), so no allocation crosses between our malloc and ASan's new.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  ++g_allocations;
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace fuzzycron {
namespace {

using std::chrono::seconds;
using sys_seconds = sys_milliseconds;  // milliseconds since the epoch

using testing::at;

ParseOptions with(std::string tz, const char* dst = "cron", Dialect d = Dialect::standard) {
  ParseOptions o;
  o.dialect = d;
  o.time_zone = std::move(tz);
  o.dst = *DstPolicy::from_name(dst);
  return o;
}

// The fire times in [lo, hi] from the reference matcher (engine/reference.h).
std::vector<sys_seconds> brute_force(const Schedule& s, sys_seconds lo, sys_seconds hi) {
  std::vector<sys_seconds> out;
  for (std::int64_t t : reference::fires(s, lo.time_since_epoch().count() / 1000, hi.time_since_epoch().count() / 1000))
    out.push_back(sys_seconds{std::chrono::seconds{t}});
  return out;
}

struct Window {
  const char* tz;
  const char* from;
  const char* to;
};

TEST(Schedule, AgreesWithBruteForceAcrossDstTransitionsForEveryPolicy) {
  const Window windows[] = {
      {"America/New_York", "2026-03-07T00:00:00Z", "2026-03-10T12:00:00Z"},
      {"America/New_York", "2026-10-31T00:00:00Z", "2026-11-03T12:00:00Z"},
      {"Australia/Lord_Howe", "2026-04-03T00:00:00Z", "2026-04-06T00:00:00Z"},
      {"Australia/Lord_Howe", "2026-10-02T00:00:00Z", "2026-10-05T00:00:00Z"},
      {"America/Santiago", "2022-04-01T00:00:00Z", "2022-04-04T12:00:00Z"},
      {"America/Santiago", "2022-09-09T00:00:00Z", "2022-09-12T12:00:00Z"},
      {"Europe/Berlin", "2026-03-28T00:00:00Z", "2026-03-30T00:00:00Z"},
      {"Pacific/Chatham", "2026-04-04T00:00:00Z", "2026-04-06T00:00:00Z"},
  };
  const char* exprs[] = {"30 2 * * *", "*/15 * * * *", "0,30 1-3 * * *", "15 1 * * *",  "* 2 * * *",
                         "0 0 * * *",  "59 1 * * *",   "0 * * * *",      "45 23 * * *", "*/7 0-3 * * 0"};
  const char* policies[] = {"cron", "wall", "skip-first", "skip-last", "shift-first", "shift-last", "shift-both"};
  int compared = 0;
  for (const auto& w : windows)
    for (const char* expr : exprs)
      for (const char* policy : policies) {
        const Schedule s = parse(expr, with(w.tz, policy));
        const auto lo = at(w.from), hi = at(w.to);
        const auto want = brute_force(s, lo, hi);
        std::vector<sys_seconds> forward;
        for (auto t = s.next(lo - seconds{1}); t && *t <= hi; t = s.next(*t)) forward.push_back(*t);
        std::vector<sys_seconds> backward;
        for (auto t = s.prev(hi + seconds{1}); t && *t >= lo; t = s.prev(*t)) backward.insert(backward.begin(), *t);
        ASSERT_EQ(forward, want) << expr << " in " << w.tz << " with " << policy;
        ASSERT_EQ(backward, want) << expr << " in " << w.tz << " with " << policy;
        compared += static_cast<int>(want.size());
      }
  EXPECT_GT(compared, 10000);
}

TEST(Schedule, NextAndPrevAreExactInversesAtRandomInstants) {
  std::mt19937_64 rng(20261122);
  const char* exprs[] = {"0 0 29 2 *", "*/5 * * * *", "30 2 * * 0", "15,45 */2 1-10 * *", "0 0 1,15 * *"};
  const char* zones[] = {"UTC", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"};
  for (const char* z : zones)
    for (const char* e : exprs) {
      const Schedule s = parse(e, with(z));
      for (int i = 0; i < 300; ++i) {
        const sys_seconds t{seconds{static_cast<long long>(rng() % 4102444800ULL)}};  // 1970-2100, whole seconds
        const auto n = s.next(t);
        ASSERT_TRUE(n);
        ASSERT_GT(*n, t);
        const auto back = s.prev(*n);
        ASSERT_TRUE(back);
        ASSERT_LE(*back, t) << e << " " << z;  // nothing fires in (t, n)
        ASSERT_EQ(s.next(*back), n) << e << " " << z;
      }
    }
}

// Schedules at second 0 without L/W/#/years take shortcuts in next()/prev()
// (whole minutes from milliseconds, today from its own bits, the zone's offset
// from a steady bucket or its stretch, one search shared with the interval walk).
// A two-line Jenkins spec of the same line takes the general search: both must
// answer alike, before 1970 too, with spread offsets, near transitions.
TEST(Schedule, MinuteShortcutsAgreeWithTheGeneralSearch) {
  std::mt19937_64 rng(20261124);
  const char* exprs[] = {"* * * * *",      "*/5 * * * *", "0 0 * * *",    "59 23 * * *",    "30 2 * * *",
                         "0,30 1-3 * * *", "7 */7 * * *", "30 2 * * 0",   "0 9-17 * * 1-5", "15,45 */2 1-10 * *",
                         "0 0 29 2 *",     "0 0 31 * *",  "30 1 * 3,11 0"};
  const char* zones[] = {"UTC",          "Etc/GMT-14",          "Etc/GMT+12",    "America/New_York",
                         "Asia/Kolkata", "Australia/Lord_Howe", "Europe/Dublin", "America/St_Johns"};
  const char* policies[] = {"cron", "skip-first", "shift-last", "shift-both", "wall"};
  const std::int64_t first = kFirstInstant.time_since_epoch().count(), last = kLastInstant.time_since_epoch().count();
  auto uniform = [&](std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi - lo));
  };
  int compared = 0;
  for (const char* z : zones) {
    // Instants within two days of the zone's transitions, 1800-2100.
    std::vector<std::int64_t> edges;
    const engine::Zone& zone = engine::Access::zone(TimeZone::locate(z));
    for (std::int64_t t = -5364662400; t < 4102444800 && edges.size() < 2000;) {
      const auto iv = zone.interval_at(t);
      if (iv.end >= 4102444800) break;
      edges.push_back(iv.end * 1000);
      t = iv.end;
    }
    for (std::size_t e = 0; e < std::size(exprs); ++e)
      for (const std::int64_t spread : {0, 3'600'000}) {
        ParseOptions o =
            with(z, policies[(e + static_cast<std::size_t>(spread != 0)) % std::size(policies)], Dialect::jenkins);
        if (spread) {
          o.seed = Seed({"host-3", exprs[e]});
          o.offset_window = std::chrono::milliseconds{spread};
        }
        const Schedule shortcut = parse(exprs[e], o);
        const Schedule general = parse(std::string(exprs[e]) + "\n" + exprs[e], o);
        ASSERT_EQ(shortcut.seed_offset(), general.seed_offset());
        ASSERT_TRUE(engine::Access::compiled(shortcut).minutes_only);
        ASSERT_FALSE(engine::Access::compiled(general).minutes_only);
        for (int i = 0; i < 400; ++i) {
          std::int64_t ms;
          if (i % 3 == 0)
            ms = uniform(first - 2000, last + 2000);
          else if (i % 3 == 1)
            ms = uniform(-2208988800000, 4102444800000);  // 1900-2100
          else
            ms = edges.empty() ? uniform(0, 4102444800000)
                               : edges[rng() % edges.size()] + uniform(-172800000, 172800000);
          if (i % 5 == 0) ms -= ms % 1000;  // whole seconds too
          const sys_milliseconds t{std::chrono::milliseconds{ms}};
          ASSERT_EQ(shortcut.next(t), general.next(t)) << exprs[e] << " in " << z << " after " << ms;
          ASSERT_EQ(shortcut.prev(t), general.prev(t)) << exprs[e] << " in " << z << " before " << ms;
          ++compared;
        }
      }
  }
  EXPECT_EQ(compared, 8 * 13 * 2 * 400);
}

TEST(Schedule, NeverFiringSchedulesAnswerAtOnce) {
  for (const char* e : {"0 0 30 2 *", "0 0 31 4,6,9,11 *", "0 0 31 2 *"}) {
    const Schedule s = parse(e);
    EXPECT_TRUE(s.never()) << e;
    EXPECT_FALSE(s.next(at("2026-01-01T00:00:00Z")));
    EXPECT_FALSE(s.prev(at("2026-01-01T00:00:00Z")));
  }
  EXPECT_FALSE(parse("0 0 29 2 *").never());
}

TEST(Schedule, LeapDaysAcross2100AndYear9999) {
  const Schedule s = parse("0 0 29 2 *");
  EXPECT_EQ(*s.next(at("2096-03-01T00:00:00Z")), at("2104-02-29T00:00:00Z"));
  EXPECT_EQ(*s.prev(at("2104-02-29T00:00:00Z")), at("2096-02-29T00:00:00Z"));
  EXPECT_EQ(*s.next(at("9995-01-01T00:00:00Z")), at("9996-02-29T00:00:00Z"));
  EXPECT_FALSE(s.next(at("9996-03-01T00:00:00Z")));
  EXPECT_EQ(*parse("0 0 * * *").next(at("9999-12-30T12:00:00Z")), at("9999-12-31T00:00:00Z"));
  EXPECT_FALSE(parse("0 0 * * *").next(at("9999-12-31T00:00:00Z")));
  EXPECT_EQ(*parse("0 0 1 1 *").prev(at("0001-06-01T00:00:00Z")), at("0001-01-01T00:00:00Z"));
}

// Debian's date/tz stops at a TZif file's last explicit transition (2037);
// the file's POSIX footer rule must carry DST on to year 9999.
TEST(Schedule, DaylightSavingContinuesAfter2037) {
  const Schedule ny = parse("0 12 * * *", with("America/New_York"));
  for (const char* from :
       {"2038-07-01T00:00:00Z", "2090-07-01T00:00:00Z", "2450-07-01T00:00:00Z", "9999-07-01T00:00:00Z"})
    EXPECT_EQ(format_rfc3339(*ny.next(at(from)), ny.zone()).substr(10), "T12:00:00-04:00") << from;
  EXPECT_EQ(format_rfc3339(*ny.next(at("2090-01-01T00:00:00Z")), ny.zone()).substr(10), "T12:00:00-05:00");
  // The spring-forward gap of 2090 (second Sunday of March) still shifts a 02:30 job.
  const Schedule gap = parse("30 2 * * *", with("America/New_York"));
  EXPECT_EQ(format_rfc3339(*gap.next(at("2090-03-12T05:00:00Z")), gap.zone()), "2090-03-12T03:00:00-04:00");
  // Dublin's negative DST: +01:00 in summer (IST), +00:00 in winter.
  const Schedule dublin = parse("0 12 * * *", with("Europe/Dublin"));
  EXPECT_EQ(format_rfc3339(*dublin.next(at("2070-07-01T00:00:00Z")), dublin.zone()).substr(10), "T12:00:00+01:00");
  EXPECT_EQ(format_rfc3339(*dublin.next(at("2070-01-01T00:00:00Z")), dublin.zone()).substr(10), "T12:00:00+00:00");
}

TEST(Schedule, FireTimesRangeIsHalfOpen) {
  const Schedule s = parse("0 * * * *");
  std::vector<sys_seconds> got;
  for (auto t : s.fires(at("2026-01-01T00:00:00Z"), at("2026-01-01T03:00:00Z"))) got.push_back(t);
  EXPECT_EQ(got, (std::vector{at("2026-01-01T00:00:00Z"), at("2026-01-01T01:00:00Z"), at("2026-01-01T02:00:00Z")}));
}

TEST(Schedule, SubSecondInstantsKeepStrictness) {
  const Schedule s = parse("* * * * * *");  // every second
  const auto t = *parse_rfc3339("2026-01-01T00:00:00.500Z");
  EXPECT_EQ(*s.next(t), at("2026-01-01T00:00:01Z"));
  EXPECT_EQ(*s.prev(t), at("2026-01-01T00:00:00Z"));
}

TEST(Schedule, NextAndPrevAllocateNothing) {
  const Schedule a = parse("15,45 */2 1-10 * *", with("America/New_York"));
  const Schedule b = parse("0 0 12 ? * 6#3", with("Europe/Berlin", "skip-last", Dialect::quartz));
  const Schedule c = parse("0 6 * * *\n0 18 * * *", with("UTC", "wall", Dialect::jenkins));
  const Schedule d = parse("*/5 * * * *", with("America/New_York"));
  auto t = at("2026-01-01T00:00:00Z");
  a.next(t);  // zone tables are built at parse time; warm anyway
  const FireTimes walks[] = {a.fires(t, t + std::chrono::days{400}), d.fires(t, t + std::chrono::days{400})};
  const long before = g_allocations.load();
  for (int i = 0; i < 1000; ++i) {
    t = *a.next(t);
    b.next(t);
    b.prev(t);
    c.next(t);
    c.prev(t);
    d.next(t);
    d.prev(t);
  }
  std::size_t walked = 0;
  for (const auto& w : walks)
    for (auto f : w) walked += f > t ? 1 : 2;
  EXPECT_EQ(g_allocations.load(), before);
  EXPECT_GT(walked, 400u * 288);
}

// fires() keeps where it stands between fire times (an every-day schedule
// steps along its minute masks without a search): the same fire times as next().
TEST(FireTimes, WalkGivesWhatNextGives) {
  std::mt19937_64 rng(1124);
  const char* exprs[] = {"* * * * *", "*/5 * * * *", "0 0 * * *", "30 2 * * *", "59 1,23 * * *", "15,45 */2 1-10 * *"};
  const char* zones[] = {"UTC",          "Etc/GMT+5",    "America/New_York", "Australia/Lord_Howe",
                         "Asia/Kolkata", "Europe/Dublin"};
  const char* policies[] = {"cron", "skip-last", "shift-both", "wall"};
  const std::int64_t starts[] = {-2208988800, -86400 * 3, 1772928000, 1793491200,
                                 4070908800};  // 1900, 1969, 2026-03-08, 2026-11-01, 2099
  std::size_t compared = 0;
  for (const char* z : zones)
    for (std::size_t e = 0; e < std::size(exprs); ++e)
      for (const std::int64_t start : starts)
        for (const char* policy : policies) {
          ParseOptions o = with(z, policy, Dialect::jenkins);
          if (rng() % 2) {
            o.seed = Seed({"fires", exprs[e]});
            o.offset_window = std::chrono::hours{2};
          }
          const Schedule s = parse(exprs[e], o);
          const sys_milliseconds from{std::chrono::seconds{start - static_cast<std::int64_t>(rng() % 86400)}};
          const sys_milliseconds to = from + std::chrono::days{std::string_view(exprs[e]).starts_with("*") ? 3 : 300};
          std::vector<sys_milliseconds> walked, stepped;
          for (auto t : s.fires(from, to)) walked.push_back(t);
          for (auto t = s.next(from - std::chrono::milliseconds{1}); t && *t < to; t = s.next(*t))
            stepped.push_back(*t);
          ASSERT_EQ(walked, stepped) << exprs[e] << " in " << z << " from " << start << " with " << policy;
          compared += walked.size();
        }
  EXPECT_GT(compared, 400000u);
}

TEST(Schedule, IsCheapToCopyAndSmall) {
  const Schedule a = parse("0 9 * * 1-5", with("America/New_York"));
  const Schedule b = a;
  EXPECT_EQ(a.next(at("2026-01-01T00:00:00Z")), b.next(at("2026-01-01T00:00:00Z")));
  std::cout << "sizeof(engine::Pattern) = " << sizeof(engine::Pattern) << ", sizeof(Schedule) = " << sizeof(Schedule)
            << "\n";
  EXPECT_LE(sizeof(engine::Pattern), 64u);
  EXPECT_EQ(sizeof(Schedule), sizeof(std::shared_ptr<int>)) << "the compiled form stays out of the public layout";
}

TEST(Schedule, MovedFromStaysUsable) {
  Schedule a = parse("0 9 * * *");
  const Schedule b = std::move(a);
  EXPECT_EQ(a.next(at("2026-01-01T00:00:00Z")), at("2026-01-01T09:00:00Z"));  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(b.next(at("2026-01-01T00:00:00Z")), at("2026-01-01T09:00:00Z"));
}

// The range keeps its own copy of the schedule: iterating fires() of a
// temporary is safe (ASan reports a use after free otherwise).
TEST(FireTimes, OfATemporarySchedule) {
  std::vector<sys_milliseconds> got;
  for (auto t :
       parse("30 2 * * *", with("Europe/Berlin")).fires(at("2026-03-28T00:00:00Z"), at("2026-03-31T00:00:00Z")))
    got.push_back(t);
  EXPECT_EQ(got, (std::vector<sys_milliseconds>{at("2026-03-28T01:30:00Z"), at("2026-03-29T01:00:00Z"),
                                                at("2026-03-30T00:30:00Z")}));
  auto range = parse("0 0 1 1 *").fires(at("2026-01-01T00:00:00Z"), at("2030-01-01T00:00:00Z"));
  int n = 0;
  for (auto it = range.begin(); it != range.end(); ++it) ++n;
  EXPECT_EQ(n, 4);
}

TEST(Schedule, EqualWhenTheyFireAlikeHowEverWritten) {
  const Schedule a = parse("0 0 * * 1-5");
  EXPECT_EQ(a, parse("0 0 * * MON,TUE,WED,THU,FRI"));
  EXPECT_EQ(a.hash(), parse("0 0 * * MON-FRI").hash());
  EXPECT_EQ(std::hash<Schedule>{}(a), a.hash());
  EXPECT_NE(a, parse("0 0 * * 1-5", with("Europe/Berlin")));
  EXPECT_NE(a, parse("0 0 * * 1-6"));
  ParseOptions spread_ = with("UTC");
  spread_.seed = Seed({"job"});
  spread_.offset_window = std::chrono::minutes{15};
  EXPECT_NE(a, parse("0 0 * * 1-5", spread_));
  // The DST policy counts in a zone where it changes fire times.
  EXPECT_NE(parse("30 2 * * *", with("Europe/Berlin", "skip-first")), parse("30 2 * * *", with("Europe/Berlin")));
}

TEST(TimeZone, NextTransition) {
  const TimeZone berlin = TimeZone::locate("Europe/Berlin");
  const auto t = berlin.next_transition(std::chrono::floor<seconds>(at("2026-01-01T00:00:00Z")));
  ASSERT_TRUE(t);
  EXPECT_EQ(t->at, std::chrono::floor<seconds>(at("2026-03-29T01:00:00Z")));
  EXPECT_EQ(t->offset_before, std::chrono::hours{1});
  EXPECT_EQ(t->offset_after, std::chrono::hours{2});
  const auto back = berlin.next_transition(t->at);  // strictly after
  ASSERT_TRUE(back);
  EXPECT_EQ(back->at, std::chrono::floor<seconds>(at("2026-10-25T01:00:00Z")));
  EXPECT_EQ(back->offset_after, std::chrono::hours{1});
  EXPECT_FALSE(TimeZone::utc().next_transition(std::chrono::floor<seconds>(at("2026-01-01T00:00:00Z"))));
  // Past the table the zone's POSIX rule goes on.
  const auto late = berlin.next_transition(std::chrono::floor<seconds>(at("2400-06-01T00:00:00Z")));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->at, std::chrono::floor<seconds>(at("2400-10-29T01:00:00Z")));
  EXPECT_FALSE(berlin.next_transition(std::chrono::floor<seconds>(kLastInstant)));
}

}  // namespace
}  // namespace fuzzycron
