// The claim store on PostgreSQL (libpq), shared by its two files:
// postgres_store.cc (the statements a replica's ledger sends) and
// postgres_session.cc (connecting, the schema, one round trip per batch).
// Internal to the runner: claim_store.h's make_postgres_store is the way in.
#pragma once

#include <fmt/format.h>
#include <libpq-fe.h>
#include <algorithm>
#include <string>
#include <utility>
#include "runner/claim_store.h"

namespace fuzzycron::runner::postgres {

inline constexpr int kSchemaVersion = 1;
inline constexpr std::int64_t kMigrationLock = 0x66757a7a79;  // "fuzzy": one migration at a time

inline const char* const kSchema[] = {
    "CREATE TABLE IF NOT EXISTS fuzzycron_schema (version integer NOT NULL)",
    "CREATE TABLE IF NOT EXISTS fuzzycron_fire ("
    " job text NOT NULL,"
    " instant timestamptz NOT NULL,"
    " replica text NOT NULL,"
    " state text NOT NULL,"  // running | success | failure | timeout | killed | lost | skipped
    " attempt integer NOT NULL DEFAULT 1,"
    " exit_code integer,"
    " claimed_at timestamptz NOT NULL DEFAULT now(),"
    " started_at timestamptz,"
    " finished_at timestamptz,"
    " lease_until timestamptz,"
    " PRIMARY KEY (job, instant))",
    "CREATE INDEX IF NOT EXISTS fuzzycron_fire_running ON fuzzycron_fire (lease_until) WHERE state = 'running'",
    "CREATE TABLE IF NOT EXISTS fuzzycron_replica ("
    " replica text PRIMARY KEY,"
    " heartbeat timestamptz NOT NULL,"
    " started_at timestamptz NOT NULL DEFAULT now())",
};

// Milliseconds since the epoch as PostgreSQL reads and writes them.
inline std::string ms_text(sys_milliseconds t) { return std::to_string(t.time_since_epoch().count()); }
inline std::string interval_text(std::chrono::milliseconds d) { return fmt::format("{} milliseconds", d.count()); }
inline sys_milliseconds at_ms(const char* text) {
  return sys_milliseconds{std::chrono::milliseconds{std::stoll(text)}};
}

class Result {
 public:
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() {
    if (r_) PQclear(r_);
  }
  Result(Result&& o) noexcept : r_(std::exchange(o.r_, nullptr)) {}
  Result& operator=(Result&&) = delete;
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  bool ok() const {
    const auto s = PQresultStatus(r_);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
  }
  int rows() const { return PQntuples(r_); }
  bool null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  const char* at(int row, int col) const { return PQgetvalue(r_, row, col); }
  std::string error() const {
    std::string e = PQresultErrorMessage(r_);
    while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
    return e;
  }
  std::string sqlstate() const {
    const char* s = PQresultErrorField(r_, PG_DIAG_SQLSTATE);
    return s ? s : "";
  }

 private:
  PGresult* r_;
};

class PostgresStore final : public ClaimStore {
 public:
  PostgresStore(std::string url, std::chrono::milliseconds statement_timeout)
      : url_(std::move(url)), statement_timeout_(statement_timeout) {}
  ~PostgresStore() override {
    if (conn_) PQfinish(conn_);
  }

  std::string open(bool create_schema) override;

  bool connected() const override { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

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
  // A prepared statement and its parameters (nullopt: NULL).
  struct Statement {
    const char* name;
    std::vector<std::optional<std::string>> params;
  };

  // The statements the claims and ends use, prepared once per connection.
  bool prepare();

  // Statements sent together and answered in one round trip (libpq's pipeline
  // mode): each group is a transaction of its own. Each statement's result,
  // nullopt where it failed (its error in error_of_); nullopt when the
  // connection failed (error_). Chunks keep what the server writes back within
  // the socket's buffers, so neither side blocks on the other.
  std::optional<std::vector<std::optional<Result>>> send(const std::vector<std::vector<Statement>>& groups);

  // A claim that found a peer's row committed after its snapshot: who holds it
  // (taken), or whether it was early. A second round trip, rare.
  ClaimAnswer decided_since(const ClaimRequest& q);

  // One statement; nullopt (with error_) when it failed or the connection is gone.
  std::optional<Result> exec(const char* sql, const char* const* params, int n);

  std::string schema(bool create);

  std::string url_;
  std::chrono::milliseconds statement_timeout_;
  PGconn* conn_ = nullptr;
  PGresult* raw_ = nullptr;  // the last result (for PQcmdTuples)
  std::string error_;
  std::vector<std::string> error_of_;  // per statement of the last send()
  std::uint64_t trips_ = 0;
};

}  // namespace fuzzycron::runner::postgres
