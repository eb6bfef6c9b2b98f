// Export: each entry through to_target(), checked and wrapped in the target's
// own artifact. Every check works on fire times over one year from
// options.from: the target's text read back in the grammar that models it,
// the target's DST behaviour against the entry's own, EventBridge's double
// fires, GitHub's five-minute floor.
#include "fuzzycron/exporter.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "fuzzycron/rfc3339.h"
#include "tools/entry_settings.h"
#include "tools/export_guard.h"
#include "tools/export_names.h"

namespace fuzzycron {
namespace {

using nlohmann::json;
using namespace tools;  // the names, the settings
using std::chrono::days;

constexpr std::size_t kShownInstants = 3;

std::string json_string(std::string_view s) { return json(std::string(s)).dump(); }

// What the targets without a full DST rule do document (docs/export.md).
std::string_view documented_dst(Target t) {
  switch (t) {
    case Target::github_actions:
      return "a time in a skipped hour runs at the next valid time; the repeated hour is not documented";
    case Target::eventbridge:
      return "a time in a skipped hour is skipped; a repeated hour runs once, which pass is not documented";
    default: return "";
  }
}

std::string instants_text(const std::vector<sys_milliseconds>& v, TimeZone zone) {
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < v.size() && i < kShownInstants; ++i) shown.push_back(format_rfc3339(v[i], zone));
  return fmt::format("{}", fmt::join(shown, ", "));
}

std::vector<sys_milliseconds> fires(const Schedule& s, sys_milliseconds from) {
  std::vector<sys_milliseconds> out;
  for (auto t : s.fires(from, from + days{366})) out.push_back(t);
  return out;
}

// The instants of `a` missing from `b`, at most a few.
std::vector<sys_milliseconds> missing(const std::vector<sys_milliseconds>& a, const std::vector<sys_milliseconds>& b) {
  std::vector<sys_milliseconds> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  if (out.size() > kShownInstants) out.resize(kShownInstants);
  return out;
}

// The target's expressions read back in the grammar that models the target.
std::vector<sys_milliseconds> target_fires(Target t, const TargetSchedule& ts, DstPolicy dst, sys_milliseconds from) {
  std::set<sys_milliseconds> out;
  for (const auto& e : ts.expressions) {
    ParseOptions o;
    o.time_zone = ts.zone;
    o.dst = dst;
    std::string text = e;
    if (t == Target::nomad)
      o.dialect = Dialect::furiko;
    else if (t == Target::eventbridge)
      o.dialect = Dialect::quartz, text = "0 " + e;
    else
      o.dialect = Dialect::kubernetes;
    for (auto x : fires(parse(text, o), from)) out.insert(x);
  }
  return {out.begin(), out.end()};
}

struct Job {
  int line = 0;
  std::string name, command, schedule;
  std::vector<std::pair<std::string, std::string>> environment;
  ParseOptions options;  // seeded, zoned
  tools::EntrySettings settings{};
};

ExportDiagnostic diagnostic(Severity severity, std::string code, int line, std::string job, std::string message,
                            std::vector<sys_milliseconds> instants) {
  ExportDiagnostic d;
  d.severity = severity;
  d.code = std::move(code);
  d.line = line;
  d.job = std::move(job);
  d.message = std::move(message);
  d.instants = std::move(instants);
  return d;
}

class Exporter {
 public:
  explicit Exporter(const ExportOptions& o) : o_(o) {}

