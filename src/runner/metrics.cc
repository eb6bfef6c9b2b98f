#include "runner/metrics.h"

#include <fmt/format.h>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "runner/cluster_ledger.h"
#include "runner/log.h"

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;

std::string label(const std::string& v) {
  std::string out;
  for (char c : v)
    out += c == '"'    ? std::string("\\\"")
           : c == '\\' ? std::string("\\\\")
           : c == '\n' ? std::string("\\n")
                       : std::string(1, c);
  return out;
}

std::uint64_t count_of(const std::map<std::string, std::uint64_t>& m, const char* key) {
  const auto it = m.find(key);
  return it == m.end() ? 0 : it->second;
}

}  // namespace

std::string metrics_text(const std::vector<std::shared_ptr<JobState>>& all, const RunnerCounters& counters,
                         std::size_t job_limit) {
  std::string metrics;
  auto line = [&](const std::string& s) { metrics += s + "\n"; };
  // Totals over every job.
  std::map<std::string, std::uint64_t> runs, skipped;
  std::uint64_t running = 0;
  for (const auto& s : all) {
    for (const auto& [k, v] : s->counters.runs) runs[k] += v;
    for (const auto& [k, v] : s->counters.skipped) skipped[k] += v;
    running += static_cast<std::uint64_t>(s->running);
  }
  const std::vector<std::shared_ptr<JobState>> jobs(
      all.begin(), all.begin() + static_cast<std::ptrdiff_t>(std::min(job_limit, all.size())));
  line("# HELP fuzzycron_jobs Jobs in the configuration; fuzzycron_jobs_without_series: those past --metrics-jobs.");
  line("# TYPE fuzzycron_jobs gauge");
  line(fmt::format("fuzzycron_jobs {}", all.size()));
  line("# TYPE fuzzycron_jobs_without_series gauge");
  line(fmt::format("fuzzycron_jobs_without_series {}", all.size() - jobs.size()));
  line("# TYPE fuzzycron_runs_total counter");
  for (const char* outcome : {"success", "failure", "timeout", "killed"})
    line(fmt::format("fuzzycron_runs_total{{outcome=\"{}\"}} {}", outcome, count_of(runs, outcome)));
  line("# TYPE fuzzycron_skipped_total counter");
  for (const char* reason : {"overlap", "missed", "queue-full", "shutdown"})
    line(fmt::format("fuzzycron_skipped_total{{reason=\"{}\"}} {}", reason, count_of(skipped, reason)));
  line("# TYPE fuzzycron_running gauge");
  line(fmt::format("fuzzycron_running {}", running));
  line("# TYPE fuzzycron_state_write_errors_total counter");
  line(fmt::format("fuzzycron_state_write_errors_total {}", counters.state_errors));
  line("# HELP fuzzycron_status_builds_total Times /metrics and /status were built (only when scraped).");
  line("# TYPE fuzzycron_status_builds_total counter");
  line(fmt::format("fuzzycron_status_builds_total {}", counters.builds));
  line("# HELP fuzzycron_job_runs_total Runs that ended, by outcome.");
  line("# TYPE fuzzycron_job_runs_total counter");
  for (const auto& s : jobs)
    for (const char* outcome : {"success", "failure", "timeout", "killed"})
      line(fmt::format("fuzzycron_job_runs_total{{job=\"{}\",outcome=\"{}\"}} {}", label(s->job.name), outcome,
                       count_of(s->counters.runs, outcome)));
  line("# TYPE fuzzycron_job_running gauge");
  for (const auto& s : jobs)
    line(fmt::format("fuzzycron_job_running{{job=\"{}\"}} {}", label(s->job.name), s->running));
  auto stamp = [&](const char* name, auto get) {
    line(fmt::format("# TYPE {} gauge", name));
    for (const auto& s : jobs)
      if (const std::optional<sys_milliseconds> t = get(*s))
        line(fmt::format("{}{{job=\"{}\"}} {:.3f}", name, label(s->job.name),
                         static_cast<double>(t->time_since_epoch().count()) / 1000.0));
  };
  stamp("fuzzycron_job_last_start_timestamp_seconds", [](const JobState& s) { return s.counters.last_start; });
  stamp("fuzzycron_job_last_success_timestamp_seconds", [](const JobState& s) { return s.counters.last_success; });
  stamp("fuzzycron_job_next_scheduled_timestamp_seconds", [](const JobState& s) { return s.next; });
  line("# TYPE fuzzycron_job_late_seconds histogram");
  for (const auto& s : jobs) {
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < kLateBounds.size(); ++i) {
      cumulative += s->counters.late_buckets[i];
      line(fmt::format("fuzzycron_job_late_seconds_bucket{{job=\"{}\",le=\"{}\"}} {}", label(s->job.name),
                       kLateBounds[i], cumulative));
    }
    line(fmt::format("fuzzycron_job_late_seconds_bucket{{job=\"{}\",le=\"+Inf\"}} {}", label(s->job.name),
                     s->counters.late_count));
    line(fmt::format("fuzzycron_job_late_seconds_sum{{job=\"{}\"}} {:.3f}", label(s->job.name), s->counters.late_sum));
    line(fmt::format("fuzzycron_job_late_seconds_count{{job=\"{}\"}} {}", label(s->job.name), s->counters.late_count));
  }
  line("# TYPE fuzzycron_job_skipped_total counter");
  for (const auto& s : jobs)
    for (const char* reason : {"overlap", "missed", "queue-full", "shutdown"})
      line(fmt::format("fuzzycron_job_skipped_total{{job=\"{}\",reason=\"{}\"}} {}", label(s->job.name), reason,
                       count_of(s->counters.skipped, reason)));
  line("# TYPE fuzzycron_clock_events_total counter");
  for (const char* kind : {"step", "suspend"})
    line(fmt::format("fuzzycron_clock_events_total{{kind=\"{}\"}} {}", kind, count_of(counters.clock_events, kind)));
  line("# TYPE fuzzycron_config_reloads_total counter");
  for (const char* result : {"success", "error"})
    line(fmt::format("fuzzycron_config_reloads_total{{result=\"{}\"}} {}", result, count_of(counters.reloads, result)));
  return metrics;
}

