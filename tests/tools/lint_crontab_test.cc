// Lint on a crontab: its entries, their collisions and the groups balancing would cure.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "fuzzycron/lint.h"
#include "tools/lint_testing.h"

namespace fuzzycron {
namespace {

// An entry's `# except:` (a file beside the crontab), `# except-cron:` and
// bounds are read as the runner reads them.
TEST(LintCrontab, EntrySettingsLimitTheSchedule) {
  const auto dir = std::filesystem::temp_directory_path() / "fuzzycron-lint-crontab";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "days.ics") << "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzzycron//test//EN\r\n"
                                     "BEGIN:VEVENT\r\nUID:a@test\r\nDTSTAMP:20260101T000000Z\r\n"
                                     "DTSTART;VALUE=DATE:20260302\r\nDTEND;VALUE=DATE:20260307\r\n"
                                     "SUMMARY:Closed\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
  LintOptions o;
  o.from = *parse_rfc3339("2026-03-01T00:00:00Z");
  o.directory = dir.string();
  const Crontab tab = parse_crontab(
      "# name: weekly\n# except: days.ics\n# not-after: 2026-03-07T00:00:00Z\n0 9 * * mon-fri /bin/a\n"
      "# name: weekend\n# except-cron: * * * * 0,6\n0 9 * * sat /bin/b\n"
      "# name: fine\n# except: days.ics\n0 9 * * * /bin/c\n");
  const auto found = lint(tab, o);
  std::vector<int> lines;
  for (const auto& f : found)
    if (f.code == "FC404") lines.push_back(f.line);
  EXPECT_EQ(lines, (std::vector<int>{4, 7})) << codes(found);
  // A setting's bad value is said at its column.
  const auto bad = lint(parse_crontab("# except-move: sideways\n0 9 * * * /bin/a\n"), o);
  ASSERT_FALSE(bad.empty());
  EXPECT_EQ(bad.front().code, "FC002");
  EXPECT_EQ(bad.front().line, 1);
  EXPECT_EQ(bad.front().column, 16);
  // Without the directory the file is not found: said at the entry, not a crash.
  o.directory.clear();
  bool said = false;
  for (const auto& f : lint(tab, o)) said |= f.code == "FC001" && f.message.find("days.ics") != std::string::npos;
  EXPECT_TRUE(said);
  std::filesystem::remove_all(dir);
}

TEST(LintCrontab, EntriesErrorsAndCollisions) {
  const std::string text =
      "CRON_TZ=Europe/Berlin\n"
      "0 * * * * /bin/a\n"         // 2: FC102 + collisions with 3 and 4
      "0 * * * * /bin/b\n"         // 3
      "  0 * * * * /bin/c\n"       // 4: indented: columns count from the line start
      "H * * * * /bin/hashed\n"    // 5
      "0 0 * * 8 /bin/bad\n"       // 6: FC001 at column 9
      "*/5 * * * *\n"              // 7: FC002 no command
      "CRON_TZ=Mars/Olympus\n"     // 8: FC002 unknown zone
      "H * * * * /bin/on-mars\n";  // 9: FC003
  LintOptions o = options();
  o.host = "web-07";
  const auto f = lint(parse_crontab(text), o);
  auto at = [&](int line, std::string_view code) {
    return std::find_if(f.begin(), f.end(), [&](const Finding& x) { return x.line == line && x.code == code; });
  };
  ASSERT_NE(at(4, "FC102"), f.end()) << codes(f);
  EXPECT_EQ(at(4, "FC102")->column, 3);
  EXPECT_EQ(at(4, "FC102")->suggestion, "  H * * * * /bin/c");
  ASSERT_NE(at(6, "FC001"), f.end());
  EXPECT_EQ(at(6, "FC001")->column, 9);
  ASSERT_NE(at(7, "FC002"), f.end());
  ASSERT_NE(at(8, "FC002"), f.end());
  EXPECT_NE(at(8, "FC002")->message.find("Mars/Olympus"), std::string::npos);
  ASSERT_NE(at(9, "FC003"), f.end());
  EXPECT_NE(at(9, "FC003")->message.find("line 8"), std::string::npos);
  const auto c = at(2, "FC701");
  ASSERT_NE(c, f.end()) << codes(f);
  EXPECT_EQ(c->severity, Severity::warning);
  EXPECT_NE(c->message.find("3 entries (lines 2, 3, 4)"), std::string::npos) << c->message;
  EXPECT_NE(c->message.find("168 times in the week"), std::string::npos) << c->message;
  // The good entries were all still read.
  EXPECT_EQ(at(5, "FC001"), f.end());
}

// Six fields in a five-field crontab: the sixth was read as the command's first word.
TEST(LintCrontab, CommandThatReadsLikeAFieldIsFlagged) {
  const std::string text =
      "* * * * * * /bin/every-second\n"   // 1: '* /bin/every-second' would run
      "*/5 * * * * H/10 /bin/b\n"         // 2: 'H/10 /bin/b'
      "0 3 * * * /bin/fine 5\n"           // 3: an argument may be a number
      "CRON_FIELDS=6\n"                   // 4
      "* * * * * * /bin/read-as-six\n"    // 5: six fields now
      "CRON_FIELDS=5\n"                   // 6
      "# fields: 6\n"                     // 7
      "30 * * * * * /bin/one-entry\n"     // 8
      "0 * * * * * /bin/back-to-five\n";  // 9
  const Crontab tab = parse_crontab(text);
  ASSERT_EQ(tab.entries.size(), 6u);
  EXPECT_EQ(tab.entries[3].schedule, "* * * * * *");
  EXPECT_EQ(tab.entries[3].command, "/bin/read-as-six");
  EXPECT_EQ(tab.entries[4].schedule, "30 * * * * *");
  EXPECT_EQ(tab.entries[5].command, "* /bin/back-to-five");
  const auto f = lint(tab, options());
  std::set<int> lines;
  for (const auto& x : f)
    if (x.code == "FC004") lines.insert(x.line);
  EXPECT_EQ(lines, (std::set<int>{1, 2, 9})) << codes(f);
  const auto first = std::find_if(f.begin(), f.end(), [](const Finding& x) { return x.code == "FC004"; });
  EXPECT_EQ(first->column, 11);
  EXPECT_NE(first->message.find("CRON_FIELDS=6"), std::string::npos) << first->message;
  // A bad value is an error at its line.
  const Crontab bad = parse_crontab("CRON_FIELDS=six\n* * * * * /bin/a\n");
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].line, 1);
}

