// fuzzycron/lint.h — findings about schedules that parse but will surprise:
// load spikes H would spread, month-end cycles, uneven steps, the day-field OR,
// schedules that never or rarely fire, DST gaps and overlaps, collisions.
#pragma once

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/crontab.h"
#include "fuzzycron/diagnostic.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/rfc3339.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// A lint finding: a Diagnostic whose code is documented in docs/lint.md
// ("FC101"), line 0 for one expression, and the rewrite that cures it.
struct Finding : Diagnostic {
  std::string suggestion{};  // the rewritten schedule, "" when there is none
};

// Where the schedule will run: advice fits it. Only targets that read H (or
// whose files fuzzycron resolves: `fuzzycron`) are told to write H; the others
// get the concrete value H would give this job, or the command that derives it.
enum class RunsOn : unsigned char {
  fuzzycron,       // fuzzycron itself: the runner, export, resolve --manifest/--workflow
  cron,            // cronie / Vixie crontabs
  kubernetes,      // CronJob spec.schedule (robfig/cron)
  github_actions,  // on.schedule (delays and drops runs at the top of the hour)
  systemd,         // timers (through fuzzycron export)
  quartz,
  spring,
  jenkins,  // reads H
  furiko,   // reads H
};
FUZZYCRON_EXPORT std::string_view runs_on_name(RunsOn r) noexcept;  // "github-actions", ...
FUZZYCRON_EXPORT std::optional<RunsOn> runs_on_from_name(std::string_view name) noexcept;
// Every RunsOn's name: for messages, help and completion.
FUZZYCRON_EXPORT std::span<const std::string_view> runs_on_names() noexcept;
FUZZYCRON_EXPORT bool reads_hash_forms(RunsOn r) noexcept;

// The names before 0.4 ("target" also meant export's and resolve's outputs).
using LintTarget [[deprecated("use RunsOn")]] = RunsOn;
[[deprecated("use runs_on_name")]] inline std::string_view lint_target_name(RunsOn r) noexcept {
  return runs_on_name(r);
}
[[deprecated("use runs_on_from_name")]] inline std::optional<RunsOn> lint_target_from_name(
    std::string_view n) noexcept {
  return runs_on_from_name(n);
}

struct LintOptions {
  // Dialect, zone, DST policy and hash scheme; `seed` for an expression.
  ParseOptions parse{};
  // Crontabs: each entry's seed is [host, name] ([name] without a host).
  std::string host{};
  // A crontab for `fuzzycron run --cluster`, as replica `replica` reads it:
  // a job whose name carries the replica's name is FC007 (each replica's copy
  // would be its own job). `host` is then the fleet ("" for none), never the replica.
  std::string replica{};
  // Where DST transitions, rare fires and collisions are looked for (the next
  // year; collisions in the week that follows). Default: now.
  sys_milliseconds from = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  // Unset: `fuzzycron` when a seed or host is given; else `cron` for a crontab
  // and, for an expression, the dialect's own system (standard: cron,
  // kubernetes, quartz, jenkins, furiko; croniter and cron-parser read H).
  // (Named `target` before 0.4; an optional cannot carry a deprecated alias.)
  std::optional<RunsOn> runs_on{};
  // Crontabs: where an entry's relative `# except:` file is found (the
  // crontab's directory, as the runner reads it); "" the working directory.
  std::string directory{};
};

// Findings for one expression, ordered by line and column; a parse error is a
// finding (FC001) rather than an exception.
//
// Example:
//   const auto findings = lint("*/15 * * * *", {});
//   // Every server fires at :00, :15, :30, :45.
//   findings[0].code;      // == "FC101"
//   findings[0].severity;  // == Severity::warning
FUZZYCRON_EXPORT std::vector<Finding> lint(std::string_view expression, const LintOptions& options);

// Findings for every entry of a crontab (columns count from the start of the
// line), its unreadable lines (FC002) and its collisions (FC701, FC702).
FUZZYCRON_EXPORT std::vector<Finding> lint(const Crontab& crontab, const LintOptions& options);

}  // namespace fuzzycron
