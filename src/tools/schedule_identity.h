// The bytes that decide a schedule's fire times, so that jobs with identical
// schedules can be handled once (spread counts them with a multiplicity, lint
// reports them as one group of colliding entries).
#pragma once

#include <string>

#include "fuzzycron/schedule.h"

namespace fuzzycron::detail {

// Equal for two schedules exactly when their compiled lines (field by field,
// so padding never counts), zone, DST policy and offset are equal.
std::string schedule_identity(const Schedule& s);

}  // namespace fuzzycron::detail
