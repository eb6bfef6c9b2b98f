// The `// Example:` blocks of the public headers, run with the answers they
// write out: a header that teaches a wrong answer fails here.
#include <gtest/gtest.h>

#include "fuzzycron/fuzzycron.h"
#include "fuzzycron/options.h"
#include "fuzzycron/tools.h"
#include "testing.h"

namespace fuzzycron {
namespace {

using namespace std::chrono_literals;

using testing::at;

TEST(HeaderExamples, Parse) {  // parse.h
  ParseOptions o;
  o.time_zone = "Europe/Berlin";
  const Schedule s = parse("*/15 9-17 * * mon-fri", o);
  EXPECT_EQ(format_rfc3339(*s.next(at("2026-03-06T16:50:00Z")), s.zone()), "2026-03-09T09:00:00+01:00");
  o.seed = Seed({"web-07", "backup-db"});
  EXPECT_EQ(format_rfc3339(*parse("H 3 * * *", o).next(at("2026-03-06T00:00:00Z")), s.zone()),
            "2026-03-06T03:12:00+01:00");
  EXPECT_TRUE(parse("0 0 30 2 *").never());
  try {
    parse("61 * * * *");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.column(), 1);
    EXPECT_NE(e.message().find("minute: 61 is out of range"), std::string::npos) << e.message();
  }
}

TEST(HeaderExamples, NextPrevFires) {  // schedule.h
  const Schedule monthly = parse("0 0 1 * *");
  const auto t = at("2026-03-15T12:00:00Z");
  EXPECT_EQ(monthly.next(t), at("2026-04-01T00:00:00Z"));
  EXPECT_EQ(monthly.prev(t), at("2026-03-01T00:00:00Z"));
  EXPECT_EQ(monthly.next(*monthly.prev(t)), monthly.next(t));
  EXPECT_EQ(parse("0 0 30 2 *").next(t), std::nullopt);
  const auto day = at("2026-03-15T00:00:00Z");
  std::vector<sys_milliseconds> times;
  for (auto f : parse("0 */6 * * *").fires(day, day + std::chrono::days{1})) times.push_back(f);
  EXPECT_EQ(times, (std::vector{day, day + 6h, day + 12h, day + 18h}));
}

TEST(HeaderExamples, Locate) {  // time_zone.h
  EXPECT_EQ(TimeZone::locate("America/New_York").name(), "America/New_York");
  try {
    TimeZone::locate("Mars/Olympus");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::time_zone);
  }
}

TEST(HeaderExamples, ResolveAndSeedOffset) {  // resolve.h
  ParseOptions o;
  o.seed = Seed({"backup-db"});
  EXPECT_EQ(resolve("H/15 H(9-17) * * *", o), "12-59/15 12 * * *");
  o.seed = Seed({"web-07", "backup-db"});
  EXPECT_EQ(resolve("H 3 * * *", o), "12 3 * * *");
  EXPECT_EQ(seed_offset(Seed({"nightly"}), 15min), 522707ms);
}

TEST(HeaderExamples, Crontab) {  // crontab.h
  const Crontab tab = parse_crontab("# name: backup\nH 3 * * * /backup.sh\n");
  ASSERT_EQ(tab.entries.size(), 1u);
  ParseOptions o;
  o.seed = Seed({"web-07", "backup"});
  const auto from = at("2026-03-06T00:00:00Z");
  EXPECT_EQ(tab.entries[0].parse({}, "web-07").next(from), parse("H 3 * * *", o).next(from));
}

TEST(HeaderExamples, OptionsFromNames) {  // options.h
  OptionNames names;
  names.set("dialect", "quartz");
  names.set("zone", "Europe/Berlin");
  names.set("seed", "backup-db");
  const ParseOptions o = options_from_names(names);
  EXPECT_EQ(o.dialect, Dialect::quartz);
  EXPECT_EQ(o.seed.parts(), std::vector<std::string>{"backup-db"});
  try {
    names.set("dialect", "quarts");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::argument);
    EXPECT_NE(e.message().find("dialect: unknown value 'quarts': use standard, quartz"), std::string::npos);
  }
  try {
    names.set("dts", "wall");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(e.message().find("unknown option 'dts' (did you mean 'dst'?)"), std::string::npos);
  }
  EXPECT_EQ(parse_duration("1h30m"), 90min);
  try {
    parse_duration("15mins");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.column(), 3);
  }
}

TEST(HeaderExamples, Diagnostic) {  // diagnostic.h
  EXPECT_EQ(format_diagnostic("jobs.crontab", {Severity::error, "", 3, 5, "unknown month 'jna'", "0 0 1 jna * x"}),
            "jobs.crontab:3:5: error: unknown month 'jna'\n  0 0 1 jna * x\n      ^\n");
  EXPECT_EQ(format_diagnostic("", {Severity::warning, "FC101", 0, 1, "*/15 fires ...", ""}),
            "column 1: warning FC101: */15 fires ...\n");
  // Without a file, a line of a multi-line expression; with one, no column when it is 0.
  EXPECT_EQ(format_diagnostic("", {Severity::info, "", 2, 3, "m", ""}), "line 2, column 3: info: m\n");
  EXPECT_EQ(format_diagnostic("a.crontab", {Severity::error, "unsupported", 4, 0, "m", ""}),
            "a.crontab:4: error unsupported: m\n");
}

TEST(HeaderExamples, Lint) {  // lint.h
  const auto findings = lint("*/15 * * * *", {});
  ASSERT_FALSE(findings.empty());
  EXPECT_EQ(findings[0].code, "FC101");
  EXPECT_EQ(findings[0].severity, Severity::warning);
}

TEST(HeaderExamples, Balance) {  // balance.h
  const Balance lock = Balance::read(R"({"fuzzycron_balance": 1, "dialect": "standard",
      "hash": "fc1", "epsilon": 0.25, "groups": [{"shape": "H * * * *", "zone": "UTC",
      "slots": 60, "capacity": 1, "jobs": {"web-1/backup": [17]}}]})");
  EXPECT_EQ(*lock.find("H  * * * *", "UTC", Seed({"web-1", "backup"})), std::vector<int>{17});
  EXPECT_EQ(lock.find("H * * * *", "UTC", Seed({"web-2", "backup"})), nullptr);
  ParseOptions o;
  o.seed = Seed({"web-1", "backup"});
  o.balance = std::make_shared<const Balance>(lock);
  EXPECT_EQ(resolve("H * * * *", o), "17 * * * *");
}

TEST(HeaderExamples, Balancer) {  // balancer.h
  std::vector<BalanceJob> jobs;
  for (const char* host : {"a", "b", "c"}) {
    BalanceJob j{.expression = "H * * * *"};
    j.options.seed = Seed({host, "sync"});
    jobs.push_back(j);
  }
  const BalanceResult r = balance(jobs, {});
  EXPECT_EQ(r.groups[0].peak, 1u);
}

TEST(HeaderExamples, Spread) {  // spread.h
  SpreadOptions o;
  o.hosts = {"web-1", "web-2", "web-3", "web-4"};
  o.window = std::chrono::hours{1};
  const Spread s = spread(parse_crontab("0 * * * * a\nH * * * * b\n"), o);
  EXPECT_EQ(s.before.peak, 8u);
  EXPECT_LT(s.after.peak, 8u);
  EXPECT_GE(s.after.peak, 4u);
}

}  // namespace
}  // namespace fuzzycron
