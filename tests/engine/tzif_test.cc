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

namespace fuzzycron::detail {
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

}  // namespace
}  // namespace fuzzycron::detail
