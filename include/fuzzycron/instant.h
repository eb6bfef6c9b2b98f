// fuzzycron/instant.h — the one instant type of the API and the range it covers.
#pragma once

#include <chrono>

namespace fuzzycron {

// Instants are UTC with millisecond resolution: fire times are whole seconds,
// shifted by a seed's offset when a schedule carries a spread window.
using sys_milliseconds = std::chrono::sys_time<std::chrono::milliseconds>;

// The instants fire times can have: 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59Z.
inline constexpr sys_milliseconds kFirstInstant{std::chrono::seconds{-62135596800}};
inline constexpr sys_milliseconds kLastInstant{std::chrono::seconds{253402300799}};

}  // namespace fuzzycron