// Issue 21 item 5: a group whose plain-H values pile up beyond what balancing allows.
TEST(LintCrontab, ImbalanceThatBalancingWouldCure) {
  std::string text;
  for (int i = 1; i <= 40; ++i) text += "# name: job-" + std::to_string(i) + "\nH * * * * /bin/true\n";
  LintOptions o = options();
  auto fc801 = [](const std::vector<Finding>& f) {
    std::vector<Finding> out;
    for (const auto& x : f)
      if (x.code == "FC801") out.push_back(x);
    return out;
  };
  const auto found = fc801(lint(parse_crontab(text), o));
  ASSERT_EQ(found.size(), 1u) << codes(lint(parse_crontab(text), o));
  EXPECT_EQ(found[0].line, 2);
  EXPECT_EQ(found[0].severity, Severity::info);
  EXPECT_NE(found[0].message.find("at most 1 on one"), std::string::npos) << found[0].message;
  EXPECT_NE(found[0].message.find("fuzzycron balance"), std::string::npos) << found[0].message;
  // Three jobs at three minutes: nothing to balance. Jenkins reads H itself: no lock to offer.
  EXPECT_TRUE(fc801(lint(parse_crontab("# name: a\nH * * * * x\n# name: b\nH * * * * y\n"), o)).empty());
  o.runs_on = RunsOn::jenkins;
  EXPECT_TRUE(fc801(lint(parse_crontab(text), o)).empty());
  o.runs_on = RunsOn::fuzzycron;
  // Intervals' phases pile up the same way (issue 32): 100 jobs @every 6h in 360 phases.
  std::string every;
  for (int i = 1; i <= 100; ++i) every += "# name: sync-" + std::to_string(i) + "\n@every 6h /bin/true\n";
  const auto phases = fc801(lint(parse_crontab(every), o));
  ASSERT_EQ(phases.size(), 1u) << codes(lint(parse_crontab(every), o));
  EXPECT_NE(phases[0].message.find("shaped '@every 6h' (UTC) draw the same phase ["), std::string::npos)
      << phases[0].message;
  // A name that cannot be a seed (invalid UTF-8) is said once, never thrown (found by fuzz_crontab).
  o.runs_on = RunsOn::fuzzycron;
  EXPECT_NO_THROW(lint(parse_crontab(text + "# name: bad\xff\nH * * * * /bin/x\n"), o));
}

// Issue 20 item 2: in a cluster a job named after its replica is one job per replica.
TEST(LintCrontab, ClusterJobNamedAfterTheReplica) {
  const Crontab tab = parse_crontab(
      "# name: backup-Web1\nH * * * * /bin/backup\n"  // 2: carries the replica's name
      "# name: report\nH H * * * /bin/report\n"       // 4: does not
      "H H * * * /usr/bin/ssh web1 true\n");          // 5: named by its command, which names a host
  LintOptions o = options();
  o.runs_on = RunsOn::fuzzycron;
  auto fc007 = [](const std::vector<Finding>& f) {
    std::set<int> lines;
    for (const auto& x : f)
      if (x.code == "FC007") lines.insert(x.line);
    return lines;
  };
  EXPECT_TRUE(fc007(lint(tab, o)).empty());  // not a cluster: nothing to say
  o.replica = "web1";
  const auto f = lint(tab, o);
  EXPECT_EQ(fc007(f), (std::set<int>{2, 5})) << codes(f);
  const auto first = std::find_if(f.begin(), f.end(), [](const Finding& x) { return x.code == "FC007"; });
  EXPECT_EQ(first->severity, Severity::warning);
  EXPECT_NE(first->message.find("'Web1'"), std::string::npos) << first->message;  // as the name spells it
  o.replica = "w";                                                                // one letter says nothing
  EXPECT_TRUE(fc007(lint(tab, o)).empty());
}

