// fc1 (SPEC §3, docs/fc1.md): key = part1 0 part2 0 ... 0 field 0 k;
// u = first 8 bytes of SHA-256(key), big-endian; value = u mod bound.
#include <openssl/evp.h>

#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>

#include "hash/hasher.h"

namespace fuzzycron::hash {

namespace {

// OpenSSL 3 looks SHA-256 up on every EVP_Digest(EVP_sha256()) and allocates a
// context each time, which cost more than the hash of a 30-byte key. Fetched
// once; one context per thread, reinitialised per key (no locks, no allocation).
const EVP_MD* sha256() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  return md;
}

struct Context {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ~Context() { EVP_MD_CTX_free(ctx); }
};

}  // namespace

std::uint64_t fc1_u64(std::string_view key) {
  thread_local Context context;
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  const EVP_MD* md = sha256();
  if (!md || !context.ctx || !EVP_DigestInit_ex2(context.ctx, md, nullptr) ||
      !EVP_DigestUpdate(context.ctx, key.data(), key.size()) || !EVP_DigestFinal_ex(context.ctx, digest, &length))
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

// The key's seed part is built once per parse; each draw appends field and k
// to a reused buffer (the same bytes as fc1_key).
class Fc1 final : public Hasher {
 public:
  explicit Fc1(const Seed& seed) {
    for (const auto& part : seed.parts()) {
      prefix_ += part;
      prefix_ += '\0';
    }
  }
  std::uint64_t draw(syntax::FieldId field, int k, std::uint64_t bound) override {
    key_.assign(prefix_);
    key_ += syntax::field_name(field);
    key_ += '\0';
    char digits[16];
    const auto end = std::to_chars(digits, digits + sizeof digits, k).ptr;
    key_.append(digits, end);
    return fc1_u64(key_) % bound;
  }

 private:
  std::string prefix_, key_;
};

}  // namespace

std::unique_ptr<Hasher> make_fc1(const Seed& seed) { return std::make_unique<Fc1>(seed); }

}  // namespace fuzzycron::hash
