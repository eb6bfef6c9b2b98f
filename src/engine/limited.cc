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

// The local day (since 1970-01-01) of the instant `ms`: the steady table read
// in milliseconds (no division before it: excluded() asks this of every fire).
std::int64_t local_day(const Zone& zone, std::int64_t ms) noexcept {
  if (const std::int32_t m = zone.steady_offset_minutes(ms); m != Zone::kUnsteady) [[likely]]
    return floor_div(ms + std::int64_t{m} * 60'000, 86'400'000);
  const std::int64_t s = floor_div(ms, 1000);
  return floor_div(s + zone.offset_at(s), 86400);
}

// The excluded range holding the local day of the fire at `ms`, or nullptr.
const CompiledSchedule::DayRange* excluded(const CompiledSchedule& c, std::int64_t ms) noexcept {
  if (c.except.empty()) return nullptr;
  const std::int64_t day = local_day(*c.zone, ms);
  if (!c.except_bits.empty()) {
    const std::int64_t i = day - c.except_bits_lo;
    if (i < 0 || i >= static_cast<std::int64_t>(c.except_bits.size()) * 64 ||
        !(c.except_bits[static_cast<std::size_t>(i / 64)] >> (i % 64) & 1))
      return nullptr;
  }
  auto it = std::upper_bound(c.except.begin(), c.except.end(), day,
                             [](std::int64_t d, const CompiledSchedule::DayRange& r) { return d < r.lo; });
  if (it == c.except.begin()) return nullptr;
  --it;
  return day <= it->hi ? &*it : nullptr;
}

// The first instant (ms) of local day `day`: its midnight, or the end of a gap over it.
std::int64_t day_start_ms(const Zone& zone, std::int64_t day) noexcept {
  // Steady around the day's UTC midnight means no transition within a day of
  // it, so none at the local midnight either (offsets are under a day): one
  // subtraction, the common case of a fire on an excluded day.
  if (const std::int32_t m = zone.steady_offset_minutes(day * 86'400'000); m != Zone::kUnsteady) [[likely]]
    return day * 86'400'000 - std::int64_t{m} * 60'000;
  std::int64_t at[2];
  instants_of_local(zone, day * 86400, static_cast<std::uint8_t>(DstPolicy::Gap::shift),
                    static_cast<std::uint8_t>(DstPolicy::Overlap::first), at);
  return at[0] * 1000;
}

// The cron calendar that matches the instant `ms`: one that fires at the
// second (or minute) holding it.
const CompiledSchedule::Cron* cron_excluded(const CompiledSchedule& c, std::int64_t ms) noexcept {
  for (const auto& x : c.except_crons) {
    const std::int64_t at = floor_div(ms, x.unit_ms) * x.unit_ms;
    if (base_prev_ms(Access::compiled(x.schedule), sys_milliseconds{milliseconds{at + 1}}) == at) return &x;
  }
  return nullptr;
}

// A fire passes the bounds, timed events and cron calendars (not the days).
bool allowed(const CompiledSchedule& c, std::int64_t ms) noexcept {
  return ms >= c.not_before_ms && ms <= c.not_after_ms && !in_span(c, ms) && !cron_excluded(c, ms);
}

// How many fires of one excluded range are moved (a bound on the search: a
// range holding more fires moves its first ones, in both directions alike).
constexpr int kMovedPerRange = 100'000;
// Fires one search looks at across all ranges: past it, the search answers
// "none" (a calendar of thousands of long ranges around a dense schedule).
constexpr std::int64_t kMovedPerSearch = 1'000'000;
// Fires passed one at a time for cron calendars before a search gives up.
constexpr std::size_t kCronSteps = 100'000;

// Where the fire at `ms`, on day `day` of the excluded range `r`, moves to
// (kNone: nowhere the engine reaches).
std::int64_t moved(const CompiledSchedule& c, const CompiledSchedule::DayRange& r, std::int64_t day,
                   std::int64_t ms) noexcept {
  using Move = CompiledSchedule::Move;
  std::int64_t to = c.move == Move::preceding ? r.lo - 1 : r.hi + 1;
  if (c.move == Move::modified_following) {
    // Forward, unless that leaves the fire's month: then back.
    if (civil_from_days(to).month != civil_from_days(day).month) to = r.lo - 1;
  }
  const std::int64_t s = floor_div(ms, 1000);
  const std::int64_t local = s + c.zone->offset_at(s);
  const std::int64_t target = to * 86400 + (local - day * 86400);
  if (target / 86400 < kMinInstant / 86400 + 2 || target / 86400 > kMaxInstant / 86400 - 2) return kNone;
  // The schedule's own DST rule, for a wall time the move lands in a gap or an
  // overlap: skipped, shifted or later in a gap; the first or the last pass.
  using Gap = DstPolicy::Gap;
  using Overlap = DstPolicy::Overlap;
  const auto gap = static_cast<Gap>(c.is_interval ? c.interval.gap : c.first.gap);
  const auto overlap = static_cast<Overlap>(c.is_interval ? c.interval.overlap : c.first.overlap);
  std::int64_t at[2];
  const int n = instants_of_local(*c.zone, target, static_cast<std::uint8_t>(gap == Gap::hourly ? Gap::shift : gap),
                                  static_cast<std::uint8_t>(Overlap::both), at);
  if (n == 0) return kNone;
  return at[n == 2 && overlap == Overlap::last ? 1 : 0] * 1000 + (ms - s * 1000);
}

// Calls f(moved instant) for each fire of range `r` (in order, at most kMovedPerRange).
// `budget`: fires left for this search, taken from here.
template <class F>
void each_moved(const CompiledSchedule& c, const CompiledSchedule::DayRange& r, std::int64_t& budget, F&& f) noexcept {
  const std::int64_t end = day_start_ms(*c.zone, r.hi + 1);
  std::int64_t t = day_start_ms(*c.zone, r.lo) - 1;
  for (int i = 0; i < kMovedPerRange && budget > 0; ++i, --budget) {
    t = raw_next(c, sys_milliseconds{milliseconds{t}});
    if (t == kNone || t >= end) return;
    const std::int64_t m = moved(c, r, local_day(*c.zone, t), t);
    if (m != kNone && allowed(c, m)) f(m);
  }
}

// How many candidates a search of the kept fires passes before it gives up.
std::size_t kept_steps(const CompiledSchedule& c) noexcept {
  return c.except.size() + c.except_spans.size() + 1 + (c.except_crons.empty() ? 0 : kCronSteps);
}

// The fires that stay where they are: not on an excluded day, in bounds.
std::int64_t kept_next(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (c.not_before_ms != INT64_MIN && t.time_since_epoch().count() < c.not_before_ms)
    t = sys_milliseconds{milliseconds{c.not_before_ms - 1}};
  for (std::size_t i = 0, steps = kept_steps(c); i <= steps; ++i) {
    const std::int64_t r = raw_next(c, t);
    if (r == kNone || r > c.not_after_ms) return kNone;
    if (const auto* x = excluded(c, r))
      t = sys_milliseconds{milliseconds{std::max(r, day_start_ms(*c.zone, x->hi + 1) - 1)}};
    else if (const auto* sp = in_span(c, r))
      t = sys_milliseconds{milliseconds{std::max(r, sp->hi_ms - 1)}};
    else if (const auto* cr = cron_excluded(c, r))
      t = sys_milliseconds{
          milliseconds{cr->whole_days ? std::max(r, day_start_ms(*c.zone, local_day(*c.zone, r) + 1) - 1) : r}};
    else
      return r;
  }
  return kNone;
}

std::int64_t kept_prev(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (c.not_after_ms != INT64_MAX && t.time_since_epoch().count() > c.not_after_ms)
    t = sys_milliseconds{milliseconds{c.not_after_ms + 1}};
  for (std::size_t i = 0, steps = kept_steps(c); i <= steps; ++i) {
    const std::int64_t r = raw_prev(c, t);
    if (r == kNone || r < c.not_before_ms) return kNone;
    if (const auto* x = excluded(c, r))
      t = sys_milliseconds{milliseconds{std::min(r, day_start_ms(*c.zone, x->lo))}};
    else if (const auto* sp = in_span(c, r))
      t = sys_milliseconds{milliseconds{std::min(r, sp->lo_ms)}};
    else if (const auto* cr = cron_excluded(c, r))
      t = sys_milliseconds{
          milliseconds{cr->whole_days ? std::min(r, day_start_ms(*c.zone, local_day(*c.zone, r))) : r}};
    else
      return r;
  }
  return kNone;
}

// Excluded days alone, skipped (CompiledSchedule::days_only): kept_next
// without the checks that cannot apply.
std::int64_t next_off_excluded_days(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  for (std::size_t i = 0; i <= c.except.size(); ++i) {  // each range is jumped over at most once
    const std::int64_t r = raw_next(c, t);
    if (r == kNone) return kNone;
    const auto* x = excluded(c, r);
    if (!x) return r;
    t = sys_milliseconds{milliseconds{std::max(r, day_start_ms(*c.zone, x->hi + 1) - 1)}};
  }
  return kNone;
}

}  // namespace

