// fuzzycron/calendar.h — what an `except` text names, item by item: dates,
// ranges and iCalendar files with the events they hold (docs/calendars.md).
// For explain ("except the 11 holidays in holidays.ics") and lint.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/parse.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

struct ExceptItem {
  std::string text{};      // as written, without the blanks around it
  bool file = false;       // an iCalendar file (otherwise a date or a range)
  std::size_t events = 0;  // a file's VEVENTs
  bool all_day = true;     // every event of a file is all-day
  std::size_t days = 0;    // a date or range: its days
};

// The items of options.except, each file read (in options.time_zone) as
// parse() reads it. Throws fuzzycron::Error as parse() does for a bad item.
//
// Example:
//   ParseOptions o;
//   o.except = "2026-12-24..2026-12-26";
//   except_items(o)[0].days;  // == 3
FUZZYCRON_EXPORT std::vector<ExceptItem> except_items(const ParseOptions& options);

}  // namespace fuzzycron
