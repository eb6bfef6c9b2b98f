// A reference matcher for tests: obviously correct and slow. It walks the local
// wall clock, asks the zone what each local time maps to (unique, skipped or
// repeated) and applies the DST policy's definition from SPEC §4 literally. It
// shares no code with the engine's search: days are matched from the
// definitions of L, W and # one day at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/compiled_schedule.h"
#include "fuzzycron/schedule.h"

namespace fuzzycron::reference {

// Instants (seconds since the epoch) at which a local time (seconds since
// 1970-01-01T00:00 on the wall clock) occurs: none in a gap, two in an overlap.
std::vector<std::int64_t> instants_of(const engine::Zone& zone, std::int64_t local);

// Does the compiled line match this local date and time?
bool matches(const engine::Pattern& p, std::int64_t local);

// Every fire time of `s` in [lo, hi] (seconds since the epoch), from a walk over
// local time in steps of one minute, or one second when the schedule has
// seconds other than :00. The spread offset is not applied.
std::vector<std::int64_t> fires(const Schedule& s, std::int64_t lo, std::int64_t hi);

}  // namespace fuzzycron::reference
