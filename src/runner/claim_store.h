// Where replicas of `fuzzycron run --cluster` agree: one row per (job,
// scheduled instant), inserted by the replica that runs it, so the store
// itself refuses a second launch. No leader: every replica claims; the store's
// unique key and its clock decide. PostgreSQL is the one store here
// (postgres_store.cc); the interface is what another (etcd) would implement.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/instant.h"

namespace fuzzycron::runner {

// A fire as the store keys it.
struct FireKey {
  std::string job;
  sys_milliseconds instant{};
  friend bool operator==(const FireKey&, const FireKey&) = default;
};

struct ClaimRequest {
  FireKey fire;
  std::string replica;
  std::chrono::milliseconds lease{};  // the run's lease from now
  std::chrono::milliseconds early{};  // how far ahead of the store's clock an instant may be claimed
  bool forbid_overlap = false;        // refuse while any run of the job holds a live lease
};

enum class ClaimOutcome {
  won,      // this replica runs it (the row is 'running' with its lease)
  taken,    // another replica claimed it (`by`)
  running,  // forbid: a run of the job is still going (`by`): this replica recorded the instant as skipped
  early,    // the instant is ahead of the store's clock: ask again later
  error,    // the store could not be asked (`error`): fail closed
};

struct ClaimAnswer {
  ClaimOutcome outcome = ClaimOutcome::error;
  std::string by;     // the replica that holds it, for taken/running
  std::string error;  // for error
  std::string state;  // taken: the row's state (by this replica itself: a claim whose reply was lost)
};

// The end of a run this replica holds.
struct FireEnd {
  FireKey fire;
  int attempt = 1;      // 0: whichever attempt this replica holds (a claim no run stands for)
  std::string outcome;  // success | failure | timeout | killed
  std::optional<int> exit_code;
};

// A row as `fuzzycron runs` lists it.
struct FireRow {
  FireKey fire;
  std::string replica, state, outcome;
  int attempt = 1;
  std::optional<int> exit_code;
  std::optional<sys_milliseconds> claimed_at, started_at, finished_at, lease_until;
};

struct ReplicaRow {
  std::string replica;
  sys_milliseconds heartbeat{};
  bool live = false;
};

class ClaimStore {
 public:
  virtual ~ClaimStore() = default;
  // Connects and creates or migrates the schema (idempotent, safe when
  // replicas start at once). "" or what failed, for the operator.
  virtual std::string open(bool create_schema) = 0;
  virtual bool connected() const = 0;
  // Claims, each the claim and the start of its run in one statement, the
  // whole batch sent in one round trip (each claim its own transaction); an
  // answer per request, in order.
  virtual std::vector<ClaimAnswer> claim(const std::vector<ClaimRequest>& requests) = 0;
  // The ends of runs this replica holds, in one round trip (fenced: a run a
  // peer took over is left alone); false when the store could not be told.
  virtual bool finish(const std::string& replica, const std::vector<FireEnd>& ends) = 0;
  // Renews the leases of this replica's running fires; the fires it still holds, or nullopt on error.
  virtual std::optional<std::vector<FireKey>> renew(const std::string& replica, std::chrono::milliseconds lease) = 0;
  // Marks fires whose lease ran out as lost; those it marked.
  virtual std::vector<FireRow> expire() = 0;
  // A lost fire taken over by this replica (fenced: one replica wins); its attempt, or nullopt.
  // `forbid_overlap`: not while another run of the job holds a live lease.
  virtual std::optional<int> reclaim(const FireKey& fire, const std::string& replica, std::chrono::milliseconds lease,
                                     bool forbid_overlap) = 0;
  // This replica is alive; every replica with its last heartbeat.
  virtual std::optional<std::vector<ReplicaRow>> heartbeat(const std::string& replica,
                                                           std::chrono::milliseconds live_for) = 0;
  // The store's clock (for the skew gauge), or nullopt.
  virtual std::optional<sys_milliseconds> clock() = 0;
  // The newest instant of a job any replica claimed (catch-up after every replica was down).
  virtual std::optional<sys_milliseconds> last_claimed(const std::string& job) = 0;
  // Removes finished rows older than `keep`; how many.
  virtual std::int64_t retain(std::chrono::milliseconds keep) = 0;
  virtual std::vector<FireRow> history(const std::string& job, sys_milliseconds since) = 0;
  // Round trips so far (the benchmark counts them per fire).
  virtual std::uint64_t round_trips() const = 0;
};

// A store at a libpq connection string or URI ("postgresql://user@host/db",
// "host=/tmp dbname=cron"). Nothing is done until open(). A statement that
// takes longer than `statement_timeout` fails: the runner passes its fence's
// bound (ClusterOptions::statement_timeout), queries such as `runs` the default.
std::unique_ptr<ClaimStore> make_postgres_store(const std::string& url,
                                                std::chrono::milliseconds statement_timeout = std::chrono::seconds{5});

}  // namespace fuzzycron::runner
