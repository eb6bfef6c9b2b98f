// The claim store on PostgreSQL (libpq): fuzzycron_fire keyed by (job,
// instant), fuzzycron_replica for heartbeats, fuzzycron_schema for the
// version. Every statement is one round trip in autocommit; the claim is an
// INSERT ... ON CONFLICT DO NOTHING whose WHERE clause also refuses instants
// ahead of the database's clock and (forbid) jobs with a live run.
#include "runner/postgres_store.h"

namespace fuzzycron::runner {
namespace postgres {

std::string PostgresStore::open(bool create_schema) {
  if (conn_) PQfinish(conn_);
  // The shortest connect timeout libpq has (2 s): the loop must not hang on an unreachable database.
  const char* keys[] = {"dbname", "connect_timeout", "application_name", nullptr};
  const char* values[] = {url_.c_str(), "2", "fuzzycron", nullptr};
  conn_ = PQconnectdbParams(keys, values, 1);
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    std::string e = conn_ ? PQerrorMessage(conn_) : "out of memory";
    while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    return "cannot connect to the cluster database: " + e;
  }
  {  // statements never wait long: a stuck lock must not stall the schedule, nor outlast the fence
    const std::string set =
        "SET statement_timeout = " + std::to_string(std::max<std::int64_t>(statement_timeout_.count(), 100));
    Result r(PQexec(conn_, set.c_str()));
    ++trips_;
  }
  if (std::string error = schema(create_schema); !error.empty()) return error;
  if (!prepare()) return "cannot prepare fuzzycron's statements: " + error_;
  return {};
}

std::vector<ClaimAnswer> PostgresStore::claim(const std::vector<ClaimRequest>& requests) {
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

bool PostgresStore::finish(const std::string& replica, const std::vector<FireEnd>& ends) {
  if (ends.empty()) return true;
  std::vector<std::vector<Statement>> groups;
  for (const auto& e : ends)
    groups.push_back({{"fuzzycron_finish",
                       {e.fire.job, ms_text(e.fire.instant), replica, std::to_string(e.attempt), e.outcome,
                        e.exit_code ? std::optional(std::to_string(*e.exit_code)) : std::nullopt}}});
  const auto results = send(groups);
  return results && std::all_of(results->begin(), results->end(), [](const auto& r) { return r.has_value(); });
}

std::optional<std::vector<FireKey>> PostgresStore::renew(const std::string& replica, std::chrono::milliseconds lease) {
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

std::vector<FireRow> PostgresStore::expire() {
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

std::optional<int> PostgresStore::reclaim(const FireKey& fire, const std::string& replica,
                                          std::chrono::milliseconds lease, bool forbid_overlap) {
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

std::optional<std::vector<ReplicaRow>> PostgresStore::heartbeat(const std::string& replica,
                                                                std::chrono::milliseconds live_for) {
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
  for (int i = 0; i < r->rows(); ++i) out.push_back({r->at(i, 0), at_ms(r->at(i, 1)), std::string(r->at(i, 2)) == "t"});
  return out;
}

std::optional<sys_milliseconds> PostgresStore::clock() {
  auto r = exec("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint", nullptr, 0);
  if (!r || r->rows() != 1) return std::nullopt;
  return at_ms(r->at(0, 0));
}

std::optional<sys_milliseconds> PostgresStore::last_claimed(const std::string& job) {
  const char* params[] = {job.c_str()};
  auto r =
      exec("SELECT (extract(epoch FROM max(instant)) * 1000)::bigint FROM fuzzycron_fire WHERE job = $1", params, 1);
  if (!r || r->rows() != 1 || r->null(0, 0)) return std::nullopt;
  return at_ms(r->at(0, 0));
}

std::int64_t PostgresStore::retain(std::chrono::milliseconds keep) {
  const std::string keep_text = interval_text(keep);
  const char* params[] = {keep_text.c_str()};
  auto r = exec("DELETE FROM fuzzycron_fire WHERE instant < now() - $1::interval AND state <> 'running'", params, 1);
  return r ? std::stoll(PQcmdTuples(raw_)) : 0;
}

std::vector<FireRow> PostgresStore::history(const std::string& job, sys_milliseconds since) {
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

}  // namespace postgres

std::unique_ptr<ClaimStore> make_postgres_store(const std::string& url, std::chrono::milliseconds statement_timeout) {
  return std::make_unique<postgres::PostgresStore>(url, statement_timeout);
}

}  // namespace fuzzycron::runner