std::string cluster_metrics_text(const ClusterCounters& c, sys_milliseconds now) {
  std::string metrics;
  auto line = [&](const std::string& s) { metrics += s + "\n"; };
  line(
      "# HELP fuzzycron_cluster_claims_total Claims this replica made, by result: won (it ran the fire), "
      "lost_to_peer (another replica had it), overlap (concurrency: forbid, a run held the job).");
  line("# TYPE fuzzycron_cluster_claims_total counter");
  line(fmt::format("fuzzycron_cluster_claims_total{{result=\"won\"}} {}", c.won));
  line(fmt::format("fuzzycron_cluster_claims_total{{result=\"lost_to_peer\"}} {}", c.lost_to_peer));
  line(fmt::format("fuzzycron_cluster_claims_total{{result=\"overlap\"}} {}", c.overlap));
  line("# HELP fuzzycron_cluster_missed_total Fires this replica said were missed (it ranks first for them).");
  line("# TYPE fuzzycron_cluster_missed_total counter");
  line(fmt::format("fuzzycron_cluster_missed_total {}", c.missed));
  line(
      "# HELP fuzzycron_cluster_lost_total Runs this replica marked lost (their lease ran out); reclaimed: "
      "lost runs it took over (on-lost: rerun); fenced: its own runs a peer took.");
  line("# TYPE fuzzycron_cluster_lost_total counter");
  line(fmt::format("fuzzycron_cluster_lost_total {}", c.lost));
  line("# TYPE fuzzycron_cluster_reclaimed_total counter");
  line(fmt::format("fuzzycron_cluster_reclaimed_total {}", c.reclaimed));
  line("# TYPE fuzzycron_cluster_fenced_total counter");
  line(fmt::format("fuzzycron_cluster_fenced_total {}", c.fenced));
  line("# TYPE fuzzycron_cluster_database_errors_total counter");
  line(fmt::format("fuzzycron_cluster_database_errors_total {}", c.db_errors));
  line("# TYPE fuzzycron_cluster_round_trips_total counter");
  line(fmt::format("fuzzycron_cluster_round_trips_total {}", c.round_trips));
  line("# TYPE fuzzycron_cluster_connected gauge");
  line(fmt::format("fuzzycron_cluster_connected {}", c.connected ? 1 : 0));
  line("# TYPE fuzzycron_cluster_waiting gauge");
  line(fmt::format("fuzzycron_cluster_waiting {}", c.waiting));
  if (c.skew_ms) {
    line("# HELP fuzzycron_cluster_clock_skew_seconds This replica's clock minus the database's.");
    line("# TYPE fuzzycron_cluster_clock_skew_seconds gauge");
    line(fmt::format("fuzzycron_cluster_clock_skew_seconds {:.3f}", static_cast<double>(*c.skew_ms) / 1000.0));
  }
  line("# HELP fuzzycron_cluster_replica_live Replicas with a fresh heartbeat (1) or a stale one (0).");
  line("# TYPE fuzzycron_cluster_replica_live gauge");
  for (const auto& r : c.replicas)
    line(fmt::format("fuzzycron_cluster_replica_live{{replica=\"{}\"}} {}", label(r.replica), r.live ? 1 : 0));
  line("# TYPE fuzzycron_cluster_replica_heartbeat_age_seconds gauge");
  for (const auto& r : c.replicas)
    line(fmt::format("fuzzycron_cluster_replica_heartbeat_age_seconds{{replica=\"{}\"}} {:.3f}", label(r.replica),
                     static_cast<double>((now - r.heartbeat).count()) / 1000.0));
  return metrics;
}

