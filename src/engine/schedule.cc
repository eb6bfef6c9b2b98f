// Fire times on the UTC timeline: the calendar search runs on local wall-clock
// time one zone interval (a stretch of constant offset) at a time, and the DST
// policy decides what happens at the edges of each interval (SPEC §4).
#include "fuzzycron/schedule.h"

#include <algorithm>

#include "engine/calendar_search.h"
#include "engine/zone.h"

namespace fuzzycron {
namespace {

using detail::kExhausted;
using detail::kNoMatch;
using detail::Pattern;
using detail::ZoneInterval;
using Gap = DstPolicy::Gap;
using Overlap = DstPolicy::Overlap;

// No fire within one 400-year Gregorian cycle means never (SPEC §4).
constexpr std::int64_t kHorizon = std::int64_t{146097} * 86400;
constexpr std::int64_t kNone = INT64_MIN;

// The local times [lo, hi] of interval z that belong to it under the overlap
// rule: with `first`, a repeated stretch at its start fired in the previous
// interval already; with `last`, one at its end fires again in the next.
struct LocalSpan {
  std::int64_t lo, hi;
};
LocalSpan usable(const Pattern& p, const ZoneInterval& z, std::int64_t lo, std::int64_t hi) {
  if (p.overlap == std::uint8_t(Overlap::first) && z.prev_offset > z.offset)
    lo = std::max(lo, z.begin + z.prev_offset);
  if (p.overlap == std::uint8_t(Overlap::last) && z.next_offset < z.offset)
    hi = std::min(hi, z.end + z.next_offset - 1);
  return {lo, hi};
}

// With gap policy `shift`, a schedule with a local time inside the gap just
// before z fires once at z.begin.
bool shifted_into(const Pattern& p, const ZoneInterval& z) {
  if (p.gap != std::uint8_t(Gap::shift) || z.prev_offset >= z.offset) return false;
  const std::int64_t r = detail::next_local(p, z.begin + z.prev_offset, z.begin + z.offset - 1);
  return r != kNoMatch && r != kExhausted;
}

std::int64_t next_of(const Pattern& p, const detail::Zone& zone, std::int64_t t) {
  if (p.never || t >= detail::kMaxInstant) return kNone;
  std::int64_t u = t + 1;
  const std::int64_t horizon = std::min(t + kHorizon, detail::kMaxInstant);
  if (zone.fixed()) {  // UTC and fixed offsets: one search on the wall clock
    const std::int64_t off = zone.fixed_offset();
    const std::int64_t r = detail::next_local(p, u + off, horizon + off);
    return r == kNoMatch || r == kExhausted ? kNone : r - off;
  }
  while (u <= horizon) {
    const ZoneInterval z = zone.interval_at(u);
    if (u == z.begin && shifted_into(p, z)) return u;
    const std::int64_t last = std::min(z.end - 1, horizon);
    const LocalSpan span = usable(p, z, u + z.offset, last + z.offset);
    if (span.lo <= span.hi) {
      const std::int64_t r = detail::next_local(p, span.lo, span.hi);
      if (r == kExhausted) return kNone;
      if (r != kNoMatch) return r - z.offset;
    }
    u = z.end;
  }
  return kNone;
}

std::int64_t prev_of(const Pattern& p, const detail::Zone& zone, std::int64_t t) {
  if (p.never || t <= detail::kMinInstant) return kNone;
  std::int64_t u = t - 1;
  const std::int64_t horizon = std::max(t - kHorizon, detail::kMinInstant);
  if (zone.fixed()) {
    const std::int64_t off = zone.fixed_offset();
    const std::int64_t r = detail::prev_local(p, u + off, horizon + off);
    return r == kNoMatch || r == kExhausted ? kNone : r - off;
  }
  while (u >= horizon) {
    const ZoneInterval z = zone.interval_at(u);
    const std::int64_t first = std::max(z.begin, horizon);
    const LocalSpan span = usable(p, z, first + z.offset, u + z.offset);
    if (span.lo <= span.hi) {
      const std::int64_t r = detail::prev_local(p, span.hi, span.lo);
      if (r == kExhausted) return kNone;
      if (r != kNoMatch) return r - z.offset;
    }
    if (z.begin >= horizon && shifted_into(p, z)) return z.begin;
    u = z.begin - 1;
  }
  return kNone;
}

using std::chrono::milliseconds;
using std::chrono::seconds;

}  // namespace

Schedule::Schedule(std::vector<detail::Pattern> patterns, TimeZone zone, DstPolicy dst, milliseconds spread_offset)
    : first_(patterns.at(0)), zone_(zone), dst_(dst), offset_(spread_offset) {
  if (patterns.size() > 1)
    all_ = std::make_shared<const std::vector<detail::Pattern>>(std::move(patterns));
}

std::span<const detail::Pattern> Schedule::patterns() const noexcept {
  if (all_) return {all_->data(), all_->size()};
  return {&first_, 1};
}

bool Schedule::never() const noexcept {
  for (const auto& p : patterns())
    if (!p.never) return false;
  return true;
}

// Base fire times are whole seconds; with a spread offset, f + offset > t
// exactly when f > floor(t - offset), and f + offset < t when f < ceil(t - offset).
std::optional<Schedule::time_point> Schedule::next(time_point t) const noexcept {
  if (t >= time_point{seconds{kAfterLast}}) [[unlikely]]
    return std::nullopt;
  if (t < time_point{seconds{kBeforeFirst}}) [[unlikely]]
    t = time_point{seconds{kBeforeFirst}};
  const std::int64_t s = std::chrono::floor<seconds>(t - offset_).time_since_epoch().count();
  std::int64_t best = kNone;
  for (const auto& p : patterns()) {  // the earliest over the lines of a Jenkins spec
    const std::int64_t r = next_of(p, zone_.impl(), s);
    if (r != kNone && (best == kNone || r < best)) best = r;
  }
  if (best == kNone) return std::nullopt;
  return time_point{seconds{best}} + offset_;
}

std::optional<Schedule::time_point> Schedule::prev(time_point t) const noexcept {
  if (t <= time_point{seconds{kBeforeFirst}}) [[unlikely]]
    return std::nullopt;
  if (t > time_point{seconds{kAfterLast}}) [[unlikely]]
    t = time_point{seconds{kAfterLast}};
  const std::int64_t s = std::chrono::ceil<seconds>(t - offset_).time_since_epoch().count();
  std::int64_t best = kNone;  // kNone is INT64_MIN: any fire time is later
  for (const auto& p : patterns()) {
    const std::int64_t r = prev_of(p, zone_.impl(), s);
    if (r > best) best = r;
  }
  if (best == kNone) return std::nullopt;
  return time_point{seconds{best}} + offset_;
}

FireTimes Schedule::fires(time_point from, time_point to) const { return FireTimes(*this, from, to); }

FireTimes::iterator FireTimes::begin() const noexcept {
  auto first = schedule_->next(from_ - std::chrono::milliseconds{1});
  if (first && *first >= to_) first.reset();
  return iterator(this, first);
}

FireTimes::iterator& FireTimes::iterator::operator++() noexcept {
  current_ = range_->schedule_->next(*current_);
  if (current_ && *current_ >= range_->to_) current_.reset();
  return *this;
}

}  // namespace fuzzycron