  void add(const Job& entry) {
    auto diag = [&](Severity s, std::string code, std::string message, std::vector<sys_milliseconds> at = {}) {
      out_.diagnostics.push_back(
          diagnostic(s, std::move(code), entry.line, entry.name, std::move(message), std::move(at)));
    };
    // A schedule the target cannot say goes out as the finest cron it can fire
    // and a guard before the command (export_guard.h); the checks below look
    // at that cron, and the guard's fires are checked at the end.
    Job job = entry;
    std::optional<Schedule> guarded;
    std::string guard_text;
    try {
      if (needs_guard(entry.schedule, entry.options)) {
        guarded = parse(entry.schedule, entry.options);
        guard_text = resolve(entry.schedule, entry.options);
        job.options = without_limits(entry.options);
        if (is_every(entry.schedule)) {
          const Schedule plain = parse(entry.schedule, job.options);
          job.schedule = finest_cron(plain, o_.from);
          job.options.dst = entry.options.dst_policy();  // the entry's, not standard's default
          job.options.dialect = Dialect::standard;
          // A cron that fires exactly the interval's instants needs no guard.
          const bool limited = !entry.options.except.empty() || entry.options.not_before || entry.options.not_after;
          if (!limited && same_fires(plain, parse(job.schedule, job.options), o_.from)) {
            guarded.reset();
            diag(Severity::info, "interval",
                 fmt::format("the interval fires as the cron expression '{}': exported as that", job.schedule));
          }
        }
      }
    } catch (const Error& e) {
      diag(Severity::error, e.kind() == ErrorKind::unsupported ? "unsupported" : "syntax", e.message());
      throw;
    }
    TargetSchedule ts;
    Schedule own = [&] {
      try {
        ts = to_target(job.schedule, job.options, o_.target);
        return parse(job.schedule, job.options);
      } catch (const Error& e) {
        diag(Severity::error, e.kind() == ErrorKind::unsupported ? "unsupported" : "syntax", e.message());
        throw;
      }
    }();
    const TimeZone zone = own.zone();
    const auto policy = target_dst_policy(o_.target);
    const auto own_fires = fires(own, o_.from);
    // The target's DST behaviour against the entry's own.
    ParseOptions as_target = job.options;
    as_target.dst = policy.value_or(DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both));
    const auto under_target = fires(parse(job.schedule, as_target), o_.from);
    if (policy && under_target != own_fires) {
      const auto only_ours = missing(own_fires, under_target), only_theirs = missing(under_target, own_fires);
      diag(Severity::warning, "dst",
           fmt::format("{} handles DST changes as {}, this entry as {}: {}{}{}", target_name(o_.target), policy->name(),
                       job.options.dst_policy().name(),
                       only_ours.empty() ? "" : "it will not fire at " + instants_text(only_ours, zone),
                       !only_ours.empty() && !only_theirs.empty() ? "; " : "",
                       only_theirs.empty() ? "" : "it will fire at " + instants_text(only_theirs, zone)),
           only_ours.empty() ? only_theirs : only_ours);
    } else if (!policy) {
      ParseOptions shifted = job.options;
      shifted.dst = DstPolicy::of(DstPolicy::Gap::shift, DstPolicy::Overlap::first);
      const auto other = fires(parse(job.schedule, shifted), o_.from);
      if (other != under_target) {
        auto at = missing(under_target, other);
        if (at.empty()) at = missing(other, under_target);
        diag(Severity::warning, "dst-undocumented",
             documented_dst(o_.target).empty()
                 ? fmt::format("{} does not document what it does at DST changes, and this entry fires near one ({})",
                               target_name(o_.target), instants_text(at, zone))
                 : fmt::format("{} does not document all it does at DST changes ({}), and this entry fires near one "
                               "({})",
                               target_name(o_.target), documented_dst(o_.target), instants_text(at, zone)),
             at);
      }
    }
    // The target's text fires as the entry under the target's DST behaviour.
    std::vector<sys_milliseconds> back = under_target;
    if (o_.target != Target::systemd) {
      back = target_fires(o_.target, ts, as_target.dst_policy(), o_.from);
      if (back != under_target) {
        diag(Severity::error, "mismatch",
             fmt::format("the {} text fires differently from the entry (first at {}): not exported; please report "
                         "this as a bug",
                         target_name(o_.target),
                         instants_text(missing(back, under_target).empty() ? missing(under_target, back)
                                                                           : missing(back, under_target),
                                       zone)));
        return;
      }
    }
    if (o_.target == Target::eventbridge && ts.expressions.size() == 2) {
      // Two schedules for a day-of-month OR day-of-week fire twice on a day matching both.
      const auto a = target_fires(o_.target, {{ts.expressions[0]}, ts.zone}, as_target.dst_policy(), o_.from);
      const auto b = target_fires(o_.target, {{ts.expressions[1]}, ts.zone}, as_target.dst_policy(), o_.from);
      std::vector<sys_milliseconds> both;
      std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
      if (!both.empty())
        diag(Severity::warning, "double-fire",
             fmt::format("EventBridge needs two schedules for day-of-month OR day-of-week; both fire on days "
                         "matching both, first at {}",
                         instants_text(both, zone)),
             {both.front()});
    }
    if (o_.target == Target::github_actions) {
      for (std::size_t i = 1; i < under_target.size(); ++i)
        if (under_target[i] - under_target[i - 1] < std::chrono::minutes{5}) {
          diag(Severity::error, "interval",
               fmt::format("GitHub Actions runs schedules at most every 5 minutes; this entry fires at {} and {}",
                           format_rfc3339(under_target[i - 1], zone), format_rfc3339(under_target[i], zone)),
               {under_target[i - 1], under_target[i]});
          return;
        }
      for (const auto& t : under_target)
        if (std::chrono::floor<std::chrono::minutes>(t.time_since_epoch()).count() % 60 == 0) {
          diag(Severity::info, "top-of-hour",
               "GitHub delays and may drop scheduled runs at the top of the hour, its busiest time; H in the minute "
               "field picks a quieter stable minute",
               {t});
          break;
        }
    }
    if (guarded && !guard(entry, job, *guarded, guard_text, as_target.dst_policy(), back)) return;
    if (entry.command.find('%') != std::string::npos)
      diag(Severity::info, "percent",
           "cron turns an unescaped % in a command into a new line (and the rest into standard input); the "
           "exported command keeps % as written");
    write(job, ts);
  }