// With moves, the fires are those kept plus the moved ones; each search looks
// at the excluded ranges whose moved fires can come before the kept answer
// (a range's fires move at most to the day after it or the day before it).
std::int64_t limited_next_ms(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (!c.limited) [[likely]]
    return raw_next(c, t);  // an interval alone: nothing to keep out
  if (c.days_only) return next_off_excluded_days(c, t);
  std::int64_t best = kept_next(c, t);
  if (c.move == CompiledSchedule::Move::skip || c.except.empty()) return best;
  const std::int64_t from = t.time_since_epoch().count();
  const std::int64_t day = local_day(*c.zone, from);
  std::int64_t budget = kMovedPerSearch;
  auto it = std::lower_bound(c.except.begin(), c.except.end(), day - 2,
                             [](const CompiledSchedule::DayRange& r, std::int64_t d) { return r.hi < d; });
  for (; it != c.except.end(); ++it) {
    const std::int64_t first_day = c.move == CompiledSchedule::Move::following ? it->hi + 1 : it->lo - 1;
    if (best != kNone && day_start_ms(*c.zone, first_day - 1) > best) break;
    each_moved(c, *it, budget, [&](std::int64_t m) {
      if (m > from && (best == kNone || m < best)) best = m;
    });
    if (budget <= 0) return kNone;
  }
  return best;
}

