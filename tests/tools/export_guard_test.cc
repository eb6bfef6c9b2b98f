// Export of schedules a target cannot say (tools/export_guard.h): the finest
// cron the target fires, and the guard (fuzzycron due) that lets the entry's
// own fires through; checked here against fire times computed independently.
#include "tools/export_guard.h"

#include <gtest/gtest.h>

#include "fuzzycron/exporter.h"
#include "fuzzycron/rfc3339.h"

namespace fuzzycron::tools {
namespace {

using std::chrono::days;
using std::chrono::minutes;

ExportOptions options_for(Target t, const std::string& zone = "UTC") {
  ExportOptions o;
  o.target = t;
  o.parse.time_zone = zone;
  o.from = *parse_rfc3339("2026-01-01T00:00:00Z");
  return o;
}

const ExportDiagnostic* with_code(const ExportResult& r, const std::string& code) {
  for (const auto& d : r.diagnostics)
    if (d.code == code) return &d;
  return nullptr;
}

ParseOptions zoned(const std::string& zone) {
  ParseOptions o;
  o.time_zone = zone;
  return o;
}

std::vector<sys_milliseconds> all_fires(const Schedule& s, sys_milliseconds from, sys_milliseconds to) {
  std::vector<sys_milliseconds> out;
  for (auto t : s.fires(from, to)) out.push_back(t);
  return out;
}

TEST(ExportGuard, FinestCronHoldsEveryFire) {
  const auto from = *parse_rfc3339("2026-01-01T00:00:00Z");
  struct Case {
    const char* schedule;
    const char* zone;
    const char* cron;
  } cases[] = {
      {"@every 90m from 2026-01-01T00:00Z", "UTC", "0,30 0,1,3,4,6,7,9,10,12,13,15,16,18,19,21,22 * * *"},
      {"@every 2w from 2026-01-06T09:00", "Europe/Berlin", "0 9 * * 2"},
      // Clamped to the month's last day: Feb 29 of 2028 comes within the eight years read.
      {"@every 1mo from 2026-01-31T10:00", "America/New_York", "0 10 28,29,30,31 * *"},
      {"@every 6h from 2026-01-01T03:15", "UTC", "15 3,9,15,21 * * *"},
  };
  for (const auto& c : cases) {
    const Schedule s = parse(c.schedule, zoned(c.zone));
    const std::string cron = finest_cron(s, from);
    EXPECT_EQ(cron, c.cron) << c.schedule;
    // Every fire over three years is a fire of the cron.
    const Schedule t = parse(cron, zoned(c.zone));
    for (auto f : all_fires(s, from, from + days{3 * 366}))
      ASSERT_EQ(t.next(f - std::chrono::milliseconds{1}), f) << c.schedule << " at " << format_rfc3339(f, s.zone());
  }
  EXPECT_THROW(finest_cron(parse("@every 90s from 2026-01-01T00:00Z", {}), from), Error);
}

TEST(ExportGuard, GuardLetsExactlyTheOwnFiresThrough) {
  const auto from = *parse_rfc3339("2026-01-01T00:00:00Z");
  ParseOptions o = zoned("Europe/Berlin");
  o.except = "2026-03-10..2026-03-20,2026-12-24";
  const Schedule own = parse("@every 2w from 2026-01-06T09:00", o);
  const Schedule target = parse(finest_cron(parse("@every 2w from 2026-01-06T09:00", zoned("Europe/Berlin")), from),
                                zoned("Europe/Berlin"));
  const auto target_fires = all_fires(target, from, from + days{366});
  const auto window = guard_window(target_fires);
  EXPECT_EQ(window, days{1});
  EXPECT_EQ(guarded_fires(own, target_fires, window), all_fires(own, from, from + days{366}));
  // A run that starts late (under the window) still stands for its fire.
  std::vector<sys_milliseconds> late;
  for (auto t : target_fires) late.push_back(t + minutes{50});
  EXPECT_EQ(guarded_fires(own, late, window).size(), all_fires(own, from, from + days{366}).size());
}

TEST(ExportGuard, DurationsAndQuoting) {
  EXPECT_EQ(duration_text(days{7}), "7d");
  EXPECT_EQ(duration_text(minutes{30}), "30m");
  EXPECT_EQ(duration_text(std::chrono::seconds{90}), "90s");
  EXPECT_EQ(duration_text(std::chrono::milliseconds{1500}), "1500ms");
  ParseOptions o = zoned("America/New_York");
  o.except = "holidays.ics";
  EXPECT_EQ(guarded_command("0 9 * * *", o, days{1}, "echo it's"),
            "exec fuzzycron due '0 9 * * *' -d standard -z 'America/New_York' --dst cron --except 'holidays.ics' "
            "--window 1d -- /bin/sh -c 'echo it'\\''s'");
}

TEST(ExportGuard, AnIntervalGoesOutAsCronAndGuard) {
  const auto r =
      export_expression("@every 90m from 2026-01-01T00:00Z", "sync", "/bin/sync", options_for(Target::kubernetes));
  ASSERT_EQ(r.artifacts.size(), 1u) << (r.diagnostics.empty() ? "" : r.diagnostics.front().message);
  const std::string& y = r.artifacts.front().text;
  EXPECT_NE(y.find("schedule: \"0,30 0,1,3,4,6,7,9,10,12,13,15,16,18,19,21,22 * * *\""), std::string::npos) << y;
  EXPECT_NE(y.find("fuzzycron/source: \"@every 90m from 2026-01-01T00:00Z\""), std::string::npos) << y;
  EXPECT_NE(y.find("exec fuzzycron due '@every 90m from 2026-01-01T00:00Z' -d standard -z 'UTC'"), std::string::npos)
      << y;
  EXPECT_NE(y.find("--window 30m -- /bin/sh -c '/bin/sync'"), std::string::npos) << y;
  const auto* info = with_code(r, "guard");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->severity, Severity::info);
  EXPECT_NE(info->message.find("11712 times"), std::string::npos) << info->message;  // 366 days, 16 hours a day, twice
  EXPECT_NE(info->message.find("own 5856"), std::string::npos) << info->message;     // every 90 minutes
}

TEST(ExportGuard, AHashedPhaseIsResolvedIntoTheGuard) {
  ExportOptions o = options_for(Target::systemd, "Europe/Berlin");
  o.parse.seed = Seed({"report"});
  const auto r = export_expression("@every 6h", "report", "make report", o);
  ASSERT_FALSE(r.artifacts.empty()) << (r.diagnostics.empty() ? "" : r.diagnostics.front().message);
  const std::string& service = r.artifacts.back().text;
  // The drawn phase is written as `from`: the guard needs no seed.
  EXPECT_NE(service.find("fuzzycron due '@every 6h from "), std::string::npos) << service;
  EXPECT_EQ(service.find("--seed"), std::string::npos) << service;
}

TEST(ExportGuard, DaysWithoutFiresFromACrontabEntry) {
  const std::string tab = "# except: 2026-12-25\n# not-after: 2026-12-31T23:59:59Z\n0 9 * * * /bin/backup\n";
  const auto r = export_crontab(parse_crontab(tab), options_for(Target::github_actions));
  ASSERT_EQ(r.artifacts.size(), 1u);
  const std::string& y = r.artifacts.front().text;
  EXPECT_NE(y.find("cron: \"0 9 * * *\""), std::string::npos) << y;
  EXPECT_NE(y.find("--except '2026-12-25' --not-after 2026-12-31T23:59:59Z --window 1d"), std::string::npos) << y;
  for (const auto& d : r.diagnostics) EXPECT_NE(d.code, "setting") << d.message;  // carried, not dropped
}

TEST(ExportGuard, AnIntervalACronCanSayNeedsNoGuard) {
  for (Target t : {Target::kubernetes, Target::eventbridge}) {
    const auto r = export_expression("@every 6h from 2026-01-01T03:15", "x", "/bin/x", options_for(t, "Asia/Tokyo"));
    ASSERT_FALSE(r.artifacts.empty());
    const std::string& text = r.artifacts.front().text;
    EXPECT_EQ(text.find("fuzzycron due"), std::string::npos) << text;
    EXPECT_NE(text.find("15 3,9,15,21 * *"), std::string::npos) << text;
    const auto* d = with_code(r, "interval");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->severity, Severity::info);
  }
  // Six hours of elapsed time across a DST change are not a cron: guarded.
  const auto r = export_expression("@every 6h from 2026-01-01T03:15", "x", "/bin/x",
                                   options_for(Target::kubernetes, "Europe/Berlin"));
  ASSERT_FALSE(r.artifacts.empty());
  EXPECT_NE(r.artifacts.front().text.find("fuzzycron due"), std::string::npos);
}

TEST(ExportGuard, TargetsWithoutACommandRefuse) {
  for (Target t : {Target::eventbridge, Target::cloud_scheduler}) {
    const auto r = export_expression("@every 2w from 2026-01-06T09:00", "x", "true", options_for(t));
    EXPECT_TRUE(r.artifacts.empty());
    const auto* d = with_code(r, "guard");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->severity, Severity::error);
    EXPECT_NE(d->message.find("no place for the guard"), std::string::npos) << d->message;
  }
  const auto r = export_expression("@every 90s from 2026-01-01T00:00Z", "x", "true", options_for(Target::kubernetes));
  EXPECT_TRUE(r.artifacts.empty());
  const auto* d = with_code(r, "unsupported");
  ASSERT_NE(d, nullptr);
  EXPECT_NE(d->message.find("off the whole minute"), std::string::npos) << d->message;
}

}  // namespace
}  // namespace fuzzycron::tools
