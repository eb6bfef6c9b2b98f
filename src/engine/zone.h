// Time-zone offsets as a sorted table of intervals, built once per zone from
// date/tz so that next()/prev() find an offset with a binary search and no lock.
#pragma once

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include <memory>

#include "engine/limits.h"
#include "engine/posix_rule.h"
#include "engine/tzif.h"

namespace date {
class time_zone;
}

namespace fuzzycron::engine {

// More than any zone's offset from UTC or change of offset, in seconds.
inline constexpr std::int64_t kZoneSlack = 2 * 86400;

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
  // From the zone's TZif file (builds without date/tz's database, and tests).
  Zone(std::shared_ptr<const Tzif> tzif, std::string name);

  const std::string& name() const noexcept { return name_; }
  bool is_utc() const noexcept { return tz_ == nullptr && tzif_ == nullptr; }
  bool fixed() const noexcept { return table_.size() == 1; }
  std::int32_t fixed_offset() const noexcept { return table_.front().offset; }
  ZoneInterval interval_at(std::int64_t t) const noexcept;
  // True when every interval in [table_lo, table_hi) lasts at least kZoneSlack,
  // so wall-clock starts (and ends) of intervals rise from one to the next
  // and a search may skip intervals that lie wholly before (after) its answer.
  bool long_intervals() const noexcept { return long_intervals_; }
  bool in_table(std::int64_t t) const noexcept { return t >= table_lo_ && t < table_hi_; }
  // What next()/prev()'s shortest path needs of interval_at(), looked up by
  // milliseconds so no division comes before the table: the stretch of constant
  // offset around t_ms, and that offset in whole minutes. An empty stretch
  // where it does not apply (outside the table, an offset with seconds).
  struct MinuteStretch {
    std::int64_t begin_ms, end_ms;
    std::int32_t offset_minutes;
  };
  MinuteStretch minute_stretch_at(std::int64_t t_ms) const noexcept;
  // Faster still, one load: the offset in whole minutes at t_ms when no
  // transition lies within a day of t_ms's steady bucket (about 12 days,
  // 1900-2200), else kUnsteady; and whether two instants lie in the same or
  // neighbouring buckets (then both steady with one offset means no transition between).
  static constexpr std::int32_t kUnsteady = INT32_MIN;
  std::int32_t steady_offset_minutes(std::int64_t t_ms) const noexcept {
    const auto i = static_cast<std::uint64_t>(t_ms - kSteadyLoMs) >> kSteadyShift;
    if (i >= steady_.size()) return kUnsteady;
    const std::int16_t m = steady_[static_cast<std::size_t>(i)];
    return m == kUnsteady16 ? kUnsteady : m;
  }
  static bool steady_neighbours(std::int64_t t_ms, std::int64_t u_ms) noexcept {
    return ((u_ms - kSteadyLoMs) >> kSteadyShift) - ((t_ms - kSteadyLoMs) >> kSteadyShift) + 1 <= 2u;
  }
  // Most instants are far from any transition: the one-load steady table first.
  std::int32_t offset_at(std::int64_t t) const noexcept {
    if (t > kSteadyLoMs / 1000 && t < kSteadyHiMs / 1000)
      if (const std::int32_t m = steady_offset_minutes(t * 1000); m != kUnsteady) [[likely]]
        return m * 60;
    return interval_at(t).offset;
  }

 private:
  ZoneInterval from_tzdb(std::int64_t t) const noexcept;
  RuleInterval info_at(std::int64_t t) const;
  RuleInterval source_at(std::int64_t t) const;  // date/tz's or the TZif file's, without the rule
  void build(std::unique_ptr<PosixRule> footer);

