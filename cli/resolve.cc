// fuzzycron resolve: hash forms (H) replaced by the values they stand for, in
// one expression, every entry of a crontab, or in place in Kubernetes YAML and
// GitHub workflows.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <iterator>
#include <memory>
#include <tuple>

#include "command.h"
#include "fuzzycron/options.h"
#include "fuzzycron/tools.h"
#include "io.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct Resolve {
  std::string expr, crontab, manifest, workflow;
  std::string path;  // --path: the workflow's path in the repository
  std::string to;    // --to DIALECT
  Flags flags;
};

int resolve_expression(const Resolve& c, std::ostream& out) {
  const ParseOptions options = parse_options(c.flags);
  const std::string resolved = c.to.empty() ? resolve(c.expr, options) : resolve(c.expr, options, dialect_named(c.to));
  if (c.flags.json)
    out << nlohmann::json{{"expr", c.expr}, {"resolved", resolved}, {"seed", options.seed.parts()}}.dump() << "\n";
  else
    out << resolved << "\n";
  return kOk;
}

// Every entry resolved with its own seed ([host, name]); bad lines are
// reported with their line and column and printed as they were.
int resolve_crontab(const Resolve& c, std::ostream& out, std::ostream& err) {
  const std::string text = read_file(c.crontab);
  const ParseOptions options = parse_options(c.flags, false);
  std::optional<Dialect> target;
  if (!c.to.empty()) target = dialect_named(c.to);
  const Crontab tab = parse_crontab(text, options.dialect);
  std::vector<Diagnostic> problems(tab.errors);
  std::vector<std::string> lines = tab.lines;
  for (const auto& e : tab.entries) {
    if (e.reboot) continue;
    try {
      e.parse(options, c.flags.host);  // the entry's errors at its line and column
      const ParseOptions job = e.options(options, c.flags.host);
      const std::string resolved = target ? resolve(e.schedule, job, *target) : resolve(e.schedule, job);
      if (missing_from_balance(e.schedule, job))
        problems.push_back({Severity::warning, "", e.line, e.schedule_column,
                            fmt::format("job '{}' is not in the balance lock {}: it keeps {}; run `fuzzycron "
                                        "balance` with --lock to place it",
                                        balance_key(job.seed), c.flags.balance_lock(),
                                        is_every(e.schedule) ? "its seed's phase" : "plain H"),
                            e.text});
      lines[static_cast<std::size_t>(e.line - 1)].replace(static_cast<std::size_t>(e.schedule_column - 1),
                                                          e.schedule.size(), resolved);
    } catch (const Error& x) {
      problems.push_back(e.diagnostic(x));
    }
  }
  for (const auto& line : lines) out << line << "\n";
  std::stable_sort(problems.begin(), problems.end(), [](auto& a, auto& b) { return a.line < b.line; });
  for (const auto& p : problems) err << format_diagnostic(c.crontab, p);
  if (tab.entries.empty() && tab.errors.empty()) err << "fuzzycron: " << c.crontab << ": no entries\n";
  const bool errors =
      std::any_of(problems.begin(), problems.end(), [](const Diagnostic& d) { return d.severity == Severity::error; });
  return errors ? kBadInput : kOk;
}