  // The guard before the command: checked over the year (the target's fires it
  // lets through are exactly the entry's own), then written into `job`.
  bool guard(const Job& entry, Job& job, const Schedule& own, const std::string& text, DstPolicy dst,
             const std::vector<sys_milliseconds>& target) {
    auto diag = [&](Severity s, std::string code, std::string message, std::vector<sys_milliseconds> at = {}) {
      out_.diagnostics.push_back(
          diagnostic(s, std::move(code), entry.line, entry.name, std::move(message), std::move(at)));
    };
    if (o_.target == Target::eventbridge || o_.target == Target::cloud_scheduler) {
      diag(Severity::error, "guard",
           fmt::format("{} starts a target, not a command: there is no place for the guard (fuzzycron due) that this "
                       "schedule needs (an interval, days without fires or bounds); not exported",
                       target_name(o_.target)));
      return false;
    }
    ParseOptions as_target = entry.options;
    as_target.dst = dst;
    const Schedule own_as_target = parse(entry.schedule, as_target);
    const auto want = fires(own_as_target, o_.from);
    const auto window = guard_window(target);
    const auto got = guarded_fires(own_as_target, target, window);
    if (got != want) {
      const auto off = missing(want, got).empty() ? missing(got, want) : missing(want, got);
      diag(Severity::error, "mismatch",
           fmt::format("the target's schedule and the guard fire differently from the entry (first at {}): not "
                       "exported; please report",
                       instants_text(off, own.zone())),
           off);
      return false;
    }
    as_target.dialect = entry.options.dialect;
    job.command = guarded_command(text, as_target, window, entry.command);
    std::string needs = "fuzzycron where the job runs";
    if (!entry.options.except.empty()) needs += " and the calendar's files at the same paths";
    diag(Severity::info, "guard",
         fmt::format("{} fires '{}' ({} times in the year from {}); 'fuzzycron due' before the command lets the "
                     "entry's own {} through and exits 0 at the others. It needs {}; a run that starts {} or more "
                     "late is taken for the next one and does not run",
                     target_name(o_.target), job.schedule, target.size(), format_rfc3339(o_.from, own.zone()),
                     want.size(), needs, duration_text(window)));
    job.schedule = entry.schedule;  // the artifacts name the entry's own schedule
    return true;
  }

