// What `fuzzycron run` is told: the crontab, the seed's host, the state
// directory, shutdown, logs, metrics, sharding and the simulated clock.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "fuzzycron/instant.h"
#include "fuzzycron/parse.h"

namespace fuzzycron::runner {

struct RunnerOptions {
  std::string file;       // the crontab
  ParseOptions parse;     // dialect, default zone, DST policy, hash scheme
  std::string balance;    // --balance: the lock's file, read again with the crontab on reload
  std::string host;       // H seed [host, name]
  std::string state_dir;  // last fire per job, for catch-up after downtime; "" for none
  std::chrono::milliseconds shutdown_grace{25'000};
  // At SIGTERM/SIGINT, running jobs get: term (SIGTERM, SIGKILL after the
  // grace), wait (no signal until the grace ends, then SIGKILL) or kill (SIGKILL).
  enum class Shutdown { term, wait, kill } shutdown = Shutdown::term;
  std::chrono::milliseconds catchup_window{10'000};  // catch-up runs start within this, by job hash
  bool json = true;                                  // --log-format json|text
  std::string metrics_address;                       // HOST:PORT for /metrics, /healthz, /readyz, /status; "" for none
  bool strict_health = false;                        // /healthz 503 while any job's last run failed
  std::size_t metrics_jobs = 1000;                   // per-job series for at most this many jobs
  std::optional<std::pair<int, int>> shard;          // I/N: run the jobs whose hash picks shard I
  // --cluster: replicas agree on PostgreSQL (docs/cluster.md); H is seeded [fleet, name] or [name].
  std::string cluster;  // libpq URL; "" for a single host
  std::string fleet;
  std::chrono::milliseconds claim_delay{2'000}, lease{15'000}, cluster_retention{7 * 24 * 3'600'000LL};
  // Runs the cluster can no longer stand behind are killed (ClusterOptions::fence). No flag turns it
  // off: only fuzzycron_simulation's planted bug (--plant fence-off), to see its checker catch that.
  bool cluster_fence = true;

  // What H is seeded with besides the job's name: the host, or in a cluster
  // the fleet (never the host: a host-seeded schedule would run once per replica).
  const std::string& seed_host() const { return cluster.empty() ? host : fleet; }
  // The simulated clock: start, rate (simulated seconds per real second), control FIFO.
  std::optional<sys_milliseconds> sim_start;
  double sim_rate = 1.0;
  std::string sim_control;
};

}  // namespace fuzzycron::runner
