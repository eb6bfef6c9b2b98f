// The exporter's contract (fuzzycron/exporter.h): valid, stable, distinct
// names; entries a target cannot take reported with their line and left out
// while the rest is written; DST, EventBridge and GitHub diagnostics where the
// target behaves differently from the entry.
#include "fuzzycron/exporter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "fuzzycron/resolve.h"
#include "fuzzycron/rfc3339.h"

namespace fuzzycron {
namespace {

ExportOptions options_for(Target t, const std::string& zone = "UTC") {
  ExportOptions o;
  o.target = t;
  o.parse.time_zone = zone;
  o.host = "web-07";
  o.from = *parse_rfc3339("2026-01-01T00:00:00Z");
  return o;
}

ExportResult run(const std::string& crontab, const ExportOptions& o) {
  return export_crontab(parse_crontab(crontab, o.parse.dialect), o);
}

std::vector<const ExportDiagnostic*> with_code(const ExportResult& r, const std::string& code) {
  std::vector<const ExportDiagnostic*> out;
  for (const auto& d : r.diagnostics)
    if (d.code == code) out.push_back(&d);
  return out;
}

std::set<int> exported_lines(const ExportResult& r) {
  std::set<int> out;
  for (const auto& a : r.artifacts) out.insert(a.line);
  return out;
}

const std::string kAwkwardNames =
    "# name: nightly backup \xc3\xbc"
    "n\xc3\xaf"
    "code\n"
    "H 3 * * * /usr/bin/backup\n"
    "# name: a b\n"
    "H * * * * echo a\n"
    "# name: a_b\n"
    "H * * * * echo b\n"
    "# name: A-B\n"
    "H * * * * echo c\n"
    "# name: " +
    std::string(300, 'x') +
    "\n"
    "H * * * * echo long\n"
    "*/10 * * * * /bin/poll\n";

TEST(Exporter, NamesAreValidStableAndDistinct) {
  // What each target accepts as a name (research/exports.md): the first
  // character's set, the others', and whether the last must be alphanumeric.
  // (Predicates, not std::regex: GCC 12's <regex> trips -Wmaybe-uninitialized under ASan.)
  auto lower_dns = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
  struct Rule {
    std::function<bool(char)> first, rest;
    bool alnum_last;
  };
  const std::vector<std::pair<Target, Rule>> rules{
      {Target::kubernetes, {lower_dns, [&](char c) { return lower_dns(c) || c == '-'; }, true}},
      {Target::nomad, {lower_dns, [&](char c) { return lower_dns(c) || c == '-'; }, true}},
      {Target::github_actions, {lower_dns, [&](char c) { return lower_dns(c) || c == '-'; }, true}},
      {Target::eventbridge,
       {[&](char c) { return alnum(c) || c == '_' || c == '.'; },
        [&](char c) { return alnum(c) || c == '_' || c == '.' || c == '-'; }, false}},
      {Target::cloud_scheduler,
       {[&](char c) { return alnum(c) || c == '_'; }, [&](char c) { return alnum(c) || c == '_' || c == '-'; }, false}},
      {Target::systemd,
       {[&](char c) { return alnum(c) || c == ':' || c == '_' || c == '\\'; },
        [&](char c) { return alnum(c) || c == ':' || c == '_' || c == '\\' || c == '.' || c == '-'; }, false}},
  };
  auto valid = [&](const Rule& r, const std::string& name) {
    if (name.empty() || !r.first(name.front()) || (r.alnum_last && !alnum(name.back()))) return false;
    return std::all_of(name.begin() + 1, name.end(), r.rest);
  };
  const std::map<Target, std::size_t> longest{{Target::kubernetes, 52},       {Target::nomad, 63},
                                              {Target::github_actions, 63},   {Target::eventbridge, 64},
                                              {Target::cloud_scheduler, 500}, {Target::systemd, 255}};
  for (const auto& [target, valid_rule] : rules) {
    const auto o = options_for(target);
    const ExportResult a = run(kAwkwardNames, o), b = run(kAwkwardNames, o);
    EXPECT_EQ(exported_lines(a), (std::set<int>{2, 4, 6, 8, 10, 11})) << target_name(target);
    std::set<std::string> names;
    std::set<int> lines;
    for (const auto& art : a.artifacts) {
      EXPECT_TRUE(valid(valid_rule, art.name)) << target_name(target) << ": '" << art.name << "'";
      EXPECT_LE(art.name.size(), longest.at(target)) << target_name(target) << ": " << art.name;
      if (lines.insert(art.line).second) {
        EXPECT_TRUE(names.insert(art.name).second) << "two jobs named " << art.name;
      }
    }
    ASSERT_EQ(a.artifacts.size(), b.artifacts.size());
    for (std::size_t i = 0; i < a.artifacts.size(); ++i) {
      EXPECT_EQ(a.artifacts[i].name, b.artifacts[i].name);
      EXPECT_EQ(a.artifacts[i].text, b.artifacts[i].text);
    }
  }
}

TEST(Exporter, DerivedNamesDoNotDependOnTheOtherJobs) {
  // A job's name is a function of its own name: adding a job elsewhere in the
  // file renames nothing that already had a name of its own.
  const auto o = options_for(Target::kubernetes);
  const ExportResult alone = run("# name: a b\nH * * * * echo a\n", o);
  const ExportResult among = run("# name: zzz\n0 1 * * * z\n# name: a b\nH * * * * echo a\n", o);
  ASSERT_EQ(alone.artifacts.size(), 1u);
  ASSERT_EQ(among.artifacts.size(), 2u);
  EXPECT_EQ(alone.artifacts[0].name, among.artifacts[1].name);
}

TEST(Exporter, WhatATargetCannotTakeIsLeftOutAndTheRestWritten) {
  auto o = options_for(Target::kubernetes);
  o.parse.dialect = Dialect::quartz;
  const ExportResult r =
      run("# name: with-seconds\n"
          "30 0 * * * ? /bin/a\n"
          "# name: last-day\n"
          "0 0 0 L * ? /bin/b\n"
          "# name: plain\n"
          "0 H 3 * * ? /bin/c\n"
          "# name: broken\n"
          "0 0 25 * * ? /bin/d\n",
          o);
  EXPECT_EQ(exported_lines(r), std::set<int>{6});
  for (int line : {2, 4}) {
    const bool reported = std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const ExportDiagnostic& d) {
      return d.line == line && d.code == "unsupported" && d.severity == Severity::error;
    });
    EXPECT_TRUE(reported) << "line " << line;
  }
  ASSERT_EQ(with_code(r, "syntax").size(), 1u);
  EXPECT_EQ(with_code(r, "syntax")[0]->line, 8);
  EXPECT_EQ(with_code(r, "syntax")[0]->job, "broken");
}

