// The search over local wall-clock time: the first/last local second that a
// Pattern matches, by jumping along the bit sets (year, month, day, time of day).
// Local times are seconds since 1970-01-01T00:00:00 on the wall clock.
#pragma once

#include <cstdint>

#include "engine/limits.h"
#include "engine/pattern.h"

namespace fuzzycron::detail {

// The first matching local time in [from, limit], kNoMatch, or kExhausted.
std::int64_t next_local(const Pattern& p, std::int64_t from, std::int64_t limit) noexcept;
// The last matching local time in [floor, from], kNoMatch, or kExhausted.
std::int64_t prev_local(const Pattern& p, std::int64_t from, std::int64_t floor) noexcept;

// Days (bit d, 1..31) of year y, month m (1..12) the pattern's day fields allow.
std::uint32_t day_mask(const Pattern& p, int y, unsigned m) noexcept;

// False when no month of any year can have a matching day (e.g. Feb 30th).
bool some_day_can_match(const Pattern& p) noexcept;
// True when every calendar day matches: no month, day, weekday or year
// restriction and no L/W/#: the search needs no civil date.
bool matches_every_day(const Pattern& p) noexcept;

}  // namespace fuzzycron::detail