  static constexpr std::int32_t kNotWholeMinutes = INT32_MIN;
  struct Entry {
    std::int64_t begin;
    std::int32_t offset;
    std::int32_t offset_minutes;  // offset / 60, or kNotWholeMinutes
  };
  const date::time_zone* tz_ = nullptr;
  std::shared_ptr<const Tzif> tzif_;
  // The TZif footer's POSIX rule: date/tz with the OS database stops at the
  // file's last explicit transition (2037), the rule carries the zone on.
  std::unique_ptr<PosixRule> rule_;
  std::int64_t rule_from_ = INT64_MAX;                 // first instant the rule answers for
  std::int32_t offset_before_ = 0, offset_after_ = 0;  // just outside the table
  std::string name_;
  std::vector<Entry> table_;  // offsets change at each begin; covers [table_lo_, table_hi_)
  // bucket_[(t - table_lo_) >> kBucketShift]: the last entry that begins at or
  // before the bucket's start, so a lookup scans at most a few entries.
  static constexpr int kBucketShift = 25;                      // about 388 days
  static constexpr std::int64_t kFar = std::int64_t{1} << 48;  // the table's bounds for a fixed offset
  std::vector<std::uint32_t> bucket_;
  // The same in milliseconds: bucket_ms_[(t_ms - table_lo_ * 1000) >> kBucketShiftMs].
  static constexpr int kBucketShiftMs = 35;  // about 398 days
  std::vector<std::uint32_t> bucket_ms_;
  std::int64_t table_lo_, table_hi_;
  bool long_intervals_ = true;
  // 2^28 ms, about 3.1 days: a transition makes its bucket and a day either
  // side unsteady, so about 16 days a year take the exact path (2^30: 30).
  static constexpr int kSteadyShift = 28;
  static constexpr std::int64_t kSteadyLoMs = -2208988800000;  // 1900-01-01
  static constexpr std::int64_t kSteadyHiMs = 7258118400000;   // 2200-01-01
  static constexpr std::int16_t kUnsteady16 = INT16_MIN;       // offsets in minutes fit 16 bits: 70 KB a zone
  std::vector<std::int16_t> steady_;
};

// Inline: next()/prev() ask it on every call in a zone with transitions.
inline ZoneInterval Zone::interval_at(std::int64_t t) const noexcept {
  if (t < table_lo_ || t >= table_hi_) return from_tzdb(t);
  // Last entry with begin <= t.
  std::size_t i = bucket_.empty() ? 0 : bucket_[static_cast<std::size_t>((t - table_lo_) >> kBucketShift)];
  while (i + 1 < table_.size() && table_[i + 1].begin <= t) ++i;
  ZoneInterval z;
  z.begin = table_[i].begin;
  z.offset = table_[i].offset;
  z.end = i + 1 < table_.size() ? table_[i + 1].begin : table_hi_;
  if (i + 1 < table_.size())
    z.next_offset = table_[i + 1].offset;
  else
    z.next_offset = table_hi_ == kFar ? z.offset : offset_after_;
  if (i > 0)
    z.prev_offset = table_[i - 1].offset;
  else
    z.prev_offset = table_lo_ == -kFar ? z.offset : offset_before_;
  return z;
}

inline Zone::MinuteStretch Zone::minute_stretch_at(std::int64_t t_ms) const noexcept {
  if (bucket_ms_.empty() || t_ms < table_lo_ * 1000 || t_ms >= table_hi_ * 1000) [[unlikely]]
    return {t_ms, t_ms, 0};
  std::size_t i = bucket_ms_[static_cast<std::size_t>((t_ms - table_lo_ * 1000) >> kBucketShiftMs)];
  while (i + 1 < table_.size() && table_[i + 1].begin * 1000 <= t_ms) ++i;
  if (table_[i].offset_minutes == kNotWholeMinutes) return {t_ms, t_ms, 0};
  return {table_[i].begin * 1000, (i + 1 < table_.size() ? table_[i + 1].begin : table_hi_) * 1000,
          table_[i].offset_minutes};
}

// Interned zones (never freed). Throws std::runtime_error for unknown names.
const Zone* find_zone(const std::string& name);
const Zone* utc_zone() noexcept;

}  // namespace fuzzycron::engine
