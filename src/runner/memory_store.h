// A claim store in memory: the test double of PostgreSQL (postgres_store.cc)
// for the cluster ledger's C++ tests and fuzzycron_simulation. The database
// (MemoryDatabase) is a map of rows keyed by (job, instant) and a clock; each
// replica talks to it through its own connection (MemoryClaimStore), whose
// fault hooks make it unreachable, lose the reply of a statement that
// committed, or slow its answers. Same answers as the PostgreSQL statements,
// row for row (the claim's INSERT ... ON CONFLICT DO NOTHING, the fenced
// finish, renew, expire and reclaim).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "runner/claim_store.h"

namespace fuzzycron::runner {

class MemoryDatabase {
 public:
  // `clock`: the database's clock (now()).
  explicit MemoryDatabase(std::function<sys_milliseconds()> clock) : clock_(std::move(clock)) {}

  struct Row {
    std::string replica, state;  // running | success | failure | timeout | killed | lost | skipped
    int attempt = 1;
    std::optional<int> exit_code;
    sys_milliseconds claimed_at{};
    std::optional<sys_milliseconds> started_at, finished_at, lease_until;
  };
  sys_milliseconds now() const { return clock_(); }
  // job → instant (ms) → row
  std::map<std::string, std::map<std::int64_t, Row>> fires;
  // The rows in state 'running' (as PostgreSQL's partial index): renew, expire and forbid look at these only.
  std::set<std::pair<std::string, std::int64_t>> running;
  // A row's new state, the index kept.
  void set_state(const std::string& job, std::int64_t instant, Row& r, std::string state) {
    if (r.state == "running") running.erase({job, instant});
    r.state = std::move(state);
    if (r.state == "running") running.insert({job, instant});
  }
  std::map<std::string, sys_milliseconds> replicas;  // last heartbeat

  // A planted bug (fuzzycron_simulation --plant unique-claim-off): a claim
  // overwrites the row a peer holds instead of being refused.
  bool unique_claim = true;

 private:
  std::function<sys_milliseconds()> clock_;
};

// A replica's connection to a MemoryDatabase.
class MemoryClaimStore final : public ClaimStore {
 public:
  explicit MemoryClaimStore(MemoryDatabase& db) : db_(db) {}

  // Fault hooks.
  struct Faults {
    bool unreachable = false;  // every call fails, open() too
    int lose_replies = 0;      // the next N calls that change rows commit, then fail as if the reply was lost
    std::function<void()>
        slow;           // called after each call's changes, before its reply (a simulator advances its clock there)
    int time_outs = 0;  // the next N calls wait (slow) and fail unchanged, as a statement that timed out
  };
  Faults faults;

  std::string open(bool create_schema) override;
  bool connected() const override { return connected_ && !faults.unreachable; }
  std::vector<ClaimAnswer> claim(const std::vector<ClaimRequest>& requests) override;
  bool finish(const std::string& replica, const std::vector<FireEnd>& ends) override;
  std::optional<std::vector<FireKey>> renew(const std::string& replica, std::chrono::milliseconds lease) override;
  std::vector<FireRow> expire() override;
  std::optional<int> reclaim(const FireKey& fire, const std::string& replica, std::chrono::milliseconds lease,
                             bool forbid_overlap) override;
  std::optional<std::vector<ReplicaRow>> heartbeat(const std::string& replica,
                                                   std::chrono::milliseconds live_for) override;
  std::optional<sys_milliseconds> clock() override;
  std::optional<sys_milliseconds> last_claimed(const std::string& job) override;
  std::int64_t retain(std::chrono::milliseconds keep) override;
  std::vector<FireRow> history(const std::string& job, sys_milliseconds since) override;
  std::uint64_t round_trips() const override { return trips_; }

 private:
  // One round trip: false when the store cannot be reached (the connection drops).
  bool call();
  // After a call that changed rows: false when its reply is lost (the connection drops).
  bool reply();

  MemoryDatabase& db_;
  bool connected_ = false;
  std::uint64_t trips_ = 0;
};

}  // namespace fuzzycron::runner
