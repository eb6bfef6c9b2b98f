#include "engine/calendar_search.h"

#include <date/date.h>

#include <bit>
#include <climits>

namespace fuzzycron::engine {
namespace {

constexpr std::int64_t kDay = 86400;

struct Civil {
  int y;
  unsigned m, d;
};

Civil civil(std::int64_t days) noexcept {
  const date::year_month_day ymd{date::sys_days{date::days{days}}};
  return {int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day())};
}

std::int64_t days_of(int y, unsigned m, unsigned d) noexcept {
  return date::sys_days{date::year{y} / date::month{m} / date::day{d}}.time_since_epoch().count();
}

unsigned month_length(int y, unsigned m) noexcept {
  constexpr unsigned char len[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (m == 2 && date::year{y}.is_leap()) return 29;
  return len[m - 1];
}

// 0 = Sunday; day 0 (1970-01-01) was a Thursday.
unsigned weekday_of_days(std::int64_t days) noexcept {
  const std::int64_t w = (days + 4) % 7;
  return static_cast<unsigned>(w < 0 ? w + 7 : w);
}

// Smallest set bit >= from, or -1.
template <class T>
int next_bit(T mask, int from) noexcept {
  if (from >= int(sizeof(T) * 8)) return -1;
  const T m = static_cast<T>(mask & static_cast<T>(~T{0} << from));
  return m ? std::countr_zero(m) : -1;
}
// Largest set bit <= from, or -1.
template <class T>
int prev_bit(T mask, int from) noexcept {
  if (from < 0) return -1;
  const int bits = int(sizeof(T) * 8);
  const T m = from >= bits - 1 ? mask : static_cast<T>(mask & static_cast<T>((T{1} << (from + 1)) - 1));
  return m ? bits - 1 - std::countl_zero(m) : -1;
}

int next_year(const Pattern& p, int y) noexcept {
  if (p.year_count == 0) return y;
  int best = INT_MAX;
  for (int i = 0; i < p.year_count; ++i) {
    const auto& t = p.year_terms[i];
    if (y > t.hi) continue;
    int v = y <= t.lo ? t.lo : t.lo + (y - t.lo + t.step - 1) / t.step * t.step;
    if (v <= t.hi && v < best) best = v;
  }
  return best;
}

int prev_year(const Pattern& p, int y) noexcept {
  if (p.year_count == 0) return y;
  int best = INT_MIN;
  for (int i = 0; i < p.year_count; ++i) {
    const auto& t = p.year_terms[i];
    if (y < t.lo) continue;
    int v = y >= t.hi ? t.hi : y;
    v = t.lo + (v - t.lo) / t.step * t.step;
    if (v > best) best = v;
  }
  return best;
}

// Weekday nearest to day d (Quartz W): Saturday -> Friday, Sunday -> Monday,
// never leaving the month (the 1st on a Saturday -> Monday the 3rd; the last
// day on a Sunday -> Friday; Spring's rule: no day then). 0 when d does not
// exist in the month, unless `clamped` (croniter): then d is the last day.
unsigned nearest_weekday(unsigned d, unsigned len, unsigned wd1, bool spring = false, bool clamped = false) noexcept {
  if (clamped && d > len) d = len;
  if (d < 1 || d > len) return 0;
  const unsigned wd = (wd1 + d - 1) % 7;
  if (wd == 6) return d == 1 ? 3 : d - 1;
  if (wd == 0) return d == len ? (spring ? 0 : d - 2) : d + 1;
  return d;
}

// Time of day (seconds) >= sod that matches, or -1.
int next_time_of_day(const Pattern& p, int sod) noexcept {
  if (p.seconds == 1) {  // second 0 only, as in every 5-field cron: search whole minutes
    const int minute = (sod + 59) / 60, h = minute / 60, mi = minute % 60;
    if (h < 24 && (p.hours >> h & 1))
      if (const int m2 = next_bit(p.minutes, mi); m2 >= 0) return h * 3600 + m2 * 60;
    const int h2 = next_bit(p.hours, h + 1);
    return h2 < 0 ? -1 : h2 * 3600 + std::countr_zero(p.minutes) * 60;
  }
  int h = sod / 3600, mi = sod / 60 % 60, s = sod % 60;
  if (p.hours >> h & 1) {
    if (p.minutes >> mi & 1) {
      if (int s2 = next_bit(p.seconds, s); s2 >= 0) return h * 3600 + mi * 60 + s2;
    }
    if (int m2 = next_bit(p.minutes, mi + 1); m2 >= 0) return h * 3600 + m2 * 60 + std::countr_zero(p.seconds);
  }
  const int h2 = next_bit(p.hours, h + 1);
  if (h2 < 0) return -1;
  return h2 * 3600 + std::countr_zero(p.minutes) * 60 + std::countr_zero(p.seconds);
}

int last_bit(std::uint64_t m) noexcept { return 63 - std::countl_zero(m); }

// Time of day (seconds) <= sod that matches, or -1.
int prev_time_of_day(const Pattern& p, int sod) noexcept {
  if (p.seconds == 1) {  // second 0 only: whole minutes
    const int minute = sod / 60, h = minute / 60, mi = minute % 60;
    if (p.hours >> h & 1)
      if (const int m2 = prev_bit(p.minutes, mi); m2 >= 0) return h * 3600 + m2 * 60;
    const int h2 = prev_bit(p.hours, h - 1);
    return h2 < 0 ? -1 : h2 * 3600 + last_bit(p.minutes) * 60;
  }
  int h = sod / 3600, mi = sod / 60 % 60, s = sod % 60;
  if (p.hours >> h & 1) {
    if (p.minutes >> mi & 1) {
      if (int s2 = prev_bit(p.seconds, s); s2 >= 0) return h * 3600 + mi * 60 + s2;
    }
    if (int m2 = prev_bit(p.minutes, mi - 1); m2 >= 0) return h * 3600 + m2 * 60 + last_bit(p.seconds);
  }
  const int h2 = prev_bit(p.hours, h - 1);
  if (h2 < 0) return -1;
  return h2 * 3600 + last_bit(p.minutes) * 60 + last_bit(p.seconds);
}

std::uint32_t day_mask_for(const Pattern& p, unsigned len, unsigned wd1) noexcept {
  const std::uint32_t all = static_cast<std::uint32_t>(((std::uint64_t{1} << len) - 1) << 1);
  if (!p.day_specials && !p.day_or && p.weekdays == 0x7f) return p.days & all;  // no weekday rule
  std::uint32_t dom = p.days;
  // Weekdays: rotate the week so bit 0 is the weekday of the 1st, repeat it
  // over five weeks, then shift so that bit d is day d.
  const unsigned w = p.weekdays;
  const std::uint64_t week = ((w >> wd1) | (w << (7 - wd1))) & 0x7f;
  std::uint64_t dow = (week | week << 7 | week << 14 | week << 21 | week << 28) << 1;
  if (p.day_specials) {
    for (std::uint32_t b = p.last_day_offsets; b; b &= b - 1) {
      const unsigned n = std::countr_zero(b);
      if (n < len) dom |= 1u << (len - n);
    }
    for (std::uint32_t b = p.last_day_offsets_weekday; b; b &= b - 1) {
      const unsigned n = std::countr_zero(b);
      if (n < len) dom |= 1u << nearest_weekday(len - n, len, wd1);
    }
    for (std::uint32_t b = p.nearest_weekdays & ~1u; b; b &= b - 1) {
      const unsigned d = nearest_weekday(std::countr_zero(b), len, wd1, p.nearest_weekdays & 1u, p.days & 1u);
      if (d) dom |= 1u << d;
    }
    const unsigned wd_last = (wd1 + len - 1) % 7;
    for (unsigned b = p.last_weekdays; b; b &= b - 1) {
      const unsigned x = std::countr_zero(b);
      dow |= std::uint64_t{1} << (len - (wd_last + 7 - x) % 7);
    }
    for (unsigned k = 0; k < 5; ++k) {
      for (unsigned b = p.nth_weekdays[k]; b; b &= b - 1) {
        const unsigned x = std::countr_zero(b);
        const unsigned d = 1 + (x + 7 - wd1) % 7 + 7 * k;
        if (d <= len) dow |= std::uint64_t{1} << d;
      }
    }
  }
  const std::uint32_t dow32 = static_cast<std::uint32_t>(dow);
  return (p.day_or ? (dom | dow32) : (dom & dow32)) & all;
}

// Moves c (and `days`, the same date) to the first day of the first allowed
// month after c's, possibly next year: the date is carried, not recomputed.
void to_next_month_start(const Pattern& p, Civil& c, std::int64_t& days) noexcept {
  const int m2 = next_bit(p.months, int(c.m) + 1);
  c = m2 > 0 ? Civil{c.y, unsigned(m2), 1} : Civil{c.y + 1, unsigned(std::countr_zero(p.months)), 1};
  days = days_of(c.y, c.m, 1);
}

// Moves c and `days` to the last day of the last allowed month before c's, possibly last year.
void to_prev_month_end(const Pattern& p, Civil& c, std::int64_t& days) noexcept {
  int y = c.y, m2 = prev_bit(p.months, int(c.m) - 1);
  if (m2 <= 0) {
    --y;
    m2 = 15 - std::countl_zero(p.months);
  }
  c = Civil{y, unsigned(m2), month_length(y, unsigned(m2))};
  days = days_of(c.y, c.m, c.d);
}

}  // namespace

bool matches_every_day(const Pattern& p) noexcept {
  constexpr std::uint32_t kAllDays = 0xFFFFFFFEu;  // bits 1..31
  if (p.year_count != 0 || p.day_specials || p.months != 0x1FFE) return false;
  const bool all_dom = (p.days & kAllDays) == kAllDays, all_dow = (p.weekdays & 0x7f) == 0x7f;
  return p.day_or ? (all_dom || all_dow) : (all_dom && all_dow);
}

namespace {

// Day d of the month (`days` since the epoch) by the plain day fields, as
// day_mask_for reads them when there is no L, W or #.
bool today_matches(const Pattern& p, unsigned d, std::int64_t days) noexcept {
  const bool dom = p.days >> d & 1;
  if (!p.day_or && p.weekdays == 0x7f) return dom;
  const bool dow = p.weekdays >> weekday_of_days(days) & 1;
  return p.day_or ? dom || dow : dom && dow;
}

// Whether the day matches (no L, W, # or years): by its weekday alone when
// every month and day of the month is allowed, else from its civil date.
bool day_matches(const Pattern& p, std::int64_t day) noexcept {
  constexpr std::uint32_t kAllDays = 0xFFFFFFFEu;
  if (p.months == 0x1FFE && (p.days & kAllDays) == kAllDays && !p.day_or) return p.weekdays >> weekday_of_days(day) & 1;
  const Civil c = civil(day);
  return (p.months >> c.m & 1) && today_matches(p, c.d, day);
}

}  // namespace

std::int64_t first_minute_today(const Pattern& p, std::int64_t minute) noexcept {
  const std::int64_t day = floor_div(minute, 1440);
  if (!day_matches(p, day)) return kNoMatch;
  const int of_day = static_cast<int>(minute - day * 1440), h = of_day / 60, mi = of_day - h * 60;
  if (p.hours >> h & 1)
    if (const std::uint64_t m = p.minutes & (~std::uint64_t{0} << mi)) return day * 1440 + h * 60 + std::countr_zero(m);
  if (const std::uint32_t later = p.hours & (~std::uint32_t{0} << (h + 1)))
    return day * 1440 + std::countr_zero(later) * 60 + std::countr_zero(p.minutes);
  return kNoMatch;
}

std::int64_t last_minute_today(const Pattern& p, std::int64_t minute) noexcept {
  const std::int64_t day = floor_div(minute, 1440);
  if (!day_matches(p, day)) return kNoMatch;
  const int of_day = static_cast<int>(minute - day * 1440), h = of_day / 60, mi = of_day - h * 60;
  if (p.hours >> h & 1)
    if (const std::uint64_t m = p.minutes & (~std::uint64_t{0} >> (63 - mi)))
      return day * 1440 + h * 60 + 63 - std::countl_zero(m);
  if (const std::uint32_t earlier = p.hours & ((std::uint32_t{1} << h) - 1))
    return day * 1440 + (31 - std::countl_zero(earlier)) * 60 + 63 - std::countl_zero(p.minutes);
  return kNoMatch;
}

std::uint32_t day_mask(const Pattern& p, int y, unsigned m) noexcept {
  return day_mask_for(p, month_length(y, m), weekday_of_days(days_of(y, m, 1)));
}

bool some_day_can_match(const Pattern& p) noexcept {
  // Every (month, month length, weekday of the 1st) combination occurs in a
  // 400-year cycle, so trying them all decides the question for good.
  for (unsigned m = 1; m <= 12; ++m) {
    if (!(p.months >> m & 1)) continue;
    const unsigned base = month_length(2001, m);
    for (unsigned len = base; len <= (m == 2 ? 29u : base); ++len)
      for (unsigned wd1 = 0; wd1 < 7; ++wd1)
        if (day_mask_for(p, len, wd1)) return true;
  }
  return false;
}

std::int64_t next_local(const Pattern& p, std::int64_t from, std::int64_t limit) noexcept {
  if (from > limit) return kNoMatch;
  std::int64_t days = floor_div(from, kDay);
  int sod = static_cast<int>(from - days * kDay);
  if (matches_every_day(p)) {  // no civil date needed: today's next time of day, or tomorrow's first
    if (p.seconds == 1) {
      const std::int64_t r = first_minute_from(p, floor_div(from + 59, 60)) * 60;
      return r <= limit ? r : kNoMatch;
    }
    int tod = next_time_of_day(p, sod);
    if (tod < 0) {
      ++days;
      tod = next_time_of_day(p, 0);
    }
    const std::int64_t r = days * kDay + tod;
    return r <= limit ? r : kNoMatch;
  }
  const std::int64_t limit_days = floor_div(limit, kDay);
  Civil c = civil(days);
  while (days <= limit_days) {
    if (const int y = next_year(p, c.y); y != c.y) {
      if (y == INT_MAX || y > 9999) return kExhausted;
      c = Civil{y, 1, 1};
      days = days_of(y, 1, 1);
      sod = 0;
      continue;
    }
    if (!(p.months >> c.m & 1)) {
      to_next_month_start(p, c, days);
      sod = 0;
      continue;
    }
    // Today first, from its own bits: most calls end here, without the month's mask.
    if (!p.day_specials && today_matches(p, c.d, days) && sod > 0) {
      if (const int tod = next_time_of_day(p, sod); tod >= 0) {
        const std::int64_t r = days * kDay + tod;
        return r <= limit ? r : kNoMatch;
      }
    }
    const std::uint32_t month_days = day_mask_for(p, month_length(c.y, c.m), weekday_of_days(days - (c.d - 1)));
    std::uint32_t mask = month_days & (~std::uint32_t{0} << c.d);
    while (mask) {
      const unsigned d = std::countr_zero(mask);
      if (d != c.d) {
        days += d - c.d;
        c.d = d;
        sod = 0;
      }
      if (days > limit_days) return kNoMatch;
      const int tod = next_time_of_day(p, sod);
      if (tod >= 0) {
        const std::int64_t r = days * kDay + tod;
        return r <= limit ? r : kNoMatch;
      }
      mask &= mask - 1;
    }
    to_next_month_start(p, c, days);
    sod = 0;
  }
  return kNoMatch;
}

std::int64_t prev_local(const Pattern& p, std::int64_t from, std::int64_t floor) noexcept {
  if (from < floor) return kNoMatch;
  constexpr int kLastSecond = 86399;
  std::int64_t days = floor_div(from, kDay);
  int sod = static_cast<int>(from - days * kDay);
  if (matches_every_day(p)) {  // today's previous time of day, or yesterday's last
    if (p.seconds == 1) {
      const std::int64_t r = last_minute_from(p, floor_div(from, 60)) * 60;
      return r >= floor ? r : kNoMatch;
    }
    int tod = prev_time_of_day(p, sod);
    if (tod < 0) {
      --days;
      tod = prev_time_of_day(p, kLastSecond);
    }
    const std::int64_t r = days * kDay + tod;
    return r >= floor ? r : kNoMatch;
  }
  const std::int64_t floor_days = floor_div(floor, kDay);
  Civil c = civil(days);
  while (days >= floor_days) {
    if (const int y = prev_year(p, c.y); y != c.y) {
      if (y == INT_MIN || y < 1) return kExhausted;
      c = Civil{y, 12, 31};
      days = days_of(y, 12, 31);
      sod = kLastSecond;
      continue;
    }
    if (!(p.months >> c.m & 1)) {
      to_prev_month_end(p, c, days);
      sod = kLastSecond;
      continue;
    }
    if (!p.day_specials && today_matches(p, c.d, days) && sod < kLastSecond) {
      if (const int tod = prev_time_of_day(p, sod); tod >= 0) {
        const std::int64_t r = days * kDay + tod;
        return r >= floor ? r : kNoMatch;
      }
    }
    const std::uint32_t month_days = day_mask_for(p, month_length(c.y, c.m), weekday_of_days(days - (c.d - 1)));
    std::uint64_t mask = month_days & ((std::uint64_t{2} << c.d) - 1);
    while (mask) {
      const unsigned d = static_cast<unsigned>(last_bit(mask));
      if (d != c.d) {
        days -= c.d - d;
        c.d = d;
        sod = kLastSecond;
      }
      if (days < floor_days) return kNoMatch;
      const int tod = prev_time_of_day(p, sod);
      if (tod >= 0) {
        const std::int64_t r = days * kDay + tod;
        return r >= floor ? r : kNoMatch;
      }
      mask &= ~(std::uint64_t{1} << d);
    }
    to_prev_month_end(p, c, days);
    sod = kLastSecond;
  }
  return kNoMatch;
}

}  // namespace fuzzycron::engine
