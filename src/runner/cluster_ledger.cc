#include "runner/cluster_ledger.h"

#include <fmt/format.h>

#include <algorithm>

#include "fuzzycron/resolve.h"

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;
using std::chrono::milliseconds;

constexpr std::int64_t kEarlyRetryMs = 250;
constexpr std::int64_t kMaxBackoffMs = 4'000;  // a replica is back within seconds of its database
constexpr std::int64_t kErrorLogEveryMs = 10'000;
constexpr std::size_t kMaxUnrecordedEnds = 100'000;  // a bound on what waits for a database that is away
constexpr milliseconds kOnTimeWindow{60'000};        // as the single-host loop: a minute late is still on time

// How long after its instant a fire may still be claimed: the job's
// starting deadline, else a day for jobs that catch up, a minute for the rest.
milliseconds window_of(const Job& job) {
  if (job.settings.starting_deadline) return *job.settings.starting_deadline;
  return job.settings.catchup == Catchup::skip ? kOnTimeWindow : milliseconds{86'400'000};
}

}  // namespace

ClusterLedger::ClusterLedger(ClusterOptions options, std::unique_ptr<ClaimStore> store, Clock& clock, Log& log)
    : o_(std::move(options)), store_(std::move(store)), clock_(clock), log_(log) {}

std::string ClusterLedger::open() {
  const std::string error = store_->open(true);
  if (!error.empty()) return error;
  last_renewed_ = clock_.mono();
  if (const auto rows = store_->heartbeat(o_.replica, 3 * o_.heartbeat)) {
    counters_.replicas = *rows;
    live_.clear();
    for (const auto& r : *rows)
      if (r.live) live_.push_back(r.replica);
  }
  return {};
}

// Rendezvous hashing over the live replicas: the one with the highest score for (job, instant).
bool ClusterLedger::preferred(const std::string& job, sys_milliseconds instant) const {
  if (live_.size() <= 1) return true;
  const std::string at = std::to_string(instant.time_since_epoch().count());
  std::string best;
  std::int64_t best_score = -1;
  for (const auto& replica : live_) {
    const std::int64_t score = seed_offset(Seed({job, at, replica}), milliseconds{INT64_MAX / 2}).count();
    if (score > best_score || (score == best_score && replica < best)) best = replica, best_score = score;
  }
  return best == o_.replica;
}

const ClusterCounters* ClusterLedger::cluster() {
  published_ = counters_;
  published_.round_trips = store_->round_trips();
  published_.waiting = pending_.size();
  published_.connected = store_->connected();
  published_.replica = o_.replica;
  return &published_;
}

std::optional<Resume> ClusterLedger::resume(const std::string& job, sys_milliseconds now) {
  const auto last = store_->last_claimed(job);
  if (!last || *last >= now) return std::nullopt;
  return Resume{*last, {}};
}

bool ClusterLedger::may_run(const std::shared_ptr<JobState>& s, sys_milliseconds instant) {
  const auto delay = preferred(s->job.name, instant)
                         ? 0
                         : static_cast<std::int64_t>(static_cast<double>(o_.claim_delay.count()) / clock_.rate());
  pending_.push_back({s, instant, clock_.mono() + delay, false});
  return false;
}

