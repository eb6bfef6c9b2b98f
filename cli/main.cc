// fuzzycron — cron schedules that spread load deterministically. This file
// only assembles the commands: each lives in cli/<command>.cc.
#include <string>
#include <vector>

#include "command.h"
#include "fuzzycron/version.h"

namespace {

constexpr const char* kFooter = R"(Examples:
  fuzzycron next '*/15 9-17 * * mon-fri' -z Europe/Berlin -n 3
  fuzzycron next 'H H(0-7) * * *' -d jenkins --seed my-job       # Jenkins' own choice for my-job
  fuzzycron next 'H * * * * ?' -d quartz --host web-07 --seed backup-db
  fuzzycron next '0 * * * *' --seed nightly --offset-window 15m   # hourly, at a stable :08:42.707
  fuzzycron next -d quartz '0 0 12 ? * 6#3' --from 2026-01-01T00:00:00Z
  fuzzycron prev '30 2 * * 0' -z America/New_York --dst skip-both
  fuzzycron explain 'H(0-29) * * * *' --seed db-sync            # in English, with the next fire times
  fuzzycron lint '*/15 * * * *'                                 # FC101: H/15 spreads the load
  fuzzycron lint /etc/crontab --host web-07 --fail-on warning
  fuzzycron spread -d quartz examples/fleet.crontab --hosts 20 --window 3m --resolution 1s --svg load.svg
  fuzzycron export --to systemd examples/platform.crontab --host web-07 -o units/  # or kubernetes, ...
  helm template chart | fuzzycron resolve --manifest - | kubectl apply -f -        # H in CronJobs, resolved in place
  echo '{"id":"a","expr":"0 0 * * *","tz":"UTC","from":"2026-03-08T01:59:30Z","next":2}' | fuzzycron batch

Dialects: standard (cronie; 5 fields, or 6 with seconds first), quartz (sec min hour
dom mon dow [year]; ? L W #), jenkins (5 fields, multi-line, TZ= first line), furiko (5-7 tokens),
kubernetes (robfig/cron v3 as Kubernetes CronJobs read it: 5 fields, N/s, ? = *, dow 0-6), croniter
(croniter 6: min hour dom mon dow [sec [year]], --seconds-first; its CRC-32 H), cron-parser (cron-parser 5:
5 fields or 6 with seconds first, --strict; its FNV-1a/mulberry32 H).
DST policies: cron (standard's default: fixed-time jobs run once after a spring-forward gap and
once in a fall-back overlap; interval jobs skip the gap and run in both passes), wall (= skip-both),
or GAP-OVERLAP with GAP skip|shift|later|hourly and OVERLAP first|last|both|hourly. Each dialect defaults to its
origin's (see --dst in a command's --help).
Exit status: 0 success, 1 failure while running, 2 bad input.)";

}  // namespace

int main(int argc, char** argv) {
  namespace cli = fuzzycron::cli;
  cli::CommandLine line(
      "fuzzycron: cron schedules in eight dialects with H spread per job, exact next/prev fire times in any time "
      "zone.",
      kFooter, "fuzzycron " + std::string(fuzzycron::version()));
  const std::vector<cli::Command> commands{cli::add_next(line),    cli::add_prev(line),    cli::add_batch(line),
                                           cli::add_resolve(line), cli::add_offset(line),  cli::add_explain(line),
                                           cli::add_lint(line),    cli::add_spread(line),  cli::add_export(line),
                                           cli::add_run(line),     cli::add_cluster(line), cli::add_runs(line),
                                           cli::add_balance(line), cli::add_due(line),     cli::add_completion(line)};
  return line.run(argc, argv, commands);
}
