// Lint checks. Syntactic ones read the parsed (unresolved) fields, so they see
// what was written; the others ask the compiled schedule.
#include "fuzzycron/lint.h"

#include <date/date.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <set>

#include "fuzzycron/balancer.h"
#include "fuzzycron/error.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/syntax.h"
#include "fuzzycron/target.h"
#include "tools/collisions.h"
#include "tools/entry_settings.h"
#include "tools/finding.h"
#include "tools/line_lint.h"
#include "tools/term_values.h"

namespace fuzzycron {
namespace {

using tools::Advice;
using tools::finding;
using tools::LineLint;

constexpr std::int64_t kDay = 86400;

// FC401-FC403: never, no longer, or rarely.
void frequency(const Schedule& s, sys_milliseconds from, int line, std::vector<Finding>& out) {
  if (s.never()) {
    out.push_back(finding("FC401", Severity::error, line, 1,
                          "never fires: no calendar day matches its day fields (like February 30th)", ""));
    return;
  }
  auto t = s.next(from);
  if (!t) {
    const auto last = s.prev(from);
    out.push_back(finding("FC402", Severity::error, line, 1,
                          last ? fmt::format("fires no more after {}: the last fire time was {}",
                                             format_rfc3339(from, s.zone()), format_rfc3339(*last, s.zone()))
                               : "has no fire time after " + format_rfc3339(from, s.zone()),
                          ""));
    return;
  }
  std::vector<sys_milliseconds> times{*t};
  while (times.size() < 5 && (t = s.next(*t)) && *t - times.front() < std::chrono::days{366 * 30}) times.push_back(*t);
  std::chrono::milliseconds widest{0};
  for (std::size_t i = 1; i < times.size(); ++i) widest = std::max(widest, times[i] - times[i - 1]);
  if (times.size() == 1 || widest > std::chrono::days{366}) {
    std::vector<std::string> shown;
    for (auto x : times) shown.push_back(format_rfc3339(x, s.zone()));
    out.push_back(finding(
        "FC403", Severity::warning, line, 1,
        fmt::format("fires rarely: {} in the next {} years ({})", times.size(),
                    times.size() == 1 ? 30 : static_cast<int>((times.back() - from) / std::chrono::days{365}) + 1,
                    fmt::join(shown, ", ")),
        ""));
  }
}

// FC404: the schedule fires, but its days without fires (except) and bounds
// leave it no fire time after `from` (a holiday calendar that covers every
// weekday of a weekday job, a not-after already past).
bool limits_leave_nothing(std::string_view expression, const ParseOptions& check, const Schedule& s,
                          sys_milliseconds from, int line, std::vector<Finding>& out) {
  if (check.except.empty() && check.except_cron.empty() && !check.not_before && !check.not_after) return false;
  if (s.next(from)) return false;
  ParseOptions plain = check;
  plain.except.clear();
  plain.except_cron.clear();
  plain.not_before.reset();
  plain.not_after.reset();
  const auto would = parse(expression, plain).next(from);
  if (!would) return false;  // FC401/FC402 say why
  std::vector<std::string> limits;
  if (!check.except.empty()) limits.push_back("except " + check.except);
  if (!check.except_cron.empty()) limits.push_back("except-cron " + check.except_cron);
  if (check.not_before) limits.push_back("not before " + format_rfc3339(*check.not_before, s.zone()));
  if (check.not_after) limits.push_back("not after " + format_rfc3339(*check.not_after, s.zone()));
  out.push_back(
      finding("FC404", Severity::error, line, 1,
              fmt::format("no fire time after {}: the schedule's next is {}, but {} leave none",
                          format_rfc3339(from, s.zone()), format_rfc3339(*would, s.zone()), fmt::join(limits, " and ")),
              ""));
  return true;
}

// FC405: fires moved off days without fires (except-move) that do not come
// out as fires of their own: they land on a fire the schedule has, on
// another moved fire, or on a time the calendars or bounds exclude. Counted
// over the year from `from` against the same schedule with moves off.
void moves_collide(std::string_view expression, const ParseOptions& check, const Schedule& s, sys_milliseconds from,
                   int line, std::vector<Finding>& out) {
  if (check.except_move == ParseOptions::Move::skip || check.except.empty()) return;
  const auto a = from - std::chrono::days{31}, b = from + std::chrono::days{397};
  const auto collect = [&](const Schedule& x) {
    std::set<sys_milliseconds> v;
    for (auto t : x.fires(a, b)) v.insert(t);
    return v;
  };
  ParseOptions skip = check, plain = check;
  skip.except_move = ParseOptions::Move::skip;
  plain.except.clear();
  plain.except_move = ParseOptions::Move::skip;
  const auto kept = collect(parse(expression, skip)), all = collect(parse(expression, plain)), moved = collect(s);
  std::vector<sys_milliseconds> off;  // fires on excluded days
  std::set_difference(all.begin(), all.end(), kept.begin(), kept.end(), std::back_inserter(off));
  std::size_t landed = 0;  // moved fires that are fires of their own
  for (auto t : moved) landed += !kept.count(t);
  if (off.empty() || landed >= off.size()) return;
  const char* way = check.except_move == ParseOptions::Move::preceding ? "previous" : "next";
  out.push_back(finding(
      "FC405", Severity::warning, line, 1,
      fmt::format("{} of the {} fires on days without fires (the first at {}) move to the {} day allowed and land on "
                  "a fire the schedule already has, on another moved fire, or on a time the calendars exclude: they "
                  "do not run again there",
                  off.size() - landed, off.size(), format_rfc3339(off.front(), s.zone()), way),
      ""));
}

// `schedule`: the expression compiled with `check`: `options`, or (without a
// seed) with a stand-in seed, since only some checks need drawn values.
std::vector<Finding> lint_lines(std::string_view expression, const ParseOptions& options, const ParseOptions& check,
                                const Schedule& schedule, sys_milliseconds from, const Advice& advice) {
  std::vector<Finding> out;
  // An anchored interval has no cron fields to look at: its limits and its frequency.
  if (is_every(expression) && options.dialect != Dialect::kubernetes) {
    if (limits_leave_nothing(expression, check, schedule, from, 1, out)) return out;
    moves_collide(expression, check, schedule, from, 1, out);
    frequency(schedule, from, 1, out);
    return out;
  }
  const Syntax spec = syntax_of(expression, options);
  Syntax resolved = spec;
  resolve_hash_forms(resolved, check);
  const TimeZone zone = schedule.zone();
  const auto from_s = std::chrono::floor<std::chrono::seconds>(from);
  const std::int64_t local_day = (from_s + zone.offset(from_s)).time_since_epoch().count() / kDay;
  for (std::size_t i = 0; i < spec.lines.size(); ++i) {
    LineLint l(spec.lines[i], options, advice, out);
    l.spread_habits(schedule.never());
    l.steps();
    l.day_or();
    l.furiko_sunday();
    l.day_cycles(resolved.lines[i], local_day);
    if (!l.has_hash() || !options.seed.empty())
      l.dst(resolved.lines[i], check, zone, from_s.time_since_epoch().count());
  }
  const int line = spec.lines.size() == 1 ? spec.lines[0].line : 0;
  if (limits_leave_nothing(expression, check, schedule, from, line, out)) return out;
  moves_collide(expression, check, schedule, from, line, out);
  frequency(schedule, from, line, out);
  return out;
}

// The command's first word when it looks like a schedule field ("*", "*/5",
// "0-30", "H", "H(0-29)"): the line has more fields than were read.
std::optional<std::string> field_like_command(const CrontabEntry& e) {
  const std::string word = e.command.substr(0, e.command.find_first_of(" \t"));
  if (word.empty()) return std::nullopt;
  const bool hash = word == "H" || word.starts_with("H(") || word.starts_with("H/");
  const bool field = std::isdigit(static_cast<unsigned char>(word[0])) || word[0] == '*' || word[0] == '?';
  if (!hash && !field) return std::nullopt;
  if (field && word.find_first_not_of("0123456789*?,-/LW#") != std::string::npos) return std::nullopt;
  return word;
}

bool zone_known(const std::string& name) {
  try {
    if (!name.empty()) TimeZone::locate(name);
    return true;
  } catch (const Error&) {
    return false;
  }
}

// Where `name` contains `replica` (ASCII case-insensitive), for FC007; a
// one-letter replica name says nothing.
std::optional<std::size_t> contains_replica(std::string_view name, std::string_view replica) {
  if (replica.size() < 2 || name.size() < replica.size()) return std::nullopt;
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  for (std::size_t i = 0; i + replica.size() <= name.size(); ++i) {
    std::size_t k = 0;
    while (k < replica.size() && lower(name[i + k]) == lower(replica[k])) ++k;
    if (k == replica.size()) return i;
  }
  return std::nullopt;
}

// FC801: a group of hashed entries whose plain-H values pile up beyond what
// balancing would allow (fuzzycron/balancer.h), at the group's first line.
void imbalance(const Crontab& crontab, const LintOptions& options, std::vector<Finding>& out) {
  ParseOptions base = options.parse;
  base.balance.reset();
  const std::vector<std::string> hosts = options.host.empty() ? std::vector<std::string>{} : std::vector{options.host};
  std::vector<BalanceJob> jobs;
  for (const auto& entry : crontab.entries) {
    if (entry.reboot) continue;
    for (const auto& host : hosts.empty() ? std::vector<std::string>{""} : hosts) {
      try {  // entries in error (the schedule, the seed) are said elsewhere
        BalanceJob job{entry.schedule, entry.options(base, host), entry.line, entry.text, entry.schedule_column, ""};
        (void)parse(job.expression, job.options);
        jobs.push_back(std::move(job));
      } catch (const Error&) {
      }
    }
  }
  BalanceResult r;
  try {
    r = balance(jobs, {});
  } catch (const Error&) {  // a scheme that cannot be balanced, a job twice: nothing to say here
    return;
  }
  for (const auto& g : r.groups) {
    if (g.plain_peak <= g.capacity) continue;
    int line = 0;
    for (const auto& job : jobs)
      if (balance_shape(job.expression) == g.shape && (line == 0 || job.line < line)) line = job.line;
    out.push_back(finding(
        "FC801", Severity::info, line, 1,
        fmt::format("{} of the {} entries shaped '{}' ({}) draw the same {} [{}], where balancing the set "
                    "would put at most {} on one: `fuzzycron balance FILE{} -o LOCK`, then --balance-lock LOCK",
                    g.plain_peak, g.jobs, g.shape, g.zone, is_every(g.shape) ? "phase" : "H values",
                    fmt::join(g.plain_busiest, ", "), g.capacity, options.host.empty() ? "" : " --host-list HOSTS"),
        ""));
  }
}

void order(std::vector<Finding>& f) {
  std::stable_sort(f.begin(), f.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.line, a.column, a.code) < std::tie(b.line, b.column, b.code);
  });
}

