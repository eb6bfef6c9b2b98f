// The search over local wall-clock time: the first/last local second that a
// Pattern matches, by jumping along the bit sets (year, month, day, time of day).
// Local times are seconds since 1970-01-01T00:00:00 on the wall clock.
#pragma once

#include <bit>
#include <cstdint>

#include "engine/limits.h"
#include "engine/pattern.h"

namespace fuzzycron::engine {

// The first matching local time in [from, limit], kNoMatch, or kExhausted.
std::int64_t next_local(const Pattern& p, std::int64_t from, std::int64_t limit) noexcept;
// The last matching local time in [floor, from], kNoMatch, or kExhausted.
std::int64_t prev_local(const Pattern& p, std::int64_t from, std::int64_t floor) noexcept;

// Schedules that fire on every calendar day at second 0 (matches_every_day and
// seconds == 1) need neither a civil date nor a second: whole minutes of the day
// from the hour and minute masks. Inline, as next()/prev() take this path first.
// Minutes are counted from 1970-01-01T00:00 on the wall clock.

// floor(a / b) for b > 0, with the cheaper unsigned division where a >= 0.
inline std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {
  if (a >= 0) [[likely]]
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) / static_cast<std::uint64_t>(b));
  return -1 - (-1 - a) / b;
}

// The first matching minute >= minute / the last one <= minute.
inline std::int64_t first_minute_from(const Pattern& p, std::int64_t minute) noexcept {
  const std::int64_t day = floor_div(minute, 1440);
  const int of_day = static_cast<int>(minute - day * 1440), h = of_day / 60, mi = of_day - h * 60;
  const std::int64_t base = day * 1440;
  if (p.hours >> h & 1)
    if (const std::uint64_t m = p.minutes & (~std::uint64_t{0} << mi)) return base + h * 60 + std::countr_zero(m);
  if (const std::uint32_t later = p.hours & (~std::uint32_t{0} << (h + 1)))
    return base + std::countr_zero(later) * 60 + std::countr_zero(p.minutes);
  return base + 1440 + std::countr_zero(p.hours) * 60 + std::countr_zero(p.minutes);
}
inline std::int64_t last_minute_from(const Pattern& p, std::int64_t minute) noexcept {
  const std::int64_t day = floor_div(minute, 1440);
  const int of_day = static_cast<int>(minute - day * 1440), h = of_day / 60, mi = of_day - h * 60;
  const std::int64_t base = day * 1440;
  // Past the day's last hour (a daily schedule, asked after it ran): an answer
  // that does not wait for the bit search.
  if (const int last_hour = 31 - std::countl_zero(p.hours); h > last_hour)
    return base + last_hour * 60 + 63 - std::countl_zero(p.minutes);
  if (p.hours >> h & 1)
    if (const std::uint64_t m = p.minutes & (~std::uint64_t{0} >> (63 - mi)))
      return base + h * 60 + 63 - std::countl_zero(m);
  if (const std::uint32_t earlier = p.hours & ((std::uint32_t{1} << h) - 1))
    return base + (31 - std::countl_zero(earlier)) * 60 + 63 - std::countl_zero(p.minutes);
  return base - 1440 + (31 - std::countl_zero(p.hours)) * 60 + 63 - std::countl_zero(p.minutes);
}

// Patterns at second 0 without L, W, # or years, on the day of `minute` only:
// the first matching minute >= minute / the last one <= minute that day, or
// kNoMatch when the day does not match or has none left (the caller searches on).
std::int64_t first_minute_today(const Pattern& p, std::int64_t minute) noexcept;
std::int64_t last_minute_today(const Pattern& p, std::int64_t minute) noexcept;

// Days (bit d, 1..31) of year y, month m (1..12) the pattern's day fields allow.
std::uint32_t day_mask(const Pattern& p, int y, unsigned m) noexcept;

// False when no month of any year can have a matching day (e.g. Feb 30th).
bool some_day_can_match(const Pattern& p) noexcept;
// True when every calendar day matches: no month, day, weekday or year
// restriction and no L/W/#: the search needs no civil date.
bool matches_every_day(const Pattern& p) noexcept;

}  // namespace fuzzycron::engine
