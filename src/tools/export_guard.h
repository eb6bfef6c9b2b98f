// A schedule a target's cron cannot say (an anchored interval, days without
// fires, bounds) is exported as the finest cron expression the target can fire
// and a guard before the job's command: `fuzzycron due`, which lets through
// the target's fires that are the schedule's own (docs/export.md, "Guarded").
// A guarded run at target fire t stands for the schedule's fire in
// (t - window, t]; with the window the target's shortest gap between fires,
// each of the schedule's fires is one target fire, and a target run that
// starts late (less than the window) still finds it.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/fuzzycron.h"

namespace fuzzycron::tools {

// Whether the entry needs a guard: an interval of fuzzycron's own dialects,
// or days without fires or bounds on any schedule.
bool needs_guard(std::string_view schedule, const ParseOptions& options);

// The options without days without fires and bounds: what the target fires.
ParseOptions without_limits(ParseOptions options);

// The finest standard 5-field expression whose fires hold every fire of `s`
// from `from` on: the minutes, hours, days of the month (or of the week) and
// months its fires use over eight years (leap days and weekdays come round).
// Throws Error (unsupported) for a fire off the whole minute.
std::string finest_cron(const Schedule& s, sys_milliseconds from);

// Whether `a` and `b` fire at the same instants over the eight years from
// `from` (the span finest_cron reads): then the cron is the exact equivalent.
bool same_fires(const Schedule& a, const Schedule& b, sys_milliseconds from);

// The target's fires at which a guarded command runs: those with a fire of
// `s` in (t - window, t].
std::vector<sys_milliseconds> guarded_fires(const Schedule& s, const std::vector<sys_milliseconds>& target,
                                            std::chrono::milliseconds window);

// The window for these target fires: their shortest gap, at most a day.
std::chrono::milliseconds guard_window(const std::vector<sys_milliseconds>& target);

// "7d", "30m", "90s": the largest unit the duration is a whole number of.
std::string duration_text(std::chrono::milliseconds d);

// The command as the target runs it: `exec fuzzycron due 'TEXT' -d DIALECT -z
// ZONE --dst POLICY [--except ..] [--not-before ..] [--not-after ..] --window W
// -- /bin/sh -c 'COMMAND'`, shell-quoted. `text`: the schedule with its hash
// forms resolved (the guard needs no seed).
std::string guarded_command(std::string_view text, const ParseOptions& options, std::chrono::milliseconds window,
                            std::string_view command);

}  // namespace fuzzycron::tools
