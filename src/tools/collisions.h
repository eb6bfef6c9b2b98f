// FC701/FC702: entries of one crontab that fire at the same instant.
#pragma once

#include <string_view>
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
// `hint`: how the findings tell the user to spread the jobs. `colliding`, when
// given, receives the lines of every reported group.
std::vector<Finding> collisions(const std::vector<CompiledEntry>& entries, sys_milliseconds from,
                                std::string_view hint = "hash forms (H) would give each job its own minute",
                                std::vector<int>* colliding = nullptr);

}  // namespace fuzzycron::tools
