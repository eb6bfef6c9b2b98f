// Anchored intervals: a closed form for the k of the fire nearest t, then a
// short walk (a DST gap may drop a fire, a day of the week may be excluded).
#include "engine/interval.h"

#include <algorithm>

#include "engine/calendar_search.h"
#include "engine/limits.h"

namespace fuzzycron::engine {
namespace {

constexpr std::int64_t kDay = 86400;
// Fires looked at before a search gives up: far more than any day-of-week
// restriction needs (7 days; a month's weekday repeats within 400 years = 4800
// months), small enough to answer in microseconds.
constexpr int kTries = 6000;
constexpr std::uint8_t kShift = 1, kLater = 2;  // DstPolicy::Gap
constexpr std::uint8_t kFirst = 0, kLast = 1;   // DstPolicy::Overlap

int weekday_of_day(std::int64_t days) noexcept { return static_cast<int>(((days % 7) + 11) % 7); }  // 1970-01-01: Thu

bool day_allowed(const Interval& iv, std::int64_t local) noexcept {
  return iv.weekdays == 0x7f || (iv.weekdays >> weekday_of_day(floor_div(local, kDay)) & 1);
}

unsigned last_day_of(std::int64_t y, unsigned m) noexcept {
  if (m == 2) return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28;
  return m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31;
}

constexpr std::int64_t kMinLocal = kMinInstant + kDay, kMaxLocal = kMaxInstant - kDay;

// The wall-clock time of the k-th step of a calendar interval: 0, or outside
// years 1-9999 -1 (before) or 1 (after).
int local_of(const Interval& iv, std::int64_t k, std::int64_t& local) noexcept {
  if (iv.unit == Interval::Unit::days) {
    const std::int64_t span = iv.step * kDay;
    if (k > (kMaxLocal - iv.anchor) / span + 1) return 1;
    if (k < (kMinLocal - iv.anchor) / span - 1) return -1;
    local = iv.anchor + k * span;
  } else {
    const std::int64_t day = floor_div(iv.anchor, kDay), tod = iv.anchor - day * kDay;
    const CivilDate a = civil_from_days(day);
    if (k > 200'000 / iv.step + 1) return 1;
    if (k < -200'000 / iv.step - 1) return -1;
    const std::int64_t month = a.year * 12 + (a.month - 1) + k * iv.step;
    const std::int64_t y = floor_div(month, 12);
    const auto m = static_cast<unsigned>(month - y * 12 + 1);
    local = days_from_civil(y, m, std::min(a.day, last_day_of(y, m))) * kDay + tod;
  }
  return local < kMinLocal ? -1 : local > kMaxLocal ? 1 : 0;
}

// The k whose fire lies near the wall-clock time `local` (within one step).
std::int64_t k_near(const Interval& iv, std::int64_t local) noexcept {
  if (iv.unit == Interval::Unit::days) {
    const std::int64_t span = iv.step * kDay;
    return local >= iv.anchor ? (local - iv.anchor) / span : -floor_div(iv.anchor - local + span - 1, span);
  }
  const CivilDate a = civil_from_days(floor_div(iv.anchor, kDay));
  const CivilDate l = civil_from_days(floor_div(local, kDay));
  const std::int64_t diff = (l.year * 12 + l.month) - (a.year * 12 + a.month);
  return diff >= 0 ? diff / iv.step : -((-diff + iv.step - 1) / iv.step);
}

std::int64_t local_at(const Zone& zone, std::int64_t t) noexcept { return t + zone.offset_at(t); }

// The first instant whose wall clock reads `local` or later (a gap: its end).
std::int64_t first_instant_from(const Zone& zone, std::int64_t local) noexcept {
  std::int64_t out[2];
  instants_of_local(zone, local, kShift, kFirst, out);
  return out[0];
}

// A window's edges on a day the clocks change: a skipped start opens the
// window when the gap ends (or, under `later`, the gap's length later, as
// java.util.Calendar and so Quartz place it); a repeated start opens it in the
// pass the overlap policy names (last: the second, as Quartz does); the end
// closes it after the last pass.
std::int64_t window_start(const Interval& iv, const Zone& zone, std::int64_t local) noexcept {
  std::int64_t out[2];
  instants_of_local(zone, local, iv.gap == kLater ? kLater : kShift, iv.overlap == kLast ? kLast : kFirst, out);
  return out[0];
}
std::int64_t window_end(const Interval& iv, const Zone& zone, std::int64_t local) noexcept {
  std::int64_t out[2];
  const int n = instants_of_local(zone, local, iv.gap == kLater ? kLater : kShift, kLast, out);
  return out[n - 1];
}

bool usable(std::int64_t t) noexcept { return t >= kMinInstant && t <= kMaxInstant; }

// Fixed step, no window: anchor + k * step.
std::int64_t plain_next(const Interval& iv, std::int64_t t) noexcept {
  if (iv.starts && t < iv.anchor) return iv.anchor;
  return iv.anchor + (floor_div(t - iv.anchor, iv.step) + 1) * iv.step;
}
std::int64_t plain_prev(const Interval& iv, std::int64_t t) noexcept {
  const std::int64_t c = iv.anchor + floor_div(t - 1 - iv.anchor, iv.step) * iv.step;
  return iv.starts && c < iv.anchor ? kNoMatch : c;
}

std::int64_t fixed_next(const Interval& iv, const Zone& zone, std::int64_t t) noexcept {
  for (int i = 0; i < kTries; ++i) {
    const std::int64_t c = plain_next(iv, t);
    if (c > kMaxInstant) return kNoMatch;
    const std::int64_t local = local_at(zone, c);
    if (day_allowed(iv, local)) return c;
    // On to the next allowed day's first instant.
    std::int64_t day = floor_div(local, kDay) + 1;
    while (!(iv.weekdays >> weekday_of_day(day) & 1)) ++day;
    if (day * kDay > kMaxLocal) return kNoMatch;
    t = std::max(c, first_instant_from(zone, day * kDay) - 1);
  }
  return kNoMatch;
}

std::int64_t fixed_prev(const Interval& iv, const Zone& zone, std::int64_t t) noexcept {
  for (int i = 0; i < kTries; ++i) {
    const std::int64_t c = plain_prev(iv, t);
    if (c == kNoMatch || c < kMinInstant) return kNoMatch;
    const std::int64_t local = local_at(zone, c);
    if (day_allowed(iv, local)) return c;
    // Back to the end of the previous allowed day: before the next day's first instant.
    std::int64_t day = floor_div(local, kDay) - 1;
    while (!(iv.weekdays >> weekday_of_day(day) & 1)) --day;
    if (day * kDay < kMinLocal) return kNoMatch;
    t = std::min(c, first_instant_from(zone, (day + 1) * kDay));
  }
  return kNoMatch;
}

std::int64_t window_next(const Interval& iv, const Zone& zone, std::int64_t t) noexcept {
  if (iv.starts) t = std::max(t, iv.anchor - 1);
  // Yesterday's window may still hold t only near a transition: far from one
  // (the steady offset), today's is the first to look at.
  const std::int32_t m = zone.steady_offset_minutes(t * 1000);
  std::int64_t day =
      m != Zone::kUnsteady ? floor_div(t + std::int64_t{m} * 60, kDay) : floor_div(local_at(zone, t), kDay) - 1;
  for (int i = 0; i < 16; ++i, ++day) {
    if (day * kDay > kMaxLocal) return kNoMatch;
    if (!(iv.weekdays >> weekday_of_day(day) & 1)) continue;
    const std::int64_t lo = window_start(iv, zone, day * kDay + iv.window_lo);
    const std::int64_t hi = window_end(iv, zone, day * kDay + iv.window_hi);
    const std::int64_t c = t < lo ? lo : lo + (floor_div(t - lo, iv.step) + 1) * iv.step;
    if (c <= hi) return usable(c) ? c : kNoMatch;
  }
  return kNoMatch;
}

std::int64_t window_prev(const Interval& iv, const Zone& zone, std::int64_t t) noexcept {
  if (iv.starts && t <= iv.anchor) return kNoMatch;
  std::int64_t day = floor_div(local_at(zone, t), kDay) + 1;
  for (int i = 0; i < 16; ++i, --day) {
    if (day * kDay < kMinLocal) return kNoMatch;
    if (!(iv.weekdays >> weekday_of_day(day) & 1)) continue;
    const std::int64_t lo = window_start(iv, zone, day * kDay + iv.window_lo);
    if (lo >= t) continue;
    const std::int64_t hi = window_end(iv, zone, day * kDay + iv.window_hi);
    const std::int64_t c = lo + floor_div(std::min(t - 1, hi) - lo, iv.step) * iv.step;
    if (iv.starts && c < iv.anchor) return kNoMatch;
    return usable(c) ? c : kNoMatch;
  }
  return kNoMatch;
}

std::int64_t calendar_next(const Interval& iv, const Zone& zone, std::int64_t t) noexcept {
  // Days far from any transition (the steady offset at t and at the answer):
  // the first step after t's wall time is the answer, found without a loop.
  if (iv.unit == Interval::Unit::days) {
    if (const std::int32_t m = zone.steady_offset_minutes(t * 1000); m != Zone::kUnsteady) [[likely]] {
      const std::int64_t span = iv.step * kDay, shift = std::int64_t{m} * 60;
      const std::int64_t local_t = t + shift;
      std::int64_t k = floor_div(local_t - iv.anchor, span) + 1;
      if (iv.starts) k = std::max<std::int64_t>(k, 0);
      // Within a step of t's wall time (in range: no overflow, no local_of bounds to divide out).
      const std::int64_t local = iv.anchor + k * span;
      if (local >= kMinLocal && local <= kMaxLocal && day_allowed(iv, local)) {
        const std::int64_t u = local - shift;
        if (u > t && zone.steady_offset_minutes(u * 1000) == m) return usable(u) ? u : kNoMatch;
      }
    }
  }
  std::int64_t k = k_near(iv, local_at(zone, t)) - 1;
  if (iv.starts) k = std::max<std::int64_t>(k, 0);
  for (int i = 0; i < kTries; ++i, ++k) {
    std::int64_t local = 0;
    if (const int out = local_of(iv, k, local); out != 0) {
      if (out > 0) return kNoMatch;  // past year 9999
      continue;
    }
    if (!day_allowed(iv, local)) continue;
    std::int64_t at[2];
    const int n = instants_of_local(zone, local, iv.gap, iv.overlap, at);
    for (int j = 0; j < n; ++j)
      if (at[j] > t) return usable(at[j]) ? at[j] : kNoMatch;
  }
  return kNoMatch;
}

std::int64_t calendar_prev(const Interval& iv, const Zone& zone, std::int64_t t) noexcept {
  if (iv.unit == Interval::Unit::days) {  // as calendar_next: the last step before t's wall time
    if (const std::int32_t m = zone.steady_offset_minutes(t * 1000); m != Zone::kUnsteady) [[likely]] {
      const std::int64_t span = iv.step * kDay, shift = std::int64_t{m} * 60;
      const std::int64_t k = floor_div(t + shift - 1 - iv.anchor, span);
      const std::int64_t local = iv.anchor + k * span;
      if (!(iv.starts && k < 0) && local >= kMinLocal && local <= kMaxLocal && day_allowed(iv, local)) {
        const std::int64_t u = local - shift;
        if (u < t && zone.steady_offset_minutes(u * 1000) == m) return usable(u) ? u : kNoMatch;
      }
    }
  }
  std::int64_t k = k_near(iv, local_at(zone, t)) + 1;
  for (int i = 0; i < kTries; ++i, --k) {
    if (iv.starts && k < 0) return kNoMatch;
    std::int64_t local = 0;
    if (const int out = local_of(iv, k, local); out != 0) {
      if (out < 0) return kNoMatch;  // before year 1
      continue;
    }
    if (!day_allowed(iv, local)) continue;
    std::int64_t at[2];
    const int n = instants_of_local(zone, local, iv.gap, iv.overlap, at);
    for (int j = n - 1; j >= 0; --j)
      if (at[j] < t) return usable(at[j]) ? at[j] : kNoMatch;
  }
  return kNoMatch;
}

}  // namespace

std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) noexcept {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

CivilDate civil_from_days(std::int64_t z) noexcept {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  return {static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2), m, d};
}

int instants_of_local(const Zone& zone, std::int64_t local, std::uint8_t gap, std::uint8_t overlap,
                      std::int64_t out[2]) noexcept {
  if (zone.fixed()) {
    out[0] = local - zone.fixed_offset();
    return 1;
  }
  // Most wall times are far from any transition: the one-load steady offset,
  // checked at the instant it gives (steady there: no gap or overlap near).
  if (const std::int32_t m = zone.steady_offset_minutes(local * 1000); m != Zone::kUnsteady) [[likely]] {
    const std::int64_t u = local - std::int64_t{m} * 60;
    if (zone.steady_offset_minutes(u * 1000) == m) {
      out[0] = u;
      return 1;
    }
  }
  // The offsets in force around `local`: those of the interval its naive
  // instant falls in and of its neighbours (one transition apart).
  const ZoneInterval z = zone.interval_at(local - zone.offset_at(local));
  const std::int32_t offsets[3] = {z.prev_offset, z.offset, z.next_offset};
  int n = 0;
  for (const std::int32_t o : offsets) {
    const std::int64_t u = local - o;
    if (zone.offset_at(u) != o) continue;
    if (n == 1 && out[0] == u) continue;
    if (n < 2) out[n++] = u;
  }
  if (n == 2) {
    if (out[0] > out[1]) std::swap(out[0], out[1]);
    if (overlap == kFirst) return 1;
    if (overlap == kLast) {
      out[0] = out[1];
      return 1;
    }
    return 2;
  }
  if (n == 1) return 1;
  // A gap: the wall clock jumped over `local` at a transition T, from offset
  // `before` to a larger one. shift: T; later: the gap's length later.
  for (const std::int32_t o : offsets) {
    const ZoneInterval g = zone.interval_at(local - o);
    if (g.prev_offset < g.offset && g.begin + g.prev_offset <= local && local < g.begin + g.offset) {
      if (gap == kShift)
        out[0] = g.begin;
      else if (gap == kLater)
        out[0] = local - g.prev_offset;
      else
        return 0;
      return 1;
    }
  }
  return 0;
}

bool same_interval(const Interval& a, const Interval& b) noexcept {
  return a.unit == b.unit && a.step == b.step && a.anchor == b.anchor && a.starts == b.starts && a.window == b.window &&
         a.window_lo == b.window_lo && a.window_hi == b.window_hi && a.weekdays == b.weekdays && a.gap == b.gap &&
         a.overlap == b.overlap;
}

std::int64_t interval_next(const Interval& iv, const Zone& zone, std::int64_t t) noexcept {
  if (t >= kMaxInstant) return kNoMatch;
  t = std::max(t, kMinInstant - 1);
  if (iv.unit != Interval::Unit::seconds) return calendar_next(iv, zone, t);
  if (iv.window) return window_next(iv, zone, t);
  if (iv.weekdays == 0x7f) {
    const std::int64_t c = plain_next(iv, t);
    return c <= kMaxInstant ? c : kNoMatch;
  }
  return fixed_next(iv, zone, t);
}

std::int64_t interval_prev(const Interval& iv, const Zone& zone, std::int64_t t) noexcept {
  if (t <= kMinInstant) return kNoMatch;
  t = std::min(t, kMaxInstant + 1);
  if (iv.unit != Interval::Unit::seconds) return calendar_prev(iv, zone, t);
  if (iv.window) return window_prev(iv, zone, t);
  if (iv.weekdays == 0x7f) {
    const std::int64_t c = plain_prev(iv, t);
    return c != kNoMatch && c >= kMinInstant ? c : kNoMatch;
  }
  return fixed_prev(iv, zone, t);
}

}  // namespace fuzzycron::engine