  ExportResult result() && { return std::move(out_); }
  void crontab_error(const CrontabError& e) {
    out_.diagnostics.push_back(diagnostic(e.severity, "crontab", e.line, "", e.message, {}));
  }
  void reboot(const Job& job) {
    out_.diagnostics.push_back(diagnostic(Severity::error, "reboot", job.line, job.name,
                                          "@reboot runs at start-up, not at a time of the clock: not exported", {}));
  }

 private:
  std::string unique(std::string name, const Job& job) {
    if (used_.insert(name).second) return name;
    name += "-" + short_hash(job.name + "\n" + std::to_string(job.line));
    used_.insert(name);
    return name;
  }

  std::string header(const Job& job, std::string_view comment) const {
    if (job.line == 0)  // one expression, not a crontab's entry
      return fmt::format("{} fuzzycron export: job {}, schedule {}", comment, json_string(job.name),
                         json_string(job.schedule));
    return fmt::format("{} fuzzycron export: line {}, job {}, schedule {}", comment, job.line, json_string(job.name),
                       json_string(job.schedule));
  }

  // A setting the target has no place for: said per entry, never dropped in silence.
  void not_held(const Job& job, const std::string& key, const std::string& why) {
    const auto given = std::find_if(job.settings.given.begin(), job.settings.given.end(),
                                    [&](const auto& kv) { return kv.first == key; });
    if (given == job.settings.given.end()) return;
    out_.diagnostics.push_back(diagnostic(
        Severity::warning, "setting", job.line, job.name,
        fmt::format("'# {}: {}' is not carried into {}: {}", key, given->second, target_name(o_.target), why), {}));
  }
  void not_held(const Job& job, std::initializer_list<const char*> keys, const std::string& why) {
    for (const char* k : keys) not_held(job, k, why);
  }
  // The host's PATH means nothing in a container or a runner VM.
  std::vector<std::pair<std::string, std::string>> portable_environment(const Job& job) {
    std::vector<std::pair<std::string, std::string>> env;
    for (const auto& kv : job.environment)
      if (kv.first == "PATH")
        out_.diagnostics.push_back(diagnostic(Severity::info, "path", job.line, job.name,
                                              "PATH is the host's: not copied (the image's own PATH applies)", {}));
      else
        env.push_back(kv);
    return env;
  }

  void write(const Job& job, const TargetSchedule& ts) {
    switch (o_.target) {
      case Target::systemd: return systemd(job, ts);
      case Target::kubernetes: return kubernetes(job, ts);
      case Target::github_actions: return github(job, ts);
      case Target::nomad: return nomad(job, ts);
      case Target::eventbridge:
      case Target::cloud_scheduler: return cloud(job, ts);
    }
  }