std::int64_t limited_prev_ms(const CompiledSchedule& c, sys_milliseconds t) noexcept {
  if (!c.limited) [[likely]]
    return raw_prev(c, t);
  std::int64_t best = kept_prev(c, t);
  if (c.move == CompiledSchedule::Move::skip || c.except.empty()) return best;
  const std::int64_t from = t.time_since_epoch().count();
  const std::int64_t day = local_day(*c.zone, from);
  std::int64_t budget = kMovedPerSearch;
  auto it = std::upper_bound(c.except.begin(), c.except.end(), day + 2,
                             [](std::int64_t d, const CompiledSchedule::DayRange& r) { return d < r.lo; });
  while (it != c.except.begin()) {
    --it;
    const std::int64_t last_day = c.move == CompiledSchedule::Move::preceding ? it->lo - 1 : it->hi + 1;
    if (best != kNone && day_start_ms(*c.zone, last_day + 2) < best) break;
    each_moved(c, *it, budget, [&](std::int64_t m) {
      if (m < from && (best == kNone || m > best)) best = m;
    });
    if (budget <= 0) return kNone;
  }
  return best;
}

bool same_limits(const CompiledSchedule& a, const CompiledSchedule& b) noexcept {
  if (a.is_interval != b.is_interval || (a.is_interval && !same_interval(a.interval, b.interval))) return false;
  if (a.not_before_ms != b.not_before_ms || a.not_after_ms != b.not_after_ms || a.except.size() != b.except.size() ||
      a.move != b.move)
    return false;
  for (std::size_t i = 0; i < a.except.size(); ++i)
    if (a.except[i].lo != b.except[i].lo || a.except[i].hi != b.except[i].hi) return false;
  if (a.except_spans.size() != b.except_spans.size()) return false;
  for (std::size_t i = 0; i < a.except_spans.size(); ++i)
    if (a.except_spans[i].lo_ms != b.except_spans[i].lo_ms || a.except_spans[i].hi_ms != b.except_spans[i].hi_ms)
      return false;
  if (a.except_crons.size() != b.except_crons.size()) return false;
  for (std::size_t i = 0; i < a.except_crons.size(); ++i) {
    const auto &x = a.except_crons[i], &y = b.except_crons[i];
    if (x.unit_ms != y.unit_ms || !(x.schedule == y.schedule)) return false;
  }
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
  for (const auto& x : c.except_crons) mix(static_cast<std::uint64_t>(x.unit_ms)), mix(x.schedule.hash());
  mix(static_cast<std::uint64_t>(c.move));
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

Schedule Access::with_limits(const Schedule& s, Limits limits) {
  auto c = std::make_shared<CompiledSchedule>(*s.compiled_);
  c->not_before_ms = limits.not_before_ms;
  c->not_after_ms = limits.not_after_ms;
  c->except = std::move(limits.except);
  c->except_spans = std::move(limits.except_spans);
  c->except_crons = std::move(limits.except_crons);
  c->move = limits.move;
  c->except_bits.clear();
  if (!c->except.empty() && c->except.back().hi - c->except.front().lo < CompiledSchedule::kExceptBitsDays) {
    c->except_bits_lo = c->except.front().lo;
    c->except_bits.assign(static_cast<std::size_t>((c->except.back().hi - c->except_bits_lo) / 64 + 1), 0);
    for (const auto& r : c->except)
      for (std::int64_t d = r.lo; d <= r.hi; ++d) {
        const std::int64_t i = d - c->except_bits_lo;
        c->except_bits[static_cast<std::size_t>(i / 64)] |= std::uint64_t{1} << (i % 64);
      }
  }
  c->limited = c->not_before_ms != INT64_MIN || c->not_after_ms != INT64_MAX || !c->except.empty() ||
               !c->except_spans.empty() || !c->except_crons.empty();
  c->days_only = !c->except.empty() && c->move == CompiledSchedule::Move::skip && c->not_before_ms == INT64_MIN &&
                 c->not_after_ms == INT64_MAX && c->except_spans.empty() && c->except_crons.empty();
  // minutes_every_day stays: the raw search (base_next_ms) is the plain
  // schedule's and keeps its shortest path; FireTimes' walk checks `limited`.
  return Schedule(std::move(c));
}

}  // namespace fuzzycron::engine
