// The digests the hash schemes are defined over: SHA-256 (fc1), MD5 (Jenkins)
// and CRC-32 (croniter). Native builds take them from OpenSSL and zlib; the
// WebAssembly build, which has neither, compiles the portable versions below
// (FUZZYCRON_PORTABLE_DIGESTS), tested bit for bit against OpenSSL and zlib on
// the native build (tests/hash/digest_test.cc).
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

namespace fuzzycron::hash {

std::array<unsigned char, 32> sha256(std::string_view data) noexcept;
std::array<unsigned char, 16> md5(std::string_view data) noexcept;
std::uint32_t crc32(std::string_view data) noexcept;

// The portable versions, compiled everywhere so that tests can compare them.
namespace portable {
std::array<unsigned char, 32> sha256(std::string_view data) noexcept;
std::array<unsigned char, 16> md5(std::string_view data) noexcept;
std::uint32_t crc32(std::string_view data) noexcept;
}  // namespace portable

}  // namespace fuzzycron::hash
