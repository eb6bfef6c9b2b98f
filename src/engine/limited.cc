// Anchored intervals, bounds and excluded days: the schedules next()/prev()
// leave their fast paths for. Each search here is bounded: an excluded range
// is jumped over whole, so it is met at most once per call.
#include <algorithm>

#include "engine/calendar_search.h"
#include "engine/compiled_schedule.h"

namespace fuzzycron::engine {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

std::int64_t raw_next(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (!c.is_interval) return base_next_ms(c, t);
  const std::int64_t s = std::chrono::floor<seconds>(t - c.offset).time_since_epoch().count();
  const std::int64_t r = interval_next(c.interval, *c.zone, s);
  return r == kNoMatch ? kNone : r * 1000 + c.offset.count();
}

std::int64_t raw_prev(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (!c.is_interval) return base_prev_ms(c, t);
  const std::int64_t s = std::chrono::ceil<seconds>(t - c.offset).time_since_epoch().count();
  const std::int64_t r = interval_prev(c.interval, *c.zone, s);
  return r == kNoMatch ? kNone : r * 1000 + c.offset.count();
}

// The excluded span holding the instant `ms`, or nullptr.
const CompiledSchedule::Span* in_span(const CompiledSchedule& c, std::int64_t ms) noexcept {
  if (c.except_spans.empty()) return nullptr;
  auto it = std::upper_bound(c.except_spans.begin(), c.except_spans.end(), ms,
                             [](std::int64_t x, const CompiledSchedule::Span& r) { return x < r.lo_ms; });
  if (it == c.except_spans.begin()) return nullptr;
  --it;
  return ms < it->hi_ms ? &*it : nullptr;
}

// The excluded range holding the local day of the fire at `ms`, or nullptr.
const CompiledSchedule::DayRange* excluded(const CompiledSchedule& c, std::int64_t ms) noexcept {
  if (c.except.empty()) return nullptr;
  const std::int64_t s = floor_div(ms, 1000);
  const std::int64_t day = floor_div(s + c.zone->offset_at(s), 86400);
  auto it = std::upper_bound(c.except.begin(), c.except.end(), day,
                             [](std::int64_t d, const CompiledSchedule::DayRange& r) { return d < r.lo; });
  if (it == c.except.begin()) return nullptr;
  --it;
  return day <= it->hi ? &*it : nullptr;
}

// The first instant (ms) of local day `day`: its midnight, or the end of a gap over it.
std::int64_t day_start_ms(const Zone& zone, std::int64_t day) noexcept {
  std::int64_t at[2];
  instants_of_local(zone, day * 86400, static_cast<std::uint8_t>(DstPolicy::Gap::shift),
                    static_cast<std::uint8_t>(DstPolicy::Overlap::first), at);
  return at[0] * 1000;
}

}  // namespace

std::int64_t limited_next_ms(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (c.not_before_ms != INT64_MIN && t.time_since_epoch().count() < c.not_before_ms)
    t = sys_milliseconds{milliseconds{c.not_before_ms - 1}};
  for (std::size_t i = 0; i <= c.except.size() + c.except_spans.size() + 1; ++i) {
    const std::int64_t r = raw_next(c, t);
    if (r == kNone || r > c.not_after_ms) return kNone;
    if (const auto* x = excluded(c, r))
      t = sys_milliseconds{milliseconds{std::max(r, day_start_ms(*c.zone, x->hi + 1) - 1)}};
    else if (const auto* sp = in_span(c, r))
      t = sys_milliseconds{milliseconds{std::max(r, sp->hi_ms - 1)}};
    else
      return r;
  }
  return kNone;
}

