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
#include <unordered_map>
#include <vector>

#include "fuzzycron/instant.h"
#include "runner/config.h"
#include "runner/memory_store.h"
#include "world.h"

namespace fuzzycron::simulation {

// Virtual time 0: 2026-03-01T00:00:00Z.
inline const sys_milliseconds kEpoch{std::chrono::milliseconds{1'772'323'200'000}};

// The cluster worlds' figures, ms of virtual time.
inline constexpr std::int64_t kTick = 200;       // per step
inline constexpr std::int64_t kLease = 15'000;   // the runner's default --lease
inline constexpr std::int64_t kEarly = 1'000;    // how early the store lets an instant be claimed (max skew)
inline constexpr std::int64_t kMaxSkew = 3'000;  // the largest clock skew injected
inline constexpr std::int64_t kSlowMax = 1'500;  // the slowest answer: the store's statement timeout at this lease
inline constexpr std::int64_t kOnTimeSlack =
    60'000;  // as the runner: the newest due instant at most a minute old fires

// A fire's key in the checker's maps.
inline std::int64_t key_of(int job, std::int64_t instant) { return instant * 1024 + job; }

// A replica's connection to the store as the faults see it: cut off
// (partition), a lost reply, slow answers (the replica waits for them, its
// runs go on; the slowest third are statements that time out and fail).
struct StoreLink {
  runner::MemoryClaimStore* store = nullptr;  // null while the replica is down
  std::int64_t busy_until = 0, unreachable_until = 0, slow_calls = 0, slow_ms = 0;

  // A new connection; `now`: the world's clock, read when an answer is slow.
  void attach(runner::MemoryClaimStore& s, const std::int64_t& now);
  // Applies `f` when it is one of the store's faults (partition, lose-reply, slow).
  bool inject(const Fault& f, std::int64_t now);
  // Before each step: reachable or not.
  void refresh(std::int64_t now) {
    if (store) store->faults.unreachable = unreachable_until > now;
  }
};

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

// What happened to each fire, by key_of.
using Fires = std::unordered_map<std::int64_t, FireLog>;

// The instants in (from, to) of each job that neither started nor were said
// skipped: one message each ("lost in silence").
std::vector<std::string> lost_in_silence(const std::vector<SimJob>& jobs, const Fires& fires, std::int64_t from,
                                         std::int64_t to);

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
