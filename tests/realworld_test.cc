// The real-world corpus (tests/realworld/mirrors.tsv): schedules written for
// robfig/cron (Prow jobs, Kubernetes CronJobs) parse in the kubernetes dialect,
// except where robfig rejects them too (their vectors in kubernetes.jsonl say so).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "fuzzycron/fuzzycron.h"

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

}  // namespace
}  // namespace fuzzycron
