// fuzzycron/dst_policy.h — what a schedule does in DST gaps and overlaps (docs/dst.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fuzzycron/visibility.h"

namespace fuzzycron {

struct FUZZYCRON_EXPORT DstPolicy {
  // Local times that do not exist (spring forward).
  enum class Gap : unsigned char {
    skip,    // never fire for them
    shift,   // fire once at the first instant after the gap
    later,   // fire each one the gap's length later (02:30 -> 03:30), as java.time and luxon resolve them
    hourly,  // skip for a schedule that fires every hour, else shift (croniter's)
  };
  // Local times that occur twice (fall back).
  enum class Overlap : unsigned char {
    first,
    last,
    both,
    hourly,  // both for a schedule that fires every hour, else first (cron-parser's)
  };

  // `cron` (the default): cronie's behaviour. A schedule whose minute or hour
  // field text starts with '*' is an interval schedule (skip-both); any other
  // is fixed-time (shift-first).
  bool cron = true;
  Gap gap = Gap::shift;
  Overlap overlap = Overlap::first;

  static constexpr DstPolicy cronie() noexcept { return {}; }
  static constexpr DstPolicy of(Gap g, Overlap o) noexcept { return {false, g, o}; }

  // "cron", "wall" (= skip-both) or "<skip|shift|later|hourly>-<first|last|both|hourly>".
  // Example:
  //   const auto p = fuzzycron::DstPolicy::from_name("later-hourly");  // cron-parser's
  //   p->gap;     // == DstPolicy::Gap::later
  //   p->name();  // == "later-hourly"
  //   fuzzycron::DstPolicy::from_name("wall");  // == DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both)
  //   fuzzycron::DstPolicy::from_name("later");  // == std::nullopt

  static std::optional<DstPolicy> from_name(std::string_view name) noexcept;
  std::string name() const;

  friend bool operator==(const DstPolicy&, const DstPolicy&) = default;
};

}  // namespace fuzzycron
