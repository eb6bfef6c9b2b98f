// The claim store on PostgreSQL (libpq): fuzzycron_fire keyed by (job,
// instant), fuzzycron_replica for heartbeats, fuzzycron_schema for the
// version. Every statement is one round trip in autocommit; the claim is an
// INSERT ... ON CONFLICT DO NOTHING whose WHERE clause also refuses instants
// ahead of the database's clock and (forbid) jobs with a live run.
#include <libpq-fe.h>

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>

#include "runner/claim_store.h"

namespace fuzzycron::runner {
namespace {

constexpr int kSchemaVersion = 1;
constexpr std::int64_t kMigrationLock = 0x66757a7a79;  // "fuzzy": one migration at a time

const char* const kSchema[] = {
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
std::string ms_text(sys_milliseconds t) { return std::to_string(t.time_since_epoch().count()); }
std::string interval_text(std::chrono::milliseconds d) { return fmt::format("{} milliseconds", d.count()); }
sys_milliseconds at_ms(const char* text) { return sys_milliseconds{std::chrono::milliseconds{std::stoll(text)}}; }

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
  explicit PostgresStore(std::string url) : url_(std::move(url)) {}
  ~PostgresStore() override {
    if (conn_) PQfinish(conn_);
  }

  std::string open(bool create_schema) override {
    if (conn_) PQfinish(conn_);
    // A short connect timeout: the loop must not hang on an unreachable database.
    const char* keys[] = {"dbname", "connect_timeout", "application_name", nullptr};
    const char* values[] = {url_.c_str(), "3", "fuzzycron", nullptr};
    conn_ = PQconnectdbParams(keys, values, 1);
    if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
      std::string e = conn_ ? PQerrorMessage(conn_) : "out of memory";
      while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
      if (conn_) PQfinish(conn_);
      conn_ = nullptr;
      return "cannot connect to the cluster database: " + e;
    }
    {  // statements never wait long: a stuck lock must not stall the schedule
      Result r(PQexec(conn_, "SET statement_timeout = '5s'"));
      ++trips_;
    }
    if (std::string error = schema(create_schema); !error.empty()) return error;
    if (!prepare()) return "cannot prepare fuzzycron's statements: " + error_;
    return {};
  }

