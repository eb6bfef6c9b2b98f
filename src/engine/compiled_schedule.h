// What a Schedule holds, and the internal access path to it: the compiled
// lines are not part of the public API (or ABI), but the compiler, the tests
// and the benchmarks build and read them here.
#pragma once

#include <chrono>
#include <memory>
#include <span>
#include <vector>

#include "engine/interval.h"
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

  // An anchored interval (docs/intervals.md) in place of the lines above.
  bool is_interval = false;
  Interval interval{};
  // Bounds and excluded days (any schedule), applied around the search; set
  // `limited` so next()/prev() take that path and the walk its slow one.
  bool limited = false;
  // Excluded days only, skipped (no bounds, timed events, cron calendars or
  // moves), the common case: next() takes a shorter path.
  bool days_only = false;
  std::int64_t not_before_ms = INT64_MIN, not_after_ms = INT64_MAX;  // both included
  struct DayRange {
    std::int64_t lo, hi;  // local days since 1970-01-01, both excluded
  };
  std::vector<DayRange> except;  // sorted, disjoint
  // The same days as bits from except_bits_lo (when they span at most
  // kExceptBitsDays): one load says "not excluded" before any search.
  static constexpr std::int64_t kExceptBitsDays = 150'000;
  std::vector<std::uint64_t> except_bits;
  std::int64_t except_bits_lo = 0;
  struct Span {
    std::int64_t lo_ms, hi_ms;  // instants [lo, hi) without fires (timed calendar events)
  };
  std::vector<Span> except_spans;  // sorted by lo_ms, disjoint
  // Cron calendars (Quartz's CronCalendar): a fire in a second (or, for an
  // expression without a seconds field, a minute) the expression matches has
  // no fire. `whole_days`: its time fields match every second, so a matching
  // instant excludes its whole local day and a search jumps the day.
  struct Cron {
    Schedule schedule;
    std::int64_t unit_ms = 60'000;
    bool whole_days = false;
  };
  std::vector<Cron> except_crons;
  // What a fire on an excluded day (`except`) does: skipped, or moved to the
  // next or previous day not excluded, at the same wall-clock time.
  enum class Move : std::uint8_t { skip, following, preceding, modified_following };
  Move move = Move::skip;
};

// Everything with_limits() adds to a schedule.
struct Limits {
  std::int64_t not_before_ms = INT64_MIN, not_after_ms = INT64_MAX;
  std::vector<CompiledSchedule::DayRange> except;
  std::vector<CompiledSchedule::Span> except_spans;
  std::vector<CompiledSchedule::Cron> except_crons;
  CompiledSchedule::Move move = CompiledSchedule::Move::skip;
};

inline constexpr std::int64_t kNone = INT64_MIN;  // Schedule::kNone: no fire time

// The search without bounds or exclusions (schedule.cc), and with them (limited.cc).
std::int64_t base_next_ms(const CompiledSchedule& c, sys_milliseconds t) noexcept;
std::int64_t base_prev_ms(const CompiledSchedule& c, sys_milliseconds t) noexcept;
std::int64_t limited_next_ms(const CompiledSchedule& c, sys_milliseconds t) noexcept;
std::int64_t limited_prev_ms(const CompiledSchedule& c, sys_milliseconds t) noexcept;
bool same_limits(const CompiledSchedule& a, const CompiledSchedule& b) noexcept;
std::uint64_t limits_hash(const CompiledSchedule& c) noexcept;

struct Access {
  // `patterns` holds at least one line.
  static Schedule make(std::span<const Pattern> patterns, TimeZone zone, DstPolicy dst,
                       std::chrono::milliseconds spread_offset = std::chrono::milliseconds{0});
  static const CompiledSchedule& compiled(const Schedule& s) noexcept { return *s.compiled_; }
  // Every compiled line, the first one included.
  static std::vector<Pattern> patterns(const Schedule& s);
  static const Pattern& first(const Schedule& s) noexcept { return s.compiled_->first; }
  // An anchored interval in `zone` (the lines hold a never-matching pattern).
  static Schedule make_interval(const Interval& interval, TimeZone zone, DstPolicy dst,
                                std::chrono::milliseconds spread_offset = std::chrono::milliseconds{0});
  // The same schedule with bounds (ms, both included), excluded local days,
  // spans and cron calendars, and what a fire on an excluded day does.
  static Schedule with_limits(const Schedule& s, Limits limits);
  static bool is_interval(const Schedule& s) noexcept { return s.compiled_->is_interval; }
  static const Zone& zone(TimeZone z) noexcept { return *z.zone_; }
  static TimeZone time_zone(const Zone* z) noexcept { return TimeZone(z); }
};

}  // namespace fuzzycron::engine