  void systemd(const Job& job, const TargetSchedule& ts) {
    const std::string name = unique(systemd_escape(job.name), job);
    std::string timer = header(job, "#") + "\n[Unit]\nDescription=" + job.name + " (fuzzycron)\n\n[Timer]\n";
    for (const auto& e : ts.expressions) timer += "OnCalendar=" + e + "\n";
    timer += "AccuracySec=1s\n";
    if (o_.persistent) timer += "Persistent=true\n";
    timer += "\n[Install]\nWantedBy=timers.target\n";
    // systemd expands % specifiers and $ variables itself; the shell gets the command as written.
    std::string command;
    for (char c : job.command) {
      if (c == '%')
        command += "%%";
      else if (c == '$')
        command += "$$";
      else if (c == '"' || c == '\\')
        command += std::string("\\") + c;
      else
        command += c;
    }
    std::string service = header(job, "#") + "\n[Unit]\nDescription=" + job.name + "\n\n[Service]\nType=oneshot\n";
    for (const auto& [k, v] : job.environment) service += "Environment=" + json_string(k + "=" + v) + "\n";
    const tools::EntrySettings& x = job.settings;
    if (x.timeout) service += fmt::format("RuntimeMaxSec={}\n", ceil_seconds(*x.timeout));
    if (x.kill_grace) service += fmt::format("TimeoutStopSec={}\n", ceil_seconds(*x.kill_grace));
    if (x.concurrency && *x.concurrency != Concurrency::forbid)
      not_held(job, "concurrency", "a timer never starts its service while it runs (forbid)");
    if (x.catchup == Catchup::latest && !o_.persistent)
      timer.insert(timer.find("\n[Install]"), "Persistent=true\n");  // one run for what the host slept through
    else if (x.catchup == Catchup::all)
      not_held(job, "catchup", "systemd runs at most the latest missed instant (Persistent=true)");
    not_held(job, {"retry", "retry-on", "on-permanent-failure", "starting-deadline"},
             "a oneshot service has no such setting here; see OnFailure= and Restart= in systemd.service(5)");
    service += "ExecStart=/bin/sh -c \"" + command + "\"\n";
    out_.artifacts.push_back({job.name, job.line, name, name + ".timer", timer});
    out_.artifacts.push_back({job.name, job.line, name, name + ".service", service});
  }

  void kubernetes(const Job& job, const TargetSchedule& ts) {
    for (std::size_t i = 0; i < ts.expressions.size(); ++i) {
      const std::string base = dns_label(job.name, 52);
      const std::string name =
          unique(ts.expressions.size() > 1 ? dns_label(base + "-" + std::to_string(i + 1), 52) : base, job);
      std::string y =
          "---\n" + header(job, "#") + "\napiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: " + name + "\n";
      if (!o_.kubernetes_namespace.empty()) y += "  namespace: " + json_string(o_.kubernetes_namespace) + "\n";
      y += "  annotations:\n    fuzzycron/source: " + json_string(job.schedule) +
           "\n    fuzzycron/seed: " + json_string(json(job.options.seed.parts()).dump()) + "\n";
      const tools::EntrySettings& x = job.settings;
      std::string policy = o_.concurrency;
      if (x.concurrency == Concurrency::forbid) policy = "Forbid";
      if (x.concurrency == Concurrency::allow) policy = "Allow";
      if (x.concurrency == Concurrency::replace) policy = "Replace";
      if (x.concurrency == Concurrency::queue && i == 0)
        not_held(job, "concurrency", "Kubernetes has no queue of one run; written as " + o_.concurrency);
      y += "spec:\n  schedule: " + json_string(ts.expressions[i]) + "\n  timeZone: " + json_string(ts.zone) +
           "\n  concurrencyPolicy: " + policy + "\n";
      if (x.starting_deadline)
        y +=
            fmt::format("  startingDeadlineSeconds: {}\n", std::max<long long>(10, ceil_seconds(*x.starting_deadline)));
      else if (o_.starting_deadline_seconds)
        y += fmt::format("  startingDeadlineSeconds: {}\n", *o_.starting_deadline_seconds);
      y += "  jobTemplate:\n    spec:\n";
      if (x.timeout) y += fmt::format("      activeDeadlineSeconds: {}\n", ceil_seconds(*x.timeout));
      if (x.retry) y += fmt::format("      backoffLimit: {}\n", *x.retry);
      y += "      template:\n        spec:\n          restartPolicy: OnFailure\n";
      if (x.kill_grace) y += fmt::format("          terminationGracePeriodSeconds: {}\n", ceil_seconds(*x.kill_grace));
      y += "          containers:\n          - name: " + dns_label(job.name, 63) +
           "\n            image: " + json_string(o_.image) + "\n            command: [\"/bin/sh\", \"-c\", " +
           json_string(job.command) + "]\n";
      const auto env = portable_environment(job);
      if (!env.empty()) {
        y += "            env:\n";
        for (const auto& [k, v] : env)
          y += "            - name: " + json_string(k) + "\n              value: " + json_string(v) + "\n";
      }
      if (i == 0) {
        if (x.catchup && *x.catchup != Catchup::latest)
          not_held(job, "catchup", "Kubernetes runs the latest missed instant within startingDeadlineSeconds");
        not_held(job, {"retry-on", "on-permanent-failure"}, "a CronJob has no such setting");
      }
      out_.artifacts.push_back({job.name, job.line, name, name + ".yaml", y});
    }
  }

