// Runs every conformance vector under tests/vectors (copies of the team's
// peer-generated vectors) through the library. Documented deviations
// (tests/deviations.txt) must still disagree. The file list comes from the
// build (FUZZYCRON_VECTOR_FILES), so registering the tests reads no file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "fuzzycron/fuzzycron.h"
#include "fuzzycron/options.h"

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

// A vector's options through the library's schema (fuzzycron/options.h), as
// every front end reads them. Throws std::invalid_argument for what the
// vector format does not allow.
ParseOptions options_of(const json& v) {
  OptionNames names;
  auto set = [&](const std::string& key, const json& value) {
    if (value.is_null()) return;  // the default
    for (const json& item : value.is_array() ? value : json::array({value}))
      names.set(key, item.is_string() ? item.get<std::string>() : item.dump());
  };
  try {
    set("dialect", v.at("dialect"));
    set("zone", v.value("tz", "UTC"));
    if (v.contains("seed")) set("seed", v["seed"]);
    const json options = v.value("options", json::object());  // items() must not outlive it
    for (const auto& [key, value] : options.items()) set(key, value);
    return options_from_names(names);
  } catch (const Error& e) {
    throw std::invalid_argument(e.message());
  }
}

// Empty when the library agrees with the vector, else what differs.
std::string check(const json& v) {
  const std::string expr = v.at("expr").get<std::string>();
  ParseOptions options;
  try {
    options = options_of(v);
  } catch (const std::exception& e) {
    return std::string("bad vector: ") + e.what();
  }
  std::optional<Schedule> s;
  std::string error;
  try {
    s = parse(expr, options);
  } catch (const Error& e) {
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
    std::optional<sys_milliseconds> t;
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
    ++total;
    const json v = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (v.is_discarded() || !v.contains("id")) {
      ++failed;
      report += "line " + std::to_string(total) + " is not a vector object\n";
      continue;
    }
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
      if (failed <= 40)
        report += id + " " + json(v.at("expr")).dump() + " tz=" + v.value("tz", "") + " from=" + v.value("from", "") +
                  ": " + diff + "\n";
    }
  }
  std::cout << GetParam() << ": " << total << " vectors, " << passed << " pass, " << deviated
            << " documented deviations, " << failed << " fail\n";
  EXPECT_EQ(failed, 0) << report;
}

// The vector files CMake found when it configured the build (","-separated).
std::vector<std::string> vector_files() {
  std::vector<std::string> out;
  std::string_view list = FUZZYCRON_VECTOR_FILES;
  while (!list.empty()) {
    const auto end = list.find(',');
    if (end != 0) out.emplace_back(list.substr(0, end));
    if (end == std::string_view::npos) break;
    list.remove_prefix(end + 1);
  }
  return out;
}

// A vector file added after the build was configured would be silently skipped.
TEST(ConformanceFiles, EveryFileInTheDirectoryIsRun) {
  const auto listed = vector_files();
  ASSERT_FALSE(listed.empty());
  for (const auto& e : fs::directory_iterator(FUZZYCRON_VECTORS_DIR)) {
    const std::string name = e.path().filename().string();
    if (!name.ends_with(".jsonl")) continue;
    EXPECT_NE(std::find(listed.begin(), listed.end(), name), listed.end())
        << name << " is not run: re-run cmake to pick it up";
  }
}

// A vector the test cannot read is a failure that says why, not a crash.
TEST(ConformanceFiles, UnknownDialectIsReported) {
  const json v = json::parse(R"({"id":"x","dialect":"nosuch","expr":"* * * * *","from":"2026-01-01T00:00:00Z"})");
  EXPECT_TRUE(check(v).starts_with("bad vector: dialect: unknown value 'nosuch': use standard, quartz")) << check(v);
}

INSTANTIATE_TEST_SUITE_P(Vectors, Conformance, ::testing::ValuesIn(vector_files()), [](const auto& param_info) {
  std::string n = param_info.param.substr(0, param_info.param.find('.'));
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

}  // namespace
}  // namespace fuzzycron
