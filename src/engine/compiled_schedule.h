// What a Schedule holds, and the internal access path to it: the compiled
// lines are not part of the public API (or ABI), but the compiler, the tests
// and the benchmarks build and read them here.
#pragma once

#include <chrono>
#include <memory>
#include <span>
#include <vector>

#include "engine/pattern.h"
#include "engine/zone.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/time_zone.h"

namespace fuzzycron::engine {

struct CompiledSchedule {
  Pattern first;
  // Further lines of a multi-line Jenkins spec; empty (no allocation) otherwise.
  std::vector<Pattern> more;
  const Zone* zone;
  DstPolicy dst;
  std::chrono::milliseconds offset{0};
  // Set by make() for next()/prev()'s shortest paths: one line at second 0
  // only without L, W, # or years (whole minutes, today decided by its own
  // bits); of those, one that fires every calendar day (no civil date at all);
  // and whether the zone has a fixed offset (UTC, or a zone that never changed).
  bool minutes_only = false;
  bool minutes_every_day = false;
  bool fixed_zone = false;
  std::int32_t fixed_offset = 0;  // local = instant + fixed_offset, when fixed_zone
};

struct Access {
  // `patterns` holds at least one line.
  static Schedule make(std::span<const Pattern> patterns, TimeZone zone, DstPolicy dst,
                       std::chrono::milliseconds spread_offset = std::chrono::milliseconds{0});
  static const CompiledSchedule& compiled(const Schedule& s) noexcept { return *s.compiled_; }
  // Every compiled line, the first one included.
  static std::vector<Pattern> patterns(const Schedule& s);
  static const Pattern& first(const Schedule& s) noexcept { return s.compiled_->first; }
  static const Zone& zone(TimeZone z) noexcept { return *z.zone_; }
  static TimeZone time_zone(const Zone* z) noexcept { return TimeZone(z); }
};

}  // namespace fuzzycron::engine
