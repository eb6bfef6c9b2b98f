// Replaces every hash term of a parsed line by the plain term it stands for
// (a value, or a range with a step), drawing from one Hasher in reading order.
#pragma once

#include <vector>

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

// Replaces every hash term by the value given for it in reading order (a
// balance lock's slot: H and H(a-b) take the value, H/n starts at it), as
// `scheme` would have drawn it. Throws fuzzycron::Error (kind lock) when the
// values do not fit the terms: another count, or a value outside what the
// term can draw. Only schemes whose H/n runs from its start to the range's
// end (fc1, jenkins) place values.
void place_terms(syntax::Line& line, const std::vector<int>& values, HashScheme scheme);

}  // namespace fuzzycron::hash
