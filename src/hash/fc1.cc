// fc1 (docs/fc1.md): key = part1 0 part2 0 ... 0 field 0 k;
// u = first 8 bytes of SHA-256(key), big-endian; value = u mod bound.
// A parse draws one key per hash form, so the digest is most of its cost.
#include <charconv>
#include <string>
#include <string_view>

#include "hash/digest.h"
#include "hash/hasher.h"

namespace fuzzycron::hash {

std::uint64_t fc1_u64(std::string_view key) {
  const auto digest = sha256(key);
  std::uint64_t u = 0;
  for (int i = 0; i < 8; ++i) u = u << 8 | digest[i];
  return u;
}

std::string fc1_key(const Seed& seed, std::string_view field, int k) {
  std::string key;
  for (const auto& part : seed.parts()) {
    key += part;
    key += '\0';
  }
  key += field;
  key += '\0';
  key += std::to_string(k);
  return key;
}

namespace {

// The key's seed part is written once per parse; each draw replaces what
// follows it with field and k (the same bytes as fc1_key), in one buffer.
class Fc1 final : public Hasher {
 public:
  explicit Fc1(const Seed& seed) {
    std::size_t size = 0;
    for (const auto& part : seed.parts()) size += part.size() + 1;
    key_.reserve(size + 32);  // + "day-of-month", NUL and k
    for (const auto& part : seed.parts()) {
      key_ += part;
      key_ += '\0';
    }
    prefix_ = key_.size();
  }
  std::uint64_t draw(syntax::FieldId field, int k, std::uint64_t bound) override {
    key_.resize(prefix_);
    key_ += syntax::field_name(field);
    key_ += '\0';
    char digits[16];
    const auto end = std::to_chars(digits, digits + sizeof digits, k).ptr;
    key_.append(digits, end);
    return fc1_u64(key_) % bound;
  }

 private:
  std::string key_;
  std::size_t prefix_ = 0;
};

}  // namespace

std::unique_ptr<Hasher> make_fc1(const Seed& seed) { return std::make_unique<Fc1>(seed); }

}  // namespace fuzzycron::hash
