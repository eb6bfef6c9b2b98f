// fuzzycron balance: a fleet's jobs given slots so that no slot carries more
// than its group's capacity, written to a lock the other commands read with
// --balance-lock (docs/balance.md).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "command.h"
#include "fuzzycron/tools.h"
#include "io.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct BalanceCommand {
  std::vector<std::string> files;
  std::optional<int> hosts;
  std::string host_list;
  std::string repository;  // --repository: seeds GitHub workflows' crons
  double epsilon = 0.25;
  std::string lock;    // --lock: the lock so far
  std::string output;  // -o: where the lock goes (default: --lock's file, else standard output)
  bool rebalance = false;
  bool check = false;
  Flags flags;
};

std::string said(const std::vector<int>& v) { return fmt::format("[{}]", fmt::join(v, ", ")); }

bool yaml_file(const std::string& file) { return file.ends_with(".yaml") || file.ends_with(".yml"); }

// A Kubernetes manifest (every CronJob, seeded [namespace, name]) or else a
// GitHub workflow (seeded [repository, path, position]), read once: its
// schedules as `resolve --manifest`/`--workflow` seed them, none of them per host.
struct YamlFile {
  std::string file, text;
  std::vector<FoundSchedule> found;
  bool manifest = true;
};

// Throws Error for text that is not YAML (with its line) and for a workflow without --repository.
YamlFile read_yaml(const BalanceCommand& c, const std::string& file) {
  YamlFile y{file, read_file(file), {}, true};
  y.found = manifest_schedules(y.text);
  if (y.found.empty()) {
    if (c.repository.empty())
      throw Error(ErrorKind::argument,
                  "'" + file + "' has no CronJob: a GitHub workflow needs --repository OWNER/REPO to seed its crons",
                  file, 1);
    y.found = workflow_schedules(y.text, c.repository, workflow_path_of(file));
    y.manifest = false;
  }
  return y;
}

std::vector<BalanceJob> yaml_jobs(const YamlFile& y, const ParseOptions& base, std::ostream& err, bool& unreadable) {
  const std::vector<std::string> lines = lines_of(y.text);
  std::vector<BalanceJob> jobs;
  for (const auto& s : y.found) {
    BalanceJob job{.expression = s.expression, .options = base, .line = s.line, .column = s.column, .source = y.file};
    job.options.seed = s.seed;
    if (s.line >= 1 && static_cast<std::size_t>(s.line) <= lines.size())
      job.text = lines[static_cast<std::size_t>(s.line - 1)];
    if (s.seed.parts().empty() && s.expression.find('H') != std::string::npos) {
      err << format_diagnostic(y.file, Diagnostic{Severity::error, "", s.line, s.column,
                                                  s.name + ": the CronJob has no metadata.name to seed its hash "
                                                           "forms with",
                                                  job.text});
      unreadable = true;
      continue;
    }
    jobs.push_back(std::move(job));
  }
  return jobs;
}

// Without -d, a fleet of Kubernetes manifests only is read as Kubernetes reads
// it (as `resolve --manifest` does); mixed with crontabs or workflows, -d says.
Dialect dialect_for(const BalanceCommand& c, const ParseOptions& base, const std::vector<YamlFile>& yaml) {
  if (c.flags.dialect_flag->given()) return base.dialect;
  const auto manifests =
      static_cast<std::size_t>(std::count_if(yaml.begin(), yaml.end(), [](const YamlFile& y) { return y.manifest; }));
  if (manifests == 0) return base.dialect;
  if (manifests < c.files.size())
    throw Error(ErrorKind::argument,
                "Kubernetes manifests with crontabs or workflows: say the dialect of the one lock with -d "
                "(resolve --manifest reads CronJobs with -d kubernetes unless -d is given)");
  return Dialect::kubernetes;
}

