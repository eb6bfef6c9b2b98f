// `fuzzycron run`: a job runner over the engine. Every fire instant is the
// one Schedule::next gives for the job; the runner waits for it, runs the
// command in its own process group, and handles overlap, timeouts, retries,
// catch-up, clock steps and suspends, reloads and shutdown (docs/runner.md).
#pragma once

#include <chrono>
#include <iosfwd>
#include <optional>
#include <string>

#include "fuzzycron/parse.h"

namespace fuzzycron::runner {

struct RunnerOptions {
  std::string file;            // the crontab
  ParseOptions parse;          // dialect, default zone, DST policy, hash scheme
  std::string host;            // H seed [host, name]
  std::string state_dir;       // last fire per job, for catch-up after downtime; "" for none
  std::chrono::milliseconds shutdown_grace{25'000};
  // At SIGTERM/SIGINT, running jobs get: term (SIGTERM, SIGKILL after the
  // grace), wait (no signal until the grace ends, then SIGKILL) or kill (SIGKILL).
  enum class Shutdown { term, wait, kill } shutdown = Shutdown::term;
  std::chrono::milliseconds catchup_spread{10'000};  // catch-up runs start within this, by job hash
  bool json = true;            // --log-format json|text
  std::string metrics_address; // HOST:PORT for /metrics, /healthz, /readyz, /status; "" for none
  bool strict_health = false;  // /healthz 503 while any job's last run failed
  std::optional<std::pair<int, int>> shard;  // I/N: run the jobs whose hash picks shard I
  // The simulated clock: start, rate (simulated seconds per real second), control FIFO.
  std::optional<sys_milliseconds> sim_start;
  double sim_rate = 1.0;
  std::string sim_control;
};

// Runs until SIGTERM/SIGINT. Exit status: 0 clean stop, 1 the crontab cannot
// be read or has no job, 3 a fatal runtime error (state dir not writable).
int run(const RunnerOptions& options, std::ostream& log);

// --test: every problem as FILE:LINE:COL (status 1), lint warnings (status 0).
int test_config(const RunnerOptions& options, std::ostream& out);
// --dry-run: each job's resolved schedule and next `count` instants from `from`.
int dry_run(const RunnerOptions& options, sys_milliseconds from, int count, std::ostream& out);

}  // namespace fuzzycron::runner
