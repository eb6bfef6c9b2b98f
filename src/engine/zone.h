// Time-zone offsets as a sorted table of intervals, built once per zone from
// date/tz so that next()/prev() find an offset with a binary search and no lock.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <memory>

#include "engine/limits.h"
#include "engine/posix_rule.h"

namespace date {
class time_zone;
}

namespace fuzzycron::detail {

// Instants are seconds since 1970-01-01T00:00:00Z.
struct ZoneInterval {
  std::int64_t begin;        // first instant with this offset
  std::int64_t end;          // first instant after it
  std::int32_t offset;       // local = instant + offset
  std::int32_t prev_offset;  // offset just before begin (== offset: no transition)
  std::int32_t next_offset;  // offset at end
};

class Zone {
 public:
  // nullptr: UTC.
  explicit Zone(const date::time_zone* tz, std::string name);

  const std::string& name() const noexcept { return name_; }
  bool is_utc() const noexcept { return tz_ == nullptr; }
  bool fixed() const noexcept { return table_.size() == 1; }
  std::int32_t fixed_offset() const noexcept { return table_.front().offset; }
  ZoneInterval interval_at(std::int64_t t) const noexcept;
  std::int32_t offset_at(std::int64_t t) const noexcept { return interval_at(t).offset; }

 private:
  ZoneInterval from_tzdb(std::int64_t t) const noexcept;
  RuleInterval info_at(std::int64_t t) const;

  struct Entry {
    std::int64_t begin;
    std::int32_t offset;
  };
  const date::time_zone* tz_;
  // The TZif footer's POSIX rule: date/tz with the OS database stops at the
  // file's last explicit transition (2037), the rule carries the zone on.
  std::unique_ptr<PosixRule> rule_;
  std::int64_t rule_from_ = INT64_MAX;  // first instant the rule answers for
  std::int32_t offset_before_ = 0, offset_after_ = 0;  // just outside the table
  std::string name_;
  std::vector<Entry> table_;  // offsets change at each begin; covers [table_lo_, table_hi_)
  // bucket_[(t - table_lo_) >> kBucketShift]: the last entry that begins at or
  // before the bucket's start, so a lookup scans at most a few entries.
  static constexpr int kBucketShift = 25;  // about 388 days
  std::vector<std::uint32_t> bucket_;
  std::int64_t table_lo_, table_hi_;
};

// Interned zones (never freed). Throws std::runtime_error for unknown names.
const Zone* find_zone(const std::string& name);
const Zone* utc_zone() noexcept;

}  // namespace fuzzycron::detail
