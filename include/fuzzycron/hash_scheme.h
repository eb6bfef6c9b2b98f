// fuzzycron/hash_scheme.h — how hash forms (H) draw their values (docs/fc1.md,
// docs/dialects.md). Each dialect names its own scheme; any can be chosen.
#pragma once

#include <optional>
#include <string_view>

#include "fuzzycron/visibility.h"

namespace fuzzycron {

enum class HashScheme : unsigned char {
  fc1,          // SHA-256 of parts, field and occurrence (docs/fc1.md); standard and quartz
  jenkins,      // MD5 fold -> java.util.Random, one nextInt per H in reading order
  furiko,       // XXH64 of the id (or id:field), signed modulo
  croniter,     // CRC-32 of the UTF-8 seed, shifted right by the field's index (croniter 6)
  cron_parser,  // FNV-1a over UTF-16 units -> mulberry32, one draw per field (cron-parser 5)
};

// Every scheme, in the order above.
inline constexpr HashScheme kAllHashSchemes[] = {HashScheme::fc1, HashScheme::jenkins, HashScheme::furiko,
                                                 HashScheme::croniter, HashScheme::cron_parser};

FUZZYCRON_EXPORT std::string_view hash_scheme_name(HashScheme s) noexcept;
FUZZYCRON_EXPORT std::optional<HashScheme> hash_scheme_from_name(std::string_view name) noexcept;

}  // namespace fuzzycron
