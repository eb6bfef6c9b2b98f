// Replaces every hash term of a parsed line by the plain term it stands for
// (a value, or a range with a step), drawing from one Hasher in reading order.
#pragma once

#include "fuzzycron/dialect.h"
#include "hash/hasher.h"
#include "syntax/field.h"

namespace fuzzycron::hash {

// Throws fuzzycron::Error where the scheme's reference rejects the drawn form.
void draw_terms(syntax::Line& line, Hasher& hasher, HashScheme scheme, const DialectOptions& options);

// Every hash term at the lowest value of its range (H/n from its lowest start):
// how the schedule runs when every job draws the same, as cron without H would.
void lower_hash_terms(syntax::Line& line, const DialectOptions& options) noexcept;

bool has_hash_terms(const syntax::Line& line) noexcept;

}  // namespace fuzzycron::hash
