// The loop's events besides fires and runs: signals (SIGHUP reloads,
// SIGTERM/SIGINT stop), clock steps and suspends, the shutdown, and the
// documents the status server publishes.
#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <algorithm>

#include "runner/cluster_ledger.h"
#include "runner/loop.h"
#include "runner/planner.h"
#include "runner/status_server.h"

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;

// "TERM", or "none" for a stop the runner was not signalled to make (run(until)).
const char* signal_name(int sig) {
  const char* name = sig > 0 ? ::sigabbrev_np(sig) : nullptr;
  return name ? name : "none";
}

}  // namespace

void Runner::begin_shutdown(int sig) {
  const StopSignal stop = plan_stop_signal(o_.shutdown, planner_.stopping());
  const int first = stop == StopSignal::term ? SIGTERM : stop == StopSignal::kill ? SIGKILL : 0;
  if (planner_.stopping()) {  // a second signal: no more grace
    for (auto& r : runs_) launcher_.signal(r->pid, first);
    log_("warning", "runner.kill", {{"signal", signal_name(sig)}});
    return;
  }
  planner_.stop(clock_.now());
  shutdown_signal_ = sig;
  shutdown_deadline_ = clock_.mono() + o_.shutdown_grace.count();
  for (auto& r : runs_) {
    r->stopped = true;
    if (first) launcher_.signal(r->pid, first);
  }
  log_("info", "runner.stopping",
       {{"signal", signal_name(sig)},
        {"running", runs_.size()},
        {"grace_ms", o_.shutdown_grace.count()},
        {"shutdown", first == SIGTERM   ? "term"
                     : first == SIGKILL ? "kill"
                                        : "wait"}});
}

void Runner::publish(int documents) {
  if (!server_) return;
  const bool healthy = !o_.strict_health || std::none_of(planner_.states().begin(), planner_.states().end(),
                                                         [](const auto& st) { return st->last_failed; });
  server_->tick(true, healthy);
  if (!documents) return;
  ++counters_.builds;
  counters_.state_errors = ledger_->errors();
  const ClusterCounters* cluster = ledger_->cluster();
  std::string metrics, status;
  if (documents & StatusServer::metrics) {
    metrics = metrics_text(planner_.states(), counters_, o_.metrics_jobs);
    if (cluster) metrics += cluster_metrics_text(*cluster, clock_.now());
  }
  if (documents & StatusServer::status)
    status = status_json(planner_.states(), clock_.now(), o_.file, problems_, planner_.stopping(), cluster);
  server_->publish(std::move(metrics), std::move(status));
}

void Runner::handle_jumps() {
  for (const auto& j : clock_.jumps()) {
    const char* kind = j.kind == ClockJump::suspend ? "suspend" : "step";
    ++counters_.clock_events[kind];
    log_("warning", j.kind == ClockJump::suspend ? "clock.suspend" : "clock.step",
         j.kind == ClockJump::suspend ? json{{"duration_s", static_cast<double>(j.delta.count()) / 1000.0}}
                                      : json{{"delta_s", static_cast<double>(j.delta.count()) / 1000.0}});
    planner_.jumped(j.delta, kind);
  }
}

void Runner::handle_signals() {
  signalfd_siginfo info;
  while (::read(signal_fd_, &info, sizeof info) == sizeof info) {
    const int sig = static_cast<int>(info.ssi_signo);
    if (sig == SIGCHLD) continue;  // the loop reaps after every wait
    if (sig == SIGHUP) {
      text_.clear();  // SIGHUP rereads even an unchanged file
      reload_requested_ = true;
    } else {
      begin_shutdown(sig);
    }
  }
}

}  // namespace fuzzycron::runner
