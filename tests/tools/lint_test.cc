// Every lint code on one expression: when it fires, where, and that its
// suggestion cures it (lint_crontab_test.cc: crontabs; lint_target_test.cc: targets).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

#include "fuzzycron/lint.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/rfc3339.h"
#include "tools/lint_testing.h"

namespace fuzzycron {
namespace {

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

class Codes : public ::testing::TestWithParam<Case> {};

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

// FC404: days without fires and bounds that leave a firing schedule nothing;
// limits that leave some fires say nothing, nor does a schedule that never fires anyway.
TEST(Lint, LimitsThatLeaveNoFire) {
  LintOptions o = options(Dialect::standard, "UTC");
  o.from = *parse_rfc3339("2026-03-01T00:00:00Z");
  o.parse.not_after = *parse_rfc3339("2026-02-01T00:00:00Z");
  const Finding* f = nullptr;
  auto found = lint("0 9 * * *", o);
  ASSERT_NE(f = find(found, "FC404"), nullptr) << codes(found);
  EXPECT_EQ(f->severity, Severity::error);
  EXPECT_NE(f->message.find("the schedule's next is 2026-03-01T09:00:00Z, but not after 2026-02-01T00:00:00Z"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(find(found, "FC402"), nullptr);  // one finding says it
  o.parse.not_after.reset();
  o.parse.except = "2026-03-02..2026-03-06";  // every weekday of one week, and nothing after
  o.parse.not_after = *parse_rfc3339("2026-03-07T00:00:00Z");
  found = lint("0 9 * * mon-fri", o);
  ASSERT_NE(f = find(found, "FC404"), nullptr) << codes(found);
  EXPECT_NE(f->message.find("except 2026-03-02..2026-03-06 and not after"), std::string::npos) << f->message;
  o.parse.except = "2026-03-02..2026-03-05";  // Friday the 6th still fires
  EXPECT_EQ(find(lint("0 9 * * mon-fri", o), "FC404"), nullptr);
  EXPECT_EQ(find(lint("0 0 30 2 *", o), "FC404"), nullptr);  // FC401 says it
}

// Anchored intervals have no cron fields: their limits and frequency are looked at.
TEST(Lint, IntervalsAreLintedByTheirLimits) {
  LintOptions o = options(Dialect::standard, "UTC");
  o.from = *parse_rfc3339("2026-03-01T00:00:00Z");
  o.parse.seed = Seed({"job"});
  EXPECT_TRUE(lint("@every 6h", o).empty()) << codes(lint("@every 6h", o));
  o.parse.not_after = *parse_rfc3339("2026-02-01T00:00:00Z");
  EXPECT_NE(find(lint("@every 2w from 2026-01-06T09:00", o), "FC404"), nullptr);
  o.parse.not_after.reset();
  LintOptions tab = o;
  tab.parse.seed = Seed();
  const auto found = lint(parse_crontab("@every 6h /bin/a\n@every 90m between 09:00 and 17:00 /bin/b\n"), tab);
  EXPECT_EQ(find(found, "FC001"), nullptr) << codes(found);
}

// FC405: moved fires that land on fires the schedule has; FC404 with a cron calendar.
TEST(Lint, MovedFiresThatLandOnOtherFires) {
  LintOptions o = options(Dialect::standard, "Europe/Berlin");
  o.from = *parse_rfc3339("2026-01-01T00:00:00Z");
  o.parse.except = "2026-12-24..2026-12-26";
  o.parse.except_move = ParseOptions::Move::following;
  const Finding* f = nullptr;
  auto found = lint("0 9 * * *", o);  // three days' fires all land on the 27th, which fires anyway
  ASSERT_NE(f = find(found, "FC405"), nullptr) << codes(found);
  EXPECT_EQ(f->severity, Severity::warning);
  EXPECT_NE(f->message.find("3 of the 3 fires on days without fires (the first at 2026-12-24T09:00:00+01:00)"),
            std::string::npos)
      << f->message;
  // The first of the month: the fire moves to a day without one of its own.
  o.parse.except = "2026-06-01,2026-12-24..2026-12-26";
  EXPECT_EQ(find(lint("0 9 1 * *", o), "FC405"), nullptr) << codes(lint("0 9 1 * *", o));
  o.parse.except_move = ParseOptions::Move::skip;
  EXPECT_EQ(find(lint("0 9 * * *", o), "FC405"), nullptr);
  // A cron calendar that excludes every fire is FC404 too.
  o.parse.except.clear();
  o.parse.except_cron = "* * * * 0,6";
  found = lint("0 9 * * sat", o);
  ASSERT_NE(f = find(found, "FC404"), nullptr) << codes(found);
  EXPECT_NE(f->message.find("except-cron * * * * 0,6"), std::string::npos) << f->message;
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

INSTANTIATE_TEST_SUITE_P(Lint, Codes, ::testing::ValuesIn(kCases),
                         // Stable names (FC101_1, ...) rather than the parameter's bytes.
                         [](const ::testing::TestParamInfo<Case>& p) {
                           return p.param.code + ("_" + std::to_string(p.index));
                         });

// docs/lint.md's table and the code cannot drift: the same codes, each one
// tested above or in lint_crontab_test.cc and lint_target_test.cc, each case's severity named in its row.
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
  // Crontab and target tests; FC404 needs options (Lint.LimitsThatLeaveNoFire).
  const std::set<std::string> tested_elsewhere{"FC002", "FC003", "FC004", "FC005", "FC006", "FC007",
                                               "FC404", "FC405", "FC701", "FC702", "FC801"};
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

TEST(Lint, SeverityNames) {
  for (Severity s : {Severity::info, Severity::warning, Severity::error})
    EXPECT_EQ(severity_from_name(severity_name(s)), s);
  EXPECT_FALSE(severity_from_name("fatal"));
}

}  // namespace
}  // namespace fuzzycron
