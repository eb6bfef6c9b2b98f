// The text of an anchored interval (docs/intervals.md): its parts are public
// (fuzzycron/syntax.h: IntervalSyntax, for explain in the tools library); the
// names here are the syntax layer's for the compiler and the pipeline.
#pragma once

#include <string_view>

#include "fuzzycron/syntax.h"

namespace fuzzycron::syntax {

using IntervalSyntax = fuzzycron::IntervalSyntax;

inline bool is_every(std::string_view text) noexcept { return fuzzycron::is_every(text); }

// Throws fuzzycron::Error (syntax) with the column of the mistake.
inline IntervalSyntax parse_interval(std::string_view text) { return fuzzycron::interval_syntax_of(text); }

}  // namespace fuzzycron::syntax
