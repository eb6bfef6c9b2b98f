// Schedule identity: operator== and hash() compare what decides the fire
// times (the compiled lines, zone, spread offset, interval, bounds, exclusions).
#include <cstdint>

#include "engine/compiled_schedule.h"
#include "fuzzycron/schedule.h"

namespace fuzzycron {
namespace {

using engine::Pattern;

// The compiled lines in order: the first, then those of a multi-line spec.
template <class F>
void for_each_line(const engine::CompiledSchedule& c, F f) noexcept {
  f(c.first);
  for (const auto& p : c.more) f(p);
}

bool same_pattern(const Pattern& a, const Pattern& b) noexcept {
  // Field by field, so padding never counts.
  if (a.seconds != b.seconds || a.minutes != b.minutes || a.hours != b.hours || a.days != b.days ||
      a.last_day_offsets != b.last_day_offsets || a.last_day_offsets_weekday != b.last_day_offsets_weekday ||
      a.nearest_weekdays != b.nearest_weekdays || a.months != b.months || a.weekdays != b.weekdays ||
      a.last_weekdays != b.last_weekdays || a.nth_weekdays != b.nth_weekdays || a.year_count != b.year_count ||
      a.gap != b.gap || a.overlap != b.overlap || a.day_or != b.day_or || a.day_specials != b.day_specials ||
      a.never != b.never)
    return false;
  for (int i = 0; i < a.year_count; ++i) {
    const auto& x = a.year_terms[static_cast<std::size_t>(i)];
    const auto& y = b.year_terms[static_cast<std::size_t>(i)];
    if (x.lo != y.lo || x.hi != y.hi || x.step != y.step) return false;
  }
  return true;
}

// FNV-1a over the same fields same_pattern compares.
struct Fnv {
  std::uint64_t h = 14695981039346656037ull;
  template <class T>
  void add(T v) noexcept {
    for (std::size_t i = 0; i < sizeof v; ++i) {
      h ^= static_cast<std::uint64_t>(v >> (8 * i)) & 0xffu;
      h *= 1099511628211ull;
    }
  }
};

}  // namespace

bool operator==(const Schedule& a, const Schedule& b) noexcept {
  const auto& x = *a.compiled_;
  const auto& y = *b.compiled_;
  if (&x == &y) return true;
  if (x.zone != y.zone || x.offset != y.offset || x.more.size() != y.more.size() || !same_pattern(x.first, y.first))
    return false;
  for (std::size_t i = 0; i < x.more.size(); ++i)
    if (!same_pattern(x.more[i], y.more[i])) return false;
  return engine::same_limits(x, y);
}

std::size_t Schedule::hash() const noexcept {
  Fnv f;
  for_each_line(*compiled_, [&](const Pattern& p) {
    f.add(p.seconds), f.add(p.minutes), f.add(p.hours), f.add(p.days), f.add(p.last_day_offsets);
    f.add(p.last_day_offsets_weekday), f.add(p.nearest_weekdays), f.add(p.months), f.add(p.weekdays);
    f.add(p.last_weekdays);
    for (auto n : p.nth_weekdays) f.add(n);
    f.add(static_cast<std::uint16_t>(p.year_count | p.gap << 2 | p.overlap << 4 | p.day_or << 6 | p.day_specials << 7 |
                                     p.never << 8));
    for (int i = 0; i < p.year_count; ++i) {
      const auto& y = p.year_terms[static_cast<std::size_t>(i)];
      f.add(static_cast<std::uint16_t>(y.lo)), f.add(static_cast<std::uint16_t>(y.hi)),
          f.add(static_cast<std::uint16_t>(y.step));
    }
  });
  f.add(reinterpret_cast<std::uintptr_t>(compiled_->zone));
  f.add(static_cast<std::uint64_t>(compiled_->offset.count()));
  f.add(engine::limits_hash(*compiled_));
  return static_cast<std::size_t>(f.h);
}

}  // namespace fuzzycron
