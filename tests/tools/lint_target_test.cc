// Lint for a target: its own grammar, its DST, advice it can run.
#include <gtest/gtest.h>

#include "fuzzycron/lint.h"
#include "fuzzycron/resolve.h"
#include "tools/lint_testing.h"

namespace fuzzycron {
namespace {

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

}  // namespace
}  // namespace fuzzycron
