// `fuzzycron run --cluster`: the ledger of a replica, its side of the agreement. Every
// replica computes the same instants (H seeded by the job alone) and claims
// each fire in the store before it runs it. The replica that ranks first for
// (job, instant) in rendezvous hashing over the live replicas claims at the
// instant, the others after --claim-delay, so a dead preferred replica costs
// that delay and the fastest replica does not win everything. A fire the
// store cannot be asked about is not run (fail closed); it is asked again
// until its catch-up window closes. Running fires hold a lease the replica
// renews; a replica that cannot renew kills its runs before the lease ends,
// and peers mark a run whose lease ran out as lost (and, for `on-lost:
// rerun` jobs, one of them takes it over).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runner/claim_store.h"
#include "runner/clock.h"
#include "runner/job_state.h"
#include "runner/ledger.h"
#include "runner/log.h"

namespace fuzzycron::runner {

struct ClusterOptions {
  std::string url;      // libpq connection string or URI
  std::string replica;  // this replica's name (--host)
  std::chrono::milliseconds claim_delay{2'000};
  std::chrono::milliseconds lease{15'000};
  std::chrono::milliseconds heartbeat{2'000};
  std::chrono::milliseconds max_skew{1'000};  // how far ahead of the database's clock an instant may be claimed
  std::chrono::milliseconds retention{7 * 24 * 3'600'000LL};
  // Stop runs a peer took over and runs whose lease cannot be renewed. Off
  // only in the simulator's planted bug (fuzzycron_simulation --plant fence-off).
  bool fence = true;

  // A replica that has not renewed its lease for `lease - fence_margin()`
  // stops its runs, so they end before a peer may take them over.
  std::chrono::milliseconds fence_margin() const { return std::min(lease / 3, std::chrono::milliseconds{3'000}); }
  // The longest a store call may block the loop: half the margin, so a
  // hung statement cannot carry the replica past the point where it must stop
  // (the ledger looks again after each call).
  std::chrono::milliseconds statement_timeout() const { return fence_margin() / 2; }
};

struct ClusterCounters {
  std::uint64_t won = 0, lost_to_peer = 0, overlap = 0, missed = 0, lost = 0, reclaimed = 0, db_errors = 0, fenced = 0;
  std::optional<std::int64_t> skew_ms;  // local minus the database's clock
  std::vector<ReplicaRow> replicas;     // every replica with its last heartbeat, as of the last one
  std::uint64_t round_trips = 0;        // to the store, so far
  std::size_t waiting = 0;              // fires due and not yet claimed or refused
  bool connected = false;
  std::string replica;  // this one
};

class ClusterLedger final : public Ledger {
 public:
  ClusterLedger(ClusterOptions options, std::unique_ptr<ClaimStore> store, Clock& clock, Log& log);

  // Connects and creates or migrates the schema: "" or why not (exit 3).
  std::string open() override;
  // Every replica was down: the newest instant any replica claimed.
  std::optional<Resume> resume(const std::string& job, sys_milliseconds now) override;
  // A due fire is claimed now or after the claim delay: a later turn() answers.
  bool may_run(const std::shared_ptr<JobState>& s, sys_milliseconds instant) override;
  bool decides_overlap() const override { return true; }
  void changed(const std::shared_ptr<JobState>&) override {}
  void commit(const std::vector<std::shared_ptr<JobState>>&) override {}
  LedgerTurn turn(const std::vector<std::shared_ptr<JobState>>& states, const std::vector<HeldRun>& running) override;
  void ended(const FireKey& fire, int claim, const std::string& outcome, std::optional<int> exit_code) override;
  // Records the ends of runs in one round trip (kept for the next try when the store is away).
  void flush() override;
  void checkpoint(const std::vector<std::shared_ptr<JobState>>&) override {}
  std::optional<std::int64_t> next_wake() const override;
  std::uint64_t errors() const override { return 0; }
  const ClusterCounters* cluster() override;

  std::size_t waiting() const { return pending_.size(); }

 private:
  // A fire this replica won: start it.
  struct Win {
    std::shared_ptr<JobState> state;
    sys_milliseconds instant{};
    int attempt = 1;  // the store's attempt (takeovers of a lost run count up)
  };
  // Heartbeats, leases, lost runs, skew, retention.
  struct Tick {
    bool stop_all = false;      // the lease could not be renewed in time: stop every run of the cluster
    bool renewed = false;       // `held` lists the fires this replica still holds
    std::vector<FireKey> held;  // (a running one not in it was taken over by a peer: stop it)
    std::vector<Win> rerun;     // lost runs this replica took over
  };
  struct Pending {
    std::shared_ptr<JobState> state;
    sys_milliseconds instant{};
    std::int64_t not_before = 0;  // mono
    bool failed = false;          // the store could not be asked at least once
  };
  std::vector<Win> claim_due();
  Tick tick(const std::vector<std::shared_ptr<JobState>>& states);
  bool past_fence();
  bool preferred(const std::string& job, sys_milliseconds instant) const;
  bool reconnect();
  void db_error(const std::string& what);
  void drop_expired();
  void release(const std::vector<FireEnd>& orphans, const std::vector<std::shared_ptr<JobState>>& states);

  ClusterOptions o_;
  std::unique_ptr<ClaimStore> store_;
  Clock& clock_;
  Log& log_;
  std::deque<Pending> pending_;
  std::vector<FireEnd> ends_;  // ends not yet recorded
  ClusterCounters counters_, published_;
  std::vector<std::string> live_;  // replicas with a fresh heartbeat, this one included
  std::int64_t next_heartbeat_ = 0, next_lease_ = 0, next_skew_ = 0, next_retention_ = 0, next_reconnect_ = 0;
  std::int64_t last_renewed_ = 0, reconnect_backoff_ = 500;
  bool fence_due_ = false;  // past the fence: the next tick stops every run
  std::optional<std::int64_t> last_error_log_;
};

}  // namespace fuzzycron::runner
