#include "fuzzycron/crontab.h"

#include <gtest/gtest.h>

#include "fuzzycron/error.h"

namespace fuzzycron {
namespace {

TEST(Crontab, EntriesNamesZonesAndVariables) {
  const auto tab = parse_crontab(
      "# fleet\nMAILTO=ops@example.com\nCRON_TZ = \"Europe/Berlin\"\n# name: db-sync\n  H/5 * * * * /usr/bin/db-sync "
      "--quick\n"
      "\n@daily  /usr/bin/rotate\r\n@reboot /bin/agent\n");
  ASSERT_EQ(tab.errors.size(), 0u);
  ASSERT_EQ(tab.entries.size(), 3u);
  const auto& e = tab.entries[0];
  EXPECT_EQ(e.line, 5);
  EXPECT_EQ(e.schedule, "H/5 * * * *");
  EXPECT_EQ(e.schedule_column, 3);
  EXPECT_EQ(e.command, "/usr/bin/db-sync --quick");
  EXPECT_EQ(e.name, "db-sync");
  EXPECT_EQ(e.zone, "Europe/Berlin");
  EXPECT_EQ(e.seed("web-07"), Seed({"web-07", "db-sync"}));
  EXPECT_EQ(e.seed(), Seed({"db-sync"}));
  EXPECT_EQ(tab.entries[1].schedule, "@daily");
  EXPECT_EQ(tab.entries[1].name, "/usr/bin/rotate");  // no "# name:" directly above
  EXPECT_EQ(tab.entries[1].command, "/usr/bin/rotate");
  EXPECT_TRUE(tab.entries[2].reboot);
  EXPECT_EQ(tab.lines.size(), 8u);
}

TEST(Crontab, BadLinesAreReportedAndTheRestStillRead) {
  const std::string huge(1 << 20, 'x');
  const auto tab = parse_crontab("0 0 * * *\n* * * *\n" + huge + "\n5 4 * * * /bin/ok\n" +
                                 std::string("bin\0ary\n", 8) + "H(0-29) * * * * /bin/two");
  ASSERT_EQ(tab.entries.size(), 2u);
  EXPECT_EQ(tab.entries[0].line, 4);
  EXPECT_EQ(tab.entries[1].line, 6);
  ASSERT_EQ(tab.errors.size(), 4u);
  EXPECT_EQ(tab.errors[0].line, 1);
  EXPECT_NE(tab.errors[0].message.find("no command"), std::string::npos);
  EXPECT_EQ(tab.errors[1].line, 2);
  EXPECT_EQ(tab.errors[2].line, 3);
  EXPECT_LE(tab.errors[2].text.size(), 210u);  // a 1 MB line is shown shortened
  EXPECT_NE(tab.errors[3].message.find("NUL"), std::string::npos);
}

TEST(Crontab, EmptyAndQuartzLayouts) {
  EXPECT_TRUE(parse_crontab("").entries.empty());
  const auto q = parse_crontab("0 0 12 ? * MON /bin/weekly", Dialect::quartz);
  ASSERT_EQ(q.entries.size(), 1u);
  EXPECT_EQ(q.entries[0].schedule, "0 0 12 ? * MON");
}

// Found by fuzz_crontab: a command that is not valid UTF-8 is the job's name,
// so its seed is rejected; the error must still carry the entry's line.
TEST(Crontab, InvalidUtf8JobNameIsReportedAtItsLine) {
  const Crontab tab = parse_crontab("0 * * * * /bin/ok\n10 * * * * /bin/\xfb\n");
  ASSERT_EQ(tab.entries.size(), 2u);
  try {
    tab.entries[1].parse(ParseOptions{});
    FAIL() << "accepted an invalid UTF-8 seed";
  } catch (const Error& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 12);  // the command, which names the job
    EXPECT_NE(e.message().find("seed"), std::string::npos) << e.message();
  }
  EXPECT_NO_THROW(tab.entries[0].parse(ParseOptions{}));
}

// An @every schedule takes the words the interval reader takes whole; the rest
// is the command, even when it starts like a clause ("on-call.sh").
TEST(Crontab, EveryTakesItsClausesAndNoMore) {
  const Crontab tab = parse_crontab(
      "@every 2h on-call.sh\n"
      "@EVERY 25m between 09:00 and 17:00 on mon-fri /bin/report on time\n"
      "@every 2w from 2026-01-06T09:00 backup.sh\n",
      Dialect::standard);
  ASSERT_EQ(tab.entries.size(), 3u);
  EXPECT_EQ(tab.entries[0].schedule, "@every 2h");
  EXPECT_EQ(tab.entries[0].command, "on-call.sh");
  EXPECT_EQ(tab.entries[1].schedule, "@EVERY 25m between 09:00 and 17:00 on mon-fri");
  EXPECT_EQ(tab.entries[1].command, "/bin/report on time");
  EXPECT_EQ(tab.entries[2].schedule, "@every 2w from 2026-01-06T09:00");
  // robfig's @every (kubernetes) is two words: no clauses there.
  const Crontab k = parse_crontab("@every 5m from x\n", Dialect::kubernetes);
  ASSERT_EQ(k.entries.size(), 1u);
  EXPECT_EQ(k.entries[0].command, "from x");
}

}  // namespace
}  // namespace fuzzycron
