// From the text of an anchored interval to what the engine walks: the anchor
// resolved in the schedule's zone, or a phase drawn from the seed.
#pragma once

#include <cstdint>
#include <optional>

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

// A hashed phase (no `from`, no window): how many phases the interval can
// take (0: it has none), and the index of the one the seed draws (below that):
// minutes (or seconds) from the epoch; for `mo`/`y` month * 28 * 1440 + day *
// 1440 + minute. A balance lock names the index in place of the draw.
std::uint64_t phase_slots(const syntax::IntervalSyntax& s);
std::uint64_t drawn_phase(const syntax::IntervalSyntax& s, const Seed& seed);

// `phase`: the index to use in place of the seed's draw (a balance lock's).
// Throws fuzzycron::Error: missing_seed without `from` and without a seed
// (and no window, no phase), syntax for an anchor that the zone's clocks skip.
engine::Interval compile_interval(const syntax::IntervalSyntax& s, const engine::Zone& zone, DstPolicy dst,
                                  const Seed& seed, std::optional<std::uint64_t> phase = std::nullopt);

}  // namespace fuzzycron::compiler