int run(const BalanceCommand& c, std::ostream& out, std::ostream& err) {
  ParseOptions base = parse_options(c.flags, false);
  bool unreadable = false;
  std::vector<YamlFile> yaml;  // read before the dialect is known: manifests decide it
  for (const auto& file : c.files) {
    if (!yaml_file(file)) continue;
    try {
      yaml.push_back(read_yaml(c, file));
    } catch (const Error& e) {
      if (e.line() == 0) throw;
      err << format_diagnostic(file, Diagnostic{Severity::error, "", e.line(), e.column(), e.message(), e.text()});
      unreadable = true;
    }
  }
  base.dialect = dialect_for(c, base, yaml);
  const std::vector<std::string> hosts = hosts_of(c.hosts, c.host_list);
  std::vector<BalanceJob> jobs;
  for (const auto& y : yaml)
    for (auto& job : yaml_jobs(y, base, err, unreadable)) jobs.push_back(std::move(job));
  for (const auto& file : c.files) {
    if (yaml_file(file)) continue;
    const Crontab tab = parse_crontab(read_file(file), base.dialect);
    for (const auto& e : tab.errors) err << format_diagnostic(file, e);
    unreadable = unreadable || !tab.errors.empty();
    try {
      for (auto& job : balance_jobs(tab, base, hosts)) {
        job.source = file;
        jobs.push_back(std::move(job));
      }
    } catch (const Error& e) {
      err << format_diagnostic(file, Diagnostic{Severity::error, "", e.line(), e.column(), e.message(), e.text()});
      unreadable = true;
    }
  }
  if (unreadable) {
    err << "fuzzycron: nothing written: a lock must cover every job, and some lines could not be read\n";
    return kBadInput;
  }
  BalanceOptions options;
  options.epsilon = c.epsilon;
  options.rebalance = c.rebalance;
  std::string old_text;
  std::error_code ec;
  if (!c.lock.empty() && std::filesystem::exists(c.lock, ec)) {
    old_text = read_file(c.lock);
    options.previous = BalanceLock::read_file(c.lock, base.dialect);
  } else if (!c.lock.empty() && c.check) {
    throw Error(ErrorKind::argument, "--check compares with the lock, and '" + c.lock + "' does not exist", c.lock, 1);
  }
  BalanceResult result;
  try {
    result = balance(jobs, options);
  } catch (const Error& e) {
    if (e.line() == 0) throw;
    for (const auto& job : jobs)  // the job's file
      if (job.line == e.line() && job.text == e.text()) {
        err << format_diagnostic(job.source,
                                 Diagnostic{Severity::error, "", e.line(), e.column(), e.message(), e.text()});
        return kBadInput;
      }
    throw;
  }
  const std::string text = result.lock.write();
  std::ostream& report = c.check || !c.output.empty() || !c.lock.empty() ? out : err;
  for (const auto& g : result.groups)
    report << fmt::format(
        "'{}' in {}: {} job{} in {} slots, capacity {}: busiest slot {} (plain H: {}); {} off "
        "their plain-H value\n",
        g.shape, g.zone, g.jobs, g.jobs == 1 ? "" : "s", g.slots, g.capacity, g.peak, g.plain_peak, g.off_plain);
  if (result.unbalanced)
    report << fmt::format("{} job{} without hash forms (or in multi-line specs, or intervals) keep plain H\n",
                          result.unbalanced, result.unbalanced == 1 ? "" : "s");
  if (options.previous) {
    for (const auto& m : result.moves)
      report << fmt::format("{}: {} {} -> {} in '{}': {}\n", m.from.empty() ? "placed" : "moved", m.job,
                            m.from.empty() ? said(m.plain) : said(m.from), said(m.to), m.shape, m.reason);
    for (const auto& d : result.dropped) report << "dropped: " << d << " (no longer in the crontab)\n";
  }
  if (c.check) {
    if (text == old_text) {
      out << c.lock << ": up to date\n";
      return kOk;
    }
    out << c.lock << ": stale: run `fuzzycron balance` with --lock " << c.lock << " and commit the result\n";
    return kFailure;
  }
  const std::string target = !c.output.empty() ? c.output : c.lock;
  if (target.empty() || target == "-") {
    out << text;
  } else {
    write_file_atomically(target, text);
    report << fmt::format("wrote {} ({} group{})\n", target, result.groups.size(),
                          result.groups.size() == 1 ? "" : "s");
  }
  return kOk;
}

}  // namespace

Command add_balance(CommandLine& line) {
  auto c = std::make_shared<BalanceCommand>();
  Subcommand sub = line.add("balance",
                            "give a fleet's hashed jobs (H values, @every phases) slots so that no minute (or second) "
                            "carries more than its share");
  sub.option("FILE", c->files,
             "crontabs, Kubernetes manifests and GitHub workflows (*.yaml, *.yml): every job of the fleet")
      .required();
  add_flags(sub, c->flags, kDialect | kZone);
  Flag hosts = sub.option("--hosts", c->hosts, "every entry runs on N hosts named host-1..host-N (as spread)");
  hosts.excludes(sub.option("--host-list", c->host_list, "a file of host names, one per line"));
  sub.option("--repository", c->repository,
             "OWNER/REPO seeding GitHub workflows' crons (the --seed of resolve --workflow)");
  sub.option("--epsilon", c->epsilon, "slack over the mean: a slot carries at most ceil((1+E) * jobs / slots)")
      .show_default();
  sub.option("--lock", c->lock,
             "the lock so far: its jobs keep their slots and its groups their capacity (written back unless -o)");
  sub.option("-o,--output", c->output, "write the lock here (atomically; - for standard output)");
  sub.flag("--rebalance", c->rebalance, "recompute every group's capacity and place every job afresh");
  sub.flag("--check", c->check, "exit 1 when the lock (--lock) is not what balance would write; write nothing");
  sub.footer(
      "Jobs compete when their schedules have the same shape (the expression as written) in the same zone;\n"
      "a slot is the tuple of their H values. In each group no slot carries more than\n"
      "ceil((1+epsilon) * jobs / slots); jobs are placed in an order of their own hash, each at its plain-H\n"
      "slot or the next one with room, so the lock depends on the set of jobs, not on their order. Seeds\n"
      "are [host, name] per host with --hosts/--host-list, else [name]; a CronJob's [namespace, name] and a\n"
      "workflow cron's [repository, path, position], as resolve --manifest/--workflow seed them (without\n"
      "-d, manifests alone are read as Kubernetes). Use the lock with --balance-lock on resolve, explain,\n"
      "spread, export and run (docs/balance.md).\n"
      "Exit status: 0 written (or --check: up to date), 1 --check: stale, 2 bad input.\n"
      "Example: fuzzycron balance examples/fleet.crontab -d quartz --hosts 20 -o fleet.lock\n"
      "Example: fuzzycron balance jobs.cron --lock jobs.lock --check\n"
      "Example: fuzzycron balance k8s/*.yaml -o cronjobs.lock && fuzzycron resolve --manifest k8s/app.yaml "
      "--balance-lock cronjobs.lock");
  return {sub, [c] { return run(*c, std::cout, std::cerr); }};
}

}  // namespace fuzzycron::cli
