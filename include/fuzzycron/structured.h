// fuzzycron/structured.h — schedules written as JSON objects (docs/structured.md).
#pragma once

#include <string_view>

#include "fuzzycron/parse.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// {"hour": 11, "minute": 30} fires daily at 11:30:00. Keys: second minute hour
// day_of_month month day_of_week year; each an integer, a list of integers or
// a field string in the options' dialect ("1-5", "*/15"). Fields finer than the
// finest given one default to their minimum, coarser ones to every value;
// day_of_month and day_of_week, when both are given, must both match.
// An anchored interval instead of fields (docs/intervals.md): "every" ("2w",
// "90m"), with "from", "between" (["09:00", "17:00"]) and "on" ("mon-fri").
// With either: "except" (a string or a list: dates, ranges, iCalendar files)
// and "bounds" ({"not_before": T, "not_after": T}), added to the options' own.
FUZZYCRON_EXPORT Schedule parse_structured(std::string_view json, const ParseOptions& options = {});

}  // namespace fuzzycron
