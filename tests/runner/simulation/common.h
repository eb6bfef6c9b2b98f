// What the simulation's worlds share: the epoch of virtual time, the value a
// seed gives, the cluster's jobs, and a log sink that hands the checker the
// skips a replica says.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <streambuf>
#include <string>
#include <vector>

#include "fuzzycron/instant.h"
#include "runner/config.h"
#include "world.h"

namespace fuzzycron::simulation {

// Virtual time 0: 2026-03-01T00:00:00Z.
inline const sys_milliseconds kEpoch{std::chrono::milliseconds{1'772'323'200'000}};

// A value from (seed, a, b, c): job behaviours do not depend on the fault schedule.
std::uint64_t mix(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0, std::uint64_t c = 0);

// A job of the cluster: instants offset + k * period (ms since kEpoch).
struct SimJob {
  std::string name;
  std::int64_t period = 1'000, offset = 0;
  std::int64_t dur_min = 0, dur_max = 0;
  int fail_per_mille = 0;
  runner::Concurrency concurrency = runner::Concurrency::allow;
  bool rerun = false;
  std::optional<std::int64_t> deadline;
};

// What happened to a fire, for the invariants.
struct FireLog {
  int starts = 0, last_claim = 0;
  std::uint64_t active = 0;  // the run going (0: none)
  bool skipped = false;
};

// The seed's jobs (offsets in whole seconds with `whole_seconds`: a cron line's).
std::vector<SimJob> make_jobs(const Params& p, bool whole_seconds);

// A replica's log: each job.skip line handed to on_line, each config.reload line to on_reload.
class SkipSink final : public std::streambuf {
 public:
  std::function<void(const std::string&)> on_line, on_reload;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;

 private:
  std::string line_;
};

// The instants a job.skip line names (its scheduled_for, or first..last by the job's period).
std::vector<std::int64_t> skipped_instants(const std::string& line, const std::vector<SimJob>& jobs, int& job);

}  // namespace fuzzycron::simulation
