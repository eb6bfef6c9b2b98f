// An anchored interval as the engine walks it (docs/intervals.md): fire times
// anchor + k * step, where the step is an exact duration (s m h) on the UTC
// timeline or a calendar step (d w mo y) on the wall clock, optionally only in
// a daily window and on some days of the week. Data, and next/prev over it;
// nothing here allocates.
#pragma once

#include <cstdint>

#include "engine/zone.h"

namespace fuzzycron::engine {

struct Interval {
  enum class Unit : std::uint8_t { seconds, days, months };
  Unit unit = Unit::seconds;
  std::int64_t step = 0;  // seconds, days or months
  // seconds: the anchor instant; days and months: the anchor's wall-clock time
  // (local seconds since 1970-01-01T00:00 on the wall clock).
  std::int64_t anchor = 0;
  bool starts = false;  // `from`: no fire before the anchor (k >= 0); else k is any integer
  // A daily window [window_lo, window_hi] in seconds of the local day: fires at
  // window start + k * step while not past its end, day by day (the anchor
  // only bounds the start).
  bool window = false;
  std::int32_t window_lo = 0, window_hi = 0;
  std::uint8_t weekdays = 0x7f;  // bit w, 0 = Sunday: the local day of a fire
  std::uint8_t gap = 0;          // DstPolicy::Gap (resolved: skip, shift or later)
  std::uint8_t overlap = 0;      // DstPolicy::Overlap (resolved: first, last or both)
};

bool same_interval(const Interval& a, const Interval& b) noexcept;

// Instants in seconds since the epoch; kNoMatch when there is none.
std::int64_t interval_next(const Interval& iv, const Zone& zone, std::int64_t t) noexcept;  // first fire > t
std::int64_t interval_prev(const Interval& iv, const Zone& zone, std::int64_t t) noexcept;  // last fire < t

// Days since 1970-01-01 of a civil date, and back (proleptic Gregorian).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) noexcept;
struct CivilDate {
  std::int64_t year;
  unsigned month, day;
};
CivilDate civil_from_days(std::int64_t days) noexcept;

// The instants whose wall clock in `zone` reads `local`: none (a gap), one, or
// two (an overlap, earlier first); with `gap` shift or later, the one instant a
// gap moves the time to. Returns the count written to out[].
int instants_of_local(const Zone& zone, std::int64_t local, std::uint8_t gap, std::uint8_t overlap,
                      std::int64_t out[2]) noexcept;

}  // namespace fuzzycron::engine
