// fuzzycron — cron schedules that spread load deterministically.
#include <CLI/CLI.hpp>

#include <iostream>
#include <sstream>
#include <string>

#include "commands.h"
#include "runner/config.h"
#include "runner/runner.h"
#include "fuzzycron/version.h"

namespace {

using fuzzycron::cli::CommonOptions;

constexpr const char* kFooter = R"(Examples:
  fuzzycron next '*/15 9-17 * * mon-fri' -z Europe/Berlin -n 3
  fuzzycron next 'H H(0-7) * * *' -d jenkins --seed my-job       # Jenkins' own choice for my-job
  fuzzycron next 'H * * * * ?' -d quartz --host web-07 --seed backup-db
  fuzzycron next '0 * * * *' --seed nightly --spread 15m          # hourly, at a stable :08:42.707
  fuzzycron next -d quartz '0 0 12 ? * 6#3' --from 2026-01-01T00:00:00Z
  fuzzycron prev '30 2 * * 0' -z America/New_York --dst skip-both
  fuzzycron explain 'H(0-29) * * * *' --seed db-sync            # in English, with the next fire times
  fuzzycron lint '*/15 * * * *'                                 # FC101: H/15 spreads the load
  fuzzycron lint /etc/crontab --host web-07 --fail-on warning
  fuzzycron spread -d quartz examples/fleet.crontab --hosts 20 --window 3m --resolution 1s --svg load.svg
  fuzzycron export --to systemd examples/platform.crontab --host web-07 -o units/   # also kubernetes, github-actions, ...
  helm template chart | fuzzycron resolve --manifest - | kubectl apply -f -        # H in CronJobs, resolved in place
  echo '{"id":"a","expr":"0 0 * * *","tz":"UTC","from":"2026-03-08T01:59:30Z","next":2}' | fuzzycron batch

Dialects: standard (cronie; 5 fields, or 6 with seconds first), quartz (sec min hour
dom mon dow [year]; ? L W #), jenkins (5 fields, multi-line, TZ= first line), furiko (5-7 tokens),
kubernetes (robfig/cron v3 as Kubernetes CronJobs read it: 5 fields, N/s, ? = *, dow 0-6), croniter
(croniter 6: min hour dom mon dow [sec [year]], --seconds-first; its CRC-32 H), cron-parser (cron-parser 5:
5 fields or 6 with seconds first, --strict; its FNV-1a/mulberry32 H).
DST policies: cron (default: fixed-time jobs run once after a spring-forward gap and once in a
fall-back overlap; interval jobs skip the gap and run in both passes), wall (= skip-both), or
GAP-OVERLAP with GAP skip|shift and OVERLAP first|last|both.
Exit status: 0 success, 1 failure while running, 2 bad input.)";

void add_common(CLI::App* cmd, CommonOptions& o) {
  cmd->add_option("-d,--dialect", o.dialect, fuzzycron::cli::dialect_list(" | "))->capture_default_str();
  cmd->add_option("-z,--tz", o.tz, "IANA time zone of the schedule, e.g. America/New_York")->capture_default_str();
  cmd->add_option("--dst", o.dst, "DST policy: cron | wall | skip-first | shift-both | ...")->capture_default_str();
  cmd->add_option("--from", o.from, "start instant: RFC 3339 (2026-03-08T01:59:30Z) or now")->capture_default_str();
  cmd->add_option("-n,--count", o.count, "how many fire times")->capture_default_str();
  cmd->add_flag("--json", o.json, "print JSON instead of one time per line");
  cmd->add_option("-s,--seed", o.seeds, "a seed part for hash forms (H), e.g. the job name; repeat for more parts");
  cmd->add_option("--host", o.host, "host name: prepended to the seed parts");
  cmd->add_option("--hash", o.hash, "hash scheme: " + fuzzycron::cli::hash_scheme_list(" | ") + " (default: the dialect's own)");
  cmd->add_flag("--seconds-first", o.seconds_first, "croniter: in 6 or 7 fields the seconds come first (second_at_beginning)");
  cmd->add_flag("--strict", o.strict, "cron-parser: its strict mode (6 fields, one day field restricted, H inside the field)");
  cmd->add_option("--spread", o.spread, "shift every fire time by the seed's stable offset in [0, WINDOW), e.g. 15m");
}

}  // namespace

