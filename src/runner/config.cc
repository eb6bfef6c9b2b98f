#include "runner/config.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <unordered_map>

#include "fuzzycron/balance.h"
#include "fuzzycron/error.h"
#include "fuzzycron/options.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/rfc3339.h"
#include "fuzzycron/syntax.h"
#include "suggest.h"

namespace fuzzycron::runner {
namespace {

using std::chrono::milliseconds;

JobSettings with_defaults(const tools::EntrySettings& given) {
  JobSettings out;
  out.timeout = given.timeout;
  if (given.kill_grace) out.kill_grace = *given.kill_grace;
  if (given.concurrency) out.concurrency = *given.concurrency;
  if (given.catchup) out.catchup = *given.catchup;
  out.catchup_max = given.catchup_max;
  out.starting_deadline = given.starting_deadline;
  if (given.retry) out.retry = *given.retry;
  out.retry_on = given.retry_on;
  out.on_permanent_failure = given.on_permanent_failure;
  out.dst = given.dst;
  out.rerun_lost = given.rerun_lost.value_or(false);
  return out;
}

// `# except:` with each calendar file found from `dir` (a relative name is the
// crontab's neighbour, not the runner's working directory's); the files' texts
// go to `calendars`, once each.
std::string with_calendars(std::string_view except, const std::string& dir,
                           std::vector<std::pair<std::string, std::string>>& calendars) {
  std::vector<std::string> files;
  std::string out = tools::calendar_paths(except, dir, &files);
  for (const auto& path : files)
    if (std::none_of(calendars.begin(), calendars.end(), [&](const auto& c) { return c.first == path; }))
      calendars.emplace_back(path, read_text(path).value_or(""));
  return out;
}

}  // namespace

Config load_config(std::string_view text, const ParseOptions& base, const std::string& host, const std::string& dir) {
  Config out;
  Crontab tab = parse_crontab(text, base.dialect);
  out.problems = std::move(tab.errors);
  out.jobs.reserve(tab.entries.size());
  for (auto& moved : tab.entries) {
    Job job;
    job.name = moved.name;
    job.entry = std::move(moved);
    const CrontabEntry& entry = job.entry;
    try {
      // The comment block above the entry (parse_crontab keeps its "# key: value" lines).
      int named_at = 0;
      for (const CrontabSetting& setting : entry.settings) {
        const int l = setting.line;
        const std::string& line = tab.lines[static_cast<std::size_t>(l - 1)];
        if (setting.key == "name") {  // anywhere in the block, not only right above
          if (setting.value.empty()) {
            out.problems.push_back({Severity::warning, "", l, setting.value_column,
                                    "an empty name: the job is named by its command", line});
            continue;
          }
          if (named_at > 0)
            out.problems.push_back({Severity::warning, "", l, setting.key_column,
                                    fmt::format("a second name for the job (line {} named it too): {} is used",
                                                named_at, tools::quoted(setting.value)),
                                    line});
          named_at = l;
        }
      }
      std::vector<Diagnostic> said;
      const tools::EntrySettings given = tools::read_entry_settings(entry.settings, said);
      job.settings = with_defaults(given);
      const Diagnostic* bad = nullptr;  // the first bad value leaves the job out
      for (auto& p : said) {
        if (p.severity == Severity::error) {
          bad = bad ? bad : &p;
          continue;
        }
        p.text = tab.lines[static_cast<std::size_t>(p.line - 1)];
        out.problems.push_back(std::move(p));
      }
      if (bad)
        throw Error(ErrorKind::syntax, bad->message, tab.lines[static_cast<std::size_t>(bad->line - 1)], bad->column,
                    bad->line);
      ParseOptions options = job.entry.options(base, host);
      if (job.settings.dst) options.dst = *job.settings.dst;
      // Days without fires and bounds: the settings' own, else the command line's.
      tools::apply_limits(given, given.except.empty() ? "" : with_calendars(given.except, dir, out.calendars), options);
      if (!entry.reboot) {
        try {
          ParsedAndResolved parsed = parse_and_resolve(entry.schedule, options);
          job.schedule = std::move(parsed.schedule);
          job.resolved = std::move(parsed.resolved);
          if (missing_from_balance(entry.schedule, options))
            out.problems.push_back(
                {Severity::warning, "", entry.line, entry.schedule_column,
                 fmt::format("job {} is not in the balance lock: it runs at {} ({})", tools::quoted(job.name),
                             is_every(entry.schedule) ? "its seed's phase" : "plain H", job.resolved),
                 entry.text});
        } catch (const Error& x) {  // columns from the start of the line
          throw Error(x.kind(), x.message(), entry.text,
                      x.line() > 1 ? x.column() : entry.schedule_column - 1 + x.column(), entry.line);
        }
      } else {
        job.resolved = "@reboot";
      }
      // The resolved text too: a balance lock that moves the job reschedules it.
      job.fingerprint = fmt::format("{}\n{}\n{}\n{}\n{}\n{}", job.name, entry.schedule, job.resolved, entry.command,
                                    entry.zone, options.dst_policy().name());
      // Days without fires and bounds too, and the calendars' texts: a changed holiday file reschedules.
      if (!options.except.empty() || !options.except_cron.empty() || options.not_before || options.not_after) {
        job.fingerprint += fmt::format("\nexcept {}\nexcept-cron {} {}\nbounds {} {}", options.except,
                                       options.except_cron, static_cast<int>(options.except_move),
                                       options.not_before ? options.not_before->time_since_epoch().count() : 0,
                                       options.not_after ? options.not_after->time_since_epoch().count() : 0);
        for (const auto& [path, calendar] : out.calendars)
          if (options.except.find(path) != std::string::npos) job.fingerprint += "\n" + calendar;
      }
      for (const auto& [k, v] : entry.environment) job.fingerprint += "\n" + k + "=" + v;
      out.jobs.push_back(std::move(job));
    } catch (const Error& x) {
      out.problems.push_back(
          {Severity::error, "", x.line() > 0 ? x.line() : entry.line, std::max(x.column(), 1), x.message(), x.text()});
    }
  }
  // Two entries with one name would share state, metrics and H values.
  std::unordered_map<std::string, int> lines_of;
  lines_of.reserve(out.jobs.size());
  std::vector<Job> unique;
  unique.reserve(out.jobs.size());
  for (auto& job : out.jobs) {
    if (const auto [it, fresh] = lines_of.emplace(job.name, job.entry.line); !fresh) {
      out.problems.push_back({Severity::error, "", job.entry.line, 1,
                              fmt::format("job name {} is taken by line {}: give one of them '# name: OTHER'",
                                          tools::quoted(job.name), it->second),
                              job.entry.text});
      continue;
    }
    unique.push_back(std::move(job));
  }
  out.jobs = std::move(unique);
  std::sort(out.problems.begin(), out.problems.end(), [](auto& a, auto& b) { return a.line < b.line; });
  return out;
}

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool in_shard(const Job& job, const std::optional<std::pair<int, int>>& shard) {
  return !shard || seed_offset(Seed({job.name, "shard"}), milliseconds{shard->second}).count() == shard->first;
}

}  // namespace fuzzycron::runner
