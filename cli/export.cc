// fuzzycron export: a crontab's jobs written for systemd, Kubernetes, GitHub
// Actions, Nomad, EventBridge or Cloud Scheduler.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "command.h"
#include "fuzzycron/options.h"
#include "fuzzycron/tools.h"
#include "io.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct Export {
  std::string file;              // a crontab file
  std::string expr;              // --expr: one expression instead
  std::string name;              // --name: the job name for --expr (default: the last seed part)
  std::string command = "true";  // --command: what the job runs, for --expr
  std::string to;                // --to TARGET
  std::string output;            // -o DIR: one file per artifact; empty: standard output
  bool force = false;            // overwrite existing files
  std::string image = "busybox:stable";
  std::string kubernetes_namespace;
  std::string concurrency = "Forbid";
  std::optional<int> starting_deadline;
  bool persistent = false;
  Flags flags;
};

void write_files(const Export& c, const ExportResult& result, std::ostream& err) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(c.output, ec);
  if (ec) throw std::runtime_error("cannot create the directory '" + c.output + "': " + ec.message());
  // Check every file first, so that nothing is written half.
  for (const auto& a : result.artifacts)
    if (!c.force && fs::exists(fs::path(c.output) / a.file))
      throw Error(ErrorKind::argument,
                  "'" + (fs::path(c.output) / a.file).string() + "' exists: pass --force to overwrite it", a.file, 1);
  for (const auto& a : result.artifacts) {
    std::ofstream f(fs::path(c.output) / a.file, std::ios::binary | std::ios::trunc);
    f << a.text;
    if (!f.flush()) throw std::runtime_error("cannot write '" + (fs::path(c.output) / a.file).string() + "'");
  }
  err << fmt::format("wrote {} file{} to {}\n", result.artifacts.size(), result.artifacts.size() == 1 ? "" : "s",
                     c.output);
}

int run(const Export& c, std::ostream& out, std::ostream& err) {
  const auto target = target_from_name(c.to);
  if (!target) throw Error(ErrorKind::argument, "unknown target '" + c.to + "': use " + join(target_names()), c.to, 1);
  if (c.file.empty() == c.expr.empty())
    throw Error(ErrorKind::argument, "export needs a crontab FILE or --expr EXPR (one of them)");
  if (c.concurrency != "Allow" && c.concurrency != "Forbid" && c.concurrency != "Replace")
    throw Error(ErrorKind::argument, "--concurrency takes Allow, Forbid or Replace", c.concurrency, 1);
  if (c.starting_deadline && *c.starting_deadline < 10)
    throw Error(ErrorKind::argument,
                "--starting-deadline below 10 seconds may never start a job (the controller syncs every 10 s)",
                std::to_string(*c.starting_deadline), 1);
  ExportOptions options;
  options.target = *target;
  options.from = parse_from(c.flags.from);
  options.image = c.image;
  options.kubernetes_namespace = c.kubernetes_namespace;
  options.concurrency = c.concurrency;
  options.starting_deadline_seconds = c.starting_deadline;
  options.persistent = c.persistent;
  ExportResult result;
  std::string where = c.file;
  if (!c.expr.empty()) {
    options.parse = parse_options(c.flags);
    if (options.parse.seed.empty() && c.name.empty())
      throw Error(ErrorKind::missing_seed, "export --expr needs a seed or a --name");
    const std::string name = !c.name.empty() ? c.name : options.parse.seed.parts().back();
    if (options.parse.seed.empty()) options.parse.seed = Seed({name});
    result = export_expression(c.expr, name, c.command, options);
    where = "expression";
  } else {
    if (!c.flags.seeds.empty())
      throw Error(ErrorKind::argument,
                  "--seed applies to --expr: a crontab's entries are each seeded [--host, name] (name from "
                  "'# name: JOB' or the command)");
    options.parse = parse_options(c.flags, false);
    options.host = c.flags.host;
    result = export_crontab(parse_crontab(read_file(c.file), options.parse.dialect), options);
  }
  bool errors = false;
  for (const auto& d : result.diagnostics) {
    errors = errors || d.severity == Severity::error;
    Diagnostic shown = d;
    if (!d.job.empty()) shown.message = "job '" + d.job + "': " + d.message;
    err << format_diagnostic(where, shown);
  }
  if (c.flags.json) {
    nlohmann::json j = {{"target", target_name(*target)},
                        {"artifacts", nlohmann::json::array()},
                        {"diagnostics", nlohmann::json::array()}};
    for (const auto& a : result.artifacts)
      j["artifacts"].push_back(
          {{"job", a.job}, {"line", a.line}, {"name", a.name}, {"file", a.file}, {"text", a.text}});
    for (const auto& d : result.diagnostics) {
      nlohmann::json instants = nlohmann::json::array();
      for (auto t : d.instants) instants.push_back(format_rfc3339(t, TimeZone::utc()));
      j["diagnostics"].push_back({{"severity", severity_name(d.severity)},
                                  {"code", d.code},
                                  {"line", d.line},
                                  {"job", d.job},
                                  {"message", d.message},
                                  {"instants", instants}});
    }
    out << j.dump(2) << "\n";
  } else if (!c.output.empty()) {
    write_files(c, result, err);
  } else {
    for (const auto& a : result.artifacts) {
      if (*target == Target::systemd) out << "# ==> " << a.file << " <==\n";
      out << a.text;
      if (*target != Target::kubernetes && *target != Target::systemd) out << "\n";
    }
  }
  return errors ? kFailure : kOk;
}

}  // namespace

