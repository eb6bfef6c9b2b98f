// The loop's turn with the cluster (runner/cluster.h): claims whose time has
// come, heartbeats and leases, runs to stop because their lease cannot be kept
// or a peer took them over, lost runs this replica took over.
#include <signal.h>

#include <algorithm>

#include "runner/cluster.h"
#include "runner/loop.h"

namespace fuzzycron::runner {

void Runner::cluster_turn() {
  if (!cluster_) return;
  for (auto& win : cluster_->claim_due()) start(win.state, win.instant, 1, win.attempt);
  const Cluster::Tick tick = cluster_->tick(states_);
  for (auto& r : runs_) {
    if (!r || r->claimed == 0 || r->exited) continue;
    const FireKey fire{r->state->job.name, r->scheduled_for};
    const bool taken = tick.renewed && std::find(tick.held.begin(), tick.held.end(), fire) == tick.held.end();
    if (!tick.stop_all && !taken) continue;
    // Fencing by stopping itself: the run must be gone before a peer may run it again.
    launcher_.signal(r->pid, SIGKILL);
    r->stopped = true;
    log_("warning", "cluster.fence",
         {{"job", fire.job},
          {"scheduled_for", iso(fire.instant)},
          {"run_id", r->id},
          {"reason", taken ? "another replica took the run over" : "the run's lease could not be renewed"}});
  }
  for (auto& win : tick.rerun) {
    log_("warning", "job.rerun",
         {{"job", win.state->job.name}, {"scheduled_for", iso(win.instant)}, {"attempt", win.attempt}});
    start(win.state, win.instant, 1, win.attempt);
  }
}

}  // namespace fuzzycron::runner
