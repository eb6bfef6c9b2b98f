// fuzzycron/schedule.h — a compiled schedule: immutable, cheap to copy, safe to
// query from any number of threads. next()/prev() allocate nothing and lock nothing.
#pragma once

#include <chrono>
#include <cstddef>
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
  // keeps "strictly after/before" exact.
  template <class Duration>
  std::optional<time_point> next(std::chrono::sys_time<Duration> t) const noexcept {
    return next(std::chrono::floor<std::chrono::milliseconds>(t));
  }
  template <class Duration>
  std::optional<time_point> prev(std::chrono::sys_time<Duration> t) const noexcept {
    return prev(std::chrono::ceil<std::chrono::milliseconds>(t));
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
