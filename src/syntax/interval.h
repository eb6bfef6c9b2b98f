// The text of an anchored interval (docs/intervals.md):
//   @every 2w from 2026-01-06T09:00 | @every 90m from 2026-01-01T00:00Z
//   @every 25m between 09:00 and 17:00 on mon-fri | @every 6h (phase from the seed)
// Read here as written; the compiler resolves the anchor in the schedule's zone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fuzzycron::syntax {

struct IntervalSyntax {
  enum class Unit : std::uint8_t { seconds, days, months };
  Unit unit = Unit::seconds;
  std::int64_t count = 0;  // seconds (s m h and their sums), days (d w) or months (mo y)
  // `from`: a wall-clock date and time, with an offset from UTC when one is written.
  struct Anchor {
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    std::optional<std::int32_t> offset_seconds;  // Z, +01:00
    int column = 0;                              // 1-based, of the anchor's text
  };
  std::optional<Anchor> from;
  // `between A and B`: seconds of the day, B included; `on`: bit w, 0 = Sunday.
  bool window = false;
  std::int32_t window_lo = 0, window_hi = 0;
  std::uint8_t weekdays = 0x7f;
  std::string text;  // the expression, for located errors
  int column = 1;    // of '@every'
};

// True when the text (leading blanks aside) starts with "@every".
bool is_every(std::string_view text) noexcept;

// Throws fuzzycron::Error (syntax) with the column of the mistake.
IntervalSyntax parse_interval(std::string_view text);

}  // namespace fuzzycron::syntax
