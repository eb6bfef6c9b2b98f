// fuzzycron/lint.h — findings about schedules that parse but will surprise:
// load spikes H would spread, month-end cycles, uneven steps, the day-field OR,
// schedules that never or rarely fire, DST gaps and overlaps, collisions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/crontab.h"
#include "fuzzycron/export.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/rfc3339.h"

namespace fuzzycron {

enum class Severity : unsigned char { info, warning, error };
FUZZYCRON_EXPORT std::string_view severity_name(Severity s) noexcept;  // "info", "warning", "error"
FUZZYCRON_EXPORT std::optional<Severity> severity_from_name(std::string_view name) noexcept;

struct Finding {
  std::string code;  // stable, documented in docs/lint.md: "FC101"
  Severity severity = Severity::warning;
  int line = 0;    // 1-based line of a crontab or multi-line spec, 0 for one expression
  int column = 1;  // 1-based
  std::string message;
  std::string suggestion;  // the rewritten schedule, "" when there is none
};

// Where the schedule will run: advice fits it. Only targets that read H (or
// whose files fuzzycron resolves: `fuzzycron`) are told to write H; the others
// get the concrete value H would give this job, or the command that derives it.
enum class LintTarget : unsigned char {
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
FUZZYCRON_EXPORT std::string_view lint_target_name(LintTarget t) noexcept;  // "github-actions", ...
FUZZYCRON_EXPORT std::optional<LintTarget> lint_target_from_name(std::string_view name) noexcept;
FUZZYCRON_EXPORT bool reads_hash_forms(LintTarget t) noexcept;

struct LintOptions {
  // Dialect, zone, DST policy and hash scheme; `seed` for an expression.
  ParseOptions parse;
  // Crontabs: each entry's seed is [host, name] ([name] without a host).
  std::string host;
  // Where DST transitions, rare fires and collisions are looked for (the next
  // year; collisions in the week that follows).
  sys_milliseconds from{};
  // Unset: `fuzzycron` when a seed or host is given; else `cron` for a crontab
  // and, for an expression, the dialect's own system (standard: cron,
  // kubernetes, quartz, jenkins, furiko; croniter and cron-parser read H).
  std::optional<LintTarget> target;
};

// Findings for one expression, ordered by line and column; a parse error is a
// finding (FC001) rather than an exception.
FUZZYCRON_EXPORT std::vector<Finding> lint(std::string_view expression, const LintOptions& options);

// Findings for every entry of a crontab (columns count from the start of the
// line), its unreadable lines (FC002) and its collisions (FC701, FC702).
FUZZYCRON_EXPORT std::vector<Finding> lint(const Crontab& crontab, const LintOptions& options);

}  // namespace fuzzycron
