// A crontab entry's per-job settings ("# timeout: 30m" above it, the runner's
// own, docs/runner.md) as export reads them, to carry them into the targets
// that have them (timeout, concurrency, retries, ...) and say which do not.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/crontab.h"

namespace fuzzycron::tools {

struct JobSettings {
  std::optional<std::chrono::milliseconds> timeout, kill_grace, starting_deadline;
  std::string concurrency;  // forbid | allow | replace | queue; "" when not set
  std::optional<int> retry;
  std::string catchup;  // skip | latest | all:N; "" when not set
  // Settings a target may not hold: (key, value) as written, for the diagnostics.
  std::vector<std::pair<std::string, std::string>> given;
};

// The settings of an entry; a value that does not read is in `problems`
// ("timeout: 'soon' is not a duration"), the rest still read.
JobSettings read_job_settings(const std::vector<CrontabSetting>& settings, std::vector<std::string>& problems);

// Whole seconds, rounded up (a 90.5 s timeout is 91 s, never 90).
inline long long ceil_seconds(std::chrono::milliseconds d) { return (d.count() + 999) / 1000; }

// A command that runs a file of its repository ("./scripts/x.sh", "bin/nightly"):
// a GitHub workflow must check the repository out first.
bool runs_repository_file(const std::string& command);

}  // namespace fuzzycron::tools
