// The loop's runs: starting a job's process (and its failure hook), reading
// its output, reaping it, its deadlines, and what its end means (retries,
// counters, the job.end event). The rest of Runner is in loop.cc.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>

#include "runner/loop.h"
#include "runner/planner.h"

extern char** environ;

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;

constexpr std::int64_t kDrainGraceMs = 2000;  // output read after the job's own process ended

}  // namespace

void Runner::launch_queued() {
  auto& queued = planner_.queued();
  if (queued.empty()) return;
  // The ledger first: a crash after this never runs these instants again.
  ledger_->commit(planner_.states());
  std::size_t launched = 0;
  for (auto& r : queued) {
    if (++launched % kCheckSignalsEvery == 0) handle_signals();  // a long burst must not hold up SIGTERM
    JobState& s = *r->state;
    if (planner_.stopping()) {
      --s.running;
      ++s.counters.skipped["shutdown"];
      log_("warning", "job.skip",
           {{"job", s.job.name}, {"reason", "shutdown"}, {"scheduled_for", iso(r->scheduled_for)}});
      continue;
    }
    const auto now = clock_.now();
    r->started_mono = clock_.mono();
    const std::int64_t late = std::max<std::int64_t>(0, (now - r->scheduled_for).count());
    s.counters.last_start = now;
    const double late_s = static_cast<double>(late) / 1000.0;
    s.counters.late_sum += late_s;
    ++s.counters.late_count;
    ++s.counters.late_buckets[static_cast<std::size_t>(
        std::lower_bound(kLateBounds.begin(), kLateBounds.end(), late_s) - kLateBounds.begin())];
    log_("info", "job.start",
         {{"job", s.job.name},
          {"run_id", r->id},
          {"scheduled_for", iso(r->scheduled_for)},
          {"late_ms", late},
          {"attempt", r->attempt}});
    spawn(*r);
    runs_.push_back(std::move(r));
  }
  queued.clear();
}

void Runner::carry_out() {
  for (Action& a : planner_.take()) {
    if (a.kind == Action::hook) {
      run_hook(*a.job, a.failed);
      continue;
    }
    for (auto& r : runs_)  // stop: TERM the job's runs, KILL after its grace
      if (r && r->state == a.job && !r->exited) {
        r->stopped = true;
        launcher_.signal(r->pid, SIGTERM);
        r->kill_at = clock_.mono() + a.job->job.settings.kill_grace.count();
      }
  }
}

