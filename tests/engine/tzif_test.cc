// Zones read from their TZif files (the WebAssembly build's source of offsets)
// give the offsets date/tz gives, on every zone of the system database: at each
// transition and a second before it, and at instants from 1700 to 2500.
#include "engine/tzif.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

#include "engine/zone.h"

namespace fuzzycron::engine {
namespace {

std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(Tzif, SameOffsetsAsDateTzInEveryZone) {
  const std::filesystem::path root = "/usr/share/zoneinfo";
  std::size_t zones = 0, instants = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string name = std::filesystem::relative(entry.path(), root).string();
    if (name.starts_with("posix") || name.starts_with("right") || name.find('.') != std::string::npos ||
        name.front() < 'A' || name.front() > 'Z')
      continue;  // the copies, and the data files (zone.tab, tzdata.zi, leap-seconds.list)
    const auto tzif = read_tzif(file_text(entry.path()));
    ASSERT_TRUE(tzif) << name;
    const Zone* theirs = nullptr;
    try {
      theirs = find_zone(name);
    } catch (const std::exception&) {
      continue;  // a file date/tz does not list as a zone (e.g. "Factory" in some builds)
    }
    const Zone ours(std::make_shared<const Tzif>(*tzif), name);
    std::vector<std::int64_t> at;
    for (std::int64_t t : tzif->times) at.insert(at.end(), {t - 1, t, t + 1});
    for (std::int64_t t = -8520336000; t < 16725225600; t += 86400 * 97 + 3607) at.push_back(t);  // 1700-2500
    for (std::int64_t t : at) {
      ASSERT_EQ(ours.offset_at(t), theirs->offset_at(t)) << name << " at " << t;
      ++instants;
    }
    ++zones;
  }
  EXPECT_GT(zones, 300u);
  RecordProperty("compared", std::to_string(zones) + " zones, " + std::to_string(instants) + " instants");
}

TEST(Tzif, NotTzifIsNone) {
  EXPECT_FALSE(read_tzif(""));
  EXPECT_FALSE(read_tzif("TZif2"));
  EXPECT_FALSE(read_tzif(std::string(60, 'x')));
  std::string truncated = file_text("/usr/share/zoneinfo/Europe/Berlin");
  ASSERT_FALSE(truncated.empty());
  truncated.resize(truncated.size() / 2);
  EXPECT_FALSE(read_tzif(truncated));
}

// A footer whose DST starts at 02:00 local on 1 January, 17 hours east of UTC:
// that start falls on 31 December in UTC, where date's POSIX zone once answered
// the interval before it (found by fuzz_tzif: a zone built on it stepped
// second by second through 600 years). Every answer holds its instant, and in
// that window the offset is DST's.
TEST(PosixRuleTest, TransitionInTheNeighbouringUtcYear) {
  const auto rule = PosixRule::parse("AAA-17BBB3,0,M6.5.1");
  ASSERT_TRUE(rule);
  for (std::int64_t t = 1735603200; t < 1735603200 + 3 * 31622400; t += 1800) {  // 2024-12-31 on
    const RuleInterval r = rule->at(t);
    ASSERT_LE(r.begin, t);
    ASSERT_LT(t, r.end);
    ASSERT_GE(r.end - r.begin, 86400) << t;  // the rule's intervals are months long
  }
  EXPECT_EQ(rule->at(1767182400).offset, -3 * 3600);  // 2025-12-31 12:00 UTC: 2026's DST has begun
  EXPECT_EQ(rule->at(1767182400 - 86400).offset, 17 * 3600);
  Tzif bare;
  bare.footer = "AAA-17BBB3,0,M6.5.1";
  const Zone zone(std::make_shared<const Tzif>(bare), "fuzz");
  EXPECT_EQ(zone.offset_at(1767182400), -3 * 3600);
}

}  // namespace
}  // namespace fuzzycron::engine
