#include "runner/planner.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace fuzzycron::runner {

CatchUpPlan plan_catch_up(const JobSettings& job, const std::vector<sys_milliseconds>& missed, sys_milliseconds now) {
  CatchUpPlan plan;
  std::vector<sys_milliseconds> kept;  // within the starting deadline
  for (auto t : missed)
    if (!job.starting_deadline || now - t <= *job.starting_deadline) kept.push_back(t);
  if (job.catchup == Catchup::latest && !kept.empty()) plan.run.push_back(kept.back());
  if (job.catchup == Catchup::all) {
    const std::size_t n = std::min(kept.size(), static_cast<std::size_t>(std::max(0, job.catchup_max)));
    plan.run.assign(kept.end() - static_cast<std::ptrdiff_t>(n), kept.end());
  }
  plan.skipped = missed.size() - plan.run.size();
  return plan;
}

std::chrono::milliseconds on_time_slack(double rate) {
  return std::chrono::milliseconds{std::max<std::int64_t>(60'000, static_cast<std::int64_t>(50 * rate))};
}

bool fires_on_time(sys_milliseconds next, std::optional<sys_milliseconds> newest, sys_milliseconds now,
                   std::chrono::milliseconds slack) {
  return newest && *newest >= next && now - *newest <= slack;
}

OnTime plan_on_time(Concurrency concurrency, int running, bool pending, bool ledger_decides_overlap) {
  if (running == 0 && !pending) return OnTime::start;
  // In a cluster the store decides forbid across every replica (and says the skip once).
  if (ledger_decides_overlap && concurrency == Concurrency::forbid) return OnTime::start;
  switch (concurrency) {
    case Concurrency::allow: return OnTime::start;
    case Concurrency::forbid: return OnTime::skip;
    case Concurrency::replace: return OnTime::replace;
    case Concurrency::queue: return pending ? OnTime::queue_full : OnTime::queue;
  }
  return OnTime::skip;
}

RetryPlan plan_retry(const JobSettings& job, const std::string& outcome, std::optional<int> exit_code, int attempt,
                     bool stopping, bool removed) {
  RetryPlan plan;
  if (outcome != "failure" && outcome != "timeout") return plan;
  // Retries with backoff 1 s, 2 s, 4 s, ...; never after a stop; only the
  // listed exit codes when retry-on is set. A failure with no retry left
  // runs the on-permanent-failure hook.
  const auto& codes = job.retry_on;
  const int code = exit_code.value_or(-1);
  const bool retryable = codes.empty() || std::find(codes.begin(), codes.end(), code) != codes.end();
  if (!stopping && !removed && retryable && attempt <= job.retry) {
    plan.retry = true;
    plan.delay_ms = 1000LL << std::min(attempt - 1, 20);
  } else {
    plan.hook = !job.on_permanent_failure.empty();
  }
  return plan;
}

JumpPlan plan_jump(std::chrono::milliseconds delta, sys_milliseconds cursor, sys_milliseconds now) {
  if (delta.count() > 0 && cursor < now) return {true, cursor, now};
  return {};
}

ReloadVerdict plan_reload_verdict(bool first, std::size_t errors, std::size_t jobs) {
  if (first) return jobs == 0 ? ReloadVerdict::fail_start : ReloadVerdict::apply;
  return errors > 0 || jobs == 0 ? ReloadVerdict::keep_running : ReloadVerdict::apply;
}

ReloadPlan plan_reload(const std::vector<std::string_view>& before, const std::vector<std::string_view>& after) {
  // Each fingerprint's old jobs in order, taken one by one.
  std::unordered_map<std::string_view, std::deque<std::size_t>> old;
  old.reserve(before.size());
  for (std::size_t i = 0; i < before.size(); ++i) old[before[i]].push_back(i);
  ReloadPlan plan;
  plan.kept.reserve(after.size());
  for (const std::string_view fingerprint : after) {
    const auto it = old.find(fingerprint);
    if (it == old.end() || it->second.empty()) {
      plan.kept.emplace_back();
      continue;
    }
    plan.kept.emplace_back(it->second.front());
    it->second.pop_front();
  }
  for (const auto& [fingerprint, left] : old) plan.removed.insert(plan.removed.end(), left.begin(), left.end());
  std::sort(plan.removed.begin(), plan.removed.end());
  return plan;
}

StopSignal plan_stop_signal(RunnerOptions::Shutdown policy, bool again) {
  if (again) return StopSignal::kill;
  switch (policy) {
    case RunnerOptions::Shutdown::term: return StopSignal::term;
    case RunnerOptions::Shutdown::kill: return StopSignal::kill;
    case RunnerOptions::Shutdown::wait: return StopSignal::none;
  }
  return StopSignal::term;
}

StopTurn plan_stop_turn(std::size_t runs, std::int64_t mono, std::int64_t deadline) {
  if (runs == 0) return {true, false};
  return {false, mono >= deadline};
}

}  // namespace fuzzycron::runner
