#include "compiler/interval.h"

#include <fmt/format.h>

#include "engine/calendar_search.h"
#include "fuzzycron/error.h"
#include "hash/hasher.h"

namespace fuzzycron::compiler {
namespace {

using engine::Interval;
using Unit = syntax::IntervalSyntax::Unit;

std::uint8_t gap_of(DstPolicy dst) noexcept {
  // A calendar interval fires at a fixed time of day: under `cron` and `hourly`
  // it is a fixed-time schedule (shift-first), as "30 2 * * *" is.
  if (dst.cron || dst.gap == DstPolicy::Gap::hourly) return static_cast<std::uint8_t>(DstPolicy::Gap::shift);
  return static_cast<std::uint8_t>(dst.gap);
}
std::uint8_t overlap_of(DstPolicy dst) noexcept {
  if (dst.cron || dst.overlap == DstPolicy::Overlap::hourly)
    return static_cast<std::uint8_t>(DstPolicy::Overlap::first);
  return static_cast<std::uint8_t>(dst.overlap);
}

// The phase: fc1 of the seed with the field name "every" (docs/fc1.md), so it
// does not depend on the dialect's hash scheme and is the same in every dialect.
std::uint64_t drawn(const Seed& seed) { return hash::fc1_u64(hash::fc1_key(seed, "every", 0)); }

// Exact durations take whole minutes when the step is one, as H draws a minute; else whole seconds.
std::int64_t grain_of(const syntax::IntervalSyntax& s) { return s.count % 60 == 0 ? 60 : 1; }

// Whole weeks on some days only (`@every 1w on mon-fri`): every fire falls on
// the phase's day of the week, so the phase is drawn among the allowed days
// (a Saturday phase would never fire).
bool weeks_on_days(const syntax::IntervalSyntax& s) {
  return s.unit == Unit::days && s.count % 7 == 0 && s.weekdays != 0x7f && s.weekdays != 0;
}

// The allowed days' offsets from Monday (the epoch's day), in order.
int allowed_days(unsigned char weekdays, int (&offsets)[7]) {
  int n = 0;
  for (int o = 0; o < 7; ++o)
    if (weekdays >> ((1 + o) % 7) & 1) offsets[n++] = o;
  return n;
}

// A phase index as minutes from the epoch (calendar units but months).
std::int64_t minutes_of(const syntax::IntervalSyntax& s, std::uint64_t index) {
  if (!weeks_on_days(s)) return static_cast<std::int64_t>(index);
  int offsets[7];
  const auto per_week = static_cast<std::uint64_t>(allowed_days(s.weekdays, offsets)) * 1440;
  const std::uint64_t week = index / per_week, in_week = index % per_week;
  return static_cast<std::int64_t>(week * 7 * 1440 + static_cast<std::uint64_t>(offsets[in_week / 1440]) * 1440 +
                                   in_week % 1440);
}

}  // namespace

std::uint64_t phase_slots(const syntax::IntervalSyntax& s) {
  if (s.from || s.window || s.count <= 0) return 0;
  const auto step = static_cast<std::uint64_t>(s.count);
  switch (s.unit) {
    case Unit::seconds: return step / static_cast<std::uint64_t>(grain_of(s));
    case Unit::days: {
      if (!weeks_on_days(s)) return step * 1440;
      int offsets[7];
      return step / 7 * static_cast<std::uint64_t>(allowed_days(s.weekdays, offsets)) * 1440;
    }
    case Unit::months: return step * 28 * 1440;
  }
  return 0;
}

std::uint64_t drawn_phase(const syntax::IntervalSyntax& s, const Seed& seed) {
  const std::uint64_t slots = phase_slots(s);
  return slots == 0 ? 0 : drawn(seed) % slots;
}

engine::Interval compile_interval(const syntax::IntervalSyntax& s, const engine::Zone& zone, DstPolicy dst,
                                  const Seed& seed, std::optional<std::uint64_t> phase) {
  Interval iv;
  iv.unit = s.unit == Unit::seconds ? Interval::Unit::seconds
            : s.unit == Unit::days  ? Interval::Unit::days
                                    : Interval::Unit::months;
  iv.step = s.count;
  iv.window = s.window;
  iv.window_lo = s.window_lo;
  iv.window_hi = s.window_hi;
  iv.weekdays = s.weekdays;
  iv.gap = gap_of(dst);
  iv.overlap = overlap_of(dst);
  if (s.from) {
    const auto& a = *s.from;
    const std::int64_t wall =
        engine::days_from_civil(a.year, static_cast<unsigned>(a.month), static_cast<unsigned>(a.day)) * 86400 +
        a.hour * 3600 + a.minute * 60 + a.second;
    iv.starts = true;
    if (a.offset_seconds) {
      const std::int64_t instant = wall - *a.offset_seconds;
      iv.anchor = iv.unit == Interval::Unit::seconds ? instant : instant + zone.offset_at(instant);
    } else {
      std::int64_t at[2];
      // A wall time the clocks skip has no instant: refused rather than moved,
      // since every later fire keeps its time of day (docs/intervals.md).
      if (engine::instants_of_local(zone, wall, static_cast<std::uint8_t>(DstPolicy::Gap::skip),
                                    static_cast<std::uint8_t>(DstPolicy::Overlap::first), at) == 0)
        throw Error(ErrorKind::syntax,
                    fmt::format("{:04}-{:02}-{:02}T{:02}:{:02} does not exist in {}: the clocks skip it for daylight "
                                "saving time; write a time after the change, or an offset such as +01:00",
                                a.year, a.month, a.day, a.hour, a.minute, zone.name()),
                    s.text, a.column, 0);
      iv.anchor = iv.unit == Interval::Unit::seconds ? at[0] : wall;
    }
    return iv;
  }
  if (s.window) {  // each day's window is the anchor: no phase to draw
    iv.anchor = kIntervalEpoch;
    return iv;
  }
  if (!phase && seed.empty())
    throw Error(ErrorKind::missing_seed,
                "@every without 'from' draws its phase from a seed such as the job's name, and none was given; "
                "or anchor it, e.g. '@every 6h from 2026-01-01T00:00Z'",
                s.text, s.column, 0);
  const std::uint64_t index = phase ? *phase : drawn_phase(s, seed);
  if (iv.unit == Interval::Unit::seconds) {
    iv.anchor = kIntervalEpoch + static_cast<std::int64_t>(index) * grain_of(s);
  } else if (iv.unit == Interval::Unit::days) {
    // A minute within the step's days (on allowed days only), on the wall clock.
    iv.anchor = kIntervalEpoch + minutes_of(s, index) * 60;
  } else {
    // A month within the step, a day 1-28 (no month lacks it) and a minute.
    const std::uint64_t per_month = 28 * 1440;
    const std::int64_t month = static_cast<std::int64_t>(index / per_month);
    const std::int64_t day = static_cast<std::int64_t>(index % per_month / 1440);
    const std::int64_t minute = static_cast<std::int64_t>(index % 1440);
    const std::int64_t y = 2000 + month / 12;
    iv.anchor =
        engine::days_from_civil(y, static_cast<unsigned>(month % 12 + 1), static_cast<unsigned>(day + 1)) * 86400 +
        minute * 60;
  }
  return iv;
}

}  // namespace fuzzycron::compiler
