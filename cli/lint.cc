// fuzzycron lint: findings about an expression or a crontab, with codes and rewrites.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <array>
#include <filesystem>
#include <iostream>
#include <memory>

#include "command.h"
#include "fuzzycron/options.h"
#include "fuzzycron/tools.h"
#include "io.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct Lint {
  std::string input;  // an expression or a crontab file
  std::string fail_on = "error";
  std::string runs_on;
  std::string old_target;  // --target: the old spelling of --runs-on
  bool cluster = false;    // the crontab is for `run --cluster`
  std::string fleet;
  Flags flags;
};

int run(const Lint& c, std::ostream& out) {
  std::optional<Severity> threshold;
  if (c.fail_on != "never") {
    threshold = severity_from_name(c.fail_on);
    if (!threshold) throw Error(ErrorKind::argument, "--fail-on takes info, warning, error or never", c.fail_on, 1);
  }
  LintOptions options;
  options.from = parse_from(c.flags.from);
  std::string runs_on = c.runs_on;
  if (!c.old_target.empty()) {
    std::cerr << "fuzzycron: warning: '--target' is the old name of '--runs-on' (CHANGELOG.md): 0.6 will "
                 "refuse it\n";
    if (runs_on.empty()) runs_on = c.old_target;
  }
  if (!runs_on.empty()) {
    options.runs_on = runs_on_from_name(runs_on);
    if (!options.runs_on)
      throw Error(ErrorKind::argument, "unknown --runs-on '" + runs_on + "': use " + join(runs_on_names()), runs_on, 1);
  }
  std::error_code ec;
  const bool is_file = std::filesystem::is_regular_file(c.input, ec);
  if ((c.cluster || !c.fleet.empty()) && !is_file)
    throw Error(ErrorKind::argument, "--cluster and --fleet read a crontab file, and '" + c.input + "' is not one",
                c.input, 1);
  if (!c.fleet.empty() && !c.cluster)
    throw Error(ErrorKind::argument, "--fleet names a cluster's seed: add --cluster", c.fleet, 1);
  std::vector<Finding> findings;
  std::vector<std::string> lines;  // what the columns point into
  if (is_file) {
    options.parse = parse_options(c.flags, false);
    options.host = c.flags.host;
    if (c.cluster) {  // seeded as `run --cluster` seeds: [fleet, name] or [name]; --host is a replica
      options.host = c.fleet;
      options.replica = c.flags.host.empty() ? host_name() : c.flags.host;
      if (!options.runs_on) options.runs_on = RunsOn::fuzzycron;
    }
    const Crontab tab = parse_crontab(read_file(c.input), options.parse.dialect);
    options.directory = std::filesystem::path(c.input).parent_path().string();  // `# except:` files, as run reads them
    findings = lint(tab, options);
    lines = tab.lines;
  } else {
    options.parse = parse_options(c.flags);
    findings = lint(c.input, options);
    lines = lines_of(c.input);
    if (lines.empty()) lines.emplace_back();
  }
  std::array<int, 3> counts{};
  bool unreadable = false;
  int status = kOk;
  for (const auto& f : findings) {
    ++counts[static_cast<std::size_t>(f.severity)];
    unreadable = unreadable || f.code == "FC001" || f.code == "FC002" || f.code == "FC003";
    if (threshold && f.severity >= *threshold) status = kFailure;
  }
  if (c.flags.json) {
    nlohmann::json j{{"target", is_file ? "crontab" : "expression"},
                     {"counts", {{"error", counts[2]}, {"warning", counts[1]}, {"info", counts[0]}}}};
    auto& list = j["findings"] = nlohmann::json::array();
    for (const auto& f : findings) {
      nlohmann::json x{{"code", f.code},
                       {"severity", severity_name(f.severity)},
                       {"line", f.line},
                       {"column", f.column},
                       {"message", f.message}};
      if (!f.suggestion.empty()) x["suggestion"] = f.suggestion;
      list.push_back(std::move(x));
    }
    out << j.dump() << "\n";
  } else {
    for (Finding f : findings) {
      const std::size_t index = f.line > 0 ? static_cast<std::size_t>(f.line - 1) : 0;
      f.text = index < lines.size() ? lines[index] : lines.front();
      out << format_diagnostic(is_file ? c.input : "", f);
      if (!f.suggestion.empty()) out << "  suggestion: " << f.suggestion << "\n";
    }
    out << fmt::format("{} finding{}: {} error{}, {} warning{}, {} info\n", findings.size(),
                       findings.size() == 1 ? "" : "s", counts[2], counts[2] == 1 ? "" : "s", counts[1],
                       counts[1] == 1 ? "" : "s", counts[0]);
  }
  return unreadable ? kBadInput : status;
}

}  // namespace

Command add_lint(CommandLine& line) {
  auto c = std::make_shared<Lint>();
  Subcommand sub = line.add("lint", "findings about an expression or a crontab file, with codes and rewrites");
  sub.option("INPUT", c->input, "a cron expression (quote it), or a crontab file").required();
  add_flags(sub, c->flags, kSchedule | kFrom | kJson);
  sub.option("--runs-on", c->runs_on,
             "where it runs, so advice fits: " + join(runs_on_names(), " | ") +
                 " (default: fuzzycron with --seed/--host, cron for a file, else the dialect's own system); H is "
                 "suggested only where it is read");
  sub.option("--target", c->old_target, "").hidden();
  sub.flag("--cluster", c->cluster,
           "the crontab is for `fuzzycron run --cluster`: H seeded [--fleet, name] or [name], never by the host; "
           "--host names a replica (default: this machine) whose name no job's name may carry (FC007)");
  sub.option("--fleet", c->fleet, "--cluster: the fleet name `run --fleet` seeds H with");
  sub.option("--fail-on", c->fail_on, "exit 1 when a finding is at least this severe: info | warning | error | never")
      .show_default();
  sub.footer(
      "Codes (docs/lint.md): FC001-FC003 unreadable input; FC101 */n where H/n spreads load; FC102 a\n"
      "fixed minute (H); FC103 every minute of a restricted hour; FC201 day-of-month steps restart each\n"
      "month; FC202 steps that do not divide their cycle; FC301 the day-of-month OR day-of-week trap;\n"
      "FC302 furiko ends day-of-week ranges written to Sunday on Saturday; FC401 never fires; FC402\n"
      "fires no more; FC403 fires rarely; FC501/FC502 fixed times in a DST gap/overlap of the zone in\n"
      "the coming year; FC601 hash ranges against their step; FC701 entries\n"
      "of a crontab that fire at the same instant in the week from --from (each entry seeded\n"
      "[--host, name]); FC702 the collision report is incomplete (capped, or stopped at its budget); FC801\n"
      "hashed entries of one shape that balancing (fuzzycron balance) would spread further.\n"
      "Exit status: 2 when the input does not parse, 1 when a finding reaches --fail-on, else 0.\n"
      "Example: fuzzycron lint '*/15 * * * *'\n"
      "Example: fuzzycron lint /etc/crontab --host web-07 --fail-on warning --json\n"
      "Example: fuzzycron lint jobs.cron --cluster --fleet billing --host replica-1");
  return {sub, [c] { return run(*c, std::cout); }};
}

}  // namespace fuzzycron::cli
