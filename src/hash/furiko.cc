// furiko's hash: XXH64 of the id, or of id + ":" + field name with hash-fields
// on; the unsigned value is read as a signed 64-bit integer and reduced with a
// signed modulo (negative remainders move up by the bound).
#include <xxhash.h>

#include "hash/hasher.h"

namespace fuzzycron::hash {
namespace {

class Furiko final : public Hasher {
 public:
  Furiko(const Seed& seed, bool hash_fields) : id_(seed.joined()), hash_fields_(hash_fields) {}
  std::uint64_t draw(syntax::FieldId field, int, std::uint64_t bound) override {
    const std::string key = hash_fields_ ? id_ + ":" + std::string(syntax::field_name(field)) : id_;
    const auto v = static_cast<std::int64_t>(XXH64(key.data(), key.size(), 0));
    std::int64_t r = v % static_cast<std::int64_t>(bound);
    if (r < 0) r += static_cast<std::int64_t>(bound);
    return static_cast<std::uint64_t>(r);
  }

 private:
  std::string id_;
  bool hash_fields_;
};

}  // namespace

std::unique_ptr<Hasher> make_furiko(const Seed& seed, bool hash_fields) {
  return std::make_unique<Furiko>(seed, hash_fields);
}

}  // namespace fuzzycron::hash
