#include "runner/check.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <ostream>

#include "fuzzycron/lint.h"
#include "fuzzycron/rfc3339.h"
#include "runner/config.h"
#include "runner/log.h"

namespace fuzzycron::runner {
namespace {

// The crontab read and loaded, or nullopt (said on `out`) when it cannot be read.
std::optional<std::pair<std::string, Config>> read_config(const RunnerOptions& options, std::ostream& out) {
  std::optional<std::string> text = read_text(options.file);
  if (!text) {
    out << fmt::format("{}: cannot read the file\n", options.file);
    return std::nullopt;
  }
  Config config = load_config(*text, options.parse, options.seed_host(),
                              std::filesystem::path(options.file).parent_path().string());
  return std::pair{std::move(*text), std::move(config)};
}

}  // namespace

int test_config(const RunnerOptions& options, std::ostream& out) {
  const auto loaded = read_config(options, out);
  if (!loaded) return 1;
  const auto& [text, config] = *loaded;
  for (const auto& p : config.problems) out << format_diagnostic(options.file, p);
  LintOptions lint_options;
  lint_options.parse = options.parse;
  lint_options.host = options.seed_host();
  if (!options.cluster.empty()) lint_options.replica = options.host;  // FC007: a job named after the replica
  lint_options.runs_on = RunsOn::fuzzycron;
  lint_options.from = options.sim_start.value_or(
      std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now()));
  for (Finding f : lint(parse_crontab(text, options.parse.dialect), lint_options))
    if (f.severity >= Severity::warning && f.code != "FC001" && f.code != "FC002" && f.code != "FC003") {
      f.text.clear();  // one line per finding
      out << format_diagnostic(options.file, f);
    }
  const auto errors =
      static_cast<std::size_t>(std::count_if(config.problems.begin(), config.problems.end(),
                                             [](const Diagnostic& d) { return d.severity == Severity::error; }));
  const std::size_t warnings = config.problems.size() - errors;
  out << fmt::format("{}: {} job{}, {} problem{}{}\n", options.file, config.jobs.size(),
                     config.jobs.size() == 1 ? "" : "s", errors, errors == 1 ? "" : "s",
                     warnings ? fmt::format(", {} warning{}", warnings, warnings == 1 ? "" : "s") : "");
  return errors == 0 && !config.jobs.empty() ? 0 : 1;
}

int dry_run(const RunnerOptions& options, sys_milliseconds from, int count, std::ostream& out) {
  const auto loaded = read_config(options, out);
  if (!loaded) return 1;
  const Config& config = loaded->second;
  for (Diagnostic p : config.problems) {
    p.text.clear();
    out << format_diagnostic(options.file, p);
  }
  for (const auto& job : config.jobs) {
    if (!in_shard(job, options.shard)) continue;
    out << fmt::format("{} (line {}): {} -> {}\n", job.name, job.entry.line, job.entry.schedule, job.resolved);
    if (!job.schedule) {
      out << "  at each runner start\n";
      continue;
    }
    auto t = job.schedule->next(from);
    for (int i = 0; i < count && t; ++i, t = job.schedule->next(*t))
      out << "  " << format_rfc3339(*t, job.schedule->zone()) << "\n";
    if (!job.schedule->next(from)) out << "  never fires after " << iso(from) << "\n";
  }
  return config.problems.empty() ? 0 : 1;
}

}  // namespace fuzzycron::runner