LedgerTurn ClusterLedger::turn(const std::vector<std::shared_ptr<JobState>>& states,
                               const std::vector<HeldRun>& running) {
  LedgerTurn out;
  // No claim past the fence: the runs stop first (tick says so), the claims wait a turn.
  if (!past_fence())
    for (auto& win : claim_due()) out.start.push_back({win.state, win.instant, win.attempt});
  const Tick t = tick(states);
  for (const auto& r : running) {
    const bool taken = t.renewed && std::find(t.held.begin(), t.held.end(), r.fire) == t.held.end();
    if (!r.alive || !o_.fence || (!t.stop_all && !taken)) continue;
    // Fencing by stopping itself: the run must be gone before a peer may run it again.
    ++counters_.fenced;
    out.stop.push_back({r.fire, taken ? "another replica took the run over" : "the run's lease could not be renewed"});
  }
  // A row this replica holds that none of its runs stands for: a claim (or a
  // takeover) that committed but whose reply was lost, or a run of an earlier
  // life of this replica. Its lease would be renewed forever (and, under
  // forbid, hold the job in the whole cluster): it ends as skipped, said.
  if (t.renewed) {
    std::vector<FireEnd> orphans;
    for (const FireKey& fire : t.held) {
      const auto known = [&](const FireKey& f) { return f == fire; };
      if (std::any_of(running.begin(), running.end(), [&](const HeldRun& r) { return known(r.fire); }) ||
          std::any_of(out.start.begin(), out.start.end(),
                      [&](const LedgerFire& f) {
                        return known({f.state->job.name, f.instant});
                      }) ||
          std::any_of(t.rerun.begin(), t.rerun.end(),
                      [&](const Win& w) {
                        return known({w.state->job.name, w.instant});
                      }) ||
          std::any_of(ends_.begin(), ends_.end(), [&](const FireEnd& e) { return known(e.fire); }))
        continue;
      orphans.push_back({fire, 0, "skipped", std::nullopt});
    }
    if (!orphans.empty()) release(orphans, states);
  }
  for (auto& win : t.rerun) out.rerun.push_back({win.state, win.instant, win.attempt});
  return out;
}

void ClusterLedger::db_error(const std::string& what) {
  ++counters_.db_errors;
  const auto mono = clock_.mono();
  if (!last_error_log_ || mono - *last_error_log_ >= kErrorLogEveryMs) {
    last_error_log_ = mono;
    log_("error", "cluster.database",
         {{"error", what}, {"waiting", pending_.size()}, {"note", "fires are not run until the database answers"}});
  }
}

bool ClusterLedger::reconnect() {
  if (store_->connected()) return true;
  const auto mono = clock_.mono();
  if (mono < next_reconnect_) return false;
  const std::string error = store_->open(false);
  if (!error.empty()) {
    next_reconnect_ = mono + reconnect_backoff_;
    reconnect_backoff_ = std::min(reconnect_backoff_ * 2, kMaxBackoffMs);
    db_error(error);
    return false;
  }
  reconnect_backoff_ = 500;
  log_("info", "cluster.reconnected", {{"waiting", pending_.size()}});
  // What waited while the database was away goes through each job's catch-up policy.
  std::map<JobState*, std::vector<Pending>> by_job;
  for (auto& p : pending_) by_job[p.state.get()].push_back(std::move(p));
  pending_.clear();
  for (auto& [job, list] : by_job) {
    std::sort(list.begin(), list.end(), [](const Pending& a, const Pending& b) { return a.instant < b.instant; });
    const JobSettings& js = job->job.settings;
    std::size_t keep = 0;  // skip: an instant the database could not be asked about is not run
    if (js.catchup == Catchup::latest) keep = 1;
    if (js.catchup == Catchup::all) keep = std::min(list.size(), static_cast<std::size_t>(js.catchup_max));
    const std::size_t first_kept = list.size() - keep;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const bool on_time = clock_.now() - list[i].instant <= kOnTimeWindow;
      if (i >= first_kept || (js.catchup == Catchup::skip && on_time && !list[i].failed)) {
        pending_.push_back(std::move(list[i]));
      } else if (preferred(job->job.name, list[i].instant)) {  // said once in the cluster
        ++counters_.missed;
        ++job->counters.skipped["missed"];
        log_("warning", "job.skip",
             {{"job", job->job.name},
              {"reason", "missed"},
              {"cause", "cluster database unreachable"},
              {"scheduled_for", iso(list[i].instant)}});
      }
    }
  }
  return true;
}

void ClusterLedger::drop_expired() {
  const auto now = clock_.now();
  std::erase_if(pending_, [&](const Pending& p) {
    if (now - p.instant <= window_of(p.state->job)) return false;
    if (!preferred(p.state->job.name, p.instant)) return true;  // its preferred replica says it
    ++counters_.missed;
    ++p.state->counters.skipped["missed"];
    log_("warning", "job.skip",
         {{"job", p.state->job.name},
          {"reason", "missed"},
          {"cause", p.failed ? "cluster database unreachable" : "not claimed in time"},
          {"scheduled_for", iso(p.instant)}});
    return true;
  });
}

