// The range of instants the engine works in and the answers of its searches,
// in seconds since 1970-01-01T00:00:00Z (UTC or wall clock).
#pragma once

#include <chrono>
#include <cstdint>

#include "fuzzycron/instant.h"

namespace fuzzycron::engine {

inline constexpr std::int64_t kMinInstant =
    std::chrono::floor<std::chrono::seconds>(kFirstInstant).time_since_epoch().count();
inline constexpr std::int64_t kMaxInstant =
    std::chrono::floor<std::chrono::seconds>(kLastInstant).time_since_epoch().count();

inline constexpr std::int64_t kNoMatch = INT64_MIN;        // none within the limit searched
inline constexpr std::int64_t kExhausted = INT64_MIN + 1;  // none ever (the year set ended)

}  // namespace fuzzycron::engine
