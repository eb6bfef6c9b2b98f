// fuzzycron cluster init URL: the schema of `run --cluster`, for teams whose
// runners may not create tables; fuzzycron runs --cluster URL: the history of
// the cluster's fires (docs/cluster.md).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "command.h"
#include "fuzzycron/error.h"
#include "fuzzycron/options.h"
#include "fuzzycron/rfc3339.h"
#include "options.h"
#include "runner/claim_store.h"

namespace fuzzycron::cli {
namespace {

std::string shown(const std::optional<sys_milliseconds>& t) {
  return t ? format_rfc3339(*t, TimeZone::utc()) : std::string("-");
}

}  // namespace

Command add_cluster(CommandLine& line) {
  struct Args {
    std::string action, url;
  };
  auto c = std::make_shared<Args>();
  Subcommand sub = line.add("cluster", "prepare the PostgreSQL database that `run --cluster` replicas agree on");
  sub.option("ACTION", c->action, "init: create or migrate the schema (idempotent)").required();
  sub.option("URL", c->url, "a libpq connection string or URI (or FUZZYCRON_CLUSTER)").env("FUZZYCRON_CLUSTER");
  sub.footer(
      "Example: fuzzycron cluster init postgresql://admin@db.example.com/cron\n"
      "Exit status: 0 the schema is there, 2 usage, 3 the database cannot be used (the message says why).");
  return {sub, [c] {
            if (c->action != "init") {
              std::cerr << "fuzzycron cluster: unknown action '" << c->action << "': the action is init\n";
              return kBadInput;
            }
            if (c->url.empty()) {
              std::cerr << "fuzzycron cluster init: give the database URL (or FUZZYCRON_CLUSTER)\n";
              return kBadInput;
            }
            const auto store = runner::make_postgres_store(c->url);
            if (const std::string error = store->open(true); !error.empty()) {
              std::cerr << "fuzzycron: " << error << "\n";
              return 3;
            }
            std::cout << "the fuzzycron schema is ready\n";
            return kOk;
          }};
}

Command add_runs(CommandLine& line) {
  struct Args {
    std::string url, job, since = "24h";
    bool json = false;
  };
  auto c = std::make_shared<Args>();
  Subcommand sub = line.add("runs", "the fires of a cluster: which replica ran each instant, and how it ended");
  sub.option("--cluster", c->url, "the database (a libpq URL; or FUZZYCRON_CLUSTER)").env("FUZZYCRON_CLUSTER");
  sub.option("--job", c->job, "only this job");
  sub.option("--since", c->since, "from this RFC 3339 instant, or this long ago (1h, 7d)").show_default();
  sub.flag("--json", c->json, "one JSON object per fire");
  sub.footer("Example: fuzzycron runs --cluster postgresql://cron@db/cron --job backup-db --since 2h");
  return {sub, [c] {
            if (c->url.empty()) {
              std::cerr << "fuzzycron runs: give --cluster URL (or FUZZYCRON_CLUSTER)\n";
              return kBadInput;
            }
            const auto now = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
            sys_milliseconds since;
            if (const auto t = parse_rfc3339(c->since))
              since = *t;
            else
              since = now - parse_duration(c->since);
            const auto store = runner::make_postgres_store(c->url);
            if (const std::string error = store->open(false); !error.empty()) {
              std::cerr << "fuzzycron: " << error << "\n";
              return 3;
            }
            for (const auto& r : store->history(c->job, since)) {
              if (c->json) {
                nlohmann::json j{{"job", r.fire.job},
                                 {"scheduled_for", shown(r.fire.instant)},
                                 {"replica", r.replica},
                                 {"state", r.state},
                                 {"attempt", r.attempt},
                                 {"claimed_at", shown(r.claimed_at)},
                                 {"started_at", shown(r.started_at)},
                                 {"finished_at", shown(r.finished_at)}};
                j["exit_code"] = r.exit_code ? nlohmann::json(*r.exit_code) : nlohmann::json(nullptr);
                std::cout << j.dump() << "\n";
              } else {
                std::cout << fmt::format("{}  {:<24} {:<16} {:<8} attempt {}  exit {}  finished {}\n",
                                         shown(r.fire.instant), r.fire.job, r.replica, r.state, r.attempt,
                                         r.exit_code ? std::to_string(*r.exit_code) : "-", shown(r.finished_at));
              }
            }
            return kOk;
          }};
}

}  // namespace fuzzycron::cli
