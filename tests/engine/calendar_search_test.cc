#include "engine/calendar_search.h"

#include <gtest/gtest.h>

#include <bit>

namespace fuzzycron::engine {
namespace {

Pattern days_only() {
  Pattern p;
  p.seconds = 1;
  p.minutes = 1;
  p.hours = 1;
  p.months = 0x1ffe;
  p.weekdays = 0x7f;
  return p;
}

std::uint32_t bit(unsigned d) { return 1u << d; }

TEST(DayMask, LastDayOffsets) {
  Pattern p = days_only();
  p.last_day_offsets = 1u << 0 | 1u << 3;  // L and L-3
  p.day_specials = true;
  EXPECT_EQ(day_mask(p, 2026, 2), bit(28) | bit(25));
  EXPECT_EQ(day_mask(p, 2028, 2), bit(29) | bit(26));
  p.last_day_offsets = 1u << 30;  // L-30: only months with 31 days have a day 1 left
  EXPECT_EQ(day_mask(p, 2026, 1), bit(1));
  EXPECT_EQ(day_mask(p, 2026, 4), 0u);
}

TEST(DayMask, NearestWeekdayStaysInTheMonth) {
  Pattern p = days_only();
  p.day_specials = true;
  p.nearest_weekdays = bit(1);
  EXPECT_EQ(day_mask(p, 2026, 8), bit(3));  // Sat 1st -> Mon 3rd
  p.nearest_weekdays = bit(31);
  EXPECT_EQ(day_mask(p, 2026, 5), bit(29));  // Sun 31st -> Fri 29th
  EXPECT_EQ(day_mask(p, 2026, 4), 0u);       // no 31st
  p.nearest_weekdays = bit(15);
  EXPECT_EQ(day_mask(p, 2026, 8), bit(14));  // Sat 15th -> Fri 14th
  p.nearest_weekdays = 0;
  p.last_day_offsets_weekday = 1;            // LW
  EXPECT_EQ(day_mask(p, 2026, 1), bit(30));  // Sat 31st -> Fri 30th
}

TEST(DayMask, NthAndLastWeekdays) {
  Pattern p = days_only();
  p.days = 0xfffffffeu;  // day-of-month '?'
  p.weekdays = 0;
  p.day_specials = true;
  p.nth_weekdays[2] = 1u << 5;  // third Friday
  EXPECT_EQ(day_mask(p, 2026, 3), bit(20));
  p.nth_weekdays[2] = 0;
  p.nth_weekdays[4] = 1u << 5;  // fifth Friday: January 2026 has one, February none
  EXPECT_EQ(day_mask(p, 2026, 1), bit(30));
  EXPECT_EQ(day_mask(p, 2026, 2), 0u);
  p.nth_weekdays[4] = 0;
  p.last_weekdays = 1u << 1;  // last Monday
  EXPECT_EQ(day_mask(p, 2026, 5), bit(25));
}

TEST(DayMask, OrAndAndRules) {
  Pattern p = days_only();
  p.days = bit(1);
  p.weekdays = 1u << 1;  // Mondays
  p.day_or = true;
  EXPECT_EQ(std::popcount(day_mask(p, 2026, 6)), 5);  // Jun 1 is a Monday: 1, 8, 15, 22, 29
  p.day_or = false;
  EXPECT_EQ(day_mask(p, 2026, 6), bit(1));
}

TEST(SomeDayCanMatch, DecidesImpossibleDates) {
  Pattern p = days_only();
  p.days = bit(30);
  p.months = 1u << 2;
  EXPECT_FALSE(some_day_can_match(p));
  p.days = bit(29);
  EXPECT_TRUE(some_day_can_match(p));
  p.weekdays = 1u << 1;  // Feb 29th on a Monday (AND) still exists
  EXPECT_TRUE(some_day_can_match(p));
}

TEST(LocalSearch, RespectsLimitsAndReportsExhaustedYears) {
  Pattern p = days_only();
  p.days = bit(1);
  p.year_terms[0] = {2026, 2026, 1};
  p.year_count = 1;
  const std::int64_t jan2026 = 1767225600;  // 2026-01-01T00:00:00 local
  EXPECT_EQ(next_local(p, jan2026, jan2026 + 86400), jan2026);
  EXPECT_EQ(next_local(p, jan2026 + 1, jan2026 + 86400), kNoMatch);
  EXPECT_EQ(next_local(p, jan2026 + 400LL * 86400, jan2026 + 4000LL * 86400), kExhausted);
  EXPECT_EQ(prev_local(p, jan2026 - 1, 0), kExhausted);
}

}  // namespace
}  // namespace fuzzycron::engine
