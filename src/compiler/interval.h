// From the text of an anchored interval to what the engine walks: the anchor
// resolved in the schedule's zone, or a phase drawn from the seed.
#pragma once

#include "engine/interval.h"
#include "engine/zone.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/seed.h"
#include "syntax/interval.h"

namespace fuzzycron::compiler {

// The epoch a hashed phase counts from: Monday 2000-01-03T00:00:00, UTC for
// exact durations and on the schedule's wall clock for calendar units
// (docs/intervals.md), so a phase of whole weeks lands on a Monday.
inline constexpr std::int64_t kIntervalEpoch = 946857600;

// Throws fuzzycron::Error: missing_seed without `from` and without a seed
// (and no window), syntax for an anchor that the zone's clocks skip.
engine::Interval compile_interval(const syntax::IntervalSyntax& s, const engine::Zone& zone, DstPolicy dst,
                                  const Seed& seed);

}  // namespace fuzzycron::compiler