TEST(LintCrontab, TwoEntriesColludeAsInfo) {
  const auto f = lint(parse_crontab("15 3 * * * /bin/a\n15 3 * * * /bin/b\n"), options());
  const auto c = std::find_if(f.begin(), f.end(), [](const Finding& x) { return x.code == "FC701"; });
  ASSERT_NE(c, f.end());
  EXPECT_EQ(c->severity, Severity::info);
  EXPECT_NE(c->message.find("7 times in the week"), std::string::npos) << c->message;
}

TEST(LintCrontab, CollisionsBetweenDifferentSchedulesAndWeeklyOnes) {
  const auto f = with_code(lint(parse_crontab("0 * * * * /bin/hourly\n"
                                              "0 0 * * * /bin/daily\n"
                                              "0 9 * * 1 /bin/monday\n"
                                              "0 9 * * mon /bin/also-monday\n"
                                              "H * * * * /bin/hashed\n"),
                                options()),
                           "FC701");
  ASSERT_EQ(f.size(), 2u) << codes(f);
  // Largest group first: two spellings of one weekly schedule, seen because the
  // window is a week, meet the hourly job on Monday at 09:00.
  EXPECT_EQ(f[0].line, 1);
  EXPECT_EQ(f[0].severity, Severity::warning);
  EXPECT_NE(f[0].message.find("3 entries (lines 1, 3, 4) fire at the same instant 1 time in the week from "
                              "2026-11-22T00:00:00Z (first 2026-11-23T09:00:00Z)"),
            std::string::npos)
      << f[0].message;
  // The hourly and the daily job meet at midnight only; the hourly job's other
  // fires are alone and the hashed one never meets anyone at minute 0.
  EXPECT_NE(f[1].message.find("2 entries (lines 1, 2) fire at the same instant 7 times in the week from "
                              "2026-11-22T00:00:00Z (first 2026-11-22T00:00:00Z)"),
            std::string::npos)
      << f[1].message;
}

TEST(LintCrontab, ThousandsOfIdenticalEveryMinuteJobsAreOneBoundedGroup) {
  std::string text;
  for (int i = 0; i < 3000; ++i) text += "* * * * * /bin/job-" + std::to_string(i) + "\n";
  const auto f = with_code(lint(parse_crontab(text), options()), "FC701");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].severity, Severity::warning);
  EXPECT_NE(f[0].message.find("3000 entries (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ... and 2989 more) fire at the "
                              "same instant 10080 times"),
            std::string::npos)
      << f[0].message;
}

TEST(LintCrontab, ManyCollisionGroupsAreCappedAndSaySo) {
  std::string text;
  for (int m = 0; m < 52; ++m)
    for (char job : {'a', 'b'}) text += std::to_string(m) + " 1 * * * /bin/" + job + std::to_string(m) + "\n";
  const auto f = lint(parse_crontab(text), options());
  EXPECT_EQ(with_code(f, "FC701").size(), 50u);
  const auto more = with_code(f, "FC702");
  ASSERT_EQ(more.size(), 1u);
  EXPECT_NE(more[0].message.find("2 more groups of colliding entries are not listed"), std::string::npos)
      << more[0].message;
}

TEST(LintCrontab, CollisionCheckStopsAtItsBudgetAndSaysWhere) {
  // Twelve distinct schedules firing nearly every second: 6.6 million fires a
  // week, over the budget of 5 million.
  std::string text;
  for (int i = 0; i < 12; ++i) text += std::to_string(i) + "-59 * * * * ? /bin/job-" + std::to_string(i) + "\n";
  LintOptions o = options(Dialect::quartz);
  const auto f = lint(parse_crontab(text, Dialect::quartz), o);
  const auto stopped = with_code(f, "FC702");
  ASSERT_EQ(stopped.size(), 1u) << codes(f);
  EXPECT_EQ(stopped[0].line, 10);
  EXPECT_NE(stopped[0].message.find("entries from line 10 on (3 distinct schedules) were not compared"),
            std::string::npos)
      << stopped[0].message;
  // What was walked is still reported: lines 1-9 all fire at second :08 and later.
  const auto c = with_code(f, "FC701");
  ASSERT_FALSE(c.empty());
  EXPECT_NE(c[0].message.find("9 entries (lines 1, 2, 3, 4, 5, 6, 7, 8, 9)"), std::string::npos) << c[0].message;
}

}  // namespace
}  // namespace fuzzycron
