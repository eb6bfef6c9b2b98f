// fuzzycron/exporter.h — a crontab's jobs as artifacts of the schedulers that
// run jobs at scale (systemd units, Kubernetes CronJobs, GitHub Actions
// workflows, Nomad jobs, EventBridge and Cloud Scheduler definitions), with
// diagnostics: what a target cannot express is reported and left out, never
// changed (docs/export.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/crontab.h"
#include "fuzzycron/diagnostic.h"
#include "fuzzycron/instant.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/target.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

struct ExportOptions {
  Target target = Target::systemd;
  ParseOptions parse{};     // dialect, default zone, DST policy, hash scheme
  std::string host{};       // each entry is seeded [host, name] ([name] without a host)
  sys_milliseconds from{};  // the year of fire times the checks look at starts here
  // Kubernetes
  std::string image = "busybox:stable";
  std::string kubernetes_namespace{};  // metadata.namespace; empty: none
  std::string concurrency = "Forbid";  // Allow | Forbid | Replace
  std::optional<int> starting_deadline_seconds{};
  // systemd: Persistent=true (catch up on a run missed while the host was off)
  bool persistent = false;
};

// A Diagnostic about one job: code unsupported, syntax, crontab, dst,
// dst-undocumented, double-fire, interval, top-of-hour, reboot, ...; line is
// the crontab's (0 for an expression).
struct ExportDiagnostic : Diagnostic {
  std::string job{};
  std::vector<sys_milliseconds> instants{};  // where it shows, when it is about fire times
};

struct ExportArtifact {
  std::string job{};  // the entry's job name
  int line = 0;
  std::string name{};  // what the target calls it: a unit, a CronJob's metadata.name, ...
  std::string file{};  // a file name for it (systemd: NAME.timer, NAME.service)
  std::string text{};
};

struct ExportResult {
  std::vector<ExportArtifact> artifacts{};
  std::vector<ExportDiagnostic> diagnostics{};  // an entry with an error has no artifact
};

// Every entry of a crontab; unreadable lines are diagnostics (code "crontab").
FUZZYCRON_EXPORT ExportResult export_crontab(const Crontab& crontab, const ExportOptions& options);

// One expression as one job (`options.parse.seed` seeds it as given).
FUZZYCRON_EXPORT ExportResult export_expression(std::string_view expression, const std::string& job,
                                                const std::string& command, const ExportOptions& options);

}  // namespace fuzzycron
