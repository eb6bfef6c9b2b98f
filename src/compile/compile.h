// From parsed fields to the bit sets of a Pattern.
#pragma once

#include "engine/pattern.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/parse.h"
#include "syntax/field.h"

namespace fuzzycron::compile {

// Throws fuzzycron::Error (e.g. for a hash form without a seed).
// `both_days_must_match`: day-of-month AND day-of-week whatever the dialect
// says (structured schedules).
detail::Pattern compile_line(const syntax::Line& line, const ParseOptions& options,
                             bool both_days_must_match = false);

// True when the line's days fire on day-of-month OR day-of-week (Vixie's rule in
// the standard dialect, gorhill's in furiko); false for AND.
bool days_are_ored(const syntax::Line& line, Dialect d);

// True for an interval schedule in the sense of the `cron` DST policy: the
// minute or hour text starts with '*' (SPEC §4).
bool is_interval(const syntax::Line& line);

}  // namespace fuzzycron::compile