std::vector<ClusterLedger::Win> ClusterLedger::claim_due() {
  std::vector<Win> wins;
  const auto mono = clock_.mono();
  if (!reconnect()) {
    for (auto& p : pending_) p.failed = true;
    drop_expired();
    return wins;
  }
  // A fire past its window is said missed, not claimed late (after a pause, a slow answer).
  drop_expired();
  // Every claim due now, in one round trip.
  std::vector<std::size_t> due;
  std::vector<ClaimRequest> requests;
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    const Pending& p = pending_[i];
    if (p.not_before > mono) continue;
    due.push_back(i);
    requests.push_back({{p.state->job.name, p.instant},
                        o_.replica,
                        o_.lease,
                        o_.max_skew,
                        p.state->job.settings.concurrency == Concurrency::forbid});
  }
  if (requests.empty()) {
    drop_expired();
    return wins;
  }
  const std::vector<ClaimAnswer> answers = store_->claim(requests);
  std::vector<bool> done(pending_.size(), false);
  bool failed = false;
  for (std::size_t k = 0; k < due.size(); ++k) {
    Pending& p = pending_[due[k]];
    const ClaimAnswer& a = answers[k];
    switch (a.outcome) {
      case ClaimOutcome::won:
        ++counters_.won;
        wins.push_back({p.state, p.instant, 1});
        done[due[k]] = true;
        break;
      case ClaimOutcome::taken:  // it runs on `by`: not a skip
        ++counters_.lost_to_peer;
        done[due[k]] = true;
        break;
      case ClaimOutcome::running:  // this replica decided the skip (its row says so): said once in the cluster
        ++counters_.overlap;
        ++p.state->counters.skipped["overlap"];
        log_("warning", "job.skip",
             {{"job", p.state->job.name},
              {"reason", "overlap"},
              {"scheduled_for", iso(p.instant)},
              {"running_on", a.by}});
        done[due[k]] = true;
        break;
      case ClaimOutcome::early:  // our clock is ahead of the database's: ask again soon
        p.not_before = mono + kEarlyRetryMs;
        break;
      case ClaimOutcome::error:
        p.failed = true;
        if (!failed) db_error(a.error);
        failed = true;
        break;
    }
  }
  std::size_t i = 0;
  std::erase_if(pending_, [&](const Pending&) { return done[i++]; });
  drop_expired();
  return wins;
}

void ClusterLedger::ended(const FireKey& fire, int attempt, const std::string& outcome, std::optional<int> exit_code) {
  ends_.push_back({fire, attempt, outcome, exit_code});
}

void ClusterLedger::flush() {
  if (ends_.empty()) return;
  if (!reconnect() || !store_->finish(o_.replica, ends_)) {
    db_error(fmt::format("cannot record the end of {} run{} (first: {} at {})", ends_.size(),
                         ends_.size() == 1 ? "" : "s", ends_.front().fire.job, iso(ends_.front().fire.instant)));
    // Kept for the next turn; a run whose end is never recorded keeps its row
    // 'running' until its lease runs out and a peer marks it lost.
    if (ends_.size() > kMaxUnrecordedEnds) ends_.erase(ends_.begin(), ends_.end() - kMaxUnrecordedEnds);
    return;
  }
  ends_.clear();
}

// A lease that can no longer be renewed: the runs stop before it ends, so a
// peer that takes them over never overlaps them. Asked before and after each
// store call: a slow one (up to statement_timeout()) must not carry the loop
// past that point unnoticed.
bool ClusterLedger::past_fence() {
  const auto now = clock_.mono();
  if (now - last_renewed_ > (o_.lease - o_.fence_margin()).count()) {
    fence_due_ = true;
    last_renewed_ = now;  // said once per lease
  }
  return fence_due_;
}

