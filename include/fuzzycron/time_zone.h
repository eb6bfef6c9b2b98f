// fuzzycron/time_zone.h — a handle to an IANA time zone from the system tz database.
#pragma once

#include <chrono>
#include <string_view>

namespace fuzzycron {

namespace detail {
class Zone;
}

// Cheap to copy (one pointer); zones are loaded once per process and never
// freed, so a handle stays valid for the life of the program.
class TimeZone {
 public:
  TimeZone() noexcept;  // UTC
  // Throws ParseError (column 1 of the name) for an unknown zone.
  static TimeZone locate(std::string_view name);
  static TimeZone utc() noexcept { return TimeZone(); }

  std::string_view name() const noexcept;
  // The zone's offset from UTC at the instant t.
  std::chrono::seconds offset(std::chrono::sys_seconds t) const noexcept;

  const detail::Zone& impl() const noexcept { return *zone_; }
  friend bool operator==(TimeZone a, TimeZone b) noexcept { return a.zone_ == b.zone_; }

 private:
  explicit TimeZone(const detail::Zone* z) noexcept : zone_(z) {}
  const detail::Zone* zone_;
};

}  // namespace fuzzycron
