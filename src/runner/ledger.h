// The runner's ledger: where the loop asks "may this fire run?" and records
// that it started, ended or was skipped. One interface, two strategies (as
// cctz's time_zone_if): the local journal of a single host (local_ledger.cc,
// the state directory) and the cluster ledger (cluster_ledger.cc: claims,
// leases, fencing and takeover over a ClaimStore that is passed in). The loop
// talks to a Ledger only, never to a store.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runner/claim_store.h"
#include "runner/job_state.h"

namespace fuzzycron::runner {

struct ClusterCounters;

// A fire the ledger lets run. `claim`: the ledger's attempt of it (the
// store's row in a cluster; 0 when the ledger holds no claim, as on one host).
struct LedgerFire {
  std::shared_ptr<JobState> state;
  sys_milliseconds instant{};
  int claim = 0;
};

// A fire the loop holds under a claim: a run going (`alive`: fencing asks
// about these), ended and not yet retired, or waiting for its retry.
struct HeldRun {
  FireKey fire;
  int claim = 0;
  bool alive = true;
};

// A run the ledger can no longer stand behind: it must be killed now.
struct Fence {
  FireKey fire;
  std::string reason;
};

// What a turn of the ledger decided.
struct LedgerTurn {
  std::vector<LedgerFire> start;  // asked earlier, now allowed
  std::vector<LedgerFire> rerun;  // lost runs of a peer this ledger took over
  std::vector<Fence> stop;        // runs to kill before their lease ends (or that a peer took over)
};

// Where a job new to this runner resumes: every instant up to `last` was
// started or skipped; `pending`: catch-up instants chosen before and not started.
struct Resume {
  sys_milliseconds last{};
  std::vector<sys_milliseconds> pending;
};

class Ledger {
 public:
  virtual ~Ledger() = default;
  // Opens the ledger (takes the state directory's lock, connects to the store):
  // "" or why not (the runner exits 3).
  virtual std::string open() = 0;
  // Where a job resumes at start (nullopt: it starts from now).
  virtual std::optional<Resume> resume(const std::string& job, sys_milliseconds now) = 0;
  // May this due fire run? true: now. false: asked; a later turn() answers.
  virtual bool may_run(const std::shared_ptr<JobState>& s, sys_milliseconds instant) = 0;
  // Whether the ledger decides `concurrency: forbid` itself (across replicas).
  virtual bool decides_overlap() const = 0;
  // A job's cursor or pending instants changed: recorded by the next commit().
  virtual void changed(const std::shared_ptr<JobState>& s) = 0;
  // Records what changed before the runs it covers start: a crash after this
  // never runs those instants again.
  virtual void commit(const std::vector<std::shared_ptr<JobState>>& states) = 0;
  // Answers, leases, fences and takeovers; `running`: the runs held under a claim.
  virtual LedgerTurn turn(const std::vector<std::shared_ptr<JobState>>& states,
                          const std::vector<HeldRun>& running) = 0;
  // The end of a run held under `claim` (recorded by the next flush()).
  virtual void ended(const FireKey& fire, int claim, const std::string& outcome, std::optional<int> exit_code) = 0;
  virtual void flush() = 0;
  // Writes the whole state (the state directory's snapshot): after the first
  // configuration and at stop.
  virtual void checkpoint(const std::vector<std::shared_ptr<JobState>>& states) = 0;
  // The next moment (mono) the loop must give the ledger a turn.
  virtual std::optional<std::int64_t> next_wake() const = 0;
  // Writes that failed so far (the state_errors metric).
  virtual std::uint64_t errors() const { return 0; }
  // A replica's figures (nullptr on one host).
  virtual const ClusterCounters* cluster() { return nullptr; }
};

}  // namespace fuzzycron::runner
