// The compiled form of one cron line: bit sets per
// field plus what L, W and # need. Data only; the search lives in src/engine.
#pragma once

#include <array>
#include <cstdint>

namespace fuzzycron::engine {

// A year term: lo..hi every `step` years.
struct YearTerm {
  std::int16_t lo, hi, step;
};

struct Pattern {
  std::uint64_t seconds = 0;                   // bit s, 0..59
  std::uint64_t minutes = 0;                   // bit m, 0..59
  std::uint32_t hours = 0;                     // bit h, 0..23
  std::uint32_t days = 0;                      // bit d, 1..31: plain day-of-month values
                                               // (bit 0: croniter's nW, a day past the month's end is its last)
  std::uint32_t last_day_offsets = 0;          // bit n: the day (last - n)          L, L-n
  std::uint32_t last_day_offsets_weekday = 0;  // bit n: weekday nearest (last - n)  LW, L-nW
  std::uint32_t nearest_weekdays = 0;          // bit d: weekday nearest d           dW
                                               // (bit 0: Spring's rule: a Sunday moves forward only)
  std::uint16_t months = 0;                    // bit m, 1..12
  std::uint8_t weekdays = 0;                   // bit w, 0 = Sunday .. 6
  std::uint8_t last_weekdays : 7 = 0;          // bit w: last such weekday of the month  wL
  std::uint8_t never : 1 = 0;                  // no calendar day can ever match (here: the byte has room)
  std::array<std::uint8_t, 5> nth_weekdays{};  // [k-1] bit w: k-th such weekday       w#k
  std::uint8_t year_count : 2 = 0;             // 0: every year, else year_terms[0..count)
  std::uint8_t gap : 2 = 0;                    // DstPolicy::Gap after resolving `cron`
  std::uint8_t overlap : 2 = 0;                // DstPolicy::Overlap after resolving `cron`
  std::uint8_t day_or : 1 = 0;                 // day-of-month OR day-of-week (Vixie); otherwise AND
  std::uint8_t day_specials : 1 = 0;           // any of the L/W/# masks is set
  // Up to three progressions; single years continuing one are merged into it.
  std::array<YearTerm, 3> year_terms{};
};

}  // namespace fuzzycron::engine
