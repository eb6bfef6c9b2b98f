#include "fuzzycron/time_zone.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/limits.h"
#include "engine/zone.h"
#include "fuzzycron/error.h"

namespace fuzzycron {

TimeZone::TimeZone() noexcept : zone_(engine::utc_zone()) {}

TimeZone TimeZone::locate(std::string_view name) {
  try {
    return TimeZone(engine::find_zone(std::string(name)));
  } catch (const std::runtime_error& e) {
    throw Error(ErrorKind::time_zone, e.what(), std::string(name), 1);
  }
}

std::string_view TimeZone::name() const noexcept { return zone_->name(); }

std::chrono::seconds TimeZone::offset(std::chrono::sys_seconds t) const noexcept {
  return std::chrono::seconds{zone_->offset_at(t.time_since_epoch().count())};
}

std::optional<ZoneTransition> TimeZone::next_transition(std::chrono::sys_seconds t) const noexcept {
  using std::chrono::seconds;
  if (zone_->fixed()) return std::nullopt;
  std::int64_t u = t.time_since_epoch().count() + 1;
  // Intervals outside the precomputed table may end without a change of
  // offset (see Zone::from_tzdb): step over those.
  while (u < engine::kMaxInstant) {
    const engine::ZoneInterval z = zone_->interval_at(std::max(u, engine::kMinInstant));
    if (z.end > engine::kMaxInstant) return std::nullopt;
    if (z.next_offset != z.offset)
      return ZoneTransition{std::chrono::sys_seconds{seconds{z.end}}, seconds{z.offset}, seconds{z.next_offset}};
    u = z.end;
  }
  return std::nullopt;
}

}  // namespace fuzzycron
