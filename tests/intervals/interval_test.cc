// Anchored intervals (docs/intervals.md) against a reference written apart
// from the engine: fire times enumerated step by step with date/tz's own zone
// rules, then a minute walk checks that next()/prev() find exactly them, and
// that they are exact inverses.
#include <date/tz.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/parse.h"
#include "fuzzycron/rfc3339.h"
#include "testing.h"

namespace fuzzycron {
namespace {

using namespace std::chrono;
using testing::at;

// How the reference resolves a wall time, as the DST policy names say.
enum class Gap { skip, shift, later };
enum class Overlap { first, last, both };

// The instants whose wall clock in `zone` reads `local`, by date/tz's get_info.
std::vector<sys_seconds> resolve(const date::time_zone* zone, date::local_seconds local, Gap gap, Overlap overlap) {
  const date::local_info i = zone->get_info(local);
  const sys_seconds first{local.time_since_epoch() - i.first.offset};
  switch (i.result) {
    case date::local_info::unique: return {first};
    case date::local_info::nonexistent:
      if (gap == Gap::skip) return {};
      if (gap == Gap::shift) return {i.second.begin};
      return {first};  // later: the wall time read with the offset before the change
    default: {
      const sys_seconds second{local.time_since_epoch() - i.second.offset};
      if (overlap == Overlap::first) return {first};
      if (overlap == Overlap::last) return {second};
      return {first, second};
    }
  }
}

int weekday_of(const date::time_zone* zone, sys_seconds t) {
  const auto local = zone->to_local(t);
  return static_cast<int>(date::weekday(date::floor<date::days>(local)).c_encoding());
}

struct Case {
  const char* expr;
  const char* zone;
  const char* dst;   // "" for the dialect's own (cron: shift-first for calendar steps)
  const char* seed;  // "" for none
  // What the text says, written again for the reference.
  char unit;                 // 's' exact seconds, 'd' days, 'M' months
  long long step;            // seconds, days or months
  const char* anchor;        // wall time "2026-01-06T09:00:00" ('d'/'M'), an instant ('s'), "" hashed
  bool window = false;       // the window's bounds, wall clock
  int lo = 0, hi = 0;        // seconds of the day
  unsigned weekdays = 0x7f;  // bit 0 = Sunday
};

Gap gap_of(const Case& c) {
  const std::string d = c.dst;
  if (d.starts_with("skip")) return Gap::skip;
  if (d.starts_with("later")) return Gap::later;
  return Gap::shift;
}
Overlap overlap_of(const Case& c) {
  const std::string d = c.dst;
  if (d.ends_with("last")) return Overlap::last;
  if (d.ends_with("both")) return Overlap::both;
  return Overlap::first;
}

date::local_seconds wall(const char* text) {
  int y, mo, d, h, mi, s;
  if (std::sscanf(text, "%d-%d-%dT%d:%d:%d", &y, &mo, &d, &h, &mi, &s) != 6) throw std::invalid_argument(text);
  return date::local_days{date::year{y} / mo / d} + hours{h} + minutes{mi} + seconds{s};
}

// Every fire time in [a, b], step by step from the anchor.
std::vector<sys_seconds> reference(const Case& c, const Schedule& s, sys_seconds a, sys_seconds b) {
  const date::time_zone* zone = date::locate_zone(c.zone);
  std::vector<sys_seconds> out;
  const bool starts = *c.anchor != 0;
  auto keep = [&](sys_seconds t) {
    if (t >= a && t <= b && (c.weekdays >> weekday_of(zone, t) & 1)) out.push_back(t);
  };
  if (c.window) {
    // Day by day: the window's start (a skipped start opens the window at the
    // gap's end), then the step in elapsed time up to its end.
    const auto first_day = date::floor<date::days>(zone->to_local(a)) - date::days{1};
    const auto last_day = date::floor<date::days>(zone->to_local(b)) + date::days{1};
    const sys_seconds not_before = starts ? floor<seconds>(*parse_rfc3339(c.anchor)) : a;
    for (auto d = first_day; d <= last_day; d += date::days{1}) {
      const auto lo = resolve(zone, d + seconds{c.lo}, Gap::shift, Overlap::first).front();
      const auto hi = resolve(zone, d + seconds{c.hi}, Gap::shift, Overlap::last).back();
      for (auto t = lo; t <= hi; t += seconds{c.step})
        if (t >= floor<seconds>(not_before)) keep(t);
    }
  } else if (c.unit == 's') {
    // Exact durations: the anchor instant, or the engine's first fire for a hashed phase.
    const sys_seconds anchor =
        starts ? floor<seconds>(*parse_rfc3339(c.anchor)) : floor<seconds>(*s.next(a - seconds{1}));
    long long k = starts ? 0 : -(c.step > 0 ? (anchor - a).count() / c.step + 2 : 0);
    for (;; ++k) {
      const sys_seconds t = anchor + seconds{k * c.step};
      if (t > b) break;
      keep(t);
    }
  } else {
    // Calendar steps on the wall clock: days, or months clamped to the month's last day.
    date::local_seconds anchor;
    if (starts) {
      anchor = wall(c.anchor);
    } else {
      const auto f = zone->to_local(floor<seconds>(*s.next(a - seconds{1})));
      anchor = f;
    }
    const auto anchor_day = date::floor<date::days>(anchor);
    const auto tod = anchor - anchor_day;
    const date::year_month_day ymd{anchor_day};
    for (long long k = starts ? 0 : -1200;; ++k) {
      date::local_seconds local;
      if (c.unit == 'd') {
        local = anchor + date::days{k * c.step};
      } else {
        const auto ym = date::year_month{ymd.year(), ymd.month()} + date::months{k * c.step};
        const auto last = date::year_month_day_last{ym.year(), date::month_day_last{ym.month()}};
        const auto day = std::min(ymd.day(), last.day());
        local = date::local_days{ym.year() / ym.month() / day} + tod;
      }
      if (zone->to_local(b) + date::days{2} < local) break;
      for (auto t : resolve(zone, local, gap_of(c), overlap_of(c))) keep(t);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

const Case kCases[] = {
    {"@every 2w from 2026-01-06T09:00", "America/New_York", "", "", 'd', 14, "2026-01-06T09:00:00"},
    {"@every 1d from 2026-03-01T02:30", "America/New_York", "", "", 'd', 1, "2026-03-01T02:30:00"},
    {"@every 1d from 2026-03-01T02:30", "America/New_York", "skip-first", "", 'd', 1, "2026-03-01T02:30:00"},
    {"@every 1d from 2026-03-01T02:30", "America/New_York", "later-first", "", 'd', 1, "2026-03-01T02:30:00"},
    {"@every 1d from 2026-10-25T01:30", "America/New_York", "shift-both", "", 'd', 1, "2026-10-25T01:30:00"},
    {"@every 1d from 2026-10-25T01:30", "America/New_York", "shift-last", "", 'd', 1, "2026-10-25T01:30:00"},
    {"@every 1mo from 2026-01-31T10:00", "Europe/Berlin", "", "", 'M', 1, "2026-01-31T10:00:00"},
    {"@every 1y from 2024-02-29T12:00", "UTC", "", "", 'M', 12, "2024-02-29T12:00:00"},
    {"@every 90m from 2026-01-01T00:00Z", "America/New_York", "", "", 's', 5400, "2026-01-01T00:00:00Z"},
    {"@every 6h", "America/New_York", "", "job-a", 's', 21600, ""},
    {"@every 1h30m", "Europe/Berlin", "", "job-b", 's', 5400, ""},
    {"@every 3d", "Australia/Lord_Howe", "", "job-c", 'd', 3, ""},
    {"@every 1w from 2026-09-27T02:15", "Australia/Lord_Howe", "", "", 'd', 7, "2026-09-27T02:15:00"},
    {"@every 1w from 2026-09-27T02:15", "Australia/Lord_Howe", "later-first", "", 'd', 7, "2026-09-27T02:15:00"},
    {"@every 6h on mon-fri from 2026-01-01T00:00Z", "Europe/Berlin", "", "", 's', 21600, "2026-01-01T00:00:00Z", false,
     0, 0, 0x3e},
    {"@every 1d on mon-fri from 2026-03-02T02:15", "Australia/Lord_Howe", "", "", 'd', 1, "2026-03-02T02:15:00", false,
     0, 0, 0x3e},
    {"@every 25m between 09:00 and 17:00 on mon-fri", "America/New_York", "", "", 's', 1500, "", true, 9 * 3600,
     17 * 3600, 0x3e},
    {"@every 45m between 00:00 and 23:59", "Australia/Lord_Howe", "", "", 's', 2700, "", true, 0, 23 * 3600 + 59 * 60},
    {"@every 20m between 01:00 and 03:00 on sat,sun from 2026-03-01T00:00Z", "Europe/Berlin", "", "", 's', 1200,
     "2026-03-01T00:00:00Z", true, 3600, 3 * 3600, 0x41},
};

Schedule parsed(const Case& c) {
  ParseOptions o;
  o.time_zone = c.zone;
  if (*c.dst) o.dst = DstPolicy::from_name(c.dst);
  if (*c.seed) o.seed = Seed({c.seed});
  return parse(c.expr, o);
}

// The first of `fires` after t / the last before t, as next()/prev() must answer.
std::optional<sys_milliseconds> after(const std::vector<sys_seconds>& fires, sys_milliseconds t) {
  auto it = std::upper_bound(fires.begin(), fires.end(), t, [](sys_milliseconds x, sys_seconds f) { return x < f; });
  if (it == fires.end()) return std::nullopt;
  return sys_milliseconds{*it};
}
std::optional<sys_milliseconds> before(const std::vector<sys_seconds>& fires, sys_milliseconds t) {
  auto it = std::lower_bound(fires.begin(), fires.end(), t, [](sys_seconds f, sys_milliseconds x) { return f < x; });
  if (it == fires.begin()) return std::nullopt;
  return sys_milliseconds{*--it};
}

class IntervalWalk : public ::testing::TestWithParam<Case> {};

TEST_P(IntervalWalk, NextAndPrevFindExactlyTheReferenceFireTimes) {
  const Case& c = GetParam();
  const Schedule s = parsed(c);
  // Both 2026 DST changes of the zone (the southern ones too), minute by minute.
  for (const auto& [from, to] : {std::pair{"2026-02-20T00:00:00Z", "2026-04-15T00:00:00Z"},
                                 std::pair{"2026-09-20T00:00:00Z", "2026-11-10T00:00:00Z"}}) {
    const sys_seconds a = floor<seconds>(at(from)), b = floor<seconds>(at(to));
    // The reference reaches over a year either side, so every next()/prev() in the walk has its answer there.
    const auto fires = reference(c, s, a - days{400}, b + days{400});
    ASSERT_FALSE(fires.empty()) << c.expr;
    for (sys_milliseconds t = a; t < b; t += minutes{1}) {
      ASSERT_EQ(s.next(t), after(fires, t))
          << c.expr << " in " << c.zone << " next after " << format_rfc3339(t, s.zone());
      ASSERT_EQ(s.prev(t), before(fires, t))
          << c.expr << " in " << c.zone << " prev before " << format_rfc3339(t, s.zone());
    }
    // Exact inverses at and around each fire time.
    for (std::size_t i = 0; i + 1 < fires.size(); ++i) {
      const sys_milliseconds f{fires[i]}, g{fires[i + 1]};
      if (f < a || g > b) continue;
      ASSERT_EQ(s.next(f), g) << c.expr;
      ASSERT_EQ(s.prev(g), f) << c.expr;
      ASSERT_EQ(s.next(g - milliseconds{1}), g) << c.expr;
      ASSERT_EQ(s.prev(f + milliseconds{1}), f) << c.expr;
    }
  }
}

// Names ctest can show: the case's place in kCases.
INSTANTIATE_TEST_SUITE_P(Cases, IntervalWalk, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& p) { return "case" + std::to_string(p.index); });

}  // namespace
}  // namespace fuzzycron
