// fuzzycron/schedule.h — a compiled schedule: immutable, cheap to copy, safe to
// query from any number of threads. next()/prev() allocate nothing and lock nothing.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>

#include "fuzzycron/dst_policy.h"
#include "fuzzycron/instant.h"
#include "fuzzycron/time_zone.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

namespace engine {
struct CompiledSchedule;
struct Access;
}  // namespace engine

class FireTimes;

// Built by parse(), parse_structured() and compile(); a copy shares the
// compiled form.
class FUZZYCRON_EXPORT Schedule {
 public:
  // The first fire time strictly after t / the last one strictly before t;
  // nullopt when there is none (no fire within 400 years, or past year 9999).
  //
  // Example:
  //   const Schedule monthly = parse("0 0 1 * *");
  //   const auto t = *parse_rfc3339("2026-03-15T12:00:00Z");
  //   monthly.next(t);  // == parse_rfc3339("2026-04-01T00:00:00Z")
  //   monthly.prev(t);  // == parse_rfc3339("2026-03-01T00:00:00Z")
  //   // Strictly after: the next after the previous fire is the next fire.
  //   monthly.next(*monthly.prev(t));  // == monthly.next(t)
  //   parse("0 0 30 2 *").next(t);     // == std::nullopt
  std::optional<sys_milliseconds> next(sys_milliseconds t) const noexcept { return from_ms(next_ms(t)); }
  std::optional<sys_milliseconds> prev(sys_milliseconds t) const noexcept { return from_ms(prev_ms(t)); }

  // Any precision: next() floors t to milliseconds and prev() ceils it, which
  // keeps "strictly after/before" exact. Instants outside years 1-9999 (up to
  // any clock's min and max) are taken as just outside them, so nothing overflows.
  template <class Duration>
  std::optional<sys_milliseconds> next(std::chrono::sys_time<Duration> t) const noexcept {
    return next(saturated(t, [](auto x) { return std::chrono::floor<std::chrono::milliseconds>(x); }));
  }
  template <class Duration>
  std::optional<sys_milliseconds> prev(std::chrono::sys_time<Duration> t) const noexcept {
    return prev(saturated(t, [](auto x) { return std::chrono::ceil<std::chrono::milliseconds>(x); }));
  }

  // The fire times in [from, to), in order. The range holds a copy of the
  // schedule, so `for (auto t : parse(x).fires(a, b))` is safe.
  //
  // Example:
  //   const auto day = *parse_rfc3339("2026-03-15T00:00:00Z");
  //   std::vector<sys_milliseconds> times;
  //   for (auto t : parse("0 */6 * * *").fires(day, day + std::chrono::days{1})) times.push_back(t);
  //   // 00:00, 06:00, 12:00, 18:00 of that day (UTC)
  //   times;  // == std::vector{day, day + 6h, day + 12h, day + 18h}
  FireTimes fires(sys_milliseconds from, sys_milliseconds to) const;

  // True when the schedule can never fire (e.g. February 30th).
  bool never() const noexcept;
  TimeZone zone() const noexcept;
  DstPolicy dst() const noexcept;
  // The shift applied to every fire time (zero without a spread window).
  std::chrono::milliseconds seed_offset() const noexcept;
  [[deprecated("use seed_offset")]] std::chrono::milliseconds spread_offset() const noexcept { return seed_offset(); }

  // Equal when both fire at the same instants for the same reasons: the same
  // compiled fields, zone, DST policy and spread offset (however they were written).
  friend FUZZYCRON_EXPORT bool operator==(const Schedule& a, const Schedule& b) noexcept;
  std::size_t hash() const noexcept;

  // A schedule that never fires (in UTC), so a Schedule can be a member that
  // is assigned later.
  Schedule() noexcept;
  // Copies share the compiled form; a moved-from schedule stays usable.
  Schedule(const Schedule&) = default;
  Schedule& operator=(const Schedule&) = default;
  ~Schedule() = default;

 private:
  friend struct engine::Access;
  FUZZYCRON_HIDDEN explicit Schedule(std::shared_ptr<const engine::CompiledSchedule> compiled) noexcept;

  // next()/prev() in milliseconds since the epoch, kNone when there is none.
  // An integer leaves the library in a register; an optional returned by an
  // out-of-line function is assembled in memory (GCC 12), a store-forwarding stall.
  static constexpr std::int64_t kNone = INT64_MIN;
  FUZZYCRON_EXPORT std::int64_t next_ms(sys_milliseconds t) const noexcept;
  FUZZYCRON_EXPORT std::int64_t prev_ms(sys_milliseconds t) const noexcept;
  static std::optional<sys_milliseconds> from_ms(std::int64_t ms) noexcept {
    if (ms == kNone) return std::nullopt;
    return sys_milliseconds{std::chrono::milliseconds{ms}};
  }

  template <class Duration, class Round>
  static sys_milliseconds saturated(std::chrono::sys_time<Duration> t, Round round) noexcept {
    // Just outside the range of fire times, in seconds, compared as doubles so
    // that no clock's min or max overflows.
    constexpr double before_first = std::chrono::duration<double>(kFirstInstant.time_since_epoch()).count() - 1;
    constexpr double after_last = std::chrono::duration<double>(kLastInstant.time_since_epoch()).count() + 1;
    const double s = std::chrono::duration<double>(t.time_since_epoch()).count();
    if (s <= before_first) return kFirstInstant - std::chrono::seconds{1};
    if (s >= after_last) return kLastInstant + std::chrono::seconds{1};
    return round(t);
  }

  std::shared_ptr<const engine::CompiledSchedule> compiled_;
};

// An input range over the fire times of a schedule in [from, to).
class FUZZYCRON_EXPORT FireTimes {
 public:
  class iterator {
   public:
    using value_type = sys_milliseconds;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;
    iterator() = default;
    value_type operator*() const noexcept { return *current_; }
    FUZZYCRON_EXPORT iterator& operator++() noexcept;
    void operator++(int) noexcept { ++*this; }
    friend bool operator==(const iterator& a, std::default_sentinel_t) noexcept { return !a.current_; }

   private:
    friend class FireTimes;
    iterator(const FireTimes* r, std::optional<value_type> c) noexcept;
    // Where a walk along an every-day schedule stands, so the next fire time
    // needs no search: the wall-clock day (in minutes), hour and minute of the
    // current one, valid up to until_ms (the zone's next change, less a day).
    struct Walk {
      std::int64_t day_minute = 0, until_ms = INT64_MIN;
      std::int32_t hour = 0, minute = 0, offset_minutes = 0;
    };
    void start_walk() noexcept;
    const FireTimes* range_ = nullptr;
    std::optional<value_type> current_;
    Walk walk_;
  };

  FireTimes(Schedule s, sys_milliseconds from, sys_milliseconds to) : schedule_(std::move(s)), from_(from), to_(to) {}
  iterator begin() const noexcept;
  std::default_sentinel_t end() const noexcept { return {}; }

 private:
  Schedule schedule_;
  sys_milliseconds from_, to_;
};

}  // namespace fuzzycron

template <>
struct std::hash<fuzzycron::Schedule> {
  std::size_t operator()(const fuzzycron::Schedule& s) const noexcept { return s.hash(); }
};