  void github(const Job& job, const TargetSchedule& ts) {
    const std::string name = unique(dns_label(job.name, 60), job);
    std::string y = header(job, "#") + "\nname: " + json_string(job.name) + "\non:\n  schedule:\n";
    for (const auto& e : ts.expressions) {
      y += "    - cron: " + json_string(e) + "\n";
      if (ts.zone != "UTC" && ts.zone != "Etc/UTC") y += "      timezone: " + json_string(ts.zone) + "\n";
    }
    const tools::EntrySettings& x = job.settings;
    y += "  workflow_dispatch: {}\n";
    if (x.concurrency && *x.concurrency != Concurrency::allow)
      y += "concurrency:\n  group: " + json_string(name) +
           "\n  cancel-in-progress: " + (x.concurrency == Concurrency::replace ? "true" : "false") + "\n";
    if (x.concurrency == Concurrency::forbid)
      not_held(job, "concurrency", "GitHub keeps one run waiting while another runs (queue); written as queue");
    y += "jobs:\n  run:\n    runs-on: ubuntu-latest\n";
    if (x.timeout) y += fmt::format("    timeout-minutes: {}\n", (ceil_seconds(*x.timeout) + 59) / 60);
    const auto env = portable_environment(job);
    if (!env.empty()) {
      y += "    env:\n";
      for (const auto& [k, v] : env) y += "      " + json_string(k) + ": " + json_string(v) + "\n";
    }
    y += "    steps:\n";
    if (runs_repository_file(job.command)) y += "      - uses: actions/checkout@v4\n";
    y += "      - run: " + json_string(job.command) + "\n";
    not_held(job, {"retry", "retry-on", "on-permanent-failure", "catchup", "starting-deadline", "kill-grace"},
             "a scheduled workflow has no such setting");
    out_.artifacts.push_back({job.name, job.line, name, name + ".yml", y});
  }

  // HCL strings: JSON's escapes, and template sequences ${ and %{ doubled.
  static std::string hcl(std::string_view s) {
    std::string q = json_string(s), out;
    for (std::size_t i = 0; i < q.size(); ++i) {
      if ((q[i] == '$' || q[i] == '%') && i + 1 < q.size() && q[i + 1] == '{') out += q[i];
      out += q[i];
    }
    return out;
  }

  void nomad(const Job& job, const TargetSchedule& ts) {
    const std::string name = unique(dns_label(job.name, 60), job);
    std::vector<std::string> crons;
    for (const auto& e : ts.expressions) crons.push_back(hcl(e));
    std::string h =
        header(job, "#") + "\njob " + hcl(name) + " {\n  type = \"batch\"\n  periodic {\n    crons            = [" +
        fmt::format("{}", fmt::join(crons, ", ")) + "]\n    time_zone        = " + hcl(ts.zone) +
        "\n    prohibit_overlap = " + (job.settings.concurrency == Concurrency::allow ? "false" : "true") +
        "\n  }\n  group " + hcl(name) + " {\n    task " + hcl(name) +
        " {\n      driver = \"exec\"\n      config {\n        command = \"/bin/sh\"\n        args    = [\"-c\", " +
        hcl(job.command) + "]\n      }\n";
    if (!job.environment.empty()) {
      h += "      env {\n";
      for (const auto& [k, v] : job.environment) h += "        " + hcl(k) + " = " + hcl(v) + "\n";
      h += "      }\n";
    }
    h += "    }\n  }\n}\n";
    out_.artifacts.push_back({job.name, job.line, name, name + ".nomad.hcl", h});
    if (job.settings.concurrency == Concurrency::replace || job.settings.concurrency == Concurrency::queue)
      not_held(job, "concurrency", "Nomad's periodic jobs either overlap or skip (prohibit_overlap)");
    not_held(job,
             {"timeout", "kill-grace", "retry", "retry-on", "on-permanent-failure", "catchup", "starting-deadline"},
             "not written into the Nomad job here");
  }