constexpr std::array<RunsOn, 9> kRunsOns{RunsOn::fuzzycron,      RunsOn::cron,    RunsOn::kubernetes,
                                         RunsOn::github_actions, RunsOn::systemd, RunsOn::quartz,
                                         RunsOn::spring,         RunsOn::jenkins, RunsOn::furiko};

RunsOn default_target(const LintOptions& o, bool crontab) {
  if (o.runs_on) return *o.runs_on;
  if (!o.parse.seed.empty() || !o.host.empty()) return RunsOn::fuzzycron;
  if (crontab) return RunsOn::cron;
  return runs_on_from_name(dialect_runs_on(o.parse.dialect)).value_or(RunsOn::fuzzycron);
}

}  // namespace

std::string_view runs_on_name(RunsOn t) noexcept {
  switch (t) {
    case RunsOn::fuzzycron: return "fuzzycron";
    case RunsOn::cron: return "cron";
    case RunsOn::kubernetes: return "kubernetes";
    case RunsOn::github_actions: return "github-actions";
    case RunsOn::systemd: return "systemd";
    case RunsOn::quartz: return "quartz";
    case RunsOn::spring: return "spring";
    case RunsOn::jenkins: return "jenkins";
    case RunsOn::furiko: return "furiko";
  }
  return "fuzzycron";
}