  bool connected() const override { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

  std::vector<ClaimAnswer> claim(const std::vector<ClaimRequest>& requests) override {
    std::vector<ClaimAnswer> answers(requests.size());
    std::vector<std::vector<Statement>> groups;
    std::vector<std::size_t> claim_at;  // each request's claim statement in the flattened results
    std::size_t flat = 0;
    for (const auto& q : requests) {
      std::vector<Statement> group;
      // forbid: the job's lock first, in a statement of its own, so the claim's
      // snapshot (taken after the lock) sees a run a peer started meanwhile.
      if (q.forbid_overlap) group.push_back({"fuzzycron_lock", {q.fire.job}});
      group.push_back({"fuzzycron_claim",
                       {q.fire.job, ms_text(q.fire.instant), q.replica, interval_text(q.lease), interval_text(q.early),
                        q.forbid_overlap ? "true" : "false"}});
      flat += group.size();
      claim_at.push_back(flat - 1);
      groups.push_back(std::move(group));
    }
    const auto results = send(groups);
    for (std::size_t i = 0; i < requests.size(); ++i) {
      ClaimAnswer& a = answers[i];
      if (!results) {
        a.error = error_;
        continue;
      }
      const std::size_t at = claim_at[i];
      if (!(*results)[at]) {  // the lock's own error, when it was the lock that failed
        a.error = requests[i].forbid_overlap && !(*results)[at - 1] ? error_of_[at - 1] : error_of_[at];
        continue;
      }
      const Result& row = *(*results)[at];
      if (row.rows() == 1) {
        const std::string kind = row.at(0, 0), state = row.null(0, 1) ? "" : row.at(0, 1);
        if (!row.null(0, 2)) a.by = row.at(0, 2);
        if (kind == "mine") a.outcome = state == "running" ? ClaimOutcome::won : ClaimOutcome::running;
        if (kind == "theirs") {
          a.outcome = ClaimOutcome::taken;
          a.state = state;
        }
        if (kind == "early") a.outcome = ClaimOutcome::early;
        continue;
      }
      answers[i] = decided_since(requests[i]);  // a peer's row committed after this statement's snapshot
    }
    return answers;
  }

  bool finish(const std::string& replica, const std::vector<FireEnd>& ends) override {
    if (ends.empty()) return true;
    std::vector<std::vector<Statement>> groups;
    for (const auto& e : ends)
      groups.push_back({{"fuzzycron_finish",
                         {e.fire.job, ms_text(e.fire.instant), replica, std::to_string(e.attempt), e.outcome,
                          e.exit_code ? std::optional(std::to_string(*e.exit_code)) : std::nullopt}}});
    const auto results = send(groups);
    return results && std::all_of(results->begin(), results->end(), [](const auto& r) { return r.has_value(); });
  }

  std::optional<std::vector<FireKey>> renew(const std::string& replica, std::chrono::milliseconds lease) override {
    const std::string lease_text = interval_text(lease);
    const char* params[] = {replica.c_str(), lease_text.c_str()};
    auto r = exec(
        "UPDATE fuzzycron_fire SET lease_until = now() + $2::interval WHERE replica = $1 AND state = 'running'"
        " RETURNING job, (extract(epoch FROM instant) * 1000)::bigint",
        params, 2);
    if (!r) return std::nullopt;
    std::vector<FireKey> held;
    for (int i = 0; i < r->rows(); ++i) held.push_back({r->at(i, 0), at_ms(r->at(i, 1))});
    return held;
  }

  std::vector<FireRow> expire() override {
    auto r = exec(
        "UPDATE fuzzycron_fire SET state = 'lost', finished_at = now()"
        " WHERE state = 'running' AND lease_until < now()"
        " RETURNING job, (extract(epoch FROM instant) * 1000)::bigint, replica, attempt",
        nullptr, 0);
    std::vector<FireRow> out;
    if (!r) return out;
    for (int i = 0; i < r->rows(); ++i) {
      FireRow row;
      row.fire = {r->at(i, 0), at_ms(r->at(i, 1))};
      row.replica = r->at(i, 2);
      row.attempt = std::stoi(r->at(i, 3));
      row.state = "lost";
      out.push_back(std::move(row));
    }
    return out;
  }

  std::optional<int> reclaim(const FireKey& fire, const std::string& replica, std::chrono::milliseconds lease,
                             bool forbid_overlap) override {
    const std::string instant = ms_text(fire.instant), lease_text = interval_text(lease);
    const char* params[] = {fire.job.c_str(), instant.c_str(), replica.c_str(), lease_text.c_str(),
                            forbid_overlap ? "true" : "false"};
    // forbid: under the job's lock (as a claim), in a transaction whose update
    // is a statement of its own, so it sees a run a peer started meanwhile.
    if (forbid_overlap &&
        (!exec("BEGIN", nullptr, 0) || !exec("SELECT pg_advisory_xact_lock(hashtextextended($1, 7))", params, 1))) {
      if (connected()) exec("ROLLBACK", nullptr, 0);
      return std::nullopt;
    }
    auto r = exec(
        "UPDATE fuzzycron_fire SET replica = $3, attempt = attempt + 1, state = 'running', started_at = now(),"
        " finished_at = NULL, lease_until = now() + $4::interval"
        " WHERE job = $1 AND instant = to_timestamp($2::bigint / 1000.0) AND state = 'lost'"
        " AND NOT ($5::boolean AND EXISTS (SELECT 1 FROM fuzzycron_fire b WHERE b.job = $1 AND b.state = 'running'"
        "  AND b.lease_until > now()))"
        " RETURNING attempt",
        params, 5);
    if (forbid_overlap && connected()) exec(r ? "COMMIT" : "ROLLBACK", nullptr, 0);
    if (!r || r->rows() != 1) return std::nullopt;
    return std::stoi(r->at(0, 0));
  }

  std::optional<std::vector<ReplicaRow>> heartbeat(const std::string& replica,
                                                   std::chrono::milliseconds live_for) override {
    const std::string live = interval_text(live_for);
    const char* params[] = {replica.c_str(), live.c_str()};
    auto r = exec(
        "WITH me AS (INSERT INTO fuzzycron_replica (replica, heartbeat) VALUES ($1, now())"
        "  ON CONFLICT (replica) DO UPDATE SET heartbeat = now() RETURNING replica, heartbeat)"
        " SELECT replica, (extract(epoch FROM heartbeat) * 1000)::bigint, true FROM me"
        " UNION ALL SELECT replica, (extract(epoch FROM heartbeat) * 1000)::bigint,"
        "  heartbeat > now() - $2::interval FROM fuzzycron_replica WHERE replica <> $1",
        params, 2);
    if (!r) return std::nullopt;
    std::vector<ReplicaRow> out;
    for (int i = 0; i < r->rows(); ++i)
      out.push_back({r->at(i, 0), at_ms(r->at(i, 1)), std::string(r->at(i, 2)) == "t"});
    return out;
  }

  std::optional<sys_milliseconds> clock() override {
    auto r = exec("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint", nullptr, 0);
    if (!r || r->rows() != 1) return std::nullopt;
    return at_ms(r->at(0, 0));
  }

  std::optional<sys_milliseconds> last_claimed(const std::string& job) override {
    const char* params[] = {job.c_str()};
    auto r =
        exec("SELECT (extract(epoch FROM max(instant)) * 1000)::bigint FROM fuzzycron_fire WHERE job = $1", params, 1);
    if (!r || r->rows() != 1 || r->null(0, 0)) return std::nullopt;
    return at_ms(r->at(0, 0));
  }

  std::int64_t retain(std::chrono::milliseconds keep) override {
    const std::string keep_text = interval_text(keep);
    const char* params[] = {keep_text.c_str()};
    auto r = exec("DELETE FROM fuzzycron_fire WHERE instant < now() - $1::interval AND state <> 'running'", params, 1);
    return r ? std::stoll(PQcmdTuples(raw_)) : 0;
  }

  std::vector<FireRow> history(const std::string& job, sys_milliseconds since) override {
    const std::string since_text = ms_text(since);
    const char* params[] = {job.c_str(), since_text.c_str()};
    auto r = exec(
        "SELECT job, (extract(epoch FROM instant) * 1000)::bigint, replica, state, attempt, exit_code,"
        " (extract(epoch FROM claimed_at) * 1000)::bigint, (extract(epoch FROM started_at) * 1000)::bigint,"
        " (extract(epoch FROM finished_at) * 1000)::bigint, (extract(epoch FROM lease_until) * 1000)::bigint"
        " FROM fuzzycron_fire WHERE ($1 = '' OR job = $1) AND instant >= to_timestamp($2::bigint / 1000.0)"
        " ORDER BY instant, job",
        params, 2);
    std::vector<FireRow> out;
    if (!r) throw std::runtime_error(error_);
    auto maybe = [&](int i, int c) { return r->null(i, c) ? std::nullopt : std::optional(at_ms(r->at(i, c))); };
    for (int i = 0; i < r->rows(); ++i) {
      FireRow row;
      row.fire = {r->at(i, 0), at_ms(r->at(i, 1))};
      row.replica = r->at(i, 2);
      row.state = r->at(i, 3);
      row.attempt = std::stoi(r->at(i, 4));
      if (!r->null(i, 5)) row.exit_code = std::stoi(r->at(i, 5));
      row.claimed_at = maybe(i, 6);
      row.started_at = maybe(i, 7);
      row.finished_at = maybe(i, 8);
      row.lease_until = maybe(i, 9);
      out.push_back(std::move(row));
    }
    return out;
  }

  std::uint64_t round_trips() const override { return trips_; }

 private:
  // A prepared statement and its parameters (nullopt: NULL).
  struct Statement {
    const char* name;
    std::vector<std::optional<std::string>> params;
  };

  // The statements the claims and ends use, prepared once per connection.
  bool prepare() {
    static const std::pair<const char*, const char*> kPrepared[] = {
        {"fuzzycron_lock", "SELECT pg_advisory_xact_lock(hashtextextended($1, 7))"},
        // The claim and the start of the run, or why not, in one statement: the
        // row this replica inserted ('mine': running, or skipped when a live run
        // of a forbid job holds it), else the row a peer holds ('theirs'), else
        // 'early' when the instant is ahead of the database's clock.
        {"fuzzycron_claim",
         "WITH busy AS (SELECT f.replica FROM fuzzycron_fire f WHERE $6::boolean AND f.job = $1"
         "   AND f.state = 'running' AND f.lease_until > now() LIMIT 1),"
         " ins AS (INSERT INTO fuzzycron_fire (job, instant, replica, state, claimed_at, started_at, lease_until)"
         "  SELECT $1, to_timestamp($2::bigint / 1000.0), $3,"
         "   CASE WHEN EXISTS (SELECT 1 FROM busy) THEN 'skipped' ELSE 'running' END, now(),"
         "   CASE WHEN EXISTS (SELECT 1 FROM busy) THEN NULL ELSE now() END,"
         "   CASE WHEN EXISTS (SELECT 1 FROM busy) THEN NULL ELSE now() + $4::interval END"
         "  WHERE to_timestamp($2::bigint / 1000.0) <= now() + $5::interval"
         "  ON CONFLICT DO NOTHING RETURNING state)"
         " SELECT 'mine', state, (SELECT replica FROM busy) FROM ins"
         " UNION ALL SELECT 'theirs', f.state, f.replica FROM fuzzycron_fire f"
         "  WHERE f.job = $1 AND f.instant = to_timestamp($2::bigint / 1000.0) AND NOT EXISTS (SELECT 1 FROM ins)"
         " UNION ALL SELECT 'early', NULL, NULL WHERE to_timestamp($2::bigint / 1000.0) > now() + $5::interval"},
        {"fuzzycron_finish",
         "UPDATE fuzzycron_fire SET state = $5, exit_code = $6::integer, finished_at = now(), lease_until = NULL"
         " WHERE job = $1 AND instant = to_timestamp($2::bigint / 1000.0) AND replica = $3 AND ($4::integer = 0 OR "
         "attempt = $4::integer)"
         " AND state = 'running'"},
    };
    for (const auto& [name, sql] : kPrepared) {
      ++trips_;
      Result r(PQprepare(conn_, name, sql, 0, nullptr));
      if (!r.ok()) {
        error_ = r.error();
        return false;
      }
    }
    return true;
  }

  // Statements sent together and answered in one round trip (libpq's pipeline
  // mode): each group is a transaction of its own. Each statement's result,
  // nullopt where it failed (its error in error_of_); nullopt when the
  // connection failed (error_). Chunks keep what the server writes back within
  // the socket's buffers, so neither side blocks on the other.
  std::optional<std::vector<std::optional<Result>>> send(const std::vector<std::vector<Statement>>& groups) {
    constexpr std::size_t kChunk = 128;
    std::vector<std::optional<Result>> out;
    error_of_.clear();
    for (std::size_t first = 0; first < groups.size(); first += kChunk) {
      if (!connected()) {
        error_ = "not connected to the cluster database";
        return std::nullopt;
      }
      const std::size_t last = std::min(groups.size(), first + kChunk);
      ++trips_;
      bool ok = PQenterPipelineMode(conn_) == 1;
      for (std::size_t g = first; ok && g < last; ++g) {
        for (const auto& st : groups[g]) {
          std::vector<const char*> params;
          for (const auto& p : st.params) params.push_back(p ? p->c_str() : nullptr);
          ok = ok && PQsendQueryPrepared(conn_, st.name, static_cast<int>(params.size()), params.data(), nullptr,
                                         nullptr, 0) == 1;
        }
        ok = ok && PQpipelineSync(conn_) == 1;
      }
      for (std::size_t g = first; ok && g < last; ++g) {
        for (std::size_t k = 0; ok && k < groups[g].size(); ++k) {
          PGresult* raw = PQgetResult(conn_);
          if (!raw) {
            ok = false;
            break;
          }
          Result r(raw);
          while (PGresult* extra = PQgetResult(conn_)) PQclear(extra);  // the end of this statement's results
          if (r.ok()) {
            out.emplace_back(std::move(r));
            error_of_.emplace_back();
          } else {
            error_of_.push_back(PQresultStatus(raw) == PGRES_PIPELINE_ABORTED ? "aborted with its transaction"
                                                                              : r.error());
            out.emplace_back();
          }
        }
        PGresult* sync = ok ? PQgetResult(conn_) : nullptr;
        ok = ok && sync && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
        if (sync) PQclear(sync);
      }
      if (!ok || PQexitPipelineMode(conn_) != 1) {
        error_ = PQerrorMessage(conn_);
        while (!error_.empty() && (error_.back() == '\n' || error_.back() == ' ')) error_.pop_back();
        if (error_.empty()) error_ = "the database's answers were cut short";
        PQfinish(conn_);  // the next call reconnects through open()
        conn_ = nullptr;
        return std::nullopt;
      }
    }
    return out;
  }

  // A claim that found a peer's row committed after its snapshot: who holds it
  // (taken), or whether it was early. A second round trip, rare.
  ClaimAnswer decided_since(const ClaimRequest& q) {
    ClaimAnswer a;
    const std::string instant = ms_text(q.fire.instant), early = interval_text(q.early);
    const char* params[] = {q.fire.job.c_str(), instant.c_str(), early.c_str()};
    auto why = exec(
        "SELECT (SELECT replica FROM fuzzycron_fire WHERE job = $1 AND instant = to_timestamp($2::bigint / 1000.0)),"
        " to_timestamp($2::bigint / 1000.0) > now() + $3::interval",
        params, 3);
    if (!why || why->rows() != 1) {
      a.error = why ? "no answer" : error_;
    } else if (!why->null(0, 0)) {
      a.outcome = ClaimOutcome::taken;
      a.by = why->at(0, 0);
    } else if (std::string(why->at(0, 1)) == "t") {
      a.outcome = ClaimOutcome::early;
    } else {
      a.error = "the claim was neither made nor refused";
    }
    return a;
  }

  // One statement; nullopt (with error_) when it failed or the connection is gone.
  std::optional<Result> exec(const char* sql, const char* const* params, int n) {
    if (!connected()) {
      error_ = "not connected to the cluster database";
      return std::nullopt;
    }
    ++trips_;
    raw_ = PQexecParams(conn_, sql, n, nullptr, params, nullptr, nullptr, 0);
    std::optional<Result> r;
    r.emplace(raw_);
    if (!r->ok()) {
      error_ = r->error();
      if (PQstatus(conn_) != CONNECTION_OK) {  // the next call reconnects through open()
        PQfinish(conn_);
        conn_ = nullptr;
      }
      return std::nullopt;
    }
    return r;
  }

  std::string schema(bool create) {
    // The version table says whether this binary may use the schema; creating
    // happens under an advisory lock, so replicas starting together make it once.
    auto exists = exec("SELECT to_regclass('fuzzycron_schema') IS NOT NULL", nullptr, 0);
    if (!exists) return "cannot read the cluster database: " + error_;
    int version = 0;
    if (std::string(exists->at(0, 0)) == "t") {
      auto v = exec("SELECT coalesce(max(version), 0) FROM fuzzycron_schema", nullptr, 0);
      if (!v) return "cannot read fuzzycron_schema: " + error_;
      version = std::stoi(v->at(0, 0));
    }
    if (version > kSchemaVersion)
      return fmt::format(
          "the cluster database has schema version {}, newer than this fuzzycron's {}: upgrade "
          "fuzzycron on this replica",
          version, kSchemaVersion);
    if (version == kSchemaVersion) return {};
    if (!create)
      return fmt::format(
          "the cluster database has no fuzzycron schema (version {} needed): run `fuzzycron "
          "cluster init URL` with a role that may create tables",
          kSchemaVersion);
    if (!exec("BEGIN", nullptr, 0)) return "cannot start a transaction: " + error_;
    const std::string lock = std::to_string(kMigrationLock);
    const char* lock_param[] = {lock.c_str()};
    bool ok = exec("SELECT pg_advisory_xact_lock($1::bigint)", lock_param, 1).has_value();
    for (const char* statement : kSchema) ok = ok && exec(statement, nullptr, 0).has_value();
    const std::string v = std::to_string(kSchemaVersion);
    const char* v_param[] = {v.c_str()};
    ok = ok && exec(
                   "INSERT INTO fuzzycron_schema (version) SELECT $1::integer WHERE NOT EXISTS"
                   " (SELECT 1 FROM fuzzycron_schema WHERE version >= $1::integer)",
                   v_param, 1)
                   .has_value();
    if (!ok) {
      const std::string why = error_;
      exec("ROLLBACK", nullptr, 0);
      return "cannot create the fuzzycron schema (the role may need CREATE on the database, or run `fuzzycron "
             "cluster init URL` as one that has it): " +
             why;
    }
    if (!exec("COMMIT", nullptr, 0)) return "cannot create the fuzzycron schema: " + error_;
    return {};
  }

  std::string url_;
  PGconn* conn_ = nullptr;
  PGresult* raw_ = nullptr;  // the last result (for PQcmdTuples)
  std::string error_;
  std::vector<std::string> error_of_;  // per statement of the last send()
  std::uint64_t trips_ = 0;
};

}  // namespace

std::unique_ptr<ClaimStore> make_postgres_store(const std::string& url) { return std::make_unique<PostgresStore>(url); }

}  // namespace fuzzycron::runner
