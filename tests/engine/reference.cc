#include "engine/reference.h"
#include "engine/compiled_schedule.h"

#include <date/date.h>

#include <algorithm>
#include <cstdint>
#include <set>

#include "engine/zone.h"

namespace fuzzycron::reference {
namespace {

constexpr std::int64_t kDay = 86400;

struct Civil {
  int year;
  unsigned month, day, hour, minute, second;
  unsigned weekday;  // 0 = Sunday
  unsigned last;     // days in the month
};

Civil civil(std::int64_t local) {
  const std::int64_t days = local >= 0 ? local / kDay : (local - kDay + 1) / kDay;
  const std::int64_t sod = local - days * kDay;
  const date::sys_days d{date::days{days}};
  const date::year_month_day ymd{d};
  const unsigned last = static_cast<unsigned>((ymd.year() / ymd.month() / date::last).day());
  return {static_cast<int>(ymd.year()),         static_cast<unsigned>(ymd.month()),
          static_cast<unsigned>(ymd.day()),     static_cast<unsigned>(sod / 3600),
          static_cast<unsigned>(sod / 60 % 60), static_cast<unsigned>(sod % 60),
          date::weekday{d}.c_encoding(),        last};
}

unsigned weekday_of(const Civil& c, unsigned day) { return (c.weekday + 35 + day - c.day) % 7; }

// Quartz's nW: the weekday nearest day `d`, never leaving the month; 0 when the
// month has no day d.
unsigned nearest_weekday(const Civil& c, unsigned d) {
  if (d < 1 || d > c.last) return 0;
  switch (weekday_of(c, d)) {
    case 6: return d == 1 ? 3 : d - 1;           // Saturday: Friday, or Monday the 3rd
    case 0: return d == c.last ? d - 2 : d + 1;  // Sunday: Monday, or Friday before the end
    default: return d;
  }
}

bool bit(std::uint64_t mask, unsigned i) { return (mask >> i & 1) != 0; }

bool day_of_month_matches(const engine::Pattern& p, const Civil& c) {
  if (bit(p.days, c.day)) return true;
  for (unsigned n = 0; n < 32; ++n) {
    if (bit(p.last_day_offsets, n) && n < c.last && c.day == c.last - n) return true;
    if (bit(p.last_day_offsets_weekday, n) && n < c.last && c.day == nearest_weekday(c, c.last - n)) return true;
    if (bit(p.nearest_weekdays, n) && c.day == nearest_weekday(c, n)) return true;
  }
  return false;
}

bool day_of_week_matches(const engine::Pattern& p, const Civil& c) {
  if (bit(p.weekdays, c.weekday)) return true;
  if (bit(p.last_weekdays, c.weekday) && c.day + 7 > c.last) return true;
  const unsigned k = (c.day - 1) / 7;  // 0 for days 1-7: the first such weekday
  return k < 5 && bit(p.nth_weekdays[k], c.weekday);
}

bool year_matches(const engine::Pattern& p, int y) {
  if (p.year_count == 0) return true;
  for (int i = 0; i < p.year_count; ++i) {
    const auto& t = p.year_terms[static_cast<std::size_t>(i)];
    if (y >= t.lo && y <= t.hi && (y - t.lo) % std::max<int>(t.step, 1) == 0) return true;
  }
  return false;
}

}  // namespace

std::vector<std::int64_t> instants_of(const engine::Zone& zone, std::int64_t local) {
  std::set<std::int64_t> out;
  // Try every offset in force within a day of `local` (UTC offsets stay within
  // 14 hours, so the instant, if any, lies in that day).
  for (std::int64_t probe = local - kDay; probe <= local + kDay; probe += 3600) {
    const std::int64_t u = local - zone.offset_at(probe);
    if (u + zone.offset_at(u) == local) out.insert(u);
  }
  return {out.begin(), out.end()};
}

bool matches(const engine::Pattern& p, std::int64_t local) {
  const Civil c = civil(local);
  if (!bit(p.seconds, c.second) || !bit(p.minutes, c.minute) || !bit(p.hours, c.hour) || !bit(p.months, c.month) ||
      !year_matches(p, c.year))
    return false;
  const bool dom = day_of_month_matches(p, c), dow = day_of_week_matches(p, c);
  return p.day_or ? (dom || dow) : (dom && dow);
}

std::vector<std::int64_t> fires(const Schedule& s, std::int64_t lo, std::int64_t hi) {
  const engine::Zone& zone = engine::Access::zone(s.zone());
  std::set<std::int64_t> out;
  for (const engine::Pattern& p : engine::Access::patterns(s)) {
    if (p.never) continue;
    const std::int64_t step = p.seconds == 1 ? 60 : 1;
    // Local times that can map into [lo, hi]: an instant u there reads u +
    // offset(u), so they lie between lo + the smallest and hi + the largest
    // offset in force from a day before to a day after (a skipped local time
    // lies between its transition plus the offsets either side of it).
    std::int32_t least = INT32_MAX, most = INT32_MIN;
    for (std::int64_t t = lo - kDay; t <= hi + kDay;) {
      const engine::ZoneInterval iv = zone.interval_at(t);
      least = std::min(least, iv.offset), most = std::max(most, iv.offset);
      t = std::max(iv.end, t + 1);
    }
    std::int64_t first = lo + least - step;
    first -= ((first % step) + step) % step;
    for (std::int64_t local = first; local <= hi + most + step; local += step) {
      if (!matches(p, local)) continue;
      const auto at = instants_of(zone, local);
      if (at.size() == 1) {
        out.insert(at[0]);
      } else if (at.size() >= 2) {  // repeated: first pass, second pass or both
        const auto overlap = static_cast<DstPolicy::Overlap>(p.overlap);
        if (overlap != DstPolicy::Overlap::last) out.insert(at.front());
        if (overlap != DstPolicy::Overlap::first) out.insert(at.back());
      } else if (static_cast<DstPolicy::Gap>(p.gap) == DstPolicy::Gap::later) {
        // Skipped: read with the offset in force before the gap, i.e. the
        // gap's length later on the wall clock (02:30 -> 03:30).
        out.insert(local - zone.offset_at(local - kDay));
      } else if (static_cast<DstPolicy::Gap>(p.gap) == DstPolicy::Gap::shift) {
        // Skipped: once, at the first instant after the gap, i.e. the
        // transition at which the clock jumped over this local time.
        const std::int32_t before = zone.offset_at(local - kDay);  // in force a day earlier
        out.insert(zone.interval_at(local - before).begin);
      }
    }
  }
  std::vector<std::int64_t> result;
  for (auto t : out)
    if (t >= lo && t <= hi) result.push_back(t);
  return result;
}

}  // namespace fuzzycron::reference
