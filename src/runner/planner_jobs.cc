// The Planner (planner.h): the jobs' states and what each event makes of
// them. Moved here from the loop, which now only carries the answers out.
#include <fmt/format.h>

#include <algorithm>
#include <csignal>

#include "fuzzycron/resolve.h"
#include "runner/planner.h"

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;
using std::chrono::milliseconds;

constexpr std::int64_t kStuckWarningEveryMs = 60'000;
constexpr int kMaxCatchupEnumeration = 100'000;  // instants looked at for one catch-up

// Whether a job's waiting run may start now (its not-before time aside): under
// `allow` every due run starts (its on-time runs must not starve its catch-up);
// else one at a time, when the job is idle.
bool may_start_pending(const JobState& s) {
  return !s.pending.empty() && (s.running == 0 || s.job.settings.concurrency == Concurrency::allow);
}

std::int64_t ms_of(sys_milliseconds t) { return t.time_since_epoch().count(); }

}  // namespace

std::vector<RunSignal> plan_deadlines(const std::vector<std::unique_ptr<Run>>& runs, std::int64_t mono, Log& log) {
  std::vector<RunSignal> out;
  for (const auto& r : runs) {
    if (!r) continue;
    if (r->term_at && *r->term_at <= mono && !r->exited) {
      r->term_at.reset();
      r->timed_out = true;
      out.push_back({r.get(), SIGTERM});
      r->kill_at = mono + r->state->job.settings.kill_grace.count();
      log("warning", "job.timeout", {{"job", r->state->job.name}, {"run_id", r->id}, {"signal", "TERM"}});
    }
    if (r->kill_at && *r->kill_at <= mono) {
      r->kill_at.reset();
      out.push_back({r.get(), SIGKILL});
      if (r->timed_out)
        log("warning", "job.timeout", {{"job", r->state->job.name}, {"run_id", r->id}, {"signal", "KILL"}});
    }
  }
  return out;
}

// ---- events

void Planner::due(sys_milliseconds now, const std::function<bool()>& interrupted) {
  // A due instant fires late (through the overlap policy) only when it is the
  // newest due one and at most a minute old (the simulated clock scales the
  // minute); every older one went by without a run and goes through the job's
  // catch-up policy: after a stall a per-second job runs once, not once per
  // second it missed, and `catchup: skip` means skip.
  const milliseconds slack = on_time_slack(clock_.rate());
  if (const auto earliest = earliest_next(); earliest && now >= *earliest) {
    next_stale_ = true;  // the pass advances the jobs it fires
    std::size_t due = 0;
    for (auto& sp : states_) {
      JobState& s = *sp;
      if (!s.job.schedule || !s.next || *s.next > now) continue;
      if (++due % kCheckSignalsEvery == 0 && interrupted()) return;
      const auto newest = s.job.schedule->prev(now + milliseconds{1});
      if (!fires_on_time(*s.next, newest, now, slack)) {
        catch_up(sp, s.cursor, now, "late");
      } else {
        if (*s.next < *newest) catch_up(sp, s.cursor, *newest - milliseconds{1}, "late");
        s.cursor = *newest;
        s.last_fired = *newest;
        mark(sp);
        on_time(sp, *newest);
      }
      advance(s);
    }
  }
  start_pending();
}

void Planner::jumped(milliseconds delta, const char* cause) {
  const auto now = clock_.now();
  for (auto& s : states_) {
    if (!s->job.schedule) continue;
    if (const JumpPlan plan = plan_jump(delta, s->cursor, now); plan.catch_up) catch_up(s, plan.from, plan.to, cause);
    advance(*s);
  }
  next_stale_ = true;
}

