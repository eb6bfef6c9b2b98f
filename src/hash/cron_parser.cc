// cron-parser's hash (cron-parser 5): FNV-1a (32 bit) over the seed's UTF-16
// code units seeds mulberry32; one draw r = u / 2^32 per field in the order
// second, minute, hour, month, day-of-month, day-of-week (a seventh for a year
// field of other dialects), whether or not the field has hash forms. Every
// hash form of a field uses that field's draw: floor(r * bound).
#include <array>

#include "hash/hasher.h"

namespace fuzzycron::hash {
namespace {

// The UTF-16 code units of valid UTF-8 text (a Seed is checked to be valid).
std::uint32_t fnv1a_utf16(std::string_view s) {
  std::uint32_t h = 2166136261u;
  auto add = [&h](std::uint32_t unit) {
    h ^= unit;
    h *= 16777619u;
  };
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::uint32_t cp;
    std::size_t n;
    if (c < 0x80)
      cp = c, n = 1;
    else if (c < 0xe0)
      cp = c & 0x1fu, n = 2;
    else if (c < 0xf0)
      cp = c & 0x0fu, n = 3;
    else
      cp = c & 0x07u, n = 4;
    for (std::size_t k = 1; k < n && i + k < s.size(); ++k)
      cp = cp << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3fu);
    i += n;
    if (cp < 0x10000) {
      add(cp);
    } else {  // a surrogate pair
      cp -= 0x10000;
      add(0xd800u + (cp >> 10));
      add(0xdc00u + (cp & 0x3ffu));
    }
  }
  return h;
}

class CronParser final : public Hasher {
 public:
  explicit CronParser(const Seed& seed) {
    std::uint32_t s = fnv1a_utf16(seed.joined());
    for (auto& u : draws_) {  // mulberry32
      s += 0x6D2B79F5u;
      std::uint32_t t = (s ^ (s >> 15)) * (s | 1u);
      t ^= t + (t ^ (t >> 7)) * (t | 61u);
      u = t ^ (t >> 14);
    }
  }
  std::uint64_t draw(syntax::FieldId field, int, std::uint64_t bound) override {
    return (static_cast<std::uint64_t>(draws_[draw_index(field)]) * bound) >> 32;
  }

 private:
  static std::size_t draw_index(syntax::FieldId field) {
    switch (field) {
      case syntax::FieldId::second: return 0;
      case syntax::FieldId::minute: return 1;
      case syntax::FieldId::hour: return 2;
      case syntax::FieldId::month: return 3;
      case syntax::FieldId::day_of_month: return 4;
      case syntax::FieldId::day_of_week: return 5;
      case syntax::FieldId::year: return 6;
    }
    return 0;
  }
  std::array<std::uint32_t, 7> draws_{};
};

}  // namespace

std::unique_ptr<Hasher> make_cron_parser(const Seed& seed) { return std::make_unique<CronParser>(seed); }

}  // namespace fuzzycron::hash
