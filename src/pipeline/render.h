// Writing compiled patterns as text: resolve --to (convert.cc) and the
// export targets (targets.cc).
#pragma once

#include <cstdint>
#include <string>

#include "engine/pattern.h"
#include "fuzzycron/dialect.h"

namespace fuzzycron::pipeline {

// Throws Error (unsupported): "the TO dialect cannot express WHAT".
[[noreturn]] void cannot(Dialect to, const std::string& what, const std::string& text);

// Values lo..hi whose bit is set, as "*", "a-b/n" (an arithmetic run) or a list.
std::string render_bits(std::uint64_t bits, int lo, int hi);

// One line of `to` with the pattern's fire times; throws Error (unsupported)
// naming what `to` cannot express. `text` is the source, for the error.
std::string render_pattern(const engine::Pattern& p, Dialect to, const std::string& text);

}  // namespace fuzzycron::pipeline
