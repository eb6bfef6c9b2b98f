// Draws the value of each hash form (H) of an expression, in reading order.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "fuzzycron/dialect.h"
#include "fuzzycron/seed.h"
#include "syntax/field.h"

namespace fuzzycron::hash {

class Hasher {
 public:
  virtual ~Hasher() = default;
  // A value in [0, bound) for the k-th hash form of `field` (k counts per field).
  virtual std::uint64_t draw(syntax::FieldId field, int k, std::uint64_t bound) = 0;
};

// Each scheme's hasher, one file each (hash_<scheme>.cc); make_hasher picks one.
std::unique_ptr<Hasher> make_fc1(const Seed& seed);
std::unique_ptr<Hasher> make_jenkins(const Seed& seed);
std::unique_ptr<Hasher> make_furiko(const Seed& seed, bool hash_fields);
std::unique_ptr<Hasher> make_croniter(const Seed& seed);
std::unique_ptr<Hasher> make_cron_parser(const Seed& seed);

std::unique_ptr<Hasher> make_hasher(HashScheme scheme, const Seed& seed, const FurikoOptions& furiko);

// fc1's 64-bit value for a key: the first 8 bytes of SHA-256, big-endian.
std::uint64_t fc1_u64(std::string_view key);
// The fc1 key of the k-th hash form of a field: parts, field name and k, NUL-separated.
std::string fc1_key(const Seed& seed, std::string_view field, int k);

}  // namespace fuzzycron::hash
