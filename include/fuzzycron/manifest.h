// fuzzycron/manifest.h — hash forms resolved in place in the files people
// already keep: Kubernetes manifests (every CronJob's spec.schedule) and
// GitHub Actions workflows (every on.schedule cron). Only those scalars
// change; every other byte of the file stays as it was.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/diagnostic.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

struct InPlaceChange {
  int document = 0;  // 1-based document of the stream
  int line = 0;      // 1-based line and column of the scalar in the file
  int column = 0;
  std::string name{};  // the CronJob's namespace/name, or the workflow entry's position
  std::string before, after;
};

// A schedule that could not be resolved: left as it was, reported here as a
// Diagnostic at the scalar's line and column in the file.
struct InPlaceProblem : Diagnostic {
  int document = 0;    // 1-based document of the stream
  std::string name{};  // the CronJob's namespace/name, or the workflow entry's position
};

// A schedule as resolve_manifest and resolve_workflow find it: where it is,
// what names it, and the seed its hash forms are drawn with (what `fuzzycron
// balance` reads from YAML). Schedules without H are listed too.
struct FoundSchedule {
  int document = 0;  // 1-based document of the stream
  int line = 0;      // 1-based line and column of the schedule's text
  int column = 0;
  std::string name{};        // as in InPlaceChange
  std::string expression{};  // the schedule, as resolve reads it
  Seed seed{};               // empty: a CronJob without metadata.name
};

struct InPlaceResult {
  std::string text{};  // the file with the schedules resolved
  std::vector<InPlaceChange> changes{};
  std::vector<InPlaceProblem> problems{};
  std::vector<FoundSchedule> schedules{};  // every schedule found, resolved or not (as *_schedules lists them)
};

// Every batch/v1 CronJob of a multi-document YAML stream: a spec.schedule with
// hash forms is resolved in `options.dialect` (kubernetes, typically) with the
// seed [namespace, name] (namespace "default" when absent). Throws
// fuzzycron::Error for text that is not YAML (with its line and column) and
// for a stream without a CronJob.
FUZZYCRON_EXPORT InPlaceResult resolve_manifest(std::string_view yaml, const ParseOptions& options);

// Every cron of a GitHub Actions workflow's on.schedule, seeded [repository,
// path, position] (position 1, 2, ... in the list). Throws fuzzycron::Error
// for text that is not YAML and for a workflow without a schedule.
FUZZYCRON_EXPORT InPlaceResult resolve_workflow(std::string_view yaml, const std::string& repository,
                                                const std::string& path, const ParseOptions& options);

// Throw as resolve_manifest and resolve_workflow do for text that is not YAML
// (and a workflow without a schedule); a CronJob without a schedule is left out.
//
// Example:
//   const auto found = manifest_schedules(
//       "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: backup, namespace: batch}\n"
//       "spec:\n  schedule: H H(1-4) * * *\n");
//   found.size();           // == 1u
//   found[0].name;          // == "batch/backup"
//   found[0].expression;    // == "H H(1-4) * * *"
//   found[0].seed.parts();  // == std::vector<std::string>{"batch", "backup"}
FUZZYCRON_EXPORT std::vector<FoundSchedule> manifest_schedules(std::string_view yaml);
FUZZYCRON_EXPORT std::vector<FoundSchedule> workflow_schedules(std::string_view yaml, const std::string& repository,
                                                               const std::string& path);

}  // namespace fuzzycron