  // EventBridge Scheduler (aws scheduler create-schedule --cli-input-json) and
  // Cloud Scheduler (a job resource): JSON, one per expression.
  void cloud(const Job& job, const TargetSchedule& ts) {
    const bool aws = o_.target == Target::eventbridge;
    const std::string base = aws ? plain_name(job.name, true, 64) : plain_name(job.name, false, 500);
    const char* suffixes[] = {"-dom", "-dow"};
    for (std::size_t i = 0; i < ts.expressions.size(); ++i) {
      std::string name = base;
      if (ts.expressions.size() == 2 && aws)
        name = plain_name(base + suffixes[i], true, 64);
      else if (ts.expressions.size() > 1)
        name = plain_name(base + "-" + std::to_string(i + 1), aws, aws ? 64 : 500);
      name = unique(name, job);
      json j;
      if (aws) {
        j = {{"Name", name},
             {"ScheduleExpression", "cron(" + ts.expressions[i] + ")"},
             {"ScheduleExpressionTimezone", ts.zone},
             {"FlexibleTimeWindow", {{"Mode", "OFF"}}},
             {"Description", job.name + ": " + job.schedule + " (fuzzycron export)"},
             {"Target",
              {{"Arn", "REPLACE-WITH-TARGET-ARN"},
               {"RoleArn", "REPLACE-WITH-ROLE-ARN"},
               {"Input", json({{"command", job.command}}).dump()}}}};
      } else {
        j = {{"name", name},
             {"schedule", ts.expressions[i]},
             {"timeZone", ts.zone},
             {"description", job.name + ": " + job.command},
             {"httpTarget", {{"uri", "https://REPLACE-WITH-TARGET-URI"}, {"httpMethod", "POST"}}}};
      }
      out_.artifacts.push_back({job.name, job.line, name, name + ".json", j.dump(2) + "\n"});
    }
    not_held(job,
             {"timeout", "kill-grace", "concurrency", "retry", "retry-on", "on-permanent-failure", "catchup",
              "starting-deadline"},
             "not written into the scheduler's definition here");
  }

  const ExportOptions& o_;
  ExportResult out_;
  std::set<std::string> used_;
};

}  // namespace

ExportResult export_crontab(const Crontab& crontab, const ExportOptions& options) {
  Exporter x(options);
  for (const auto& e : crontab.errors) x.crontab_error(e);
  for (const auto& e : crontab.entries) {
    Job job{e.line, e.name, e.command, e.schedule, e.environment, {}, {}};
    std::vector<Diagnostic> problems;
    job.settings = tools::read_entry_settings(e.settings, problems);
    for (auto& p : problems) {
      const auto at = static_cast<std::size_t>(p.line - 1);
      if (at < crontab.lines.size()) p.text = crontab.lines[at];
      x.crontab_error(std::move(p));
    }
    if (e.reboot) {
      x.reboot(job);
      continue;
    }
    try {
      job.options = e.options(options.parse, options.host);
      // Days without fires and bounds: the guard carries them (export_guard.h).
      tools::apply_limits(job.settings, job.settings.except, job.options);
    } catch (const Error& bad) {  // a name or host that cannot be a seed
      x.crontab_error({Severity::error, "", e.line, e.schedule_column, bad.message(), e.text});
      continue;
    }
    try {
      x.add(job);
    } catch (const Error&) {  // reported by add()
    }
  }
  return std::move(x).result();
}

ExportResult export_expression(std::string_view expression, const std::string& job, const std::string& command,
                               const ExportOptions& options) {
  Exporter x(options);
  try {
    x.add({0, job, command, std::string(expression), {}, options.parse});
  } catch (const Error&) {
  }
  return std::move(x).result();
}

}  // namespace fuzzycron
