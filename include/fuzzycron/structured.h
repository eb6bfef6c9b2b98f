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
FUZZYCRON_EXPORT Schedule parse_structured(std::string_view json, const ParseOptions& options = {});

}  // namespace fuzzycron
