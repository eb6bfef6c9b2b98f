// fuzzycron/rfc3339.h — reading and writing RFC 3339 instants.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "fuzzycron/time_zone.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

using sys_milliseconds = std::chrono::sys_time<std::chrono::milliseconds>;

// "2026-03-08T01:59:30Z", "2026-03-08T01:59:30.250-05:00", a space instead of
// 'T', a lower-case 't'/'z'. Years 0001-9999. nullopt when the text is not one.
FUZZYCRON_EXPORT std::optional<sys_milliseconds> parse_rfc3339(std::string_view text) noexcept;

// "2026-03-08T03:00:00-04:00": the instant as local time in `zone` with its
// offset ("Z" is never used; UTC prints as +00:00 unless utc_z is set).
FUZZYCRON_EXPORT std::string format_rfc3339(std::chrono::sys_seconds t, TimeZone zone, bool utc_z = true);
FUZZYCRON_EXPORT std::string format_rfc3339(sys_milliseconds t, TimeZone zone, bool utc_z = true);

}  // namespace fuzzycron
