// fuzzycron_simulation's worlds. The cluster's: N replicas of the runner's real cluster ledger
// (src/runner/cluster_ledger.cc) over one in-memory claim store
// (src/runner/memory_store.h), each with a replica's loop around it (due
// instants, catch-up, starts, ends, fences, takeovers) and simulated
// processes, in virtual time. Every fault comes from the seed's schedule,
// and the invariants are checked after every step (docs/reliability.md).
// The single host's (--local, local.cc): the real local ledger over a state
// directory, crashes that tear the journal's last write, the real catch-up planner.
// The cluster of whole runners (--runners, runners.cc): each replica a
// runner::Runner stepped a turn at a time, the same faults and invariants.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fuzzycron::simulation {

enum class FaultKind { crash, pause, partition, lose_reply, slow, skew, kill, hang, reload, torn };
const char* fault_name(FaultKind k);

struct Fault {
  std::int64_t at = 0;  // virtual ms since the start
  FaultKind kind = FaultKind::crash;
  int replica = 0;
  std::int64_t arg = 0;  // a duration (ms), a skew (ms), a job
};

struct Params {
  std::uint64_t seed = 1;
  int replicas = 3;
  int jobs = 40;
  double hours = 1;
  std::string plant;     // "", unique-claim-off, fence-off; --local: journal-before-spawn-off
  bool local = false;    // one host and its state directory (local.cc)
  bool runners = false;  // each replica a whole runner::Runner, stepped (runners.cc)
};

struct Outcome {
  std::uint64_t fires = 0, faults = 0, steps = 0, reruns = 0, skips = 0;
  std::vector<std::string> violations;  // the first few, each with the virtual time
};

// The fault schedule a seed gives (faults stop at 80% of the hours: the rest is quiet).
std::vector<Fault> schedule_faults(const Params& p);

// One run of the world under `faults`: deterministic for (params, faults).
Outcome simulate(const Params& p, const std::vector<Fault>& faults);

// The cluster of whole runners (--runners): the same faults, the runner's own loop.
Outcome simulate_runners(const Params& p, const std::vector<Fault>& faults);

// The single host's: crashes (some in the middle of a journal write), from the seed.
std::vector<Fault> schedule_local_faults(const Params& p);
Outcome simulate_local(const Params& p, const std::vector<Fault>& faults);

}  // namespace fuzzycron::simulation
