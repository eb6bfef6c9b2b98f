// fuzzycron/schedule.h — a compiled schedule: immutable, cheap to copy, safe to
// query from any number of threads. next()/prev() allocate nothing and lock nothing.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "fuzzycron/detail/pattern.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/time_zone.h"

namespace fuzzycron {

class FireTimes;

class Schedule {
 public:
  // Fire times are whole seconds, shifted by the seed's offset (milliseconds)
  // when the schedule carries a spread window.
  using time_point = std::chrono::sys_time<std::chrono::milliseconds>;

  // The first fire time strictly after t / the last one strictly before t;
  // nullopt when there is none (no fire within 400 years, or past year 9999).
  std::optional<time_point> next(time_point t) const noexcept;
  std::optional<time_point> prev(time_point t) const noexcept;

  // Any precision: next() floors t to milliseconds and prev() ceils it, which
  // keeps "strictly after/before" exact. Instants outside years 1-9999 (up to
  // any clock's min and max) are taken as just outside them, so nothing overflows.
  template <class Duration>
  std::optional<time_point> next(std::chrono::sys_time<Duration> t) const noexcept {
    return next(saturated(t, [](auto x) { return std::chrono::floor<std::chrono::milliseconds>(x); }));
  }
  template <class Duration>
  std::optional<time_point> prev(std::chrono::sys_time<Duration> t) const noexcept {
    return prev(saturated(t, [](auto x) { return std::chrono::ceil<std::chrono::milliseconds>(x); }));
  }

  // The fire times in [from, to), in order.
  FireTimes fires(time_point from, time_point to) const;

  // True when the schedule can never fire (e.g. February 30th).
  bool never() const noexcept;
  TimeZone zone() const noexcept { return zone_; }
  DstPolicy dst() const noexcept { return dst_; }

  // The compiled lines (one, except for multi-line Jenkins specs).
  std::span<const detail::Pattern> patterns() const noexcept;

  // The shift applied to every fire time (zero without a spread window).
  std::chrono::milliseconds spread_offset() const noexcept { return offset_; }

  // Built by parse() and parse_structured().
  Schedule(std::vector<detail::Pattern> patterns, TimeZone zone, DstPolicy dst,
           std::chrono::milliseconds spread_offset = std::chrono::milliseconds{0});

 private:
  // Just outside 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59Z, in seconds.
  static constexpr std::int64_t kBeforeFirst = -62135596801, kAfterLast = 253402300800;
  template <class Duration, class Round>
  static time_point saturated(std::chrono::sys_time<Duration> t, Round round) noexcept {
    const double s = std::chrono::duration<double>(t.time_since_epoch()).count();
    if (s <= static_cast<double>(kBeforeFirst)) return time_point{std::chrono::seconds{kBeforeFirst}};
    if (s >= static_cast<double>(kAfterLast)) return time_point{std::chrono::seconds{kAfterLast}};
    return round(t);
  }

  detail::Pattern first_;
  // Further lines of a multi-line Jenkins spec; empty (no allocation) otherwise.
  std::shared_ptr<const std::vector<detail::Pattern>> all_;
  TimeZone zone_;
  DstPolicy dst_;
  std::chrono::milliseconds offset_{0};
};

// An input range over the fire times of a schedule in [from, to).
class FireTimes {
 public:
  class iterator {
   public:
    using value_type = Schedule::time_point;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;
    iterator() = default;
    value_type operator*() const noexcept { return *current_; }
    iterator& operator++() noexcept;
    void operator++(int) noexcept { ++*this; }
    friend bool operator==(const iterator& a, std::default_sentinel_t) noexcept {
      return !a.current_;
    }

   private:
    friend class FireTimes;
    iterator(const FireTimes* r, std::optional<value_type> c) : range_(r), current_(c) {}
    const FireTimes* range_ = nullptr;
    std::optional<value_type> current_;
  };

  FireTimes(const Schedule& s, Schedule::time_point from, Schedule::time_point to)
      : schedule_(&s), from_(from), to_(to) {}
  iterator begin() const noexcept;
  std::default_sentinel_t end() const noexcept { return {}; }

 private:
  const Schedule* schedule_;
  Schedule::time_point from_, to_;
};

}  // namespace fuzzycron