TEST(Exporter, RebootAndBadLinesAreReported) {
  const ExportResult r = run("@reboot /bin/start\nthis is not cron\n0 4 * * * /bin/ok\n", options_for(Target::systemd));
  EXPECT_EQ(exported_lines(r), std::set<int>{3});
  ASSERT_EQ(with_code(r, "reboot").size(), 1u);
  EXPECT_EQ(with_code(r, "reboot")[0]->line, 1);
  EXPECT_EQ(with_code(r, "reboot")[0]->severity, Severity::error);  // left out: the exit status says so
  ASSERT_EQ(with_code(r, "crontab").size(), 1u);
  EXPECT_EQ(with_code(r, "crontab")[0]->line, 2);
}

// Issue 24 item 8: what a job needs besides its schedule reaches the target
// where it has a place; what it cannot hold is said per entry; the host's PATH
// stays on the host; a repository script is checked out first.
TEST(Exporter, EntrySettingsReachTheTarget) {
  const std::string tab =
      "PATH=/usr/local/bin:/usr/bin\nGREETING=hi\n# name: backup\n# owner: team-a\n# timeout: 30m\n"
      "# concurrency: replace\n# retry: 3\n# kill-grace: 20s\n0 3 * * * ./scripts/backup.sh\n";
  ExportResult r = run(tab, options_for(Target::kubernetes));
  ASSERT_EQ(r.artifacts.size(), 1u);
  const std::string& k = r.artifacts[0].text;
  for (const char* want : {"concurrencyPolicy: Replace", "activeDeadlineSeconds: 1800", "backoffLimit: 3",
                           "terminationGracePeriodSeconds: 20", "name: \"GREETING\""})
    EXPECT_NE(k.find(want), std::string::npos) << want << "\n" << k;
  EXPECT_EQ(k.find("PATH"), std::string::npos) << k;
  EXPECT_EQ(with_code(r, "path").size(), 1u);
  EXPECT_TRUE(with_code(r, "setting").empty());
  r = run(tab, options_for(Target::github_actions));
  ASSERT_EQ(r.artifacts.size(), 1u);
  const std::string& g = r.artifacts[0].text;
  for (const char* want : {"timeout-minutes: 30", "cancel-in-progress: true", "- uses: actions/checkout@v4"})
    EXPECT_NE(g.find(want), std::string::npos) << want << "\n" << g;
  EXPECT_EQ(g.find("PATH"), std::string::npos);
  std::set<std::string> said;
  for (const auto* d : with_code(r, "setting")) said.insert(d->message.substr(0, d->message.find(':')));
  EXPECT_EQ(said, (std::set<std::string>{"'# retry", "'# kill-grace"}));
  r = run(tab, options_for(Target::systemd));
  std::string service;
  for (const auto& a : r.artifacts)
    if (a.file.ends_with(".service")) service = a.text;
  EXPECT_NE(service.find("RuntimeMaxSec=1800"), std::string::npos) << service;
  EXPECT_NE(service.find("TimeoutStopSec=20"), std::string::npos) << service;
  said.clear();
  for (const auto* d : with_code(r, "setting")) said.insert(d->message.substr(0, d->message.find(':')));
  EXPECT_EQ(said, (std::set<std::string>{"'# concurrency", "'# retry"}));
  // A bad value is an error at its own line, in the runner's words (one reader
  // for both): a concurrency export did not know was once dropped in silence.
  r = run("# timeout: soon\n# concurrency: sometimes\n# kill-grase: 5s\n0 3 * * * /bin/x\n",
          options_for(Target::kubernetes));
  ASSERT_EQ(with_code(r, "crontab").size(), 3u);
  EXPECT_EQ(with_code(r, "crontab")[2]->severity, Severity::warning);  // a near miss, as run --test says it
  EXPECT_EQ(with_code(r, "crontab")[2]->line, 3);
  EXPECT_EQ(with_code(r, "crontab")[0]->severity, Severity::error);
  EXPECT_EQ(with_code(r, "crontab")[0]->line, 1);
  EXPECT_EQ(with_code(r, "crontab")[0]->message, "timeout: 'soon' is not a duration such as 10m, 90s or 1h30m");
  EXPECT_EQ(with_code(r, "crontab")[1]->line, 2);
  EXPECT_EQ(with_code(r, "crontab")[1]->message, "concurrency: 'sometimes': use forbid, allow, replace or queue");
}

