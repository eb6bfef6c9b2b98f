// The peers' own unit-test assertions (tests/peer-suites/*/cases.jsonl), each
// run through the library in the case's dialect and zone: a dialect is right
// when its origin's own tests pass. Kinds: accept, reject, next (strictly
// after), ceil (at or after), none (no next), fires_in ([at, until)).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <set>

#include "fuzzycron/fuzzycron.h"
#include "testing.h"

namespace fuzzycron {
namespace {

using nlohmann::json;

// An input instant: with an offset an instant, without one a wall time in `zone` (the first of two).
sys_milliseconds instant(const std::string& text, const TimeZone& zone) {
  if (const auto t = parse_rfc3339(text)) return *t;
  // A local wall time: find the instant whose local reading is `text`.
  const auto as_utc = parse_rfc3339(text + "Z");
  if (!as_utc) throw std::invalid_argument("bad time " + text);
  sys_milliseconds t = *as_utc;
  for (int i = 0; i < 3; ++i) {
    const auto offset = zone.offset(std::chrono::floor<std::chrono::seconds>(t));
    t = *as_utc - offset;
  }
  return t;
}

std::string shown(const std::optional<sys_milliseconds>& t, const TimeZone& zone) {
  return t ? format_rfc3339(*t, zone, false) : "none";
}

struct Outcome {
  int run = 0, passed = 0, not_applicable = 0;
  std::vector<std::string> failures;
};

Outcome run_suite(const std::string& path, const std::set<std::string>& deviations) {
  Outcome out;
  for (const std::string& line : testing::read_lines(path)) {
    if (line.empty()) continue;
    const json c = json::parse(line);
    const std::string id = c["id"];
    const std::string kind = c["kind"];
    if (kind == "na") {
      ++out.not_applicable;
      continue;
    }
    ++out.run;
    ParseOptions o;
    o.dialect = *dialect_from_name(c["dialect"].get<std::string>());
    o.time_zone = c.value("tz", json("UTC")).is_null() ? "UTC" : c.value("tz", std::string("UTC"));
    if (c.contains("seed")) o.seed = Seed({c["seed"].get<std::string>()});
    const TimeZone zone = TimeZone::locate(o.time_zone);
    std::string got, want;
    try {
      const Schedule s = parse(c["expr"].get<std::string>(), o);
      if (kind == "accept" || kind == "reject") {
        got = "accepted";
        want = kind == "accept" ? "accepted" : "rejected";
      } else if (kind == "next" || kind == "ceil" || kind == "none") {
        const auto at = instant(c["at"], zone);
        const auto t = s.next(kind == "ceil" ? at - std::chrono::milliseconds{1} : at);
        got = shown(t, zone);
        want = kind == "none" ? "none" : shown(instant(c["expected"], zone), zone);
      } else if (kind == "fires_in") {
        const auto from = instant(c["at"], zone), to = instant(c["until"], zone);
        for (auto t : s.fires(from, to)) got += shown(t, zone) + " ";
        for (const auto& e : c["expected"]) want += shown(instant(e, zone), zone) + " ";
      } else {
        got = "kind " + kind;
        want = "a known kind";
      }
    } catch (const Error& e) {
      got = "rejected (" + e.message() + ")";
      want = kind == "reject" ? got : "a schedule";
    }
    const bool pass = got == want;
    const bool deviation = deviations.count(id) > 0;
    if (pass && !deviation) {
      ++out.passed;
    } else if (!pass && deviation) {
      ++out.passed;  // documented: still disagrees
    } else {
      out.failures.push_back(id + ": " + c["expr"].dump() + " got " + got + ", want " + want +
                             (deviation ? " (a documented deviation now agrees: drop it from deviations.txt)" : ""));
    }
  }
  return out;
}

std::set<std::string> deviations() {
  std::set<std::string> out;
  for (const std::string& line : testing::read_lines(FUZZYCRON_DEVIATIONS_FILE))
    if (!line.empty() && line[0] != '#') out.insert(line.substr(0, line.find_first_of(" \t")));
  return out;
}

TEST(PeerSuite, SpringsOwnTestsPass) {
  const Outcome o = run_suite(FUZZYCRON_SOURCE_DIR "/tests/peer-suites/spring/cases.jsonl", deviations());
  std::string failures;
  for (const auto& f : o.failures) failures += f + "\n";
  EXPECT_TRUE(o.failures.empty()) << o.failures.size() << " of " << o.run << " cases fail:\n" << failures;
  EXPECT_GT(o.run, 350);
  std::cout << "spring: " << o.passed << " of " << o.run << " cases pass (" << o.not_applicable << " not applicable)\n";
}

}  // namespace
}  // namespace fuzzycron
