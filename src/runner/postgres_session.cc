// The PostgreSQL store's session (runner/postgres_store.h): prepared
// statements, pipelined batches, single statements, the schema.
#include "runner/postgres_store.h"

namespace fuzzycron::runner::postgres {

// The statements the claims and ends use, prepared once per connection.
bool PostgresStore::prepare() {
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
std::optional<std::vector<std::optional<Result>>> PostgresStore::send(
    const std::vector<std::vector<Statement>>& groups) {
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
        ok = ok && PQsendQueryPrepared(conn_, st.name, static_cast<int>(params.size()), params.data(), nullptr, nullptr,
                                       0) == 1;
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
ClaimAnswer PostgresStore::decided_since(const ClaimRequest& q) {
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
std::optional<Result> PostgresStore::exec(const char* sql, const char* const* params, int n) {
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

std::string PostgresStore::schema(bool create) {
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

}  // namespace fuzzycron::runner::postgres
