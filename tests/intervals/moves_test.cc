// Cron calendars (`except-cron`) and moved fires (`except-move`) against a
// reference written from the definitions with date/tz (docs/calendars.md):
// the plain schedule's fires, each excluded day walked to the next or
// previous day not excluded, the wall time kept (a time in a DST gap moved
// by the gap, a repeated one its first pass), then the cron calendar
// applied. next() and prev() must find exactly that set, both ways.
#include <date/date.h>
#include <date/tz.h>
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "fuzzycron/parse.h"
#include "fuzzycron/rfc3339.h"
#include "testing.h"

namespace fuzzycron {
namespace {

using namespace std::chrono;
using testing::at;
using Move = ParseOptions::Move;

struct Range {
  date::sys_days lo, hi;  // both excluded
};

date::sys_days day_of(const char* ymd) {
  int y = 0;
  unsigned m = 0, d = 0;
  EXPECT_EQ(std::sscanf(ymd, "%d-%u-%u", &y, &m, &d), 3);
  return date::sys_days{date::year{y} / date::month{m} / date::day{d}};
}

struct Reference {
  const date::time_zone* zone;
  std::vector<Range> ranges;
  Move move;
  std::optional<Schedule> cron;  // the calendar, read in the same dialect and zone
  milliseconds unit{60000};

  bool excluded(date::sys_days d) const {
    for (const auto& r : ranges)
      if (d >= r.lo && d <= r.hi) return true;
    return false;
  }
  bool cron_matches(sys_milliseconds t) const {
    if (!cron) return false;
    const sys_milliseconds s{t.time_since_epoch() - (t.time_since_epoch() % unit + unit) % unit};
    return cron->prev(s + milliseconds{1}) == s;
  }
  date::local_days local_day(sys_milliseconds t) const { return floor<date::days>(zone->to_local(t)); }
  DstPolicy dst = DstPolicy::of(DstPolicy::Gap::shift, DstPolicy::Overlap::first);
  // The wall time a fire moves to, under the schedule's DST rule (nullopt: skipped in a gap).
  std::optional<sys_milliseconds> instant(date::local_time<milliseconds> local) const {
    const auto info = zone->get_info(local);
    const auto t = local.time_since_epoch();
    if (info.result == date::local_info::nonexistent) {
      switch (dst.gap) {
        case DstPolicy::Gap::skip: return std::nullopt;
        case DstPolicy::Gap::later: return sys_milliseconds{t - info.first.offset};  // the gap's length later
        default: return sys_milliseconds{info.first.end};                            // the gap's end
      }
    }
    if (info.result == date::local_info::ambiguous && dst.overlap == DstPolicy::Overlap::last)
      return sys_milliseconds{t - info.second.offset};
    return sys_milliseconds{t - info.first.offset};
  }
  // The fires from `plain` over [a, b].
  std::set<sys_milliseconds> fires(const Schedule& plain, sys_milliseconds a, sys_milliseconds b) const {
    std::set<sys_milliseconds> out;
    for (auto f : plain.fires(a - days{60}, b + days{60})) {
      const auto local = zone->to_local(f);
      const auto day = floor<date::days>(local);
      const date::sys_days d{day.time_since_epoch()};
      auto t = f;
      if (excluded(d)) {
        if (move == Move::skip) continue;
        auto step = [&](int dir) {
          auto x = d;
          do x += days{dir};
          while (excluded(x));
          return x;
        };
        auto to = move == Move::preceding ? step(-1) : step(1);
        if (move == Move::modified_following && date::year_month_day{to}.month() != date::year_month_day{d}.month())
          to = step(-1);
        const auto moved = instant(date::local_days{to.time_since_epoch()} + (local - day));
        if (!moved) continue;
        t = *moved;
      }
      if (cron_matches(t)) continue;
      if (t >= a && t <= b) out.insert(t);
    }
    return out;
  }
};

struct MoveCase {
  const char* schedule;
  const char* zone;
  std::vector<std::pair<const char*, const char*>> ranges;
  const char* cron;  // "" for none
  DstPolicy dst = DstPolicy::of(DstPolicy::Gap::shift, DstPolicy::Overlap::first);
};

std::string except_text(const MoveCase& c) {
  std::string out;
  for (const auto& [lo, hi] : c.ranges) out += (out.empty() ? "" : ",") + std::string(lo) + ".." + hi;
  return out;
}

TEST(MovesAndCronCalendars, NextAndPrevFindExactlyTheReferenceSet) {
  const MoveCase cases[] = {
      {"0 9 1,15,31 * *",
       "America/New_York",
       {{"2026-01-01", "2026-01-01"},
        {"2026-03-31", "2026-03-31"},
        {"2026-05-30", "2026-06-01"},
        {"2026-12-24", "2027-01-01"}},
       ""},
      {"30 2 * * 0", "America/New_York", {{"2026-03-01", "2026-03-07"}, {"2026-10-31", "2026-11-01"}}, ""},
      {"30 2 * * 0",
       "America/New_York",
       {{"2026-03-01", "2026-03-07"}, {"2026-10-31", "2026-11-01"}},
       "",
       DstPolicy::of(DstPolicy::Gap::later, DstPolicy::Overlap::last)},
      {"30 1 * * 0",
       "America/New_York",
       {{"2026-03-01", "2026-03-07"}, {"2026-10-25", "2026-10-31"}},
       "",
       DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::last)},
      {"30 2 * * 6",
       "Australia/Lord_Howe",
       {{"2026-09-28", "2026-10-03"}},
       "",
       DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::first)},
      {"0 */6 * * *", "Europe/Berlin", {{"2026-03-28", "2026-03-29"}, {"2026-10-24", "2026-10-25"}}, "* 0-5 * * *"},
      {"15 2 * * *",
       "Australia/Lord_Howe",
       {{"2026-04-04", "2026-04-04"}, {"2026-10-03", "2026-10-06"}},
       "* * * * 0,6"},
      {"0 9 * * 1-5", "Europe/Berlin", {{"2026-04-03", "2026-04-06"}, {"2026-12-24", "2026-12-26"}}, "* * * * 0,6"},
      {"0 0 12 ? * MON-FRI", "UTC", {{"2026-07-03", "2026-07-03"}}, "0 0 12 ? * FRI"},
  };
  const auto a = at("2026-01-01T00:00:00Z"), b = at("2027-01-10T00:00:00Z");
  std::mt19937_64 rng(32);
  for (const auto& c : cases) {
    for (Move move : {Move::skip, Move::following, Move::preceding, Move::modified_following}) {
      ParseOptions o;
      o.time_zone = c.zone;
      o.dst = c.dst;
      o.dialect = std::string(c.schedule).find('?') != std::string::npos ? Dialect::quartz : Dialect::standard;
      Reference ref{date::locate_zone(c.zone), {}, move, std::nullopt, milliseconds{60000}, c.dst};
      for (const auto& [lo, hi] : c.ranges) ref.ranges.push_back({day_of(lo), day_of(hi)});
      if (*c.cron) {
        ref.cron = parse(c.cron, o);
        if (o.dialect == Dialect::quartz) ref.unit = seconds{1};
      }
      const Schedule plain = parse(c.schedule, o);
      o.except = except_text(c);
      o.except_cron = c.cron;
      o.except_move = move;
      const Schedule s = parse(c.schedule, o);
      const auto want = ref.fires(plain, a, b);
      std::set<sys_milliseconds> got;
      for (auto t : s.fires(a, b + milliseconds{1})) got.insert(t);
      const std::string what = std::string(c.schedule) + " in " + c.zone + ", move " + std::to_string(int(move));
      std::string diff;
      for (auto t : got)
        if (!want.count(t)) diff += " +" + format_rfc3339(t, s.zone());
      for (auto t : want)
        if (!got.count(t)) diff += " -" + format_rfc3339(t, s.zone());
      ASSERT_TRUE(diff.empty()) << what << ":" << diff;
      ASSERT_FALSE(want.empty()) << what;
      // Backwards, and from random instants both ways.
      std::vector<sys_milliseconds> back;
      for (auto t = s.prev(b + milliseconds{1}); t && *t >= a; t = s.prev(*t)) back.push_back(*t);
      ASSERT_EQ(std::set<sys_milliseconds>(back.begin(), back.end()), want) << what;
      for (int i = 0; i < 200; ++i) {
        const auto t = a + milliseconds{static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>((b - a).count()))};
        const auto up = want.upper_bound(t);
        if (up != want.end()) {
          ASSERT_EQ(s.next(t), *up) << what << " from " << format_rfc3339(t, s.zone());
        }
        const auto down = want.lower_bound(t);
        if (down != want.begin()) {
          ASSERT_EQ(s.prev(t), *std::prev(down)) << what << " from " << format_rfc3339(t, s.zone());
        }
      }
    }
  }
}

