// Recomputes the worked examples of docs/fc1.md with a SHA-256 call of its own
// (not the library's hashing code), then checks the library agrees.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <fstream>
#include <sstream>

#include "fuzzycron/fuzzycron.h"

namespace fuzzycron {
namespace {

std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::stringstream ss(row);
  std::string cell;
  std::getline(ss, cell, '|');  // before the first '|'
  while (std::getline(ss, cell, '|')) {
    const auto a = cell.find_first_not_of(" `"), b = cell.find_last_not_of(" `");
    out.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
  }
  return out;
}

std::string hex(const unsigned char* p, std::size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += {digits[p[i] >> 4], digits[p[i] & 15]};
  return s;
}

TEST(Fc1Doc, WorkedExamplesRecomputeIndependently) {
  std::ifstream in(FUZZYCRON_DOCS_DIR "/fc1.md");
  ASSERT_TRUE(in);
  std::string row;
  int checked = 0;
  while (std::getline(in, row)) {
    auto c = cells(row);
    if (c.size() < 10 || c[2].empty() || !std::isdigit(static_cast<unsigned char>(c[2][0]))) continue;
    // seed parts | field | k | key | sha8 | u | range / step | value | expression | resolved
    std::vector<std::string> parts;
    std::stringstream ps(c[0]);
    for (std::string p; std::getline(ps, p, ',');) parts.push_back(p.substr(p.find_first_not_of(' ')));
    std::string key;
    for (const auto& p : parts) key += p + '\0';
    key += c[1] + '\0' + c[2];
    EXPECT_EQ(hex(reinterpret_cast<const unsigned char*>(key.data()), key.size()), c[3]) << row;
    unsigned char d[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    ASSERT_TRUE(EVP_Digest(key.data(), key.size(), d, &n, EVP_sha256(), nullptr));
    EXPECT_EQ(hex(d, 8), c[4]) << row;
    unsigned long long u = 0;
    for (int i = 0; i < 8; ++i) u = u << 8 | d[i];
    EXPECT_EQ(std::to_string(u), c[5]) << row;
    int lo = 0, hi = 0, step = 0;
    ASSERT_GE(std::sscanf(c[6].c_str(), "%d-%d /%d", &lo, &hi, &step), 2) << row;
    const unsigned long long value = lo + u % static_cast<unsigned long long>(step ? step : hi - lo + 1);
    EXPECT_EQ(std::to_string(value), c[7]) << row;
    ParseOptions o;
    o.seed = Seed(parts);
    EXPECT_EQ(resolve(c[8], o), c[9]) << row;
    ++checked;
  }
  EXPECT_GE(checked, 6);
}

}  // namespace
}  // namespace fuzzycron
