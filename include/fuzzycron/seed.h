// fuzzycron/seed.h — what hash forms are derived from (docs/fc1.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/error.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// An ordered list of non-empty UTF-8 parts without NUL, e.g. {"backup-db"} or
// {"web-07.example.com", "backup-db"} (host, then job).
class FUZZYCRON_EXPORT Seed {
 public:
  Seed() = default;
  // Throws fuzzycron::Error naming the bad part (empty, NUL, invalid UTF-8).
  explicit Seed(std::vector<std::string> parts);
  Seed(std::initializer_list<std::string> parts) : Seed(std::vector<std::string>(parts)) {}

  bool empty() const noexcept { return parts_.empty(); }
  const std::vector<std::string>& parts() const noexcept { return parts_; }
  // Parts joined with '/', for schemes that take one string (jenkins, furiko).
  std::string joined() const;

  friend bool operator==(const Seed&, const Seed&) = default;

 private:
  std::vector<std::string> parts_;
};

enum class HashScheme : unsigned char {
  fc1,      // SHA-256 of parts, field and occurrence (docs/fc1.md); standard and quartz
  jenkins,  // MD5 fold -> java.util.Random, one nextInt per H in reading order
  furiko,   // XXH64 of the id (or id:field), signed modulo
  croniter,     // CRC-32 of the UTF-8 seed, shifted right by the field's index (croniter 6)
  cron_parser,  // FNV-1a over UTF-16 units -> mulberry32, one draw per field (cron-parser 5)
};

// Every scheme, in the order above.
inline constexpr HashScheme kAllHashSchemes[] = {HashScheme::fc1, HashScheme::jenkins, HashScheme::furiko,
                                                 HashScheme::croniter, HashScheme::cron_parser};

FUZZYCRON_EXPORT std::string_view hash_scheme_name(HashScheme s) noexcept;
FUZZYCRON_EXPORT std::optional<HashScheme> hash_scheme_from_name(std::string_view name) noexcept;

}  // namespace fuzzycron