void Planner::configure(Config config, bool first, sys_milliseconds now) {
  std::vector<std::shared_ptr<JobState>> next_states;
  next_states.reserve(config.jobs.size());
  std::erase_if(config.jobs, [&](const Job& job) { return !in_shard(job, o_.shard); });
  std::vector<std::string_view> before, after;
  for (const auto& s : states_) before.push_back(s->job.fingerprint);
  for (const auto& job : config.jobs) after.push_back(job.fingerprint);
  const ReloadPlan plan = plan_reload(before, after);
  for (std::size_t i = 0; i < config.jobs.size(); ++i) {
    Job& job = config.jobs[i];
    if (plan.kept[i]) {
      // The same schedule and command: keeps its state, runs and counters,
      // and takes the new settings (timeout, retries, ...) for its next runs.
      std::shared_ptr<JobState> kept = states_[*plan.kept[i]];
      kept->job.settings = job.settings;
      kept->job.entry = std::move(job.entry);
      next_states.push_back(std::move(kept));
      continue;
    }
    auto s = std::make_shared<JobState>();
    s->job = std::move(job);
    s->cursor = now;
    // Where the ledger says the job was: the state directory's cursor, or what
    // the cluster last claimed (every replica was down).
    if (const auto resume = first && s->job.schedule ? ledger_->resume(s->job.name, now) : std::nullopt) {
      auto last = resume->last;
      if (last > now) {
        log_("warning", "state.future", {{"job", s->job.name}, {"last_fired", iso(last)}, {"clamped_to", iso(now)}});
        last = now;
      }
      s->last_fired = last;
      std::vector<sys_milliseconds> pending;
      for (auto t : resume->pending)
        if (t <= now) pending.push_back(t);
      catch_up(s, last, now, "downtime", std::move(pending));
    }
    next_states.push_back(std::move(s));
  }
  for (const std::size_t i : plan.removed) states_[i]->removed = true;
  states_ = std::move(next_states);
  next_stale_ = true;
  std::erase_if(waiting_, [](const auto& sp) { return sp->removed; });
  for (const auto& s : states_)
    if (!s->pending.empty() || s->retry_at) mark_waiting(s);
  for (auto& s : states_)
    if (s->job.schedule && !s->next) advance(*s);
}

void Planner::ended(const Run& r, const std::string& outcome, std::optional<int> exit_code, const json& fields) {
  JobState& s = *r.state;
  --s.running;
  const RetryPlan retry = plan_retry(s.job.settings, outcome, exit_code, r.attempt, stopping_, s.removed);
  if (retry.retry) {
    s.retry_attempt = r.attempt + 1;
    s.retry_for = r.scheduled_for;
    s.retry_at = clock_.mono() + retry.delay_ms;
    s.retry_end = FailedRun{r.id, r.scheduled_for, fields};
    s.retry_claimed = r.claimed;
    mark_waiting(r.state);
  } else if (retry.hook) {
    s.retry_end.reset();
    actions_.push_back({Action::hook, r.state, FailedRun{r.id, r.scheduled_for, fields}});
  }
  if (r.claimed > 0 && !(s.retry_at && s.retry_for == r.scheduled_for))
    ledger_->ended({s.job.name, r.scheduled_for}, r.claimed, outcome, exit_code);
}

void Planner::stopped() {
  for (const auto& s : states_) {
    // Runs that were waiting to start (catch-up, queue, replace) never will:
    // said and counted, not dropped in silence. They stay pending in the
    // state, so a restart within their starting deadline still runs them.
    if (!s->pending.empty()) {
      s->counters.skipped["shutdown"] += s->pending.size();
      log_("warning", "job.skip",
           {{"job", s->job.name},
            {"reason", "shutdown"},
            {"count", s->pending.size()},
            {"first", iso(s->pending.front().first)},
            {"last", iso(s->pending.back().first)}});
    }
    // Instants before the stop that a busy loop had not reached: said too
    // (those from the stop on are after the runner's time). The cursor stays,
    // so a ledger that keeps state catches them up at the next start.
    if (!stopping_ || !s->job.schedule || !s->next || *s->next >= stop_at_) continue;
    std::size_t count = 0;
    sys_milliseconds last = *s->next;
    for (auto t = s->next; t && *t < stop_at_ && count < kMaxCatchupEnumeration; t = s->job.schedule->next(*t)) {
      ++count;
      last = *t;
    }
    s->counters.skipped["shutdown"] += count;
    log_("warning", "job.skip",
         {{"job", s->job.name},
          {"reason", "shutdown"},
          {"count", count},
          {"first", iso(*s->next)},
          {"last", iso(last)},
          {"not_reached", true}});
  }
}