TEST(Exporter, DstDifferencesAreWarnedWithTheInstants) {
  // 02:30 does not exist on 2026-03-08 in New York: cron's policy runs the job
  // once right after the gap; Kubernetes (robfig) and systemd skip the day.
  for (Target t : {Target::kubernetes, Target::systemd, Target::nomad}) {
    const ExportResult r = run("30 2 * * * /bin/job\n", options_for(t, "America/New_York"));
    EXPECT_EQ(exported_lines(r), std::set<int>{1}) << target_name(t);
    const auto dst = with_code(r, "dst");
    ASSERT_EQ(dst.size(), 1u) << target_name(t);
    ASSERT_FALSE(dst[0]->instants.empty());
    EXPECT_EQ(format_rfc3339(dst[0]->instants.front(), TimeZone::locate("America/New_York")),
              "2026-03-08T03:00:00-04:00");
    EXPECT_NE(dst[0]->message.find("2026-03-08T03:00:00-04:00"), std::string::npos) << dst[0]->message;
  }
  // Under the target's own policy there is nothing to say; in UTC neither.
  auto o = options_for(Target::kubernetes, "America/New_York");
  o.parse.dst = *target_dst_policy(Target::kubernetes);
  EXPECT_TRUE(with_code(run("30 2 * * * /bin/job\n", o), "dst").empty());
  EXPECT_TRUE(with_code(run("30 2 * * * /bin/job\n", options_for(Target::kubernetes)), "dst").empty());
  // A target that documents no DST behaviour gets a different warning.
  const ExportResult gha = run("30 2 * * * /bin/job\n", options_for(Target::github_actions, "America/New_York"));
  EXPECT_EQ(with_code(gha, "dst-undocumented").size(), 1u);
}