Command add_export(CommandLine& line) {
  auto c = std::make_shared<Export>();
  Subcommand sub =
      line.add("export",
               "write a crontab's jobs for systemd, Kubernetes, GitHub Actions, Nomad, EventBridge or Cloud Scheduler");
  sub.option("FILE", c->file, "a crontab file (each entry seeded [--host, name])");
  sub.option("--expr", c->expr, "one expression instead of a file (seeded by --seed/--host)");
  sub.option("--name", c->name, "the job name for --expr (default: the last seed part)");
  sub.option("--command", c->command, "what the job runs, for --expr").show_default();
  sub.option("--to", c->to, "systemd | kubernetes | github-actions | nomad | eventbridge | cloud-scheduler").required();
  sub.option("-o,--output", c->output, "write one file per artifact into this directory");
  sub.flag("--force", c->force, "overwrite files that exist");
  sub.option("--image", c->image, "kubernetes: the container image").show_default();
  sub.option("--namespace", c->kubernetes_namespace, "kubernetes: metadata.namespace");
  sub.option("--concurrency", c->concurrency, "kubernetes: Allow | Forbid | Replace").show_default();
  sub.option("--starting-deadline", c->starting_deadline, "kubernetes: startingDeadlineSeconds");
  sub.flag("--persistent", c->persistent, "systemd: Persistent=true (catch up after downtime)");
  add_flags(sub, c->flags, kSchedule | kFrom | kJson);
  sub.footer(
      "Each job is written in the target's own form with H resolved for its seed. What a target cannot express\n"
      "(seconds on Kubernetes, L on GitHub, day-of-month AND day-of-week where the target ORs them, ...) is\n"
      "reported as FILE:LINE and left out, never changed; so is a text that would not fire as the entry does.\n"
      "Warnings say where the target's DST behaviour differs from the entry's (--dst), where EventBridge fires\n"
      "twice and where GitHub delays the top of the hour. docs/export.md has one example per target.\n"
      "Exit status: 0 every job written, 1 some left out, 2 bad input.\n"
      "Example: fuzzycron export --to systemd examples/fleet.crontab -d quartz --host web-07 -o units/\n"
      "Example: fuzzycron export --to kubernetes --expr 'H 3 * * *' --seed backup --command /backup.sh "
      "-z Europe/Berlin");
  return {sub, [c] { return run(*c, std::cout, std::cerr); }};
}

}  // namespace fuzzycron::cli