void Planner::allowed(const LedgerTurn& turn) {
  for (const auto& f : turn.start) start(f.state, f.instant, 1, f.claim);
  for (const auto& f : turn.rerun) {
    log_("warning", "job.rerun", {{"job", f.state->job.name}, {"scheduled_for", iso(f.instant)}, {"attempt", f.claim}});
    start(f.state, f.instant, 1, f.claim);
  }
}

void Planner::start(const std::shared_ptr<JobState>& s, sys_milliseconds scheduled_for, int attempt, int claimed) {
  if (stopping_) return;
  if (claimed == 0 && !s->job.entry.reboot && !ledger_->may_run(s, scheduled_for))
    return;  // run once the ledger says so (its turn)
  auto r = std::make_unique<Run>();
  r->claimed = claimed;
  r->id = fmt::format("{}-{}", ms_of(clock_.now()), ++run_counter_);
  r->state = s;
  r->scheduled_for = scheduled_for;
  r->attempt = attempt;
  ++s->running;  // from now on the job is busy (overlap, queue and retries see it)
  queued_.push_back(std::move(r));
}

// ---- answers

std::optional<sys_milliseconds> Planner::earliest_next() {
  // One pass over the jobs after they changed, none while they did not (an
  // idle loop of 100,000 jobs costs nothing).
  if (next_stale_) {
    earliest_next_.reset();
    for (const auto& s : states_)
      if (s->next && (!earliest_next_ || *s->next < *earliest_next_)) earliest_next_ = s->next;
    next_stale_ = false;
  }
  return earliest_next_;
}

std::optional<std::int64_t> Planner::wake() const {
  std::optional<std::int64_t> at;
  auto earliest = [&](std::int64_t t) { at = at ? std::min(*at, t) : t; };
  for (const auto& s : waiting_) {
    if (may_start_pending(*s)) earliest(s->pending.front().second);
    if (s->retry_at) earliest(*s->retry_at);
  }
  return at;
}

// ---- the decisions

void Planner::advance(JobState& s) {
  s.next = s.job.schedule->next(s.cursor);
  if (!s.next && !s.never_logged) {
    s.never_logged = true;  // once, not in a loop
    log_("warning", "job.never", {{"job", s.job.name}, {"after", iso(s.cursor)}});
  }
}

void Planner::catch_up(const std::shared_ptr<JobState>& sp, sys_milliseconds from, sys_milliseconds to,
                       const char* cause, std::vector<sys_milliseconds> also) {
  JobState& s = *sp;
  std::vector<sys_milliseconds> missed = std::move(also);
  int looked = 0;
  for (auto t = s.job.schedule->next(from); t && *t <= to && looked < kMaxCatchupEnumeration;
       t = s.job.schedule->next(*t), ++looked)
    missed.push_back(*t);
  std::sort(missed.begin(), missed.end());
  missed.erase(std::unique(missed.begin(), missed.end()), missed.end());
  s.cursor = std::max(s.cursor, to);
  mark(sp);
  if (missed.empty()) return;
  const CatchUpPlan plan = plan_catch_up(s.job.settings, missed, clock_.now());
  if (plan.skipped > 0) {
    s.counters.skipped["missed"] += plan.skipped;
    log_("warning", "job.skip",
         {{"job", s.job.name},
          {"reason", "missed"},
          {"cause", cause},
          {"count", plan.skipped},
          {"first", iso(missed.front())},
          {"last", iso(missed.back())},
          {"enumeration_capped", looked >= kMaxCatchupEnumeration}});
  }
  const std::int64_t spread = o_.catchup_window.count() > 0
                                  ? seed_offset(Seed({o_.host, s.job.name, "catchup"}), o_.catchup_window).count()
                                  : 0;
  // Catch-up runs wait for the job's offset (in clock time, so the simulated clock scales it too).
  const auto not_before = clock_.mono() + static_cast<std::int64_t>(static_cast<double>(spread) / clock_.rate());
  for (auto t : plan.run)
    if (std::none_of(s.pending.begin(), s.pending.end(), [&](const auto& p) { return p.first == t; }))
      s.pending.emplace_back(t, not_before);
  std::sort(s.pending.begin(), s.pending.end());
  if (!s.pending.empty()) mark_waiting(sp);
}

