// `fuzzycron run --test` and `--dry-run`: the crontab checked, nothing run.
#pragma once

#include <iosfwd>

#include "fuzzycron/instant.h"
#include "runner/options.h"

namespace fuzzycron::runner {

// --test: every problem as FILE:LINE:COL (status 1), lint warnings (status 0).
int test_config(const RunnerOptions& options, std::ostream& out);
// --dry-run: each job's resolved schedule and next `count` instants from `from`.
int dry_run(const RunnerOptions& options, sys_milliseconds from, int count, std::ostream& out);

}  // namespace fuzzycron::runner
