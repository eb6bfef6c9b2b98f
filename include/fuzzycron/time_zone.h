// fuzzycron/time_zone.h — a handle to an IANA time zone from the system tz database.
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

#include "fuzzycron/error.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

namespace engine {
class Zone;
struct Access;
}  // namespace engine

// A change of a zone's UTC offset: local time jumps forward (a gap) when
// offset_after > offset_before, back (an overlap) otherwise.
struct ZoneTransition {
  std::chrono::sys_seconds at{};  // the first instant with offset_after
  std::chrono::seconds offset_before, offset_after;
};

// Cheap to copy (one pointer); zones are loaded once per process and never
// freed, so a handle stays valid for the life of the program.
class FUZZYCRON_EXPORT TimeZone {
 public:
  TimeZone() noexcept;  // UTC
  // Throws fuzzycron::Error (kind time_zone, column 1 of the name) for an unknown zone.
  //
  // Example:
  //   const TimeZone ny = TimeZone::locate("America/New_York");
  //   ny.name();                         // == "America/New_York"
  //   TimeZone::locate("Mars/Olympus");  // throws "Mars/Olympus" at column 1
  static TimeZone locate(std::string_view name);
  static TimeZone utc() noexcept { return TimeZone(); }

  std::string_view name() const noexcept;
  // The zone's offset from UTC at the instant t.
  std::chrono::seconds offset(std::chrono::sys_seconds t) const noexcept;
  // The first change of offset strictly after t, before year 10000 (nullopt
  // for UTC and fixed offsets, or when none is left).
  std::optional<ZoneTransition> next_transition(std::chrono::sys_seconds t) const noexcept;

  friend bool operator==(TimeZone a, TimeZone b) noexcept { return a.zone_ == b.zone_; }

 private:
  friend struct engine::Access;
  explicit TimeZone(const engine::Zone* z) noexcept : zone_(z) {}
  const engine::Zone* zone_;
};

}  // namespace fuzzycron