ClusterLedger::Tick ClusterLedger::tick(const std::vector<std::shared_ptr<JobState>>& states) {
  Tick out;
  const auto mono = clock_.mono();
  const auto stop_now = [&] {
    out.stop_all = std::exchange(fence_due_, false) || out.stop_all;
    return out;
  };
  if (past_fence()) return stop_now();
  const bool up = reconnect();
  if (!up || past_fence()) return stop_now();
  if (mono >= next_heartbeat_) {
    next_heartbeat_ = mono + o_.heartbeat.count();
    if (const auto rows = store_->heartbeat(o_.replica, 3 * o_.heartbeat)) {
      counters_.replicas = *rows;
      live_.clear();
      for (const auto& r : *rows)
        if (r.live) live_.push_back(r.replica);
      std::sort(live_.begin(), live_.end());
    } else {
      db_error("heartbeat failed");
    }
    if (past_fence()) return stop_now();
  }
  if (mono >= next_lease_) {
    next_lease_ = mono + o_.lease.count() / 3;
    if (const auto held = store_->renew(o_.replica, o_.lease)) {
      last_renewed_ = mono;
      out.renewed = true;
      out.held = *held;
    } else {
      db_error("lease renewal failed");
      if (past_fence()) return stop_now();
    }
    for (const FireRow& lost : store_->expire()) {
      ++counters_.lost;
      log_("warning", "job.lost",
           {{"job", lost.fire.job},
            {"scheduled_for", iso(lost.fire.instant)},
            {"replica", lost.replica},
            {"attempt", lost.attempt},
            {"note", "its replica stopped renewing the run's lease"}});
      const auto s =
          std::find_if(states.begin(), states.end(), [&](const auto& st) { return st->job.name == lost.fire.job; });
      if (s == states.end() || !(*s)->job.settings.rerun_lost) continue;
      if (const auto attempt =
              store_->reclaim(lost.fire, o_.replica, o_.lease, (*s)->job.settings.concurrency == Concurrency::forbid)) {
        ++counters_.reclaimed;
        out.rerun.push_back({*s, lost.fire.instant, *attempt});
      }
    }
  }
  if (mono >= next_skew_) {
    next_skew_ = mono + 60'000;
    if (const auto db = store_->clock()) {
      counters_.skew_ms = (clock_.now() - *db).count();
      if (std::abs(*counters_.skew_ms) > o_.max_skew.count())
        log_("warning", "cluster.skew",
             {{"skew_ms", *counters_.skew_ms},
              {"note",
               "this replica's clock differs from the database's: it claims no instant ahead of the "
               "database's clock, so it runs late rather than early"}});
    }
  }
  if (mono >= next_retention_) {
    next_retention_ = mono + 3'600'000;
    store_->retain(o_.retention);
  }
  return stop_now();
}

// Ends rows no run stands for (attempt 0: whatever attempt holds them), each said as a skip.
void ClusterLedger::release(const std::vector<FireEnd>& orphans, const std::vector<std::shared_ptr<JobState>>& states) {
  if (!store_->finish(o_.replica, orphans)) return;  // asked again at the next renewal
  for (const FireEnd& e : orphans) {
    ++counters_.missed;
    const auto s =
        std::find_if(states.begin(), states.end(), [&](const auto& st) { return st->job.name == e.fire.job; });
    if (s != states.end()) ++(*s)->counters.skipped["missed"];
    log_("warning", "job.skip",
         {{"job", e.fire.job},
          {"reason", "missed"},
          {"cause", "a claim of this replica that no run stands for (its reply was lost, or an earlier life)"},
          {"scheduled_for", iso(e.fire.instant)}});
  }
}

std::optional<std::int64_t> ClusterLedger::next_wake() const {
  std::int64_t wake = std::min({next_heartbeat_, next_lease_, next_skew_});
  if (!store_->connected()) wake = std::min(wake, next_reconnect_);
  if (!ends_.empty()) wake = std::min(wake, store_->connected() ? 0 : next_reconnect_);
  for (const auto& p : pending_) wake = std::min(wake, p.not_before);
  return wake;
}

}  // namespace fuzzycron::runner
