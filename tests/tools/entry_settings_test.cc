// The one reader of per-job settings ("# timeout: 30m" above an entry), which
// the runner and export share: tools/entry_settings.h.
#include "tools/entry_settings.h"

#include <gtest/gtest.h>

#include "fuzzycron/crontab.h"
#include "fuzzycron/exporter.h"

namespace fuzzycron {
namespace {

// Each key's value, what is unset, and a bad value at its column
// while the others still read.
TEST(EntrySettings, ReadsEachKeyAndSaysWhereAValueIsBad) {
  const Crontab tab = parse_crontab(
      "# name: nightly\n# owner: team-a\n# timeout: 1h30m\n# kill-grace: 20s\n# concurrency: queue\n"
      "# catchup: all:5\n# starting-deadline: 2m\n# retry: 3\n# retry-on: 75,11\n"
      "# on-permanent-failure: notify me\n# on-lost: rerun\n# dst: skip-first\n0 3 * * * /bin/x\n");
  ASSERT_EQ(tab.entries.size(), 1u);
  std::vector<Diagnostic> problems;
  const tools::EntrySettings s = tools::read_entry_settings(tab.entries[0].settings, problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(s.timeout, std::chrono::minutes(90));
  EXPECT_EQ(s.kill_grace, std::chrono::seconds(20));
  EXPECT_EQ(s.concurrency, tools::Concurrency::queue);
  EXPECT_EQ(s.catchup, tools::Catchup::all);
  EXPECT_EQ(s.catchup_max, 5);
  EXPECT_EQ(s.starting_deadline, std::chrono::minutes(2));
  EXPECT_EQ(s.retry, 3);
  EXPECT_EQ(s.retry_on, (std::vector<int>{75, 11}));
  EXPECT_EQ(s.on_permanent_failure, "notify me");
  EXPECT_EQ(s.rerun_lost, true);
  EXPECT_EQ(s.dst, DstPolicy::from_name("skip-first"));
  EXPECT_EQ(s.given.size(), 10u);  // not name, not the prose
  const Crontab bare = parse_crontab("0 3 * * * /bin/x\n");
  const tools::EntrySettings none = tools::read_entry_settings(bare.entries[0].settings, problems);
  EXPECT_FALSE(none.timeout || none.concurrency || none.catchup || none.retry || none.rerun_lost || none.dst);
  const Crontab bad =
      parse_crontab("# retry: many\n# timeout: 5m\n# retry-on: 75,0\n# catchup: all:0\n0 3 * * * /bin/x\n");
  const tools::EntrySettings some = tools::read_entry_settings(bad.entries[0].settings, problems);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0].line, 1);
  EXPECT_EQ(problems[0].column, 10);
  EXPECT_EQ(problems[0].message, "retry: takes a number of retries from 0 to 100");
  EXPECT_EQ(problems[1].line, 3);
  EXPECT_EQ(problems[2].message, "catchup: 'all:N' takes N from 1 to 1000");
  EXPECT_EQ(some.timeout, std::chrono::minutes(5));
  EXPECT_FALSE(some.retry);
  for (const auto& p : problems) EXPECT_EQ(p.severity, Severity::error) << p.message;
}

// A near miss of a key is prose to cron and a setting lost to the runner:
// said as a warning at the key, never for prose that is not close to one.
TEST(EntrySettings, NearMissOfAKeyIsAWarningAtTheKey) {
  const Crontab tab = parse_crontab("# owner: team-a\n#  timout: 5m\n# retyr: 3\n0 3 * * * /bin/x\n");
  std::vector<Diagnostic> problems;
  const tools::EntrySettings s = tools::read_entry_settings(tab.entries[0].settings, problems);
  EXPECT_FALSE(s.timeout);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].severity, Severity::warning);
  EXPECT_EQ(problems[0].line, 2);
  EXPECT_EQ(problems[0].column, 4);
  EXPECT_EQ(problems[0].message, "'timout' is not a job setting (read as a comment): did you mean 'timeout'?");
  EXPECT_EQ(problems[1].message, "'retyr' is not a job setting (read as a comment): did you mean 'retry'?");
}

// Days without fires and bounds (issue 32): kept as written for the runner,
// which hands them to the library; a bound that is not an instant is said here;
// export carries them into no target and says so for each job.
TEST(EntrySettings, ExceptAndBoundsAreReadAndExportCarriesThem) {
  const std::string text =
      "# name: daily\n# except: holidays.ics,2026-12-24\n# not-before: 2026-01-05T00:00:00Z\n"
      "# not-after: 2026-12-31T23:59:59Z\n0 9 * * * /bin/x\n";
  const Crontab tab = parse_crontab(text);
  std::vector<Diagnostic> problems;
  const tools::EntrySettings s = tools::read_entry_settings(tab.entries[0].settings, problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(s.except, "holidays.ics,2026-12-24");
  EXPECT_EQ(s.not_before, "2026-01-05T00:00:00Z");
  EXPECT_EQ(s.not_after, "2026-12-31T23:59:59Z");
  const Crontab bad = parse_crontab("# not-after: next friday\n0 9 * * * /bin/x\n");
  tools::read_entry_settings(bad.entries[0].settings, problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].column, 14);
  EXPECT_EQ(problems[0].message, "not-after: 'next friday': write RFC 3339 with an offset, e.g. 2026-03-02T00:00:00Z");
  // Export carries them in the guard before the command (export_guard.h); a
  // calendar file it cannot read is an error naming it, never dropped.
  ExportOptions o;
  o.target = Target::systemd;
  const ExportResult r = export_crontab(tab, o);
  EXPECT_TRUE(r.artifacts.empty());
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics.front().severity, Severity::error);
  EXPECT_NE(r.diagnostics.front().message.find("holidays.ics"), std::string::npos) << r.diagnostics.front().message;
}

}  // namespace
}  // namespace fuzzycron
