#include "runner/memory_store.h"

#include <algorithm>

namespace fuzzycron::runner {
namespace {

std::int64_t ms_of(sys_milliseconds t) { return t.time_since_epoch().count(); }
sys_milliseconds at_ms(std::int64_t ms) { return sys_milliseconds{std::chrono::milliseconds{ms}}; }

FireRow row_of(const std::string& job, std::int64_t instant, const MemoryDatabase::Row& r) {
  FireRow out;
  out.fire = {job, at_ms(instant)};
  out.replica = r.replica;
  out.state = r.state;
  out.attempt = r.attempt;
  out.exit_code = r.exit_code;
  out.claimed_at = r.claimed_at;
  out.started_at = r.started_at;
  out.finished_at = r.finished_at;
  out.lease_until = r.lease_until;
  return out;
}

}  // namespace

bool MemoryClaimStore::call() {
  if (!connected()) {
    connected_ = false;
    return false;
  }
  ++trips_;
  if (faults.time_outs > 0) {
    --faults.time_outs;
    if (faults.slow) faults.slow();
    return false;
  }
  return true;
}

bool MemoryClaimStore::reply() {
  if (faults.slow) faults.slow();
  if (faults.lose_replies <= 0) return true;
  --faults.lose_replies;
  connected_ = false;  // as libpq: the connection is gone with the reply
  return false;
}

std::string MemoryClaimStore::open(bool) {
  connected_ = false;
  if (faults.unreachable) return "cannot connect to the cluster database: unreachable (simulated)";
  connected_ = true;
  ++trips_;
  return {};
}

std::vector<ClaimAnswer> MemoryClaimStore::claim(const std::vector<ClaimRequest>& requests) {
  std::vector<ClaimAnswer> answers(requests.size());
  if (!call()) {
    for (auto& a : answers) a.error = "not connected to the cluster database";
    return answers;
  }
  const auto now = db_.now();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const ClaimRequest& q = requests[i];
    ClaimAnswer& a = answers[i];
    if (q.fire.instant > now + q.early) {
      a.outcome = ClaimOutcome::early;
      continue;
    }
    auto& rows = db_.fires[q.fire.job];
    const auto key = ms_of(q.fire.instant);
    if (const auto it = rows.find(key); it != rows.end() && db_.unique_claim) {
      a.outcome = ClaimOutcome::taken;
      a.by = it->second.replica;
      a.state = it->second.state;
      continue;
    }
    std::optional<std::string> busy;
    if (q.forbid_overlap)
      for (auto it = db_.running.lower_bound({q.fire.job, INT64_MIN});
           it != db_.running.end() && it->first == q.fire.job; ++it)
        if (const auto& r = rows.at(it->second); r.lease_until && *r.lease_until > now) {
          busy = r.replica;
          break;
        }
    MemoryDatabase::Row& r = rows[key];
    db_.set_state(q.fire.job, key, r, "");  // a planted overwrite starts the row anew
    r = MemoryDatabase::Row{};
    r.replica = q.replica;
    r.claimed_at = now;
    if (busy) {
      db_.set_state(q.fire.job, key, r, "skipped");
      a.outcome = ClaimOutcome::running;
      a.by = *busy;
    } else {
      r.started_at = now;
      r.lease_until = now + q.lease;
      db_.set_state(q.fire.job, key, r, "running");
      a.outcome = ClaimOutcome::won;
    }
  }
  if (!reply())
    for (auto& a : answers) a = ClaimAnswer{ClaimOutcome::error, {}, "the database's answers were cut short", {}};
  return answers;
}

bool MemoryClaimStore::finish(const std::string& replica, const std::vector<FireEnd>& ends) {
  if (ends.empty()) return true;
  if (!call()) return false;
  const auto now = db_.now();
  for (const auto& e : ends) {
    auto& rows = db_.fires[e.fire.job];
    const auto it = rows.find(ms_of(e.fire.instant));
    // Fenced: only the replica and attempt (0: any of its own) that hold the running row end it.
    if (it == rows.end() || it->second.replica != replica || (e.attempt != 0 && it->second.attempt != e.attempt) ||
        it->second.state != "running")
      continue;
    db_.set_state(e.fire.job, it->first, it->second, e.outcome);
    it->second.exit_code = e.exit_code;
    it->second.finished_at = now;
    it->second.lease_until.reset();
  }
  return reply();
}

