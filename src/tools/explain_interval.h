// explain() for anchored intervals, and the words for bounds and excluded days
// that any schedule may carry (docs/intervals.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fuzzycron/explain.h"
#include "fuzzycron/parse.h"

namespace fuzzycron::tools {

// The explanation of `@every ...` where the dialect reads it; nullopt otherwise.
std::optional<Explanation> explain_interval(std::string_view expression, const ParseOptions& options);

// ", not before 2026-03-02T00:00:00Z, except on 3 days (2026-12-25, ...)" or "".
std::string limits_words(const ParseOptions& options);

}  // namespace fuzzycron::tools