// `dialect_given`: -d was on the command line (else CronJobs are read as Kubernetes does).
int resolve_in_place(const Resolve& c, bool dialect_given, std::istream& in, std::ostream& out, std::ostream& err) {
  const bool workflow = !c.workflow.empty();
  const std::string& file = workflow ? c.workflow : c.manifest;
  if (!c.to.empty()) {
    err << "fuzzycron: --to does not apply to --manifest/--workflow: the file's own grammar is kept\n";
    return kBadInput;
  }
  std::string repository;
  if (workflow) {
    if (c.flags.seeds.size() != 1 || !c.flags.host.empty()) {
      err << "fuzzycron: --workflow needs the repository as one --seed OWNER/REPO (and no --host)\n";
      return kBadInput;
    }
    repository = c.flags.seeds.front();
    if (file == "-" && c.path.empty()) {
      // The path seeds every cron: piped workflows would all get the same values.
      err << "fuzzycron: --workflow - needs --path .github/workflows/NAME.yml (it seeds each cron with the "
             "repository, the path and its position)\n";
      return kBadInput;
    }
  } else if (!c.flags.seeds.empty() || !c.flags.host.empty()) {
    err << "fuzzycron: --manifest seeds each CronJob with its namespace and name: drop --seed/--host\n";
    return kBadInput;
  }
  Flags flags = c.flags;
  if (!workflow && !dialect_given) flags.dialect = "kubernetes";
  const ParseOptions options = parse_options(flags, false);
  const std::string shown = file == "-" ? "<stdin>" : file;
  const std::string text =
      file == "-" ? std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()} : read_file(file);
  InPlaceResult r;
  try {
    r = workflow ? resolve_workflow(text, repository, c.path.empty() ? workflow_path_of(shown) : c.path, options)
                 : resolve_manifest(text, options);
  } catch (const Error& e) {
    if (e.line() > 0)
      err << format_diagnostic(shown, Diagnostic{Severity::error, "", e.line(), e.column(), e.message(), e.text()});
    else
      err << fmt::format("fuzzycron: {}: {}\n", shown, e.message());
    return kBadInput;
  }
  std::vector<InPlaceProblem> warnings;
  if (options.balance) {  // a schedule the lock does not name keeps plain H: said, as for crontabs
    for (const auto& s : r.schedules) {
      ParseOptions job = options;
      job.seed = s.seed;
      if (s.seed.parts().empty() || !missing_from_balance(s.expression, job)) continue;
      InPlaceProblem w;
      w.severity = Severity::warning;
      w.document = s.document;
      w.line = s.line;
      w.column = s.column;
      w.name = s.name;
      w.message = fmt::format(
          "'{}' is not in the balance lock {}: it keeps plain H; run `fuzzycron balance` with "
          "--lock to place it",
          balance_key(s.seed), c.flags.balance_lock());
      warnings.push_back(std::move(w));
    }
  }
  if (c.flags.json) {
    nlohmann::json j{{"file", shown}, {"text", r.text}};
    auto& changes = j["changes"] = nlohmann::json::array();
    for (const auto& x : r.changes)
      changes.push_back({{"document", x.document},
                         {"line", x.line},
                         {"column", x.column},
                         {"name", x.name},
                         {"before", x.before},
                         {"after", x.after}});
    auto& problems = j["problems"] = nlohmann::json::array();
    for (const auto& x : r.problems)
      problems.push_back(
          {{"document", x.document}, {"line", x.line}, {"column", x.column}, {"name", x.name}, {"message", x.message}});
    auto& warned = j["warnings"] = nlohmann::json::array();
    for (const auto& x : warnings)
      warned.push_back(
          {{"document", x.document}, {"line", x.line}, {"column", x.column}, {"name", x.name}, {"message", x.message}});
    out << j.dump() << "\n";
  } else {
    out << r.text;
    std::vector<Diagnostic> notes;  // in the file's order, each printed by format_diagnostic
    for (const auto& x : r.changes)
      notes.push_back(
          {Severity::info, "", x.line, x.column, fmt::format("{}: '{}' -> '{}'", x.name, x.before, x.after)});
    for (const auto& x : r.problems)
      notes.push_back({x.severity, x.code, x.line, x.column,
                       fmt::format("document {}, {}: {}", x.document, x.name, x.message), x.text});
    for (const auto& x : warnings)
      notes.push_back({Severity::warning, x.code, x.line, x.column, fmt::format("{}: {}", x.name, x.message), x.text});
    std::stable_sort(notes.begin(), notes.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    for (const auto& d : notes) err << format_diagnostic(shown, d);
  }
  return r.problems.empty() ? kOk : kBadInput;
}

}  // namespace

Command add_resolve(CommandLine& line) {
  auto c = std::make_shared<Resolve>();
  Subcommand sub = line.add("resolve", "replace hash forms (H) by the values they stand for, for a seed");
  Flag expr = sub.option("EXPR", c->expr, "the cron expression (quote it)");
  Flag crontab = sub.option("--crontab", c->crontab,
                            "a crontab file: every entry resolved with its own seed "
                            "([host, name]; name from '# name: JOB' or the command)");
  Flag manifest = sub.option("--manifest", c->manifest,
                             "a Kubernetes YAML stream (FILE or - for stdin): every CronJob's spec.schedule "
                             "resolved in place, seeded [namespace, name]; every other byte unchanged (a Helm "
                             "--post-renderer)");
  Flag workflow = sub.option("--workflow", c->workflow,
                             "a GitHub Actions workflow (FILE or -): every on.schedule cron resolved in place, "
                             "seeded [--seed OWNER/REPO, --path, position]");
  sub.option("--path", c->path,
             "--workflow: its path in the repository (default: from .github/workflows/ in FILE, else FILE's name)")
      .needs(workflow);
  expr.excludes(crontab).excludes(manifest).excludes(workflow);
  crontab.excludes(manifest).excludes(workflow);
  manifest.excludes(workflow);
  add_flags(sub, c->flags, kDialect | kSeed | kHost | kBalance | kJson);
  sub.option("--to", c->to, "write the result in another dialect (" + join(dialect_names(), " | ") + ")");
  sub.footer(
      "Example: fuzzycron resolve 'H/15 H(9-17) * * *' --host web-07 --seed backup-db\n"
      "  prints e.g. '7-59/15 13 * * *': the same schedule for any cron that has no H.\n"
      "Example: fuzzycron resolve -d jenkins 'H H(0-7) * * 1-5' --seed nightly --to quartz\n"
      "Example: helm template my-chart | fuzzycron resolve --manifest - | kubectl apply -f -\n"
      "  CronJob schedules are read as Kubernetes does (-d kubernetes unless -d is given).\n"
      "Example: fuzzycron resolve --workflow .github/workflows/nightly.yml --seed octo/app");
  return {sub, [c] {
            if (!c->manifest.empty() || !c->workflow.empty())
              return resolve_in_place(*c, c->flags.dialect_flag->given(), std::cin, std::cout, std::cerr);
            if (!c->crontab.empty()) return resolve_crontab(*c, std::cout, std::cerr);
            if (c->expr.empty()) {
              std::cerr << "fuzzycron: resolve needs an EXPR, --crontab FILE, --manifest FILE or --workflow FILE\n";
              return kBadInput;
            }
            return resolve_expression(*c, std::cout);
          }};
}

}  // namespace fuzzycron::cli
