// Fire times on the UTC timeline: the calendar search runs on local wall-clock
// time one zone interval (a stretch of constant offset) at a time, and the DST
// policy decides what happens at the edges of each interval (docs/dst.md).
#include "fuzzycron/schedule.h"

#include <algorithm>

#include "engine/calendar_search.h"
#include "engine/compiled_schedule.h"
#include "engine/zone.h"

namespace fuzzycron {
namespace {

using engine::kExhausted;
using engine::kNoMatch;
using engine::kZoneSlack;
using engine::Pattern;
using engine::ZoneInterval;
using Gap = DstPolicy::Gap;
using Overlap = DstPolicy::Overlap;

// No fire within one 400-year Gregorian cycle means never (docs/dst.md).
constexpr std::int64_t kHorizon = std::int64_t{146097} * 86400;

// The local times [lo, hi] of interval z that belong to it under the overlap
// rule: with `first`, a repeated stretch at its start fired in the previous
// interval already; with `last`, one at its end fires again in the next.
struct LocalSpan {
  std::int64_t lo, hi;
};
LocalSpan usable(const Pattern& p, const ZoneInterval& z, std::int64_t lo, std::int64_t hi) {
  if (p.overlap == std::uint8_t(Overlap::first) && z.prev_offset > z.offset) lo = std::max(lo, z.begin + z.prev_offset);
  if (p.overlap == std::uint8_t(Overlap::last) && z.next_offset < z.offset)
    hi = std::min(hi, z.end + z.next_offset - 1);
  return {lo, hi};
}

// With gap policy `shift`, a schedule with a local time inside the gap just
// before z fires once at z.begin. The gap's wall-clock times are [lo, end).
// A search already made may answer: forward, `found` is the first match at or
// after `searched`; backward, the last one at or before it.
bool shifted_into(const Pattern& p, const ZoneInterval& z, std::int64_t searched, std::int64_t found,
                  bool backward = false) {
  if (p.gap != std::uint8_t(Gap::shift) || z.prev_offset >= z.offset) return false;
  const std::int64_t lo = z.begin + z.prev_offset, end = z.begin + z.offset;
  if (!backward && searched <= lo && (found == kNoMatch || found >= lo)) return found != kNoMatch && found < end;
  if (backward && searched >= end - 1 && (found == kNoMatch || found < end)) return found != kNoMatch && found >= lo;
  const std::int64_t r = engine::next_local(p, lo, end - 1);
  return r != kNoMatch && r != kExhausted;
}

// With gap policy `later`, a local time L inside the gap just before z fires at
// L - prev_offset, the gap's length later on the wall clock (02:30 -> 03:30):
// at instants [z.begin, z.begin + gap). The first such fire at or after u, or
// (backward) the last at or before u; kNoMatch if none.
std::int64_t moved_later(const Pattern& p, const ZoneInterval& z, std::int64_t u, bool backward = false) {
  if (p.gap != std::uint8_t(Gap::later) || z.prev_offset >= z.offset) return kNoMatch;
  const std::int64_t lo = z.begin + z.prev_offset, end = std::min(z.begin + z.offset, z.end + z.prev_offset);
  const std::int64_t r = backward ? engine::prev_local(p, std::min(u + z.prev_offset, end - 1), lo)
                                  : engine::next_local(p, std::max(u + z.prev_offset, lo), end - 1);
  return r == kNoMatch || r == kExhausted || r < lo || r >= end ? kNoMatch : r - z.prev_offset;
}

// A wall-clock search already made for next_of/prev_of: forward, `found` is
// the first match at or after `searched`; backward, the last at or before it.
struct Searched {
  std::int64_t searched, found;
};
constexpr Searched kNotSearched{INT64_MAX, kNoMatch};
constexpr Searched kNotSearchedBack{INT64_MIN, kNoMatch};

std::int64_t next_of(const Pattern& p, const engine::Zone& zone, std::int64_t t, Searched known = kNotSearched) {
  if (p.never || t >= engine::kMaxInstant) return kNoMatch;
  std::int64_t u = t + 1;
  const std::int64_t horizon = std::min(t + kHorizon, engine::kMaxInstant);
  if (zone.fixed()) {  // UTC and fixed offsets: one search on the wall clock
    const std::int64_t off = zone.fixed_offset();
    const std::int64_t r = engine::next_local(p, u + off, horizon + off);
    return r == kNoMatch || r == kExhausted ? kNoMatch : r - off;
  }
  // One search on the wall clock serves every interval after it: `found` is
  // the first match at or after `searched` (up to local_limit, beyond any
  // interval's wall clock). It is searched again only where an interval's wall
  // clock starts before `searched` (an overlap) or after `found` (a gap).
  const std::int64_t local_limit = horizon + kZoneSlack;
  std::int64_t searched = known.searched, found = known.found;
  while (u <= horizon) {
    const ZoneInterval z = zone.interval_at(u);
    if (u == z.begin && shifted_into(p, z, searched, found)) return u;
    const std::int64_t last = std::min(z.end - 1, horizon);
    const std::int64_t later = moved_later(p, z, u);
    const LocalSpan span = usable(p, z, u + z.offset, last + z.offset);
    if (span.lo <= span.hi) {
      if (span.lo < searched || (found != kNoMatch && found < span.lo)) {
        found = engine::next_local(p, span.lo, local_limit);
        if (found == kExhausted) return kNoMatch;
        searched = span.lo;
      }
      if (found != kNoMatch && found <= span.hi)
        return std::min(found - z.offset, later == kNoMatch ? INT64_MAX : later);
    }
    if (later != kNoMatch && later <= last) return later;
    u = z.end;
    // Intervals whose instants all come kZoneSlack before `found` have wall
    // clocks before it too; when they start after `searched` they hold no match.
    if (found != kNoMatch && z.end + z.next_offset >= searched && zone.long_intervals() &&
        zone.in_table(found - kZoneSlack))
      u = std::max(u, found - kZoneSlack);
  }
  return kNoMatch;
}

std::int64_t prev_of(const Pattern& p, const engine::Zone& zone, std::int64_t t, Searched known = kNotSearchedBack) {
  if (p.never || t <= engine::kMinInstant) return kNoMatch;
  std::int64_t u = t - 1;
  const std::int64_t horizon = std::max(t - kHorizon, engine::kMinInstant);
  if (zone.fixed()) {
    const std::int64_t off = zone.fixed_offset();
    const std::int64_t r = engine::prev_local(p, u + off, horizon + off);
    return r == kNoMatch || r == kExhausted ? kNoMatch : r - off;
  }
  // As in next_of, mirrored: `found` is the last match at or before `searched`.
  const std::int64_t local_floor = horizon - kZoneSlack;
  std::int64_t searched = known.searched, found = known.found;
  while (u >= horizon) {
    const ZoneInterval z = zone.interval_at(u);
    const std::int64_t first = std::max(z.begin, horizon);
    const std::int64_t later = moved_later(p, z, u, /*backward=*/true);
    const LocalSpan span = usable(p, z, first + z.offset, u + z.offset);
    if (span.lo <= span.hi) {
      if (span.hi > searched || (found != kNoMatch && found > span.hi)) {
        found = engine::prev_local(p, span.hi, local_floor);
        if (found == kExhausted) return kNoMatch;
        searched = span.hi;
      }
      if (found != kNoMatch && found >= span.lo)
        return std::max(found - z.offset, later == kNoMatch ? INT64_MIN : later);
    }
    if (later != kNoMatch && later >= first) return later;
    if (z.begin >= horizon && shifted_into(p, z, searched, found, /*backward=*/true)) return z.begin;
    u = z.begin - 1;
    if (found != kNoMatch && z.begin - 1 + z.prev_offset <= searched && zone.long_intervals() &&
        zone.in_table(found + kZoneSlack))
      u = std::min(u, found + kZoneSlack);
  }
  return kNoMatch;
}

// The first / last matching wall-clock minute from `minute` (CompiledSchedule::
// minutes_only): of every day, or of the day of `minute`; kNoMatch to search on.
std::int64_t quick_first_minute(const engine::CompiledSchedule& c, std::int64_t minute) noexcept {
  return c.minutes_every_day ? engine::first_minute_from(c.first, minute) : engine::first_minute_today(c.first, minute);
}
std::int64_t quick_last_minute(const engine::CompiledSchedule& c, std::int64_t minute) noexcept {
  return c.minutes_every_day ? engine::last_minute_from(c.first, minute) : engine::last_minute_today(c.first, minute);
}

// The same in a zone with transitions: the answer when it lies in the zone
// interval of t itself, over a day from its edges (so neither a gap's shifted
// fire nor an overlap rule can apply: no transition moves the clock by a day);
// otherwise kNoMatch and next_of/prev_of decide. In milliseconds; the
// wall-clock minute is the UTC minute plus the offset's.
constexpr std::int64_t kEdgeMs = 86'400'000;

// The first / last fire of a minutes_only schedule after / at-or-before x (base
// milliseconds) if the wall clock ran at `off` minutes from UTC throughout:
// today's next minute, or the search on from the next midnight, which is kept
// in `known` for next_of/prev_of. kNoMatch when there is none.
std::int64_t first_at_offset(const engine::CompiledSchedule& c, std::int64_t x, std::int32_t off,
                             Searched& known) noexcept {
  const std::int64_t from = engine::floor_div(x, 60000) + 1 + off;
  if (const std::int64_t m = quick_first_minute(c, from); m != kNoMatch) return (m - off) * 60000;
  const std::int64_t s = engine::floor_div(x, 1000);
  const std::int64_t horizon = std::min(s + kHorizon, engine::kMaxInstant);
  known = {s + 1 + off * 60,
           engine::next_local(c.first, (engine::floor_div(from, 1440) + 1) * 86400, horizon + kZoneSlack)};
  if (known.found == kNoMatch || known.found == kExhausted) return kNoMatch;
  return (known.found - off * 60) * 1000;
}

std::int64_t last_at_offset(const engine::CompiledSchedule& c, std::int64_t x, std::int32_t off,
                            Searched& known) noexcept {
  const std::int64_t from = engine::floor_div(x, 60000) + off;
  if (const std::int64_t m = quick_last_minute(c, from); m != kNoMatch) return (m - off) * 60000;
  const std::int64_t s = -engine::floor_div(-x - 1, 1000);  // ceil((x + 1) / 1000): prev_of's instant
  const std::int64_t horizon = std::max(s - kHorizon, engine::kMinInstant);
  known = {s - 1 + off * 60,
           engine::prev_local(c.first, engine::floor_div(from, 1440) * 86400 - 1, horizon - kZoneSlack)};
  if (known.found == kNoMatch || known.found == kExhausted) return kNoMatch;
  return (known.found - off * 60) * 1000;
}

std::int64_t next_minute_in_interval(const engine::CompiledSchedule& c, std::int64_t t, Searched& known) noexcept {
  const std::int64_t x = t - c.offset.count();  // fire times on the base schedule are > x
  // Most instants lie in a steady bucket: the offset in one load, and an answer
  // in the same or the next bucket needs no more.
  if (const std::int32_t off = c.zone->steady_offset_minutes(x); off != engine::Zone::kUnsteady) {
    const std::int64_t r = first_at_offset(c, x, off, known);
    if (r == kNoMatch) return kNoMatch;
    if (c.zone->steady_offset_minutes(r) == off && engine::Zone::steady_neighbours(x, r)) return r + c.offset.count();
    if (known.found != kNoMatch) return kNoMatch;  // next_of goes on from the search
  }
  const auto z = c.zone->minute_stretch_at(x);
  if (x - z.begin_ms < kEdgeMs) return kNoMatch;
  const std::int64_t r = first_at_offset(c, x, z.offset_minutes, known);
  if (r == kNoMatch || z.end_ms - r <= kEdgeMs || r > engine::kMaxInstant * 1000) return kNoMatch;
  return r + c.offset.count();
}

std::int64_t prev_minute_in_interval(const engine::CompiledSchedule& c, std::int64_t t, Searched& known) noexcept {
  const std::int64_t x = t - c.offset.count() - 1;  // fire times on the base schedule are <= x
  if (const std::int32_t off = c.zone->steady_offset_minutes(x); off != engine::Zone::kUnsteady) {
    const std::int64_t r = last_at_offset(c, x, off, known);
    if (r == kNoMatch) return kNoMatch;
    if (c.zone->steady_offset_minutes(r) == off && engine::Zone::steady_neighbours(r, x)) return r + c.offset.count();
    if (known.found != kNoMatch) return kNoMatch;  // prev_of goes on from the search
  }
  const auto z = c.zone->minute_stretch_at(x);
  if (z.end_ms - x <= kEdgeMs) return kNoMatch;
  const std::int64_t r = last_at_offset(c, x, z.offset_minutes, known);
  if (r == kNoMatch || r - z.begin_ms < kEdgeMs || r < engine::kMinInstant * 1000) return kNoMatch;
  return r + c.offset.count();
}

using std::chrono::milliseconds;
using std::chrono::seconds;

// The compiled lines in order: the first, then those of a multi-line spec.
template <class F>
void for_each_line(const engine::CompiledSchedule& c, F f) noexcept {
  f(c.first);
  for (const auto& p : c.more) f(p);
}

}  // namespace

namespace engine {

Schedule Access::make(std::span<const Pattern> patterns, TimeZone zone, DstPolicy dst, milliseconds spread_offset) {
  auto c = std::make_shared<CompiledSchedule>();
  c->first = patterns[0];
  c->more.assign(patterns.begin() + 1, patterns.end());
  c->zone = zone.zone_;
  c->dst = dst;
  c->offset = spread_offset;
  c->fixed_zone = c->zone->fixed();
  if (c->fixed_zone) c->fixed_offset = c->zone->fixed_offset();
  const Pattern& p = c->first;
  c->minutes_only = c->more.empty() && !p.never && p.seconds == 1 && !p.day_specials && p.year_count == 0;
  c->minutes_every_day = c->minutes_only && matches_every_day(p);
  return Schedule(std::move(c));
}

std::vector<Pattern> Access::patterns(const Schedule& s) {
  std::vector<Pattern> out{s.compiled_->first};
  out.insert(out.end(), s.compiled_->more.begin(), s.compiled_->more.end());
  return out;
}

}  // namespace engine

Schedule::Schedule(std::shared_ptr<const engine::CompiledSchedule> compiled) noexcept
    : compiled_(std::move(compiled)) {}

Schedule::Schedule() noexcept {
  static const Schedule never = [] {
    Pattern p;
    p.never = true;
    return engine::Access::make({&p, 1}, TimeZone::utc(), DstPolicy::cronie());
  }();
  compiled_ = never.compiled_;
}

bool Schedule::never() const noexcept {
  bool never = true;
  for_each_line(*compiled_, [&](const Pattern& p) { never = never && p.never; });
  return never;
}

TimeZone Schedule::zone() const noexcept { return engine::Access::time_zone(compiled_->zone); }
DstPolicy Schedule::dst() const noexcept { return compiled_->dst; }
milliseconds Schedule::seed_offset() const noexcept { return compiled_->offset; }

// Base fire times are whole seconds; with a spread offset, f + offset > t
// exactly when f > floor(t - offset), and f + offset < t when f < ceil(t - offset).
std::int64_t Schedule::next_ms(sys_milliseconds t) const noexcept {
  // Just outside the range of fire times, so that nothing below overflows.
  if (t >= kLastInstant + seconds{1}) [[unlikely]]
    return kNone;
  if (t < kFirstInstant - seconds{1}) [[unlikely]]
    t = kFirstInstant - seconds{1};
  if (compiled_->limited || compiled_->is_interval) [[unlikely]]
    return engine::limited_next_ms(*compiled_, t);
  return engine::base_next_ms(*compiled_, t);
}

std::int64_t engine::base_next_ms(const engine::CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (c.minutes_only) {
    if (!c.fixed_zone) {
      Searched known = kNotSearched;
      if (const std::int64_t r = next_minute_in_interval(c, t.time_since_epoch().count(), known); r != kNoMatch)
        return r;
      if (known.found == kExhausted) return kNone;
      const std::int64_t s = std::chrono::floor<seconds>(t - c.offset).time_since_epoch().count();
      const std::int64_t r = next_of(c.first, *c.zone, s, known);
      return r == kNoMatch ? kNone : r * 1000 + c.offset.count();
    } else {  // straight from milliseconds to minutes; a fire within a day, so no horizon
      const std::int64_t local_ms = c.fixed_offset * std::int64_t{1000} - c.offset.count();
      const std::int64_t from = engine::floor_div(t.time_since_epoch().count() + local_ms, 60000) + 1;
      const std::int64_t m = quick_first_minute(c, from);
      if (m != kNoMatch) return m * 60 - c.fixed_offset <= engine::kMaxInstant ? m * 60000 - local_ms : kNone;
      // Nothing more that day: the search goes on from the next midnight.
      const std::int64_t s = std::chrono::floor<seconds>(t - c.offset).time_since_epoch().count();
      const std::int64_t horizon = std::min(s + kHorizon, engine::kMaxInstant);
      const std::int64_t r =
          engine::next_local(c.first, (engine::floor_div(from, 1440) + 1) * 86400, horizon + c.fixed_offset);
      return r == kNoMatch || r == kExhausted ? kNone : (r - c.fixed_offset) * 1000 + c.offset.count();
    }
  }
  const std::int64_t s = std::chrono::floor<seconds>(t - c.offset).time_since_epoch().count();
  std::int64_t best = next_of(c.first, *c.zone, s);
  for (const auto& p : c.more) {  // the earliest over the lines of a Jenkins spec
    const std::int64_t r = next_of(p, *c.zone, s);
    if (r != kNoMatch && (best == kNoMatch || r < best)) best = r;
  }
  if (best == kNoMatch) return kNone;
  return best * 1000 + c.offset.count();
}

std::int64_t Schedule::prev_ms(sys_milliseconds t) const noexcept {
  if (t <= kFirstInstant - seconds{1}) [[unlikely]]
    return kNone;
  if (t > kLastInstant + seconds{1}) [[unlikely]]
    t = kLastInstant + seconds{1};
  if (compiled_->limited || compiled_->is_interval) [[unlikely]]
    return engine::limited_prev_ms(*compiled_, t);
  return engine::base_prev_ms(*compiled_, t);
}

std::int64_t engine::base_prev_ms(const engine::CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (c.minutes_only) {
    if (!c.fixed_zone) {
      Searched known = kNotSearchedBack;
      if (const std::int64_t r = prev_minute_in_interval(c, t.time_since_epoch().count(), known); r != kNoMatch)
        return r;
      if (known.found == kExhausted) return kNone;
      const std::int64_t s = std::chrono::ceil<seconds>(t - c.offset).time_since_epoch().count();
      const std::int64_t r = prev_of(c.first, *c.zone, s, known);
      return r == kNoMatch ? kNone : r * 1000 + c.offset.count();
    } else {  // the last minute start strictly before t: ceil(x / 60000) - 1 = floor((x - 1) / 60000)
      const std::int64_t local_ms = c.fixed_offset * std::int64_t{1000} - c.offset.count();
      const std::int64_t from = engine::floor_div(t.time_since_epoch().count() + local_ms - 1, 60000);
      const std::int64_t m = quick_last_minute(c, from);
      if (m != kNoMatch) return m * 60 - c.fixed_offset >= engine::kMinInstant ? m * 60000 - local_ms : kNone;
      // Nothing earlier that day: the search goes on from the last second before its midnight.
      const std::int64_t s = std::chrono::ceil<seconds>(t - c.offset).time_since_epoch().count();
      const std::int64_t horizon = std::max(s - kHorizon, engine::kMinInstant);
      const std::int64_t r =
          engine::prev_local(c.first, engine::floor_div(from, 1440) * 86400 - 1, horizon + c.fixed_offset);
      return r == kNoMatch || r == kExhausted ? kNone : (r - c.fixed_offset) * 1000 + c.offset.count();
    }
  }
  const std::int64_t s = std::chrono::ceil<seconds>(t - c.offset).time_since_epoch().count();
  std::int64_t best = prev_of(c.first, *c.zone, s);  // kNoMatch is INT64_MIN: any fire time is later
  for (const auto& p : c.more) best = std::max(best, prev_of(p, *c.zone, s));
  if (best == kNoMatch) return kNone;
  return best * 1000 + c.offset.count();
}

FireTimes Schedule::fires(sys_milliseconds from, sys_milliseconds to) const { return FireTimes(*this, from, to); }

FireTimes::iterator::iterator(const FireTimes* r, std::optional<value_type> c) noexcept : range_(r), current_(c) {
  start_walk();
}

// From the current fire time of a CompiledSchedule::minutes_every_day schedule:
// its wall-clock minute in the stretch of constant offset around it.
void FireTimes::iterator::start_walk() noexcept {
  walk_.until_ms = INT64_MIN;
  const engine::CompiledSchedule& c = engine::Access::compiled(range_->schedule_);
  // The walk knows nothing of bounds, excluded days or moves.
  if (!current_ || !c.minutes_every_day || c.limited || c.is_interval) return;
  const std::int64_t x = current_->time_since_epoch().count() - c.offset.count();
  if (c.fixed_zone) {
    if (c.fixed_offset % 60 != 0) return;
    walk_.offset_minutes = c.fixed_offset / 60;
    walk_.until_ms = engine::kMaxInstant * 1000 + 1;
  } else {
    const auto z = c.zone->minute_stretch_at(x);
    walk_.offset_minutes = z.offset_minutes;
    walk_.until_ms = z.end_ms - kEdgeMs;
  }
  const std::int64_t minute = engine::floor_div(x, 60000) + walk_.offset_minutes;
  walk_.day_minute = engine::floor_div(minute, 1440) * 1440;
  const int of_day = static_cast<int>(minute - walk_.day_minute);
  walk_.hour = of_day / 60;
  walk_.minute = of_day % 60;
  // A fire shifted out of a DST gap is at a time of day the masks do not hold:
  // the walk starts from the next one.
  if (!(c.first.hours >> walk_.hour & 1) || !(c.first.minutes >> walk_.minute & 1)) walk_.until_ms = INT64_MIN;
}

FireTimes::iterator FireTimes::begin() const noexcept {
  auto first = schedule_.next(from_ - milliseconds{1});
  if (first && *first >= to_) first.reset();
  return iterator(this, first);
}

FireTimes::iterator& FireTimes::iterator::operator++() noexcept {
  const engine::CompiledSchedule& c = engine::Access::compiled(range_->schedule_);
  if (current_->time_since_epoch().count() - c.offset.count() < walk_.until_ms) {
    // The next minute the hour and minute masks allow, today or tomorrow. Field
    // by field: a copy of the whole struct would be reloaded wider than it was
    // stored, which stalls store forwarding on every step.
    const Pattern& p = c.first;
    std::int64_t day = walk_.day_minute;
    int hour = walk_.hour, minute;
    if (const std::uint64_t m = p.minutes & (~std::uint64_t{0} << (walk_.minute + 1))) {
      minute = std::countr_zero(m);
    } else if (const std::uint32_t h = p.hours & (~std::uint32_t{0} << (hour + 1))) {
      hour = std::countr_zero(h);
      minute = std::countr_zero(p.minutes);
    } else {
      day += 1440;
      hour = std::countr_zero(p.hours);
      minute = std::countr_zero(p.minutes);
    }
    const std::int64_t base = (day + hour * 60 + minute - walk_.offset_minutes) * 60000;
    if (base < walk_.until_ms) {
      walk_.day_minute = day;
      walk_.hour = hour;
      walk_.minute = minute;
      current_ = sys_milliseconds{milliseconds{base + c.offset.count()}};
      if (*current_ >= range_->to_) current_.reset();
      return *this;
    }
  }
  current_ = range_->schedule_.next(*current_);
  if (current_ && *current_ >= range_->to_) current_.reset();
  start_walk();
  return *this;
}

}  // namespace fuzzycron