TEST(MovesAndCronCalendars, ACronCalendarExcludingEverythingEndsTheSearch) {
  ParseOptions o;
  o.except_cron = "* * * * *";
  const Schedule s = parse("*/5 * * * *", o);
  EXPECT_FALSE(s.next(at("2026-01-01T00:00:00Z")));  // bounded: no hang
  o.except_cron = "* * * * 1-5";                     // whole days jumped a day at a time
  EXPECT_EQ(format_rfc3339(*parse("0 9 * * *", o).next(at("2026-01-05T10:00:00Z")), TimeZone::utc()),
            "2026-01-10T09:00:00Z");
}

// Six fields separated by tabs still match by the second: second 30 of the
// 9 o'clock hour excludes the fire at 09:00:30 (read by the minute, it would not).
TEST(MovesAndCronCalendars, ASecondsFieldIsCountedWhateverTheBlanks) {
  ParseOptions o;
  o.dialect = Dialect::quartz;
  o.except_cron = "30\t*\t9\t?\t*\t*";
  EXPECT_EQ(format_rfc3339(*parse("30 0 * * * ?", o).next(at("2026-03-06T08:30:00Z")), TimeZone::utc()),
            "2026-03-06T10:00:30Z");
  o.except_cron = "*\t*\t9\t?\t*\t*";  // every second of the 9 o'clock hour
  EXPECT_EQ(format_rfc3339(*parse("0 0 * * * ?", o).next(at("2026-03-06T08:30:00Z")), TimeZone::utc()),
            "2026-03-06T10:00:00Z");
}

TEST(MovesAndCronCalendars, BadCalendarsAreLocated) {
  ParseOptions o;
  o.except_cron = "* * * * 0,6; 61 * * * *";
  try {
    parse("0 9 * * *", o);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.column(), 14) << e.message();  // the 6 of 61
    EXPECT_NE(e.message().find("except-cron: "), std::string::npos) << e.message();
  }
  o.except_cron = "@every 2h from 2026-01-01T00:00Z";
  EXPECT_THROW(parse("0 9 * * *", o), Error);
  o.except_cron = "* * * * 0;;";
  EXPECT_THROW(parse("0 9 * * *", o), Error);
}

}  // namespace
}  // namespace fuzzycron
