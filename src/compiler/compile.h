// From parsed fields to the bit sets of a Pattern.
#pragma once

#include "engine/pattern.h"
#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/syntax.h"
#include "syntax/field.h"

namespace fuzzycron::compiler {

// Throws fuzzycron::Error (e.g. for a hash form without a seed).
// `both_days_must_match`: day-of-month AND day-of-week whatever the dialect
// says (structured schedules).
engine::Pattern compile_line(const syntax::Line& line, const DialectOptions& options, DstPolicy dst,
                             bool both_days_must_match = false);

// Public in fuzzycron/syntax.h.
using fuzzycron::days_are_ored;
using fuzzycron::is_interval;

}  // namespace fuzzycron::compiler
