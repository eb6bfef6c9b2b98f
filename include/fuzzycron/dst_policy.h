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
    skip,   // never fire for them
    shift,  // fire once at the first instant after the gap
  };
  // Local times that occur twice (fall back).
  enum class Overlap : unsigned char { first, last, both };

  // `cron` (the default): cronie's behaviour. A schedule whose minute or hour
  // field text starts with '*' is an interval schedule (skip-both); any other
  // is fixed-time (shift-first).
  bool cron = true;
  Gap gap = Gap::shift;
  Overlap overlap = Overlap::first;

  static constexpr DstPolicy cronie() noexcept { return {}; }
  static constexpr DstPolicy of(Gap g, Overlap o) noexcept { return {false, g, o}; }

  // "cron", "wall" (= skip-both) or "<skip|shift>-<first|last|both>".
  static std::optional<DstPolicy> from_name(std::string_view name) noexcept;
  std::string name() const;

  friend bool operator==(const DstPolicy&, const DstPolicy&) = default;
};

}  // namespace fuzzycron