TEST(Exporter, GithubFloorAndTopOfHour) {
  const ExportResult r =
      run("*/2 * * * * /bin/poll\n0 * * * * /bin/hourly\n17 * * * * /bin/quiet\n", options_for(Target::github_actions));
  EXPECT_EQ(exported_lines(r), (std::set<int>{2, 3}));
  ASSERT_EQ(with_code(r, "interval").size(), 1u);
  EXPECT_EQ(with_code(r, "interval")[0]->line, 1);
  ASSERT_EQ(with_code(r, "top-of-hour").size(), 1u);
  EXPECT_EQ(with_code(r, "top-of-hour")[0]->line, 2);
}

TEST(Exporter, EventBridgeSplitsTheDayRuleAndReportsDoubleFires) {
  // Day 1 OR Monday: two schedules; 2026-06-01 is a Monday, where both fire.
  const ExportResult r = run("0 0 1 * 1 /bin/monthly\n", options_for(Target::eventbridge));
  ASSERT_EQ(r.artifacts.size(), 2u);
  EXPECT_NE(r.artifacts[0].text.find("cron(0 0 1 * ? *)"), std::string::npos) << r.artifacts[0].text;
  EXPECT_NE(r.artifacts[1].text.find("cron(0 0 ? * 2 *)"), std::string::npos) << r.artifacts[1].text;
  const auto twice = with_code(r, "double-fire");
  ASSERT_EQ(twice.size(), 1u);
  EXPECT_EQ(twice[0]->instants.front(), *parse_rfc3339("2026-06-01T00:00:00Z"));
  // AND-like day rules need one schedule and fire once.
  const ExportResult one = run("0 0 1 * * /bin/monthly\n", options_for(Target::eventbridge));
  EXPECT_EQ(one.artifacts.size(), 1u);
  EXPECT_TRUE(with_code(one, "double-fire").empty());
}

TEST(Exporter, SystemdUnitsCarryTheEntry) {
  auto o = options_for(Target::systemd, "Europe/Berlin");
  const std::string tab = "PATH=/usr/bin:/bin\n# name: report\n15 6 1 * 1 /usr/bin/report --monthly\n";
  ExportResult r = run(tab, o);
  ASSERT_EQ(r.artifacts.size(), 2u);
  const auto& timer = r.artifacts[0].file.ends_with(".timer") ? r.artifacts[0] : r.artifacts[1];
  const auto& service = r.artifacts[0].file.ends_with(".service") ? r.artifacts[0] : r.artifacts[1];
  EXPECT_EQ(timer.file, "report.timer");
  EXPECT_EQ(service.file, "report.service");
  // Day 1 OR Monday: two OnCalendar= lines, in the entry's zone.
  EXPECT_NE(timer.text.find("OnCalendar=*-*-01 06:15:00 Europe/Berlin\n"), std::string::npos) << timer.text;
  EXPECT_NE(timer.text.find("OnCalendar=Mon *-*-* 06:15:00 Europe/Berlin\n"), std::string::npos) << timer.text;
  EXPECT_NE(timer.text.find("AccuracySec=1s"), std::string::npos);
  EXPECT_EQ(timer.text.find("Persistent="), std::string::npos);
  EXPECT_NE(service.text.find("Environment=\"PATH=/usr/bin:/bin\""), std::string::npos) << service.text;
  EXPECT_NE(service.text.find("/usr/bin/report --monthly"), std::string::npos);
  o.persistent = true;
  r = run(tab, o);
  EXPECT_NE(r.artifacts[0].text.find("Persistent=true"), std::string::npos);
}

TEST(Exporter, ExpressionIsSeededAsGiven) {
  auto o = options_for(Target::kubernetes);
  o.parse.seed = Seed({"backup"});
  const ExportResult r = export_expression("H 3 * * *", "backup", "/backup.sh", o);
  ASSERT_EQ(r.artifacts.size(), 1u);
  ParseOptions p;
  p.seed = Seed({"backup"});
  const std::string want = "schedule: \"" + resolve("H 3 * * *", p) + "\"";
  EXPECT_NE(r.artifacts[0].text.find(want), std::string::npos) << r.artifacts[0].text;
}

}  // namespace
}  // namespace fuzzycron