std::span<const std::string_view> runs_on_names() noexcept {
  static constexpr std::string_view kNames[] = {"fuzzycron", "cron",   "kubernetes", "github-actions", "systemd",
                                                "quartz",    "spring", "jenkins",    "furiko"};
  static_assert(std::size(kNames) == std::tuple_size_v<decltype(kRunsOns)>);
  return kNames;
}

std::optional<RunsOn> runs_on_from_name(std::string_view name) noexcept {
  for (RunsOn t : kRunsOns)
    if (runs_on_name(t) == name) return t;
  return std::nullopt;
}

bool reads_hash_forms(RunsOn t) noexcept {
  return t == RunsOn::fuzzycron || t == RunsOn::jenkins || t == RunsOn::furiko;
}

namespace {

// FC005 and FC006: the target's own grammar (what runs the schedule must read it).
bool target_grammar(std::string_view expression, RunsOn runs_on, int line, std::vector<Finding>& out) {
  const std::optional<Target> target = runs_on == RunsOn::kubernetes       ? std::optional(Target::kubernetes)
                                       : runs_on == RunsOn::github_actions ? std::optional(Target::github_actions)
                                                                           : std::nullopt;
  if (!target) return true;
  if (const auto e = target_grammar_error(expression, *target)) {
    out.push_back(finding("FC005", Severity::error, line, e->column(), e->message(), ""));
    return false;
  }
  if (*target == Target::github_actions) {
    // GitHub runs schedules at most every 5 minutes (its parser warns below that).
    ParseOptions o;
    o.dialect = Dialect::kubernetes;
    const Schedule s = parse(expression, o);
    const auto from = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
    std::optional<sys_milliseconds> prev;
    for (auto t : s.fires(from, from + std::chrono::hours{2})) {
      if (prev && t - *prev < std::chrono::minutes{5}) {
        out.push_back(finding(
            "FC006", Severity::warning, line, 1,
            fmt::format(
                "GitHub Actions runs a schedule at most every 5 minutes; this one fires "
                "{} apart",
                (t - *prev) < std::chrono::minutes{1}
                    ? "less than a minute"
                    : fmt::format("{} min", std::chrono::duration_cast<std::chrono::minutes>(t - *prev).count())),
            ""));
        break;
      }
      prev = t;
    }
  }
  // Kubernetes reads @every DURATION; nothing else here reads it.
  return !(*target == Target::kubernetes && expression.starts_with("@every"));
}

}  // namespace

