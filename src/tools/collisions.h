// FC701/FC702: entries of one crontab that fire at the same instant.
#pragma once

#include <vector>

#include "fuzzycron/lint.h"
#include "fuzzycron/schedule.h"

namespace fuzzycron::tools {

struct CompiledEntry {
  int line;
  Schedule schedule;
};

// The groups of entries that share fire instants in the week from `from`,
// one finding per group (largest first). Identical schedules are walked
// once; the walk stops after a fixed budget of fire times and says so.
std::vector<Finding> collisions(const std::vector<CompiledEntry>& entries, sys_milliseconds from);

}  // namespace fuzzycron::tools
