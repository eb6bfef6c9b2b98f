// fuzzycron run: the job runner (src/runner), and its --test and --dry-run checks.
#include <unistd.h>

#include <iostream>
#include <memory>
#include <sstream>

#include "command.h"
#include "fuzzycron/options.h"
#include "io.h"
#include "options.h"
#include "runner/check.h"
#include "runner/loop.h"

namespace fuzzycron::cli {
namespace {

struct Run {
  runner::RunnerOptions options;
  std::string grace = "25s", log_format = "json", shutdown = "term", shard, sim_start, catchup_window = "10s",
              old_catchup_spread;
  std::string claim_delay = "2s", lease = "15s", retention = "7d";
  double sim_rate = 1.0;
  bool test = false, dry = false;
  Flags flags;
};

// The flags as RunnerOptions; false (said on err) when one is wrong.
bool finish_options(Run& c, std::ostream& err) {
  namespace runner = fuzzycron::runner;
  runner::RunnerOptions& o = c.options;
  o.parse = parse_options(c.flags, false);
  o.balance = c.flags.balance_lock();
  o.host = c.flags.host.empty() ? host_name() : c.flags.host;
  o.shutdown_grace = parse_duration(c.grace);
  if (!c.old_catchup_spread.empty()) {
    err << "fuzzycron: warning: '--catchup-spread' is the old name of '--catchup-window' (CHANGELOG.md): 0.6 "
           "will refuse it\n";
    c.catchup_window = c.old_catchup_spread;
  }
  o.catchup_window = parse_duration(c.catchup_window);
  o.claim_delay = parse_duration(c.claim_delay);
  o.lease = parse_duration(c.lease);
  o.cluster_retention = parse_duration(c.retention);
  if (!o.cluster.empty() && o.lease < std::chrono::seconds{3}) {
    err << "fuzzycron: --lease must be at least 3s (runs renew it every third of it)\n";
    return false;
  }
  if (!o.fleet.empty() && o.cluster.empty()) {
    err << "fuzzycron: --fleet names the cluster's H seed: it goes with --cluster\n";
    return false;
  }
  if (c.log_format != "json" && c.log_format != "text") {
    err << "fuzzycron: --log-format is json or text\n";
    return false;
  }
  o.json = c.log_format == "json";
  if (c.shutdown == "term")
    o.shutdown = runner::RunnerOptions::Shutdown::term;
  else if (c.shutdown == "wait")
    o.shutdown = runner::RunnerOptions::Shutdown::wait;
  else if (c.shutdown == "kill")
    o.shutdown = runner::RunnerOptions::Shutdown::kill;
  else {
    err << "fuzzycron: --shutdown is term, wait or kill\n";
    return false;
  }
  if (!c.shard.empty()) {
    int i = -1, n = 0;
    char slash = 0, extra = 0;
    std::istringstream in(c.shard);
    if (!(in >> i >> slash >> n) || slash != '/' || (in >> extra) || n < 1 || i < 0 || i >= n) {
      err << "fuzzycron: --shard is I/N with 0 <= I < N, e.g. 0/3\n";
      return false;
    }
    o.shard = {i, n};
  }
  if (!c.sim_start.empty()) {
    o.sim_start = parse_from(c.sim_start);
    if (!(c.sim_rate >= 0)) {
      err << "fuzzycron: --sim-rate must be above 0, or 0 (virtual time: jump over idle time)\n";
      return false;
    }
    o.sim_rate = c.sim_rate;
  }
  return true;
}

int run(Run& c) {
  if (!finish_options(c, std::cerr)) return kBadInput;
  if (c.test) return runner::test_config(c.options, std::cout);
  if (c.dry && !c.options.cluster.empty())
    std::cout << "(cluster: H seeded [" << (c.options.fleet.empty() ? "" : c.options.fleet + ", ") << "name])\n";
  if (c.dry) return runner::dry_run(c.options, parse_from(c.flags.from), c.flags.count, std::cout);
  std::cout.flush();
  return runner::run(c.options, STDOUT_FILENO);
}

}  // namespace

Command add_run(CommandLine& line) {
  auto c = std::make_shared<Run>();
  Subcommand sub = line.add(
      "run", "run a crontab's jobs: H per host and job, overlap, timeouts, retries, catch-up, DST and clock steps");
  sub.option("FILE", c->options.file,
             "the crontab (cronie's format; per-job settings as '# key: value' above an entry)")
      .required();
  add_flags(sub, c->flags, kDialect | kZone | kHost | kOffsetWindow | kBalance | kFrom | kCount);
  sub.option("--state-dir", c->options.state_dir, "keep each job's last fire here, to catch up after downtime");
  sub.option("--shutdown-grace", c->grace, "after SIGTERM/SIGINT, how long jobs get before SIGKILL").show_default();
  sub.option("--log-format", c->log_format, "json (one object per line) | text").show_default();
  sub.option("--shutdown", c->shutdown,
             "what running jobs get at SIGTERM: term (SIGTERM, SIGKILL after the grace) | wait (nothing "
             "until the grace ends) | kill")
      .show_default();
  sub.option("--metrics-address", c->options.metrics_address,
             "HOST:PORT for /metrics (Prometheus), /status (JSON), /healthz and /readyz");
  sub.flag("--strict-health", c->options.strict_health, "/healthz answers 503 while any job's last run failed");
  sub.option("--metrics-jobs", c->options.metrics_jobs,
             "per-job series in /metrics for at most this many jobs (0: none); totals always cover every job")
      .show_default();
  sub.option("--shard", c->shard, "I/N: run only the jobs whose hash picks shard I of N replicas");
  sub.option("--catchup-window", c->catchup_window,
             "catch-up runs start within this window, each at its job's stable offset")
      .show_default();
  sub.option("--catchup-spread", c->old_catchup_spread, "").hidden();
  sub.option("--cluster", c->options.cluster,
             "run as one replica of a cluster that agrees on PostgreSQL (a libpq URL, e.g. "
             "postgresql://cron@db/cron): every fire runs once, on one replica (docs/cluster.md)")
      .env("FUZZYCRON_CLUSTER");
  sub.option("--fleet", c->options.fleet, "--cluster: H is seeded [FLEET, name] (default [name]), never by the host");
  sub.option("--claim-delay", c->claim_delay,
             "--cluster: replicas other than a fire's preferred one claim it this much later")
      .show_default();
  sub.option("--lease", c->lease, "--cluster: a running fire's lease; a replica that cannot renew it stops the run")
      .show_default();
  sub.option("--cluster-retention", c->retention, "--cluster: rows of finished fires are kept this long")
      .show_default();
  sub.flag("--test", c->test, "check the file: problems as FILE:LINE:COL (exit 1), lint warnings");
  sub.flag("--dry-run", c->dry, "print each job's resolved schedule and next --count instants, run nothing");
  sub.option("--sim-start", c->sim_start, "run on a simulated clock from this RFC 3339 instant (tests)");
  sub.option("--sim-rate", c->sim_rate,
             "simulated seconds per real second; 0: real speed while runs run, a jump to the next instant when none "
             "does (tests that must not race the machine)")
      .show_default();
  sub.option("--sim-control", c->options.sim_control, "a FIFO for 'step SECONDS' and 'suspend SECONDS' (tests)");
  sub.footer(
      "Per-job settings, comment lines directly above the entry (a plain cron ignores them):\n"
      "  # name: backup-db   # timeout: 10m   # kill-grace: 10s   # concurrency: forbid|allow|replace|queue\n"
      "  # catchup: skip|latest|all:N   # starting-deadline: 5m   # retry: N   # retry-on: 75,11\n"
      "  # on-permanent-failure: COMMAND   # dst: skip-first   # on-lost: skip|rerun (--cluster)\n"
      "H is seeded [--host (default: this machine's name), name]; every fire instant is `fuzzycron next`'s.\n"
      "--cluster: H is seeded [--fleet, name] or [name]; each fire is claimed in the database and run by\n"
      "one replica, none while the database is away; --host names the replica (docs/cluster.md).\n"
      "Signals: SIGTERM/SIGINT stop (jobs get --shutdown-grace), SIGHUP or a change of FILE reloads.\n"
      "Exit status: 0 clean stop, 1 the crontab cannot be used (or --test found problems), 2 usage, 3 fatal.\n"
      "Example: fuzzycron run /etc/fuzzycron/crontab --state-dir /var/lib/fuzzycron --metrics-address :9100\n"
      "Example: fuzzycron run --dry-run examples/platform.crontab --host web-07 -n 3\n"
      "Example: fuzzycron run jobs.cron --cluster postgresql://cron@db/cron --host \"$POD_NAME\"");
  return {sub, [c] { return run(*c); }};
}

}  // namespace fuzzycron::cli