void Runner::spawn(Run& r) {
  const CrontabEntry& e = r.state->job.entry;
  // The runner's environment, then the crontab's assignments in order (Vixie's positional rule).
  std::map<std::string, std::string> env;
  for (char** p = environ; *p; ++p) {
    const std::string kv = *p;
    const auto eq = kv.find('=');
    if (eq != std::string::npos) env[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  // As cron: the shell is /bin/sh unless the crontab sets SHELL; the caller's
  // login shell (bash, zsh, fish) is not the jobs' interpreter.
  env["SHELL"] = "/bin/sh";
  for (const auto& [k, v] : e.environment) env[k] = v;
  if (!e.zone.empty()) env["CRON_TZ"] = e.zone;
  env["FUZZYCRON_JOB"] = r.state->job.name;
  env["FUZZYCRON_RUN_ID"] = r.id;
  env["FUZZYCRON_SCHEDULED_FOR"] = iso(r.scheduled_for);
  env["FUZZYCRON_ATTEMPT"] = std::to_string(r.attempt + std::max(0, r.claimed - 1));  // takeovers count too
  env["FUZZYCRON_REPLICA"] = o_.host;
  std::vector<std::string> env_text;
  env_text.reserve(env.size());
  for (const auto& [k, v] : env) env_text.push_back(k + "=" + v);
  const std::string shell = env["SHELL"];
  Process p;
  if (const int error = launcher_.launch(shell, e.command, env_text, -1, true, p); error != 0) {
    r.exited = true;
    r.failure = fmt::format("cannot execute {}: {}", shell, std::strerror(error));
    return;
  }
  r.pid = p.pid;
  r.out = p.out;
  if (r.state->job.settings.timeout) r.term_at = r.started_mono + r.state->job.settings.timeout->count();
}

// The on-permanent-failure hook: SHELL -c HOOK with FUZZYCRON_* in its
// environment and the run's job.end as JSON on stdin; its output goes to the
// runner's stderr. Reaped like any other child.
void Runner::run_hook(const JobState& s, const FailedRun& failed) {
  const Job& job = s.job;
  const json& end = failed.end;
  std::vector<std::string> env_text;
  for (char** p = environ; *p; ++p)
    if (!std::string_view(*p).starts_with("SHELL=")) env_text.emplace_back(*p);
  std::string shell = "/bin/sh";
  for (const auto& [k, v] : job.entry.environment) {
    env_text.push_back(k + "=" + v);
    if (k == "SHELL") shell = v;
  }
  env_text.push_back("SHELL=" + shell);
  env_text.push_back("FUZZYCRON_JOB=" + job.name);
  env_text.push_back("FUZZYCRON_RUN_ID=" + failed.id);
  env_text.push_back("FUZZYCRON_SCHEDULED_FOR=" + iso(failed.scheduled_for));
  env_text.push_back("FUZZYCRON_ATTEMPT=" + std::to_string(end.value("attempt", 1)));
  env_text.push_back("FUZZYCRON_REPLICA=" + o_.host);
  env_text.push_back("FUZZYCRON_OUTCOME=" + end.value("outcome", std::string()));
  env_text.push_back("FUZZYCRON_EXIT_CODE=" +
                     (end.contains("exit_code") ? std::to_string(end["exit_code"].get<int>()) : ""));
  int in[2];
  if (::pipe2(in, O_CLOEXEC) != 0) return;
  Process p;
  const int spawned = launcher_.launch(shell, job.settings.on_permanent_failure, env_text, in[0], false, p);
  const pid_t pid = p.pid;
  ::close(in[0]);
  const std::string text = end.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  if (spawned == 0)
    (void)!::write(in[1], text.data(), std::min<std::size_t>(text.size(), 60'000));  // within the pipe's buffer
  ::close(in[1]);
  log_(spawned == 0 ? "info" : "error", "job.hook",
       spawned == 0 ? json{{"job", job.name}, {"run_id", failed.id}, {"hook", "on-permanent-failure"}, {"pid", pid}}
                    : json{{"job", job.name},
                           {"run_id", failed.id},
                           {"hook", "on-permanent-failure"},
                           {"error", fmt::format("cannot execute {}: {}", shell, std::strerror(spawned))}});
}

void Runner::read_output(Run& r, bool all) {
  char buf[65536];
  const auto emit_record = [&](const std::string& record, bool continued) { emit(r, record, continued); };
  for (int rounds = 0; r.out >= 0 && (all || rounds < 16); ++rounds) {
    const ssize_t n = ::read(r.out, buf, sizeof buf);
    if (n > 0) {
      r.lines.feed(std::string_view(buf, static_cast<std::size_t>(n)), emit_record);
      continue;
    }
    if (n == 0) {  // every writer is gone
      r.lines.flush(emit_record);
      ::close(r.out);
      r.out = -1;
    }
    return;
  }
}

void Runner::emit(Run& r, const std::string& record, bool continued) {
  json fields{{"job", r.state->job.name}, {"run_id", r.id}, {"scheduled_for", iso(r.scheduled_for)}, {"line", record}};
  if (continued) fields["continued"] = true;
  log_("info", "job.output", std::move(fields));
}

void Runner::reap() {
  for (const auto& [pid, status] : launcher_.reap()) {
    for (auto& r : runs_)
      if (r->pid == pid && !r->exited) {
        r->exited = true;
        r->status = status;
        r->drain_until = clock_.mono() + kDrainGraceMs;
      }
    // Anything else is an orphan we inherited as subreaper (or PID 1): reaped, nothing to report.
  }
}

void Runner::finish(std::unique_ptr<Run>& r) {
  read_output(*r, true);
  if (r->out >= 0) {  // a descendant still holds the pipe: the run is over anyway
    r->lines.flush([&](const std::string& record, bool continued) { emit(*r, record, continued); });
    ::close(r->out);
    r->out = -1;
  }
  JobState& s = *r->state;
  const auto duration = clock_.mono() - r->started_mono;
  std::string outcome;
  json fields{{"job", s.job.name},
              {"run_id", r->id},
              {"scheduled_for", iso(r->scheduled_for)},
              {"duration_ms", duration},
              {"attempt", r->attempt}};
  if (!r->failure.empty()) {
    outcome = "failure";
    fields["reason"] = r->failure;
  } else if (WIFEXITED(r->status)) {
    fields["exit_code"] = WEXITSTATUS(r->status);
    outcome = r->timed_out ? "timeout" : WEXITSTATUS(r->status) == 0 ? "success" : "failure";
  } else if (WIFSIGNALED(r->status)) {
    const char* name = ::sigabbrev_np(WTERMSIG(r->status));
    fields["signal"] = name ? name : std::to_string(WTERMSIG(r->status));
    outcome = r->timed_out ? "timeout" : r->stopped ? "killed" : "failure";
  }
  if (r->pid > 0 && launcher_.alive(r->pid)) {
    fields["descendants_alive"] = true;
    lingering_.push_back(r->pid);  // stopped with the runner (stop_lingering)
  }
  fields["outcome"] = outcome;
  ++s.counters.runs[outcome];
  const auto now = clock_.now();
  if (outcome == "success") s.counters.last_success = now;
  s.last_failed = outcome != "success";
  log_(outcome == "success" ? "info" : "warning", "job.end", fields);  // fields are read again below
  planner_.ended(*r, outcome,
                 fields.contains("exit_code") ? std::optional<int>(fields["exit_code"].get<int>()) : std::nullopt,
                 fields);
  r.reset();
}

void Runner::end_finished() {
  const auto mono = clock_.mono();
  for (auto& r : runs_)
    if (r && r->exited && (r->out < 0 || (r->drain_until && *r->drain_until <= mono) || r->pid < 0)) finish(r);
  runs_.erase(std::remove(runs_.begin(), runs_.end(), nullptr), runs_.end());
}

}  // namespace fuzzycron::runner
