// The deliberately minimal next() of shared/bench/peers.md, measured in the same
// run as fuzzycron so figures can be read as ratios: per-field bit masks,
// countr_zero, <chrono> civil dates, UTC only, minute resolution, no parser,
// POSIX day OR. Not part of the library: it exists to be beaten.
#pragma once

#include <bit>
#include <chrono>
#include <cstdint>

namespace baseline {

struct Masks {
  std::uint64_t minutes;
  std::uint32_t hours, days;  // days: bit d = day d
  std::uint16_t months;       // bit m = month m
  std::uint8_t weekdays;      // bit w, 0 = Sunday
  bool day_or;
};

inline int next_bit(std::uint64_t mask, int from) {
  if (from >= 64) return -1;
  const std::uint64_t m = mask & (~std::uint64_t{0} << from);
  return m ? std::countr_zero(m) : -1;
}

// First minute strictly after t (seconds since epoch), or -1 after 2100.
inline std::int64_t next(const Masks& m, std::int64_t t) {
  using namespace std::chrono;
  std::int64_t minute = t / 60 + 1;
  sys_days day{days{minute / 1440}};
  int mod = static_cast<int>(minute % 1440);
  for (int guard = 0; guard < 40000; ++guard) {
    const year_month_day ymd{day};
    const unsigned mo = unsigned(ymd.month()), d = unsigned(ymd.day());
    if (!(m.months >> mo & 1)) {
      const int m2 = next_bit(m.months, int(mo) + 1);
      day = m2 > 0 ? sys_days{ymd.year() / month(unsigned(m2)) / 1} : sys_days{(ymd.year() + years{1}) / January / 1};
      mod = 0;
      continue;
    }
    const bool dom = m.days >> d & 1, dow = m.weekdays >> weekday{day}.c_encoding() & 1;
    if (!(m.day_or ? (dom || dow) : (dom && dow))) {
      day += days{1};
      mod = 0;
      continue;
    }
    int h = mod / 60, mi = mod % 60;
    if (m.hours >> h & 1) {
      if (const int m2 = next_bit(m.minutes, mi); m2 >= 0)
        return (day.time_since_epoch().count() * 1440 + h * 60 + m2) * 60;
    }
    if (const int h2 = next_bit(m.hours, h + 1); h2 >= 0)
      return (day.time_since_epoch().count() * 1440 + h2 * 60 + std::countr_zero(m.minutes)) * 60;
    day += days{1};
    mod = 0;
  }
  return -1;
}

}  // namespace baseline