void Planner::on_time(const std::shared_ptr<JobState>& sp, sys_milliseconds t) {
  JobState& s = *sp;
  if (s.retry_at) {
    // A retry never overlaps the next slot: the failed instant's retries end
    // here, said, and its failure is permanent (the hook runs).
    s.retry_at.reset();
    log_("warning", "job.retry",
         {{"job", s.job.name},
          {"scheduled_for", iso(s.retry_for)},
          {"attempt", s.retry_attempt},
          {"dropped", "the next instant came first"},
          {"next", iso(t)}});
    if (!s.job.settings.on_permanent_failure.empty() && s.retry_end)
      actions_.push_back({Action::hook, sp, *s.retry_end});
    s.retry_end.reset();
  }
  switch (plan_on_time(s.job.settings.concurrency, s.running, !s.pending.empty(), ledger_->decides_overlap())) {
    case OnTime::start: return start(sp, t, 1);
    case OnTime::skip: {
      ++s.counters.skipped["overlap"];
      const auto mono = clock_.mono();
      if (!s.last_overlap_log ||
          mono - *s.last_overlap_log >= kStuckWarningEveryMs) {  // rate-limited: a stuck job does not flood
        s.last_overlap_log = mono;
        log_("warning", "job.skip",
             {{"job", s.job.name}, {"reason", "overlap"}, {"scheduled_for", iso(t)}, {"running", s.running}});
      }
      return;
    }
    case OnTime::replace:
      actions_.push_back({Action::stop, sp, {}});
      s.pending.assign(1, {t, 0});
      mark(sp);
      mark_waiting(sp);
      return;
    case OnTime::queue:
      s.pending.emplace_back(t, 0);
      mark(sp);
      mark_waiting(sp);
      return;
    case OnTime::queue_full:
      ++s.counters.skipped["queue-full"];
      log_("warning", "job.skip", {{"job", s.job.name}, {"reason", "queue-full"}, {"scheduled_for", iso(t)}});
      return;
  }
}

void Planner::start_pending() {
  const auto mono = clock_.mono();
  const auto waiting = waiting_;  // start() may add to it
  for (const auto& sp : waiting) {
    JobState& s = *sp;
    while (may_start_pending(s) && s.pending.front().second <= mono) {
      const auto t = s.pending.front().first;
      s.pending.pop_front();
      mark(sp);
      start(sp, t, 1);
    }
    if (s.retry_at && *s.retry_at <= mono && s.running == 0) {
      const int attempt = s.retry_attempt;
      s.retry_at.reset();
      s.retry_end.reset();  // the retry's own end decides now
      start(sp, s.retry_for, attempt, s.retry_claimed);
    }
  }
  std::erase_if(waiting_, [](const auto& sp) {
    const bool done = sp->pending.empty() && !sp->retry_at;
    if (done) sp->waiting = false;
    return done;
  });
}

void Planner::mark_waiting(const std::shared_ptr<JobState>& s) {
  if (s->waiting) return;
  s->waiting = true;
  waiting_.push_back(s);
}

}  // namespace fuzzycron::runner
