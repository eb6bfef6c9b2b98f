// The digests from OpenSSL and zlib, or the portable versions where those are
// not available (FUZZYCRON_PORTABLE_DIGESTS: the WebAssembly build).
// OpenSSL 3.0's EVP layer frees and reallocates its SHA-256 state on every
// EVP_DigestInit_ex2 and dispatches through the provider: 86 ns a key here,
// against 52 ns for the SHA256_* functions on a stack context, which 3.0 marks
// deprecated but keeps (same digest; the fc1 vectors check every value).
#include "hash/digest.h"

#ifndef FUZZYCRON_PORTABLE_DIGESTS
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <zlib.h>
#endif

namespace fuzzycron::hash {

#ifdef FUZZYCRON_PORTABLE_DIGESTS
std::array<unsigned char, 32> sha256(std::string_view data) noexcept { return portable::sha256(data); }
std::array<unsigned char, 16> md5(std::string_view data) noexcept { return portable::md5(data); }
std::uint32_t crc32(std::string_view data) noexcept { return portable::crc32(data); }
#else
std::array<unsigned char, 32> sha256(std::string_view data) noexcept {
  std::array<unsigned char, 32> out{};
  SHA256_CTX context;
  SHA256_Init(&context);
  SHA256_Update(&context, data.data(), data.size());
  SHA256_Final(out.data(), &context);
  return out;
}

std::array<unsigned char, 16> md5(std::string_view data) noexcept {
  std::array<unsigned char, 16> out{};
  unsigned int length = 0;
  EVP_Digest(data.data(), data.size(), out.data(), &length, EVP_md5(), nullptr);
  return out;
}

std::uint32_t crc32(std::string_view data) noexcept {
  return static_cast<std::uint32_t>(
      ::crc32(::crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size())));
}
#endif

}  // namespace fuzzycron::hash
