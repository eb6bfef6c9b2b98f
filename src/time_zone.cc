#include "fuzzycron/time_zone.h"

#include <stdexcept>
#include <string>

#include "engine/zone.h"
#include "fuzzycron/error.h"

namespace fuzzycron {

TimeZone::TimeZone() noexcept : zone_(detail::utc_zone()) {}

TimeZone TimeZone::locate(std::string_view name) {
  try {
    return TimeZone(detail::find_zone(std::string(name)));
  } catch (const std::runtime_error& e) {
    throw ParseError(e.what(), std::string(name), 1);
  }
}

std::string_view TimeZone::name() const noexcept { return zone_->name(); }

std::chrono::seconds TimeZone::offset(std::chrono::sys_seconds t) const noexcept {
  return std::chrono::seconds{zone_->offset_at(t.time_since_epoch().count())};
}

}  // namespace fuzzycron