std::string status_json(const std::vector<std::shared_ptr<JobState>>& jobs, sys_milliseconds now,
                        const std::string& file, const std::vector<std::string>& problems, bool stopping,
                        const ClusterCounters* cluster) {
  auto maybe = [](const std::optional<sys_milliseconds>& t) { return t ? json(iso(*t)) : json(nullptr); };
  json list = json::array();
  for (const auto& s : jobs)
    list.push_back({{"job", s->job.name},
                    {"line", s->job.entry.line},
                    {"schedule", s->job.entry.schedule},
                    {"resolved", s->job.resolved},
                    {"running", s->running},
                    {"next", maybe(s->next)},
                    {"last_fired", maybe(s->last_fired)},
                    {"last_success", maybe(s->counters.last_success)},
                    {"runs", s->counters.runs},
                    {"skipped", s->counters.skipped}});
  json status{{"now", iso(now)}, {"file", file}, {"jobs", list}, {"problems", problems}, {"stopping", stopping}};
  if (cluster) {
    json replicas = json::array();
    for (const auto& r : cluster->replicas)
      replicas.push_back({{"replica", r.replica}, {"heartbeat", iso(r.heartbeat)}, {"live", r.live}});
    status["cluster"] = {
        {"replica", cluster->replica},
        {"connected", cluster->connected},
        {"replicas", replicas},
        {"claims", {{"won", cluster->won}, {"lost_to_peer", cluster->lost_to_peer}, {"overlap", cluster->overlap}}},
        {"missed", cluster->missed},
        {"lost", cluster->lost},
        {"reclaimed", cluster->reclaimed},
        {"fenced", cluster->fenced},
        {"database_errors", cluster->db_errors},
        {"round_trips", cluster->round_trips},
        {"waiting", cluster->waiting},
        {"skew_ms", cluster->skew_ms ? json(*cluster->skew_ms) : json(nullptr)}};
  }
  return status.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace fuzzycron::runner