std::optional<std::vector<FireKey>> MemoryClaimStore::renew(const std::string& replica,
                                                            std::chrono::milliseconds lease) {
  if (!call()) return std::nullopt;
  const auto now = db_.now();
  std::vector<FireKey> held;
  for (const auto& [job, t] : db_.running)
    if (auto& r = db_.fires[job].at(t); r.replica == replica) {
      r.lease_until = now + lease;
      held.push_back({job, at_ms(t)});
    }
  if (!reply()) return std::nullopt;
  return held;
}

std::vector<FireRow> MemoryClaimStore::expire() {
  if (!call()) return {};
  const auto now = db_.now();
  std::vector<FireRow> out;
  const auto held = db_.running;  // set_state changes the index
  for (const auto& [job, t] : held)
    if (auto& r = db_.fires[job].at(t); r.lease_until && *r.lease_until < now) {
      db_.set_state(job, t, r, "lost");
      r.finished_at = now;
      out.push_back(row_of(job, t, r));
    }
  if (!reply()) return {};
  return out;
}

std::optional<int> MemoryClaimStore::reclaim(const FireKey& fire, const std::string& replica,
                                             std::chrono::milliseconds lease, bool forbid_overlap) {
  if (!call()) return std::nullopt;
  const auto now = db_.now();
  auto& rows = db_.fires[fire.job];
  const auto it = rows.find(ms_of(fire.instant));
  if (it == rows.end() || it->second.state != "lost") return std::nullopt;
  if (forbid_overlap)
    for (auto b = db_.running.lower_bound({fire.job, INT64_MIN}); b != db_.running.end() && b->first == fire.job; ++b)
      if (const auto& r = rows.at(b->second); r.lease_until && *r.lease_until > now) return std::nullopt;
  MemoryDatabase::Row& r = it->second;
  r.replica = replica;
  ++r.attempt;
  db_.set_state(fire.job, it->first, r, "running");
  r.started_at = now;
  r.finished_at.reset();
  r.lease_until = now + lease;
  if (!reply()) return std::nullopt;
  return r.attempt;
}

std::optional<std::vector<ReplicaRow>> MemoryClaimStore::heartbeat(const std::string& replica,
                                                                   std::chrono::milliseconds live_for) {
  if (!call()) return std::nullopt;
  const auto now = db_.now();
  db_.replicas[replica] = now;
  std::vector<ReplicaRow> out{{replica, now, true}};
  for (const auto& [name, beat] : db_.replicas)
    if (name != replica) out.push_back({name, beat, beat > now - live_for});
  if (!reply()) return std::nullopt;
  return out;
}

std::optional<sys_milliseconds> MemoryClaimStore::clock() {
  if (!call()) return std::nullopt;
  return db_.now();
}

std::optional<sys_milliseconds> MemoryClaimStore::last_claimed(const std::string& job) {
  if (!call()) return std::nullopt;
  const auto it = db_.fires.find(job);
  if (it == db_.fires.end() || it->second.empty()) return std::nullopt;
  return at_ms(it->second.rbegin()->first);
}

std::int64_t MemoryClaimStore::retain(std::chrono::milliseconds keep) {
  if (!call()) return 0;
  const auto cut = ms_of(db_.now() - keep);
  std::int64_t n = 0;
  for (auto& [job, rows] : db_.fires)
    n += static_cast<std::int64_t>(
        std::erase_if(rows, [&](const auto& kv) { return kv.first < cut && kv.second.state != "running"; }));
  return n;
}

std::vector<FireRow> MemoryClaimStore::history(const std::string& job, sys_milliseconds since) {
  std::vector<FireRow> out;
  if (!call()) return out;
  for (const auto& [name, rows] : db_.fires) {
    if (!job.empty() && name != job) continue;
    for (auto it = rows.lower_bound(ms_of(since)); it != rows.end(); ++it)
      out.push_back(row_of(name, it->first, it->second));
  }
  std::sort(out.begin(), out.end(), [](const FireRow& a, const FireRow& b) {
    return a.fire.instant != b.fire.instant ? a.fire.instant < b.fire.instant : a.fire.job < b.fire.job;
  });
  return out;
}

}  // namespace fuzzycron::runner
