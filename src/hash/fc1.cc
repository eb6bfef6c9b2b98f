// fc1 (SPEC §3, docs/fc1.md): key = part1 0 part2 0 ... 0 field 0 k;
// u = first 8 bytes of SHA-256(key), big-endian; value = u mod bound.
#include <openssl/evp.h>

#include <stdexcept>

#include "hash/hasher.h"

namespace fuzzycron::hash {

std::uint64_t fc1_u64(const std::string& key) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!EVP_Digest(key.data(), key.size(), digest, &length, EVP_sha256(), nullptr))
    throw std::runtime_error("SHA-256 failed");
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

class Fc1 final : public Hasher {
 public:
  explicit Fc1(const Seed& seed) : seed_(seed) {}
  std::uint64_t draw(syntax::FieldId field, int k, std::uint64_t bound) override {
    return fc1_u64(fc1_key(seed_, syntax::field_name(field), k)) % bound;
  }

 private:
  const Seed& seed_;
};

}  // namespace

std::unique_ptr<Hasher> make_fc1(const Seed& seed) { return std::make_unique<Fc1>(seed); }

}  // namespace fuzzycron::hash
