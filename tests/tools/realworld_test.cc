// The real-world corpus (tests/realworld/mirrors.tsv): schedules written for
// robfig/cron (Prow jobs, Kubernetes CronJobs) parse in the kubernetes dialect,
// except where robfig rejects them too (their vectors in kubernetes.jsonl say so).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "fuzzycron/fuzzycron.h"
#include "fuzzycron/tools.h"

namespace fuzzycron {
namespace {

std::set<std::string> rejected_by_robfig() {
  std::set<std::string> out;
  std::ifstream in(std::string(FUZZYCRON_VECTORS_DIR) + "/kubernetes.jsonl");
  std::string line;
  while (std::getline(in, line)) {
    const auto v = nlohmann::json::parse(line, nullptr, false);
    if (v.is_object() && v.value("error", false)) out.insert(v.at("expr").get<std::string>());
  }
  return out;
}

TEST(RealWorld, RobfigSchedulesParseInTheKubernetesDialect) {
  std::ifstream in(FUZZYCRON_REALWORLD_FILE);
  ASSERT_TRUE(in) << FUZZYCRON_REALWORLD_FILE;
  const auto rejected = rejected_by_robfig();
  ASSERT_FALSE(rejected.empty());
  ParseOptions o;
  o.dialect = Dialect::kubernetes;
  std::string line;
  int parsed = 0, refused = 0;
  while (std::getline(in, line)) {
    const auto a = line.find('\t'), b = line.find('\t', a + 1);
    if (b == std::string::npos) continue;
    const std::string system = line.substr(0, a), expr = line.substr(b + 1);
    if (system != "prow" && system != "k8s") continue;
    try {
      parse(expr, o);
      ++parsed;
    } catch (const Error& e) {
      ++refused;
      EXPECT_TRUE(rejected.count(expr)) << "\"" << expr << "\" (" << system << "): " << e.message();
    }
  }
  std::cout << "[ realworld ] prow/k8s: " << parsed << " parse, " << refused << " rejected as robfig rejects them\n";
  EXPECT_GT(parsed, 300);
}

struct CorpusEntry {
  std::string system, expr;
};

std::vector<CorpusEntry> corpus() {
  std::ifstream in(FUZZYCRON_REALWORLD_FILE);
  std::vector<CorpusEntry> out;
  std::string line;
  while (std::getline(in, line)) {
    const auto a = line.find('\t'), b = line.find('\t', a + 1);
    if (b == std::string::npos) continue;
    std::string expr = line.substr(b + 1);
    for (std::size_t at; (at = expr.find("\\n")) != std::string::npos;) expr.replace(at, 2, "\n");
    out.push_back({line.substr(0, a), expr});
  }
  return out;
}

// The dialect each system's schedules are written for (the heartbeat's 7
// fields read as Quartz).
Dialect dialect_of(const std::string& system) {
  if (system == "prow" || system == "k8s" || system == "robfig") return Dialect::kubernetes;
  if (system == "jenkins") return Dialect::jenkins;
  if (system == "furiko") return Dialect::furiko;
  if (system == "spring") return Dialect::spring;
  if (system == "quartz" || system == "heartbeat") return Dialect::quartz;
  return Dialect::standard;
}

// "between X and X": a hashed range of one value, which reads as nonsense.
bool empty_between(const std::string& s) {
  for (std::size_t at = 0; (at = s.find("between ", at)) != std::string::npos; at += 8) {
    const auto a_end = s.find(' ', at + 8);
    if (a_end == std::string::npos || s.compare(a_end, 5, " and ") != 0) continue;
    const std::string a = s.substr(at + 8, a_end - at - 8);
    const auto b_end = s.find_first_of(" ,", a_end + 5);
    if (s.substr(a_end + 5, b_end - a_end - 5) == a) return true;
  }
  return false;
}

// "every 5 hours" where 5 does not divide a day must say what happens at the end of the day.
bool uneven_step_unexplained(const std::string& s) {
  for (const auto& [unit, cycle] :
       {std::pair{std::string(" hours"), 24}, {std::string(" minutes"), 60}, {std::string(" seconds"), 60}})
    for (std::size_t at = 0; (at = s.find("every ", at)) != std::string::npos; at += 6) {
      std::size_t end = at + 6;
      int n = 0;
      while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]))) n = n * 10 + (s[end++] - '0');
      if (n > 1 && s.compare(end, unit.size(), unit) == 0 && cycle % n != 0 && s.find(" then ") == std::string::npos &&
          s.find("restarting") == std::string::npos && s.find(" through ") == std::string::npos)
        return true;
    }
  return false;
}

