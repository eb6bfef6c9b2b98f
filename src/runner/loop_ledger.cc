// The loop's side of its ledger (runner/ledger.h): which ledger a run uses,
// its turn (starts it allowed, runs it fences, takeovers), and the lists of
// jobs the loop looks at.
#include <fmt/format.h>

#include <algorithm>
#include <csignal>

#include "runner/cluster_ledger.h"
#include "runner/local_ledger.h"
#include "runner/loop.h"

namespace fuzzycron::runner {

// The state directory's ledger, or the cluster's (--cluster: the database is
// the state, so a state directory beside it would be a second truth that can
// disagree with it: refused). False with ledger_ null: refused (exit 2); with
// ledger_ set: it cannot be opened (exit 3).
bool Runner::open_ledger() {
  if (o_.cluster.empty()) {
    // Each shard keeps its own files, so shards may share a state directory.
    const std::string name = o_.shard ? fmt::format("state-{}of{}", o_.shard->first, o_.shard->second) : "state";
    ledger_ = std::make_unique<LocalLedger>(o_.state_dir, name, clock_, log_);
    if (const std::string error = ledger_->open(); !error.empty()) {
      log_("error", "runner.start", {{"error", error}, {"state_dir", o_.state_dir}});
      return false;
    }
    return true;
  }
  if (!o_.state_dir.empty()) {
    log_("error", "runner.start", {{"error", "--state-dir and --cluster: in a cluster the database is the state"}});
    return false;
  }
  ClusterOptions cluster{o_.cluster,
                         o_.host,
                         o_.claim_delay,
                         o_.lease,
                         std::chrono::milliseconds{2'000},
                         std::chrono::milliseconds{1'000},
                         o_.cluster_retention};
  cluster.fence = o_.cluster_fence;
  ledger_ = std::make_unique<ClusterLedger>(
      cluster, claim_store_ ? std::move(claim_store_) : make_postgres_store(o_.cluster, cluster.statement_timeout()),
      clock_, log_);
  if (const std::string error = ledger_->open(); !error.empty()) {
    log_("error", "runner.start", {{"error", error}, {"cluster", "unusable"}});
    return false;
  }
  return true;
}

// Fires the ledger now allows, runs it can no longer stand behind (killed
// before their lease ends), lost runs of a peer it took over.
void Runner::ledger_turn() {
  std::vector<HeldRun> held;
  for (const auto& r : runs_)
    if (r && r->claimed > 0) held.push_back({{r->state->job.name, r->scheduled_for}, r->claimed, !r->exited});
  for (const auto& s : planner_.waiting())
    if (s->retry_at && s->retry_claimed > 0) held.push_back({{s->job.name, s->retry_for}, s->retry_claimed, false});
  const LedgerTurn turn = ledger_->turn(planner_.states(), held);
  planner_.allowed(turn);
  for (const Fence& fence : turn.stop)
    for (auto& r : runs_) {
      if (!r || r->claimed == 0 || r->exited || r->state->job.name != fence.fire.job ||
          r->scheduled_for != fence.fire.instant)
        continue;
      launcher_.signal(r->pid, SIGKILL);
      r->stopped = true;
      log_("warning", "cluster.fence",
           {{"job", fence.fire.job},
            {"scheduled_for", iso(fence.fire.instant)},
            {"run_id", r->id},
            {"reason", fence.reason}});
    }
}

}  // namespace fuzzycron::runner
