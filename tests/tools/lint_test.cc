// Every lint code: when it fires, where, and that its suggestion cures it.
#include "fuzzycron/lint.h"

#include <gtest/gtest.h>

#include "fuzzycron/resolve.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

namespace fuzzycron {
namespace {

LintOptions options(Dialect d = Dialect::standard, std::string zone = "UTC") {
  LintOptions o;
  o.parse.dialect = d;
  o.parse.time_zone = std::move(zone);
  o.from = *parse_rfc3339("2026-11-22T00:00:00Z");
  return o;
}

const Finding* find(const std::vector<Finding>& f, std::string_view code) {
  const auto it = std::find_if(f.begin(), f.end(), [&](const Finding& x) { return x.code == code; });
  return it == f.end() ? nullptr : &*it;
}

std::string codes(const std::vector<Finding>& f) {
  std::string s;
  for (const auto& x : f) s += x.code + " ";
  return s;
}

struct Case {
  const char* code;
  Dialect dialect;
  const char* expr;
  Severity severity;
  int column;
  const char* words;       // must appear in the message
  const char* suggestion;  // "" when none is expected
  const char* zone = "UTC";
  const char* policy = "cron";
  RunsOn target = RunsOn::fuzzycron;  // reads H: the H rewrites are the advice
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.code << " on \"" << c.expr << '"'; }

class Codes : public testing::TestWithParam<Case> {};

TEST_P(Codes, FiresWithPositionMessageAndRewrite) {
  const Case& c = GetParam();
  LintOptions o = options(c.dialect, c.zone);
  o.parse.dst = *DstPolicy::from_name(c.policy);
  o.runs_on = c.target;
  const auto found = lint(c.expr, o);
  const Finding* f = find(found, c.code);
  ASSERT_NE(f, nullptr) << c.expr << ": " << codes(found);
  EXPECT_EQ(f->severity, c.severity) << f->message;
  EXPECT_EQ(f->column, c.column) << f->message;
  EXPECT_NE(f->message.find(c.words), std::string::npos) << f->message;
  EXPECT_EQ(f->suggestion, c.suggestion);
  if (*c.suggestion) {  // the rewrite parses and no longer draws this finding
    const auto again = lint(c.suggestion, o);
    EXPECT_EQ(find(again, c.code), nullptr) << c.suggestion << ": " << codes(again);
    EXPECT_EQ(find(again, "FC001"), nullptr) << c.suggestion;
  }
}

// Where furiko and cron read a day-of-week alike, FC302 says nothing.
TEST(Lint, FurikoSundayOnlyWhereTheReadingsDiffer) {
  LintOptions o;
  o.parse.dialect = Dialect::furiko;
  for (const char* expr : {"0 0 * * 1-5", "0 0 * * 0-7", "0 0 * * 2-0/2", "0 0 * * 6/3", "0 0 * * 0-6", "0 0 * * *"})
    EXPECT_EQ(find(lint(expr, o), "FC302"), nullptr) << expr;
  o.parse.furiko.quartz_day_of_week = true;  // 1-7 = SUN-SAT: nothing to trip on
  EXPECT_EQ(find(lint("0 0 * * 5-7", o), "FC302"), nullptr);
  o.parse.dialect = Dialect::standard;
  EXPECT_EQ(find(lint("0 0 * * 5-7", o), "FC302"), nullptr);
}

TEST(Lint, TargetNames) {
  for (const char* name :
       {"fuzzycron", "cron", "kubernetes", "github-actions", "systemd", "quartz", "spring", "jenkins", "furiko"}) {
    const auto t = runs_on_from_name(name);
    ASSERT_TRUE(t) << name;
    EXPECT_EQ(runs_on_name(*t), name);
  }
  EXPECT_FALSE(runs_on_from_name("crontab"));
  EXPECT_TRUE(reads_hash_forms(RunsOn::jenkins));
  EXPECT_FALSE(reads_hash_forms(RunsOn::kubernetes));
}

// A fixed minute other than :00 was picked off the peak: nothing to say.
// Neither next to FC401: a schedule that never fires loads nothing.
TEST(Lint, FixedMinuteOnlyAtThePeak) {
  LintOptions o = options();
  for (const char* expr : {"30 2 * * *", "17 * * * *", "5 4 1 * *"})
    EXPECT_EQ(find(lint(expr, o), "FC102"), nullptr) << expr << ": " << codes(lint(expr, o));
  o.parse.dialect = Dialect::quartz;
  EXPECT_EQ(find(lint("0 15 10 * * ?", o), "FC102"), nullptr);
  o.parse.dialect = Dialect::standard;
  const auto never = lint("0 0 31 2 *", o);
  EXPECT_NE(find(never, "FC401"), nullptr);
  EXPECT_EQ(find(never, "FC102"), nullptr) << codes(never);
}

// Where the target does not read H, the advice is the value H gives this job
// (with a seed) or the command that derives it (without): never an H.
TEST(Lint, TargetsWithoutHGetTheJobsValue) {
  for (RunsOn t : {RunsOn::cron, RunsOn::kubernetes, RunsOn::github_actions, RunsOn::systemd}) {
    LintOptions o = options(t == RunsOn::kubernetes ? Dialect::kubernetes : Dialect::standard);
    o.runs_on = t;
    for (const char* expr : {"*/15 * * * *", "0 * * * *", "* 2 * * *", "0,20,40 * * * *"}) {
      const auto unseeded = lint(expr, o);
      ASSERT_FALSE(unseeded.empty()) << expr;
      const Finding& f = unseeded.front();
      EXPECT_EQ(f.suggestion, "") << expr;
      EXPECT_NE(f.message.find("--seed JOB"), std::string::npos) << f.message;
      EXPECT_NE(f.message.find(std::string(runs_on_name(t)) + " does not read H"), std::string::npos) << f.message;
      LintOptions seeded = o;
      seeded.parse.seed = Seed({"web-07", "backup"});
      const auto found = lint(expr, seeded);
      ASSERT_FALSE(found.empty()) << expr;
      const Finding& g = found.front();
      EXPECT_EQ(g.code, f.code);
      const std::string with_h = f.code == "FC101"
                                     ? (std::string(expr).starts_with("*/15") ? "H/15 * * * *" : "H/20 * * * *")
                                 : f.code == "FC102" ? "H * * * *"
                                                     : "H 2 * * *";
      EXPECT_EQ(g.suggestion, resolve(with_h, seeded.parse)) << expr;
      EXPECT_EQ(g.suggestion.find('H'), std::string::npos) << g.suggestion;
      EXPECT_NE(g.message.find("--seed 'web-07' --seed 'backup'"), std::string::npos) << g.message;
      EXPECT_EQ(find(lint(g.suggestion, seeded), "FC001"), nullptr) << g.suggestion;
    }
  }
}

TEST(Lint, CollidingFixedMinutesWarnInACrontab) {
  LintOptions o = options();
  const Crontab two = parse_crontab("0 3 * * * /bin/a\n0 3 * * * /bin/b\n0 4 * * * /bin/c\n", Dialect::standard);
  const auto found = lint(two, o);
  int warned = 0, informed = 0;
  for (const auto& f : found) {
    if (f.code != "FC102") continue;
    if (f.line <= 2) warned += f.severity == Severity::warning;
    if (f.line == 3) informed += f.severity == Severity::info;
  }
  EXPECT_EQ(warned, 2) << codes(found);
  EXPECT_EQ(informed, 1) << codes(found);
  const Finding* collision = find(found, "FC701");
  ASSERT_NE(collision, nullptr);
  EXPECT_NE(collision->message.find("cron does not read H: `fuzzycron resolve --crontab FILE`"), std::string::npos)
      << collision->message;
  o.host = "web-07";  // a host: fuzzycron resolves the file, H is the advice
  EXPECT_NE(find(lint(two, o), "FC701")->message.find("hash forms (H)"), std::string::npos);
}

const std::vector<Case> kCases{
    Case{"FC001", Dialect::standard, "0 0 * * 8", Severity::error, 9, "day-of-week", ""},
    Case{"FC302", Dialect::furiko, "0 0 * * 5-7", Severity::warning, 9,
         "runs on Friday and Saturday, where cron would run on Sunday, Friday and Saturday", "0 0 * * 0,5,6"},
    Case{"FC302", Dialect::furiko, "0 0 * * MON-SUN", Severity::warning, 9, "where cron would run every day",
         "0 0 * * 0-6"},
    Case{"FC302", Dialect::furiko, "0 0 * * 7-7", Severity::warning, 9,
         "runs every day, where cron would run on Sunday", "0 0 * * 0"},
    Case{"FC302", Dialect::furiko, "0 0 * * 1-7/2", Severity::warning, 9, "on Monday, Wednesday and Friday",
         "0 0 * * 0,1,3,5"},
    Case{"FC302", Dialect::furiko, "0 0 * * 5/2", Severity::warning, 9, "up to Saturday only", "0 0 * * 0,5"},
    Case{"FC101", Dialect::standard, "*/15 * * * *", Severity::warning, 1, "H/15", "H/15 * * * *"},
    Case{"FC101", Dialect::standard, "0,15,30,45 * * * *", Severity::warning, 1, "every 15 minutes", "H/15 * * * *"},
    Case{"FC101", Dialect::quartz, "*/10 * * * * ?", Severity::warning, 1, "second", "H/10 * * * * ?"},
    Case{"FC102", Dialect::standard, "0 * * * *", Severity::info, 1, "the top of the hour", "H * * * *"},
    Case{"FC102", Dialect::standard, "0 3 * * *", Severity::warning, 1, "GitHub Actions delays and may drop", "", "UTC",
         "cron", RunsOn::github_actions},
    Case{"FC102", Dialect::quartz, "0 * * * * ?", Severity::info, 1, "fixed second (0) at the top of the minute",
         "H * * * * ?"},
    Case{"FC102", Dialect::quartz, "0 0 10 * * ?", Severity::info, 1, "top of the hour", "H 0 10 * * ?"},
    Case{"FC103", Dialect::standard, "* 2 * * *", Severity::warning, 1, "60 times", "H 2 * * *"},
    Case{"FC201", Dialect::standard, "H 0 */3 * *", Severity::warning, 5, "1 to 3 days apart", ""},
    Case{"FC201", Dialect::jenkins, "H H H/10 * *", Severity::warning, 5, "days apart", ""},
    Case{"FC202", Dialect::standard, "*/7 * * * *", Severity::warning, 1, "one gap is 4 minutes", "*/6 * * * *"},
    Case{"FC202", Dialect::standard, "H */5 * * *", Severity::warning, 3, "one gap is 4 hours", "H */4 * * *"},
    Case{"FC202", Dialect::standard, "H/7 * * * *", Severity::warning, 1, "depends on its seed", "H/6 * * * *"},
    Case{"FC202", Dialect::quartz, "H 0 0 1 */5 ?", Severity::warning, 9, "one gap is 2 months", "H 0 0 1 */4 ?"},
    Case{"FC301", Dialect::standard, "H 0 1 * 1", Severity::warning, 5, "either one", "H 0 * * 1"},
    Case{"FC401", Dialect::standard, "H 0 30 2 *", Severity::error, 1, "never fires", ""},
    Case{"FC402", Dialect::quartz, "H 0 0 1 1 ? 2001", Severity::error, 1, "the last fire time was 2001-01-01", ""},
    Case{"FC403", Dialect::standard, "H 0 29 2 *", Severity::warning, 1, "2028-02-29", ""},
    Case{"FC501", Dialect::standard, "30 2 * * *", Severity::info, 4,
         "2027-03-14 02:30:00 does not exist in "
         "America/New_York",
         "", "America/New_York"},
    Case{"FC501", Dialect::standard, "30 2 * * *", Severity::warning, 4,
         "skips it, so the job does not run that "
         "day",
         "", "America/New_York", "skip-first"},
    Case{"FC502", Dialect::standard, "30 1 * * *", Severity::info, 4, "runs it once, in the first pass", "",
         "America/New_York"},
    Case{"FC502", Dialect::quartz, "0 30 2 * * ?", Severity::warning, 6, "runs it twice", "", "Europe/Berlin",
         "shift-both"},
    Case{"FC601", Dialect::standard, "H(0-9)/10 * * * *", Severity::warning, 1, "one stable minute", "H(0-9) * * * *"},
    Case{"FC601", Dialect::jenkins, "H(0-14)/10 * * * *", Severity::warning, 1, "1 or 2 runs", ""}};

INSTANTIATE_TEST_SUITE_P(Lint, Codes, testing::ValuesIn(kCases),
                         // Stable names (FC101_1, ...) rather than the parameter's bytes.
                         [](const testing::TestParamInfo<Case>& p) {
                           return p.param.code + ("_" + std::to_string(p.index));
                         });

// docs/lint.md's table and the code cannot drift: the same codes, each one
// tested above or in a crontab test, each case's severity named in its row.
TEST(Lint, DocumentedCodesAreTheImplementedOnes) {
  auto read = [](const std::string& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  };
  auto codes_in = [](const std::string& text, std::string_view lead) {
    std::set<std::string> out;
    for (std::size_t at = 0; (at = text.find(lead, at)) != std::string::npos; at += lead.size()) {
      const std::string code = text.substr(at + lead.size() - 2, 5);
      if (code.size() == 5 && std::all_of(code.begin() + 2, code.end(), ::isdigit)) out.insert(code);
    }
    return out;
  };
  const std::string doc = read(std::string(FUZZYCRON_DOCS_DIR) + "/lint.md");
  std::map<std::string, std::string> rows;  // code -> its table row
  for (const std::string& code : codes_in(doc, "\n| FC")) {
    const auto at = doc.find("\n| " + code + " |");
    rows[code] = doc.substr(at + 1, doc.find('\n', at + 1) - at - 1);
  }
  std::set<std::string> implemented;
  for (const char* file : {"/src/tools/lint.cc", "/src/tools/line_lint.cc", "/src/tools/collisions.cc"})
    for (const auto& c : codes_in(read(std::string(FUZZYCRON_SOURCE_DIR) + file), "\"FC")) implemented.insert(c);
  std::set<std::string> documented;
  for (const auto& [code, row] : rows) documented.insert(code);
  EXPECT_EQ(documented, implemented);
  const std::set<std::string> tested_elsewhere{"FC002", "FC003", "FC004", "FC005", "FC006",
                                               "FC007", "FC701", "FC702", "FC801"};  // crontab and target tests
  for (const auto& code : documented) {
    const bool has_case = std::any_of(kCases.begin(), kCases.end(), [&](const Case& c) { return c.code == code; });
    EXPECT_TRUE(has_case || tested_elsewhere.count(code)) << code << " has no test case";
  }
  for (const Case& c : kCases) {
    ASSERT_TRUE(rows.count(c.code)) << c.code;
    const std::string row = rows[c.code];
    const std::string severity_cell =
        row.substr(row.find('|', 2) + 1, row.find('|', row.find('|', 2) + 1) - row.find('|', 2) - 1);
    EXPECT_NE(severity_cell.find(severity_name(c.severity)), std::string::npos)
        << c.code << " is " << severity_name(c.severity) << " on \"" << c.expr << "\"; the doc says:" << severity_cell;
  }
}

TEST(Lint, CleanSchedulesHaveNoFindings) {
  LintOptions o = options(Dialect::jenkins);
  o.parse.seed = Seed({"nightly"});
  for (const char* expr : {"H H * * *", "H/15 * * * *", "H H(0-7) * * 1-5", "H H 1,15 * *"})
    EXPECT_EQ(codes(lint(expr, o)), "") << expr;
  LintOptions q = options(Dialect::quartz, "Europe/Berlin");
  q.parse.seed = Seed({"db-sync"});
  EXPECT_EQ(codes(lint("H * * * * ?", q)), "");
}

TEST(Lint, DstChecksOnlyFixedTimesAndOnlyWhereTheZoneHasTransitions) {
  EXPECT_EQ(find(lint("*/30 2 * * *", options(Dialect::standard, "America/New_York")), "FC501"), nullptr);
  EXPECT_EQ(find(lint("30 2 * * *", options(Dialect::standard, "UTC")), "FC501"), nullptr);
  EXPECT_EQ(find(lint("30 2 * * *", options(Dialect::standard, "Asia/Tokyo")), "FC501"), nullptr);
  // Southern hemisphere: the gap is in spring of the other half of the year.
  const auto f = lint("30 2 * * *", options(Dialect::standard, "America/Santiago"));
  EXPECT_EQ(find(f, "FC501"), nullptr) << codes(f);  // Santiago springs forward at midnight
  const auto sydney = lint("30 2 * * *", options(Dialect::standard, "Australia/Sydney"));
  ASSERT_NE(find(sydney, "FC501"), nullptr) << codes(sydney);
  EXPECT_NE(find(sydney, "FC501")->message.find("2027-10-03"), std::string::npos);
}

TEST(Lint, FindingsAreOrderedAndCarryLinesInMultiLineSpecs) {
  const auto f = lint("# nightly\n*/15 * * * *\n0 0 1 * 1", options(Dialect::jenkins));
  ASSERT_GE(f.size(), 2u);
  EXPECT_EQ(f.front().line, 2);
  EXPECT_EQ(f.front().code, "FC101");
  for (std::size_t i = 1; i < f.size(); ++i) EXPECT_LE(f[i - 1].line, f[i].line);
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

// Issue 24 item 5: the target's own grammar.
TEST(LintTarget, TheTargetsGrammarIsApplied) {
  LintOptions o = options();
  o.runs_on = RunsOn::kubernetes;
  auto codes_of = [&](const char* expression) {
    std::vector<std::string> out;
    for (const auto& f : lint(expression, o)) out.push_back(f.code + "@" + std::to_string(f.column));
    return out;
  };
  EXPECT_EQ(codes_of("H H * * *"), (std::vector<std::string>{"FC005@1"}));
  EXPECT_EQ(codes_of("0 0 * * * *"), (std::vector<std::string>{"FC005@11"}));
  EXPECT_EQ(codes_of("0 0 * * 7"), (std::vector<std::string>{"FC005@9"}));  // robfig: day-of-week 0-6
  EXPECT_TRUE(codes_of("@every 2h").empty());
  o.runs_on = RunsOn::github_actions;
  EXPECT_EQ(codes_of("0 3 * * 7"), (std::vector<std::string>{"FC005@9"}));
  EXPECT_EQ(codes_of("0 3 * * ?"), (std::vector<std::string>{"FC005@9"}));
  const auto often = lint("*/2 * * * *", o);
  EXPECT_TRUE(std::any_of(often.begin(), often.end(), [](const Finding& f) { return f.code == "FC006"; }));
  const auto fine = lint("*/5 * * * *", o);
  EXPECT_TRUE(std::none_of(fine.begin(), fine.end(), [](const Finding& f) { return f.code == "FC006"; }));
}

// Item 6: DST findings say what the target does.
TEST(LintTarget, DstSaysWhatTheTargetDoes) {
  LintOptions o = options();
  o.parse.time_zone = "Europe/Berlin";
  o.runs_on = RunsOn::kubernetes;
  const auto f = lint("30 2 * * *", o);
  const auto gap = std::find_if(f.begin(), f.end(), [](const Finding& x) { return x.code == "FC501"; });
  const auto overlap = std::find_if(f.begin(), f.end(), [](const Finding& x) { return x.code == "FC502"; });
  ASSERT_NE(gap, f.end());
  ASSERT_NE(overlap, f.end());
  EXPECT_NE(gap->message.find("Kubernetes skips it"), std::string::npos) << gap->message;
  EXPECT_NE(overlap->message.find("Kubernetes runs it twice"), std::string::npos) << overlap->message;
}

// Item 7: FC101 keeps the runs per hour, says nothing of */1; FC102 never
// suggests the schedule itself nor a command that cannot run.
TEST(LintTarget, SpreadAdviceKeepsTheSchedule) {
  LintOptions o = options();
  o.runs_on = RunsOn::fuzzycron;
  auto first = [&](const char* expression, const char* code, Dialect d = Dialect::standard) -> std::optional<Finding> {
    LintOptions x = o;
    x.parse.dialect = d;
    for (const auto& f : lint(expression, x))
      if (f.code == code) return f;
    return std::nullopt;
  };
  EXPECT_EQ(first("*/35 * * * *", "FC101")->suggestion, "H(0-24)/35 * * * *");  // :00 and :35 stay two runs
  EXPECT_EQ(first("*/15 * * * *", "FC101")->suggestion, "H/15 * * * *");
  EXPECT_FALSE(first("*/1 * * * *", "FC101"));
  EXPECT_FALSE(first("*/1 * * * *", "FC101", Dialect::jenkins));  // H/1 would fire once an hour there
  EXPECT_FALSE(first("*/59 * * * *", "FC101"));
  for (const auto& f : lint("@daily", o)) EXPECT_EQ(f.message.find("'H"), std::string::npos) << f.message;
  o.runs_on = RunsOn::cron;
  o.parse.seed = Seed({"x"});  // H gives 'x' minute 6
  for (int minute = 0; minute < 60; ++minute) {
    ParseOptions p;
    p.seed = Seed({"x"});
    if (resolve("H * * * *", p) != std::to_string(minute) + " * * * *") continue;
    const std::string same = std::to_string(minute) + " * * * *";
    for (const auto& f : lint(same, o)) EXPECT_NE(f.suggestion, same);
  }
}

TEST(LintCrontab, TwoEntriesColludeAsInfo) {
  const auto f = lint(parse_crontab("15 3 * * * /bin/a\n15 3 * * * /bin/b\n"), options());
  const auto c = std::find_if(f.begin(), f.end(), [](const Finding& x) { return x.code == "FC701"; });
  ASSERT_NE(c, f.end());
  EXPECT_EQ(c->severity, Severity::info);
  EXPECT_NE(c->message.find("7 times in the week"), std::string::npos) << c->message;
}

std::vector<Finding> with_code(const std::vector<Finding>& f, std::string_view code) {
  std::vector<Finding> out;
  std::copy_if(f.begin(), f.end(), std::back_inserter(out), [&](const Finding& x) { return x.code == code; });
  return out;
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

TEST(Lint, SeverityNames) {
  for (Severity s : {Severity::info, Severity::warning, Severity::error})
    EXPECT_EQ(severity_from_name(severity_name(s)), s);
  EXPECT_FALSE(severity_from_name("fatal"));
}

}  // namespace
}  // namespace fuzzycron