TEST(RealWorld, ExplainReadsRightOnEveryExpression) {
  int explained = 0, never = 0, refused = 0;
  for (const auto& [system, expr] : corpus()) {
    ParseOptions o;
    o.dialect = dialect_of(system);
    o.seed = Seed({"job"});
    std::optional<Schedule> schedule;
    try {
      schedule = parse(expr, o);
    } catch (const Error& e) {
      ++refused;
      EXPECT_GT(e.column(), 0) << expr;
      EXPECT_FALSE(e.message().empty()) << expr;
      continue;
    }
    const Explanation x = explain(expr, o);
    ASSERT_FALSE(x.sentences.empty()) << expr;
    for (const auto& s : x.sentences) {
      EXPECT_EQ(s.find("every 1 "), std::string::npos) << expr << ": " << s;
      EXPECT_EQ(s.find("every 1st"), std::string::npos) << expr << ": " << s;
      EXPECT_FALSE(empty_between(s)) << expr << ": " << s;
      EXPECT_FALSE(uneven_step_unexplained(s)) << expr << ": " << s;
      EXPECT_EQ(s.find("  "), std::string::npos) << expr << ": " << s;
      EXPECT_TRUE(s.ends_with(".")) << expr << ": " << s;
    }
    if (schedule->never()) {
      ++never;
      EXPECT_TRUE(x.sentences.front().starts_with("Never fires")) << expr << ": " << x.sentences.front();
    } else {
      EXPECT_EQ(x.sentences.front().find("Never"), std::string::npos) << expr << ": " << x.sentences.front();
    }
    ++explained;
  }
  std::cout << "[ realworld ] explain: " << explained << " expressions read right (" << never << " never fire), "
            << refused << " refused with a position\n";
  EXPECT_GT(explained, 400);
}

RunsOn target_of(const std::string& system) {
  if (system == "prow" || system == "k8s" || system == "robfig") return RunsOn::kubernetes;
  if (system == "gha") return RunsOn::github_actions;
  if (system == "jenkins") return RunsOn::jenkins;
  if (system == "furiko") return RunsOn::furiko;
  if (system == "quartz" || system == "heartbeat") return RunsOn::quartz;
  if (system == "spring") return RunsOn::spring;
  return RunsOn::cron;
}

// Lint on the corpus, each expression for the system it was written for:
// few findings, and no advice the system would reject.
TEST(RealWorld, LintAdviceFitsTheTarget) {
  const auto from = *parse_rfc3339("2026-03-01T00:00:00Z");
  std::size_t expressions = 0, findings = 0;
  std::map<std::string, int> by_code;
  for (const auto& [system, expr] : corpus()) {
    LintOptions o;
    o.parse.dialect = dialect_of(system);
    o.parse.seed = Seed({"job"});  // the job's own values, where the target does not read H
    o.runs_on = target_of(system);
    o.from = from;
    const auto found = lint(expr, o);
    ++expressions;
    for (const auto& f : found) {
      ++findings;
      ++by_code[f.code];
      if (f.suggestion.empty()) continue;
      // Without a seed, a suggestion with hash forms would not parse.
      ParseOptions target_grammar = o.parse;
      target_grammar.seed = {};
      if (!reads_hash_forms(*o.runs_on)) {
        EXPECT_NO_THROW(parse(f.suggestion, target_grammar)) << system << " \"" << expr << "\": " << f.suggestion;
      }
    }
    if (std::any_of(found.begin(), found.end(), [](const Finding& f) { return f.code == "FC401"; })) {
      EXPECT_TRUE(std::none_of(found.begin(), found.end(), [](const Finding& f) { return f.code == "FC102"; })) << expr;
    }
  }
  std::string summary;
  for (const auto& [code, n] : by_code) summary += " " + code + "=" + std::to_string(n);
  const double per_expression = static_cast<double>(findings) / static_cast<double>(expressions);
  std::cout << "[ realworld ] lint: " << findings << " findings on " << expressions << " expressions ("
            << per_expression << " each):" << summary << "\n";
  EXPECT_LE(per_expression, 0.35);
  // What was right before still fires.
  for (const char* code : {"FC101", "FC201", "FC401", "FC403"}) EXPECT_GT(by_code[code], 0) << code;
}

}  // namespace
}  // namespace fuzzycron
