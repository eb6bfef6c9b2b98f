#include "fuzzycron/hash_scheme.h"

namespace fuzzycron {

std::string_view hash_scheme_name(HashScheme s) noexcept {
  switch (s) {
    case HashScheme::fc1: return "fc1";
    case HashScheme::jenkins: return "jenkins";
    case HashScheme::furiko: return "furiko";
    case HashScheme::croniter: return "croniter";
    case HashScheme::cron_parser: return "cron-parser";
  }
  return "fc1";
}

std::optional<HashScheme> hash_scheme_from_name(std::string_view name) noexcept {
  for (auto s : kAllHashSchemes)
    if (hash_scheme_name(s) == name) return s;
  return std::nullopt;
}

}  // namespace fuzzycron