int main(int argc, char** argv) {
  namespace cli = fuzzycron::cli;
  CLI::App app{"fuzzycron: cron schedules in seven dialects with H spread per job, exact next/prev fire times in any time zone."};
  app.footer(kFooter);
  app.set_version_flag("-V,--version", "fuzzycron " + std::string(fuzzycron::version()));
  app.require_subcommand(1);
  CommonOptions next_opts, prev_opts;
  std::string next_expr, prev_expr;

  auto* next = app.add_subcommand("next", "the next N fire times strictly after --from");
  next->add_option("EXPR", next_expr, "the cron expression (quote it)")->required();
  add_common(next, next_opts);
  next->footer("Example: fuzzycron next '0 9 * * 1-5' -z America/New_York -n 3");

  auto* prev = app.add_subcommand("prev", "the previous N fire times strictly before --from, newest first");
  prev->add_option("EXPR", prev_expr, "the cron expression (quote it)")->required();
  add_common(prev, prev_opts);
  prev->footer("Example: fuzzycron prev -d quartz '0 0 0 L * ?' --from 2026-03-01T00:00:00Z");

  auto* batch = app.add_subcommand(
      "batch", "JSON Lines in, JSON Lines out: {id, expr, dialect, tz, from, next: N, prev: N, options}");
  batch->footer(
      "Each input line: {\"id\":\"x\",\"expr\":\"0 9 * * *\",\"dialect\":\"standard\",\"tz\":\"UTC\",\n"
      "  \"from\":\"2026-03-08T01:59:30Z\",\"next\":5,\"prev\":2,\"options\":{\"dst\":\"cron\"}}\n"
      "Each output line: {\"id\":\"x\",\"next\":[...],\"prev\":[...]} or\n"
      "  {\"id\":\"x\",\"error\":{\"message\":\"...\",\"column\":7}}. A bad line never stops the stream.");

  CommonOptions resolve_opts, offset_opts;
  std::string resolve_expr, resolve_to, resolve_crontab, window = "15m";
  auto* resolve = app.add_subcommand("resolve", "replace hash forms (H) by the values they stand for, for a seed");
  auto* resolve_expr_opt = resolve->add_option("EXPR", resolve_expr, "the cron expression (quote it)");
  auto* resolve_crontab_opt =
      resolve->add_option("--crontab", resolve_crontab, "a crontab file: every entry resolved with its own seed "
                                                        "([host, name]; name from '# name: JOB' or the command)");
  cli::InPlaceCommand in_place;
  auto* manifest_opt = resolve->add_option(
      "--manifest", in_place.file,
      "a Kubernetes YAML stream (FILE or - for stdin): every CronJob's spec.schedule resolved in place, "
      "seeded [namespace, name]; every other byte unchanged (a Helm --post-renderer)");
  auto* workflow_opt = resolve->add_option(
      "--workflow", in_place.file,
      "a GitHub Actions workflow (FILE or -): every on.schedule cron resolved in place, seeded "
      "[--seed OWNER/REPO, --path, position]");
  auto* path_opt = resolve->add_option("--path", in_place.path,
                                       "--workflow: its path in the repository (default: from .github/workflows/ "
                                       "in FILE, else FILE's name)");
  path_opt->needs(workflow_opt);
  resolve_expr_opt->excludes(resolve_crontab_opt)->excludes(manifest_opt)->excludes(workflow_opt);
  resolve_crontab_opt->excludes(manifest_opt)->excludes(workflow_opt);
  manifest_opt->excludes(workflow_opt);
  resolve->require_option(1, 0);
  add_common(resolve, resolve_opts);
  resolve->add_option("--to", resolve_to, "write the result in another dialect (" + fuzzycron::cli::dialect_list(" | ") + ")");
  resolve->footer("Example: fuzzycron resolve 'H/15 H(9-17) * * *' --host web-07 --seed backup-db\n"
                  "  prints e.g. '7-59/15 13 * * *': the same schedule for any cron that has no H.\n"
                  "Example: fuzzycron resolve -d jenkins 'H H(0-7) * * 1-5' --seed nightly --to quartz\n"
                  "Example: helm template my-chart | fuzzycron resolve --manifest - | kubectl apply -f -\n"
                  "  CronJob schedules are read as Kubernetes does (-d kubernetes unless -d is given).\n"
                  "Example: fuzzycron resolve --workflow .github/workflows/nightly.yml --seed octo/app");
  auto* offset_cmd = app.add_subcommand("offset", "a stable offset in [0, window) for a seed (millisecond resolution)");
  add_common(offset_cmd, offset_opts);
  offset_cmd->add_option("-w,--window", window, "the window: 15m, 90s, 1h, 250ms ...")->capture_default_str();
  offset_cmd->footer("Example: fuzzycron offset --seed nightly-report --window 15m\n"
                     "  Shift each run of a job by its offset to spread many jobs over a fixed window.");

  CommonOptions explain_opts;
  std::string explain_expr;
  auto* explain = app.add_subcommand("explain", "describe an expression in plain English, with the next fire times");
  explain->add_option("EXPR", explain_expr, "the cron expression (quote it)")->required();
  add_common(explain, explain_opts);
  explain->footer("Example: fuzzycron explain 'H(0-29) * * * *' --seed db-sync\n"
                  "  Once an hour, at a stable minute between :00 and :29 chosen from the job's name ...\n"
                  "Example: fuzzycron explain -d quartz '0 15 10 ? * 6L 2027' -z Europe/Paris");

  CommonOptions lint_opts;
  std::string lint_target, fail_on = "error", lint_runs_on;
  auto* lint = app.add_subcommand("lint", "findings about an expression or a crontab file, with codes and rewrites");
  lint->add_option("TARGET", lint_target, "a cron expression (quote it), or a crontab file")->required();
  add_common(lint, lint_opts);
  lint->add_option("--target", lint_runs_on,
                   "where it runs, so advice fits: fuzzycron | cron | kubernetes | github-actions | systemd | quartz | "
                   "spring | jenkins | furiko (default: fuzzycron with --seed/--host, cron for a file, else the "
                   "dialect's own system); H is suggested only where it is read");
  lint->add_option("--fail-on", fail_on, "exit 1 when a finding is at least this severe: info | warning | error | never")
      ->capture_default_str();
  lint->footer("Codes (docs/lint.md): FC001-FC003 unreadable input; FC101 */n where H/n spreads load; FC102 a\n"
               "fixed minute (H); FC103 every minute of a restricted hour; FC201 day-of-month steps restart each\n"
               "month; FC202 steps that do not divide their cycle; FC301 the day-of-month OR day-of-week trap;\n"
               "FC302 furiko ends day-of-week ranges written to Sunday on Saturday; FC401 never fires; FC402\n"
               "fires no more; FC403 fires rarely; FC501/FC502 fixed times in a DST gap/overlap of the zone in\n"
               "the coming year; FC601 hash ranges against their step; FC701 entries\n"
               "of a crontab that fire at the same instant in the week from --from (each entry seeded\n"
               "[--host, name]); FC702 the collision report is incomplete (capped, or stopped at its budget).\n"
               "Exit status: 2 when the input does not parse, 1 when a finding reaches --fail-on, else 0.\n"
               "Example: fuzzycron lint '*/15 * * * *'\n"
               "Example: fuzzycron lint /etc/crontab --host web-07 --fail-on warning --json");

  CommonOptions spread_opts;
  cli::SpreadCommand spread_cmd;
  auto* spread = app.add_subcommand("spread", "the load a crontab puts on a fleet, before and after hashing");
  spread->add_option("FILE", spread_cmd.file, "a crontab file (cronie's format, '# name: JOB' names a job)")
      ->required();
  add_common(spread, spread_opts);
  auto* hosts_opt = spread->add_option("--hosts", spread_cmd.hosts, "run every entry on N hosts named host-1..host-N");
  auto* host_list_opt = spread->add_option("--host-list", spread_cmd.host_list, "a file of host names, one per line");
  hosts_opt->excludes(host_list_opt);
  spread->add_option("-w,--window", spread_cmd.window, "how long to look from --from: 1h, 1d, 7d ...")
      ->capture_default_str();
  spread->add_option("--resolution", spread_cmd.resolution, "bucket size: 1s or 1m")->capture_default_str();
  spread->add_option("--svg", spread_cmd.svg, "also write an SVG plot of both loads to this file");
  spread->add_option("--width", spread_cmd.width, "terminal columns for the histogram (default: $COLUMNS or 80)");
  spread->add_flag("--ascii", spread_cmd.ascii, "draw the histogram with ASCII characters only");
  spread->footer(
      "Every entry runs on every host with the seed [host, name] (name from '# name: JOB' or the command);\n"
      "without --hosts or --host-list each entry runs once, with the seed [name].\n"
      "'before' takes every hash form at the lowest value of its range, as cron without H would run it;\n"
      "'after' is what fuzzycron runs. Both are counted per bucket: peak, mean, peak/mean, 99th percentile.\n"
      "Example: fuzzycron spread -d quartz examples/fleet.crontab --hosts 20 --window 2m --resolution 1s\n"
      "Example: fuzzycron spread /etc/crontab --host-list hosts.txt --window 7d --svg load.svg");

  CommonOptions export_opts;
  cli::ExportCommand export_cmd;
  auto* export_sub = app.add_subcommand(
      "export", "write a crontab's jobs for systemd, Kubernetes, GitHub Actions, Nomad, EventBridge or Cloud Scheduler");
  export_sub->add_option("FILE", export_cmd.file, "a crontab file (each entry seeded [--host, name])");
  export_sub->add_option("--expr", export_cmd.expr, "one expression instead of a file (seeded by --seed/--host)");
  export_sub->add_option("--name", export_cmd.name, "the job name for --expr (default: the last seed part)");
  export_sub->add_option("--command", export_cmd.command, "what the job runs, for --expr")->capture_default_str();
  export_sub->add_option("--to", export_cmd.to, "systemd | kubernetes | github-actions | nomad | eventbridge | cloud-scheduler")
      ->required();
  export_sub->add_option("-o,--output", export_cmd.output, "write one file per artifact into this directory");
  export_sub->add_flag("--force", export_cmd.force, "overwrite files that exist");
  export_sub->add_option("--image", export_cmd.image, "kubernetes: the container image")->capture_default_str();
  export_sub->add_option("--namespace", export_cmd.kubernetes_namespace, "kubernetes: metadata.namespace");
  export_sub->add_option("--concurrency", export_cmd.concurrency, "kubernetes: Allow | Forbid | Replace")
      ->capture_default_str();
  export_sub->add_option("--starting-deadline", export_cmd.starting_deadline,
                         "kubernetes: startingDeadlineSeconds");
  export_sub->add_flag("--persistent", export_cmd.persistent, "systemd: Persistent=true (catch up after downtime)");
  add_common(export_sub, export_opts);
  export_sub->footer(
      "Each job is written in the target's own form with H resolved for its seed. What a target cannot express\n"
      "(seconds on Kubernetes, L on GitHub, day-of-month AND day-of-week where the target ORs them, ...) is\n"
      "reported as FILE:LINE and left out, never changed; so is a text that would not fire as the entry does.\n"
      "Warnings say where the target's DST behaviour differs from the entry's (--dst), where EventBridge fires\n"
      "twice and where GitHub delays the top of the hour. docs/export.md has one example per target.\n"
      "Exit status: 0 every job written, 1 some left out, 2 bad input.\n"
      "Example: fuzzycron export --to systemd examples/fleet.crontab -d quartz --host web-07 -o units/\n"
      "Example: fuzzycron export --to kubernetes --expr 'H 3 * * *' --seed backup --command /backup.sh -z Europe/Berlin");

  CommonOptions run_opts;
  fuzzycron::runner::RunnerOptions run_cmd;
  std::string run_grace = "25s", run_format = "json", run_shard, run_sim_start, run_spread = "10s";
  bool run_test = false, run_dry = false;
  double run_rate = 1.0;
  auto* run_sub = app.add_subcommand(
      "run", "run a crontab's jobs: H per host and job, overlap, timeouts, retries, catch-up, DST and clock steps");
  run_sub->add_option("FILE", run_cmd.file, "the crontab (cronie's format; per-job settings as '# key: value' above an entry)")
      ->required();
  add_common(run_sub, run_opts);
  run_sub->add_option("--state-dir", run_cmd.state_dir, "keep each job's last fire here, to catch up after downtime");
  run_sub->add_option("--shutdown-grace", run_grace, "after SIGTERM/SIGINT, how long jobs get before SIGKILL")
      ->capture_default_str();
  run_sub->add_option("--log-format", run_format, "json (one object per line) | text")->capture_default_str();
  std::string run_shutdown = "term";
  run_sub->add_option("--shutdown", run_shutdown,
                      "what running jobs get at SIGTERM: term (SIGTERM, SIGKILL after the grace) | wait (nothing "
                      "until the grace ends) | kill")
      ->capture_default_str();
  run_sub->add_option("--metrics-address", run_cmd.metrics_address,
                      "HOST:PORT for /metrics (Prometheus), /status (JSON), /healthz and /readyz");
  run_sub->add_flag("--strict-health", run_cmd.strict_health, "/healthz answers 503 while any job's last run failed");
  run_sub->add_option("--shard", run_shard, "I/N: run only the jobs whose hash picks shard I of N replicas");
  run_sub->add_option("--catchup-spread", run_spread, "catch-up runs start within this, each at its job's stable offset")
      ->capture_default_str();
  run_sub->add_flag("--test", run_test, "check the file: problems as FILE:LINE:COL (exit 1), lint warnings");
  run_sub->add_flag("--dry-run", run_dry, "print each job's resolved schedule and next --count instants, run nothing");
  run_sub->add_option("--sim-start", run_sim_start, "run on a simulated clock from this RFC 3339 instant (tests)");
  run_sub->add_option("--sim-rate", run_rate, "simulated seconds per real second")->capture_default_str();
  run_sub->add_option("--sim-control", run_cmd.sim_control, "a FIFO for 'step SECONDS' and 'suspend SECONDS' (tests)");
  run_sub->footer(
      "Per-job settings, comment lines directly above the entry (a plain cron ignores them):\n"
      "  # name: backup-db   # timeout: 10m   # kill-grace: 10s   # concurrency: forbid|allow|replace|queue\n"
      "  # catchup: skip|latest|all:N   # starting-deadline: 5m   # retry: N   # retry-on: 75,11\n"
      "  # on-permanent-failure: COMMAND   # dst: skip-first\n"
      "H is seeded [--host (default: this machine's name), name]; every fire instant is `fuzzycron next`'s.\n"
      "Signals: SIGTERM/SIGINT stop (jobs get --shutdown-grace), SIGHUP or a change of FILE reloads.\n"
      "Exit status: 0 clean stop, 1 the crontab cannot be used (or --test found problems), 2 usage, 3 fatal.\n"
      "Example: fuzzycron run /etc/fuzzycron/crontab --state-dir /var/lib/fuzzycron --metrics-address :9100\n"
      "Example: fuzzycron run --dry-run examples/platform.crontab --host web-07 -n 3");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? cli::kOk : cli::kBadInput;
  }
  try {
    if (*next) return cli::run_next_prev(next_expr, next_opts, true, std::cout, std::cerr);
    if (*prev) return cli::run_next_prev(prev_expr, prev_opts, false, std::cout, std::cerr);
    if (*batch) {
      // Buffered standard streams of their own: no character-by-character
      // reads through stdio; run_batch flushes when no input is waiting.
      std::ios::sync_with_stdio(false);
      return cli::run_batch(std::cin, std::cout);
    }
    if (*resolve && (*manifest_opt || *workflow_opt)) {
      in_place.workflow = static_cast<bool>(*workflow_opt);
      CommonOptions o = resolve_opts;
      if (!resolve_to.empty()) {
        std::cerr << "fuzzycron: --to does not apply to --manifest/--workflow: the file's own grammar is kept\n";
        return cli::kBadInput;
      }
      if (in_place.workflow) {
        if (o.seeds.size() != 1 || !o.host.empty()) {
          std::cerr << "fuzzycron: --workflow needs the repository as one --seed OWNER/REPO (and no --host)\n";
          return cli::kBadInput;
        }
        in_place.repository = o.seeds.front();
      } else if (!o.seeds.empty() || !o.host.empty()) {
        std::cerr << "fuzzycron: --manifest seeds each CronJob with its namespace and name: drop --seed/--host\n";
        return cli::kBadInput;
      }
      o.seeds.clear();
      if (!in_place.workflow && resolve->get_option("--dialect")->count() == 0) o.dialect = "kubernetes";
      return cli::run_resolve_in_place(in_place, o, std::cin, std::cout, std::cerr);
    }
    if (*resolve && !resolve_crontab.empty())
      return cli::run_resolve_crontab(resolve_crontab, resolve_opts, resolve_to, std::cout, std::cerr);
    if (*resolve && resolve_expr.empty()) {
      std::cerr << "fuzzycron: resolve needs an EXPR, --crontab FILE, --manifest FILE or --workflow FILE\n";
      return cli::kBadInput;
    }
    if (*resolve) return cli::run_resolve(resolve_expr, resolve_opts, resolve_to, std::cout);
    if (*explain) return cli::run_explain(explain_expr, explain_opts, std::cout);
    if (*lint) return cli::run_lint(lint_target, lint_opts, fail_on, lint_runs_on, std::cout);
    if (*spread) return cli::run_spread(spread_cmd, spread_opts, std::cout, std::cerr);
    if (*export_sub) return cli::run_export(export_cmd, export_opts, std::cout, std::cerr);
    if (*offset_cmd) return cli::run_offset(offset_opts, window, std::cout);
    if (*run_sub) {
      namespace runner = fuzzycron::runner;
      CommonOptions base = run_opts;
      base.seeds.clear();
      base.host.clear();
      run_cmd.parse = cli::parse_options(base);
      run_cmd.host = run_opts.host.empty() ? cli::host_name() : run_opts.host;
      const auto grace = runner::parse_duration(run_grace), catchup_spread = runner::parse_duration(run_spread);
      if (!grace || !catchup_spread) {
        std::cerr << "fuzzycron: --shutdown-grace and --catchup-spread take durations such as 25s or 2m\n";
        return cli::kBadInput;
      }
      run_cmd.shutdown_grace = *grace;
      run_cmd.catchup_spread = *catchup_spread;
      if (run_format != "json" && run_format != "text") {
        std::cerr << "fuzzycron: --log-format is json or text\n";
        return cli::kBadInput;
      }
      run_cmd.json = run_format == "json";
      if (run_shutdown == "term") run_cmd.shutdown = runner::RunnerOptions::Shutdown::term;
      else if (run_shutdown == "wait") run_cmd.shutdown = runner::RunnerOptions::Shutdown::wait;
      else if (run_shutdown == "kill") run_cmd.shutdown = runner::RunnerOptions::Shutdown::kill;
      else {
        std::cerr << "fuzzycron: --shutdown is term, wait or kill\n";
        return cli::kBadInput;
      }
      if (!run_shard.empty()) {
        int i = -1, n = 0;
        char slash = 0, extra = 0;
        std::istringstream in(run_shard);
        if (!(in >> i >> slash >> n) || slash != '/' || (in >> extra) || n < 1 || i < 0 || i >= n) {
          std::cerr << "fuzzycron: --shard is I/N with 0 <= I < N, e.g. 0/3\n";
          return cli::kBadInput;
        }
        run_cmd.shard = {i, n};
      }
      if (!run_sim_start.empty()) {
        run_cmd.sim_start = cli::parse_from(run_sim_start);
        if (!(run_rate > 0)) {
          std::cerr << "fuzzycron: --sim-rate must be above 0\n";
          return cli::kBadInput;
        }
        run_cmd.sim_rate = run_rate;
      }
      if (run_test) return runner::test_config(run_cmd, std::cout);
      if (run_dry) return runner::dry_run(run_cmd, cli::parse_from(run_opts.from), run_opts.count, std::cout);
      return runner::run(run_cmd, std::cout);
    }
  } catch (const fuzzycron::Error& e) {
    cli::print_error(std::cerr, e);
    return cli::kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "fuzzycron: " << e.what() << "\n";
    return cli::kFailure;
  }
  return cli::kOk;
}
