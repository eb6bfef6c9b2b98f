// Runs every conformance vector under shared/vectors through the library.
// Documented deviations (tests/deviations.txt) must still disagree.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "fuzzycron/fuzzycron.h"

namespace fuzzycron {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::map<std::string, std::string> load_deviations() {
  std::map<std::string, std::string> out;
  std::ifstream in(FUZZYCRON_DEVIATIONS_FILE);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find_first_of(" \t");
    out[line.substr(0, space)] = space == std::string::npos ? "" : line.substr(space + 1);
  }
  return out;
}

ParseOptions options_of(const json& v) {
  ParseOptions p;
  p.dialect = *dialect_from_name(v.at("dialect").get<std::string>());
  p.time_zone = v.value("tz", "UTC");
  const json o = v.value("options", json::object());
  if (o.contains("dst")) p.dst = *DstPolicy::from_name(o["dst"].get<std::string>());
  if (o.contains("format")) p.furiko.quartz_day_of_week = o["format"] == "quartz";
  if (o.contains("hash_fields")) p.furiko.hash_fields = o["hash_fields"].get<bool>();
  if (o.contains("hash_seconds_by_default")) p.furiko.hash_seconds_by_default = o["hash_seconds_by_default"].get<bool>();
  if (o.contains("hash_names")) p.furiko.hash_names = o["hash_names"].get<bool>();
  if (v.contains("seed")) {
    if (v["seed"].is_array()) p.seed = Seed(v["seed"].get<std::vector<std::string>>());
    else p.seed = Seed({v["seed"].get<std::string>()});
  }
  return p;
}

// Empty when the library agrees with the vector, else what differs.
std::string check(const json& v) {
  const std::string expr = v.at("expr").get<std::string>();
  std::optional<Schedule> s;
  std::string error;
  try {
    s = parse(expr, options_of(v));
  } catch (const ParseError& e) {
    error = e.message();
  }
  if (v.value("error", false)) return s ? "accepted, but the reference rejects it" : "";
  if (!s) return "rejected (" + error + "), but the reference accepts it";
  const auto from = parse_rfc3339(v.at("from").get<std::string>());
  if (!from) return "bad 'from' in vector";
  // Times print in the vector's zone (a Jenkins TZ= line changes matching, not printing).
  const TimeZone shown = TimeZone::locate(v.value("tz", "UTC"));
  std::string diff;
  for (const char* key : {"next", "prev"}) {
    if (!v.contains(key)) continue;
    const auto& want = v[key];
    std::vector<std::string> got;
    std::optional<Schedule::time_point> t;
    for (std::size_t i = 0; i < want.size(); ++i) {
      const bool fwd = std::string(key) == "next";
      t = i == 0 ? (fwd ? s->next(*from) : s->prev(*from)) : (fwd ? s->next(*t) : s->prev(*t));
      if (!t) break;
      got.push_back(format_rfc3339(*t, shown));
    }
    // An empty list means "never fires": check that too.
    if (want.empty()) {
      const bool fwd = std::string(key) == "next";
      if (auto r = fwd ? s->next(*from) : s->prev(*from)) got.push_back(format_rfc3339(*r, shown));
    }
    if (json(got) != want) diff += std::string(key) + ": got " + json(got).dump() + " want " + want.dump() + "; ";
  }
  return diff;
}

class Conformance : public ::testing::TestWithParam<std::string> {};

TEST_P(Conformance, MatchesReference) {
  const fs::path file = fs::path(FUZZYCRON_VECTORS_DIR) / GetParam();
  std::ifstream in(file);
  ASSERT_TRUE(in) << "cannot open " << file;
  const auto deviations = load_deviations();
  std::string line;
  int total = 0, passed = 0, deviated = 0, failed = 0;
  std::string report;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const json v = json::parse(line);
    ++total;
    const std::string id = v.at("id").get<std::string>();
    const std::string diff = check(v);
    if (auto it = deviations.find(id); it != deviations.end()) {
      ++deviated;
      EXPECT_FALSE(diff.empty()) << id << " is listed as a deviation but now agrees: remove it from deviations.txt";
      continue;
    }
    if (diff.empty()) {
      ++passed;
    } else {
      ++failed;
      if (failed <= 40) report += id + " " + json(v.at("expr")).dump() + " tz=" + v.value("tz", "") + " from=" +
                                  v.value("from", "") + ": " + diff + "\n";
    }
  }
  std::cout << GetParam() << ": " << total << " vectors, " << passed << " pass, " << deviated
            << " documented deviations, " << failed << " fail\n";
  EXPECT_EQ(failed, 0) << report;
}

std::vector<std::string> vector_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(FUZZYCRON_VECTORS_DIR)) {
    const std::string name = e.path().filename().string();
    if (name.ends_with(".jsonl")) out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

INSTANTIATE_TEST_SUITE_P(Vectors, Conformance, ::testing::ValuesIn(vector_files()),
                         [](const auto& param_info) {
                           std::string n = param_info.param.substr(0, param_info.param.find('.'));
                           for (auto& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

}  // namespace
}  // namespace fuzzycron
