// A zone's offsets read straight from its TZif file (RFC 8536): the explicit
// transitions and the footer's POSIX rule. Native builds read zones through
// date/tz; the WebAssembly build has no date/tz database code (Debian ships
// date's headers, not tz.cpp, and nothing is downloaded), so it reads the
// embedded TZif files with this (FUZZYCRON_TZIF_ZONES). Tests compare the two
// on every zone of the system database.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/posix_rule.h"

namespace fuzzycron::engine {

struct Tzif {
  std::vector<std::int64_t> times;    // transition instants (seconds since the epoch), ascending
  std::vector<std::int32_t> offsets;  // offsets[i]: the UTC offset from times[i] on
  std::int32_t initial = 0;           // the offset before the first transition
  std::string footer;                 // the POSIX TZ string after the data ("" when none)
};

// nullopt when `bytes` is not a TZif file (version 1 data alone is read too).
std::optional<Tzif> read_tzif(std::string_view bytes);

// The offset at t from the explicit transitions, and the instants it holds
// between (the last one holds to the end of time: the footer rule is the
// caller's, as with date/tz).
RuleInterval tzif_info(const Tzif& z, std::int64_t t) noexcept;

}  // namespace fuzzycron::engine
