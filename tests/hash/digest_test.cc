// The portable SHA-256, MD5 and CRC-32 (the WebAssembly build's) against
// OpenSSL and zlib, bit for bit: known answers, every length around the
// padding boundaries, random bytes, and every hash vector's seed and keys.
#include "hash/digest.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "hash/hasher.h"

namespace fuzzycron::hash {
namespace {

std::string hex(const auto& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) out += {kDigits[b >> 4], kDigits[b & 15]};
  return out;
}

void expect_same(std::string_view data) {
  ASSERT_EQ(hex(portable::sha256(data)), hex(sha256(data))) << data.size() << " bytes";
  ASSERT_EQ(hex(portable::md5(data)), hex(md5(data))) << data.size() << " bytes";
  ASSERT_EQ(portable::crc32(data), crc32(data)) << data.size() << " bytes";
}

TEST(Digest, KnownAnswers) {
  EXPECT_EQ(hex(portable::sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex(portable::sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex(portable::md5("abc")), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(hex(portable::md5("")), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(portable::crc32("123456789"), 0xCBF43926u);
  EXPECT_EQ(portable::crc32(""), 0u);
}

TEST(Digest, PortableEqualsOpenSslAndZlib) {
  std::mt19937 random(20261127);
  for (std::size_t size = 0; size <= 300; ++size) {  // every padding case: 55, 56, 63, 64, 119, 120, ...
    std::string data(size, '\0');
    for (char& c : data) c = static_cast<char>(random());
    expect_same(data);
  }
  for (int i = 0; i < 200; ++i) {
    std::string data(random() % 5000, '\0');
    for (char& c : data) c = static_cast<char>(random());
    expect_same(data);
  }
}

TEST(Digest, EveryHashVectorsSeedAndKey) {
  std::size_t seeds = 0;
  for (const auto& entry : std::filesystem::directory_iterator(FUZZYCRON_VECTORS_DIR)) {
    if (entry.path().extension() != ".jsonl") continue;
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      const auto v = nlohmann::json::parse(line, nullptr, false);
      if (v.is_discarded() || !v.contains("seed") || !v["seed"].is_string()) continue;
      const std::string seed = v["seed"];
      expect_same(seed);
      // fc1's keys: the seed, the field and the draw, NUL-separated.
      for (const char* field : {"second", "minute", "hour", "day-of-month", "month", "day-of-week", "year"})
        for (int k = 0; k < 3; ++k) expect_same(seed + '\0' + field + '\0' + std::to_string(k));
      ++seeds;
    }
  }
  EXPECT_GT(seeds, 1000u);
}

}  // namespace
}  // namespace fuzzycron::hash