std::int64_t limited_prev_ms(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (c.not_after_ms != INT64_MAX && t.time_since_epoch().count() > c.not_after_ms)
    t = sys_milliseconds{milliseconds{c.not_after_ms + 1}};
  for (std::size_t i = 0; i <= c.except.size() + c.except_spans.size() + 1; ++i) {
    const std::int64_t r = raw_prev(c, t);
    if (r == kNone || r < c.not_before_ms) return kNone;
    if (const auto* x = excluded(c, r))
      t = sys_milliseconds{milliseconds{std::min(r, day_start_ms(*c.zone, x->lo))}};
    else if (const auto* sp = in_span(c, r))
      t = sys_milliseconds{milliseconds{std::min(r, sp->lo_ms)}};
    else
      return r;
  }
  return kNone;
}

bool same_limits(const CompiledSchedule& a, const CompiledSchedule& b) noexcept {
  if (a.is_interval != b.is_interval || (a.is_interval && !same_interval(a.interval, b.interval))) return false;
  if (a.not_before_ms != b.not_before_ms || a.not_after_ms != b.not_after_ms || a.except.size() != b.except.size())
    return false;
  for (std::size_t i = 0; i < a.except.size(); ++i)
    if (a.except[i].lo != b.except[i].lo || a.except[i].hi != b.except[i].hi) return false;
  if (a.except_spans.size() != b.except_spans.size()) return false;
  for (std::size_t i = 0; i < a.except_spans.size(); ++i)
    if (a.except_spans[i].lo_ms != b.except_spans[i].lo_ms || a.except_spans[i].hi_ms != b.except_spans[i].hi_ms)
      return false;
  return true;
}

std::uint64_t limits_hash(const CompiledSchedule& c) noexcept {
  std::uint64_t h = 0;
  auto mix = [&](std::uint64_t v) { h = (h ^ v) * 1099511628211ull + 0x9e3779b97f4a7c15ull; };
  if (c.is_interval) {
    const Interval& iv = c.interval;
    mix(static_cast<std::uint64_t>(iv.unit)), mix(static_cast<std::uint64_t>(iv.step));
    mix(static_cast<std::uint64_t>(iv.anchor)), mix(iv.starts), mix(iv.window);
    mix(static_cast<std::uint64_t>(iv.window_lo)), mix(static_cast<std::uint64_t>(iv.window_hi));
    mix(iv.weekdays), mix(iv.gap), mix(iv.overlap);
  }
  mix(static_cast<std::uint64_t>(c.not_before_ms)), mix(static_cast<std::uint64_t>(c.not_after_ms));
  for (const auto& r : c.except) mix(static_cast<std::uint64_t>(r.lo)), mix(static_cast<std::uint64_t>(r.hi));
  for (const auto& r : c.except_spans)
    mix(static_cast<std::uint64_t>(r.lo_ms)), mix(static_cast<std::uint64_t>(r.hi_ms));
  return h;
}

Schedule Access::make_interval(const Interval& interval, TimeZone zone, DstPolicy dst,
                               std::chrono::milliseconds spread_offset) {
  Pattern never;
  never.never = true;
  Schedule s = make({&never, 1}, zone, dst, spread_offset);
  auto c = std::make_shared<CompiledSchedule>(*s.compiled_);
  c->is_interval = true;
  c->interval = interval;
  // never() reads the lines: true when the interval has no fire at all (a
  // day of the week its calendar step never lands on).
  c->first.never = interval_next(interval, *c->zone, kMinInstant - 1) == kNoMatch;
  return Schedule(std::move(c));
}

Schedule Access::with_limits(const Schedule& s, std::int64_t not_before_ms, std::int64_t not_after_ms,
                             std::vector<CompiledSchedule::DayRange> except,
                             std::vector<CompiledSchedule::Span> except_spans) {
  auto c = std::make_shared<CompiledSchedule>(*s.compiled_);
  c->not_before_ms = not_before_ms;
  c->not_after_ms = not_after_ms;
  c->except = std::move(except);
  c->except_spans = std::move(except_spans);
  c->limited =
      not_before_ms != INT64_MIN || not_after_ms != INT64_MAX || !c->except.empty() || !c->except_spans.empty();
  // The walk's shortcut knows nothing of bounds or excluded days.
  if (c->limited) c->minutes_every_day = false;
  return Schedule(std::move(c));
}

}  // namespace fuzzycron::engine
