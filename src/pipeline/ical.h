// Excluded days and spans from an iCalendar file (RFC 5545) through libical
// (docs/calendars.md): each VEVENT's occurrences (RRULE, RDATE, EXDATE),
// all-day events as local dates, timed ones as spans of instants.
#pragma once

#include <string>
#include <vector>

#include "engine/compiled_schedule.h"
#include "engine/zone.h"

namespace fuzzycron::pipeline {

using engine::CompiledSchedule;
using engine::Zone;

struct CalendarExclusions {
  std::vector<CompiledSchedule::DayRange> days;
  std::vector<CompiledSchedule::Span> spans;
  std::size_t events = 0;
  std::size_t timed = 0;  // events with a time of day (not all-day)
};

// Limits that keep a hostile file from hanging a parse: its size, and the
// occurrences expanded (a rule without an end stops at kIcalHorizonYear).
inline constexpr std::size_t kIcalMaxBytes = 16u << 20;
inline constexpr std::size_t kIcalMaxOccurrences = 100'000;
inline constexpr int kIcalHorizonYear = 2100;

// Throws Error(argument) naming the file: unreadable, too big, not iCalendar,
// an unknown TZID, too many occurrences; or, built without libical, saying so.
// Floating times are wall times in `zone`. `text` and `column` locate errors.
CalendarExclusions read_ical_file(const std::string& path, const Zone& zone, const std::string& text, int column);

}  // namespace fuzzycron::pipeline
