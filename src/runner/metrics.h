// What the status server publishes: Prometheus text for /metrics and the JSON
// of /status, from the loop's job states.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runner/job_state.h"

namespace fuzzycron::runner {

struct ClusterCounters;

struct RunnerCounters {
  std::map<std::string, std::uint64_t> clock_events;  // step, suspend
  std::map<std::string, std::uint64_t> reloads;       // success, error
  std::uint64_t state_errors = 0;                     // state writes that failed
  std::uint64_t builds = 0;                           // documents built for scrapes
};

// Per-job series for the first `job_limit` jobs (their number bounds the
// document); totals over every job whatever the limit.
std::string metrics_text(const std::vector<std::shared_ptr<JobState>>& jobs, const RunnerCounters& counters,
                         std::size_t job_limit);
// The fuzzycron_cluster_* series of a replica (run --cluster).
std::string cluster_metrics_text(const ClusterCounters& cluster, sys_milliseconds now);

// The /status document: now, the file, each job, the configuration's
// problems and, for a replica of a cluster (`cluster` not null), the cluster.
std::string status_json(const std::vector<std::shared_ptr<JobState>>& jobs, sys_milliseconds now,
                        const std::string& file, const std::vector<std::string>& problems, bool stopping,
                        const ClusterCounters* cluster = nullptr);

}  // namespace fuzzycron::runner