std::vector<Finding> lint(std::string_view expression, const LintOptions& options) {
  std::vector<Finding> out;
  if (!target_grammar(expression, default_target(options, false), 1, out)) {
    order(out);
    return out;
  }
  try {
    ParseOptions check = options.parse;
    if (check.seed.empty()) check.seed = Seed({"lint"});
    const Advice advice{default_target(options, false), options.parse.seed.empty() ? nullptr : &options.parse};
    for (auto& f : lint_lines(expression, options.parse, check, parse(expression, check), options.from, advice))
      out.push_back(std::move(f));
  } catch (const Error& e) {
    out.push_back(finding("FC001", Severity::error, e.line(), e.column(), e.message(), ""));
  }
  order(out);
  return out;
}

std::vector<Finding> lint(const Crontab& crontab, const LintOptions& options) {
  std::vector<Finding> out;
  const RunsOn target = default_target(options, true);
  for (const auto& e : crontab.errors)
    out.push_back(finding("FC002", Severity::error, e.line, e.column, e.message, ""));
  std::vector<tools::CompiledEntry> compiled;  // for collisions
  for (const auto& e : crontab.entries) {
    if (e.reboot) continue;
    if (const auto word = field_like_command(e)) {
      const std::size_t at =
          e.text.find(e.command, static_cast<std::size_t>(e.schedule_column - 1) + e.schedule.size());
      out.push_back(finding("FC004", Severity::warning, e.line, at == std::string::npos ? 1 : static_cast<int>(at) + 1,
                            fmt::format("the command starts with '{}', which reads like a schedule field: only {} "
                                        "fields were read as the schedule, so the job runs '{}'; if the line has "
                                        "seconds, write CRON_FIELDS={} above it (or '# fields: {}' above the entry)",
                                        *word, e.fields, e.command, e.fields + 1, e.fields + 1),
                            ""));
    }
    if (const auto at = contains_replica(e.name, options.replica)) {
      out.push_back(finding(
          "FC007", Severity::warning, e.line, 1,
          fmt::format("the job's name '{}' carries the replica's name '{}': in a cluster a fire is claimed, and H "
                      "seeded, by the job's name, so when each replica's crontab names the job after itself every "
                      "replica runs it; name the job for what it does ('# name: ...')",
                      e.name, e.name.substr(*at, options.replica.size())),
          ""));
    }
    try {
      // The entry's own days without fires, calendars and bounds, as the runner reads them.
      std::vector<Diagnostic> unread;  // a setting's bad value or a near miss of a key, as run --test says it
      const tools::EntrySettings settings = tools::read_entry_settings(e.settings, unread);
      for (const auto& p : unread) out.push_back(finding("FC002", p.severity, p.line, p.column, p.message, ""));
      ParseOptions base = options.parse;
      tools::apply_limits(settings, tools::calendar_paths(settings.except, options.directory), base);
      if (settings.dst) base.dst = *settings.dst;
      Schedule s = e.parse(base, options.host);
      const ParseOptions entry_options = e.options(base, options.host);
      const Advice advice{target, &entry_options};
      std::vector<Finding> found = lint_lines(e.schedule, entry_options, entry_options, s, options.from, advice);
      for (auto& f : found) {
        if (f.line <= 1) f.column += e.schedule_column - 1;
        f.line = e.line;
        if (!f.suggestion.empty()) {
          std::string rewritten = e.text;
          rewritten.replace(static_cast<std::size_t>(e.schedule_column - 1), e.schedule.size(), f.suggestion);
          f.suggestion = std::move(rewritten);
        }
        out.push_back(std::move(f));
      }
      compiled.push_back({e.line, std::move(s)});
    } catch (const Error& x) {
      out.push_back(
          finding(zone_known(e.zone) ? "FC001" : "FC003", Severity::error, e.line, x.column(), x.message(), ""));
    }
  }
  std::vector<int> colliding;
  const std::string hint =
      reads_hash_forms(target)
          ? "hash forms (H) would give each job its own minute"
          : fmt::format("{} does not read H: `fuzzycron resolve --crontab FILE{}` gives each job its own stable minute",
                        runs_on_name(target), options.host.empty() ? "" : " --host " + options.host);
  for (auto& f : tools::collisions(compiled, options.from, hint, &colliding)) out.push_back(std::move(f));
  // A fixed minute that collides with other entries is worth a warning.
  for (auto& f : out)
    if (f.code == "FC102" && std::find(colliding.begin(), colliding.end(), f.line) != colliding.end())
      f.severity = Severity::warning;
  if (target != RunsOn::jenkins && target != RunsOn::furiko) imbalance(crontab, options, out);
  order(out);
  return out;
}

}  // namespace fuzzycron
