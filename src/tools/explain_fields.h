// Words for one field of a cron expression (explain's vocabulary): values,
// terms and whole fields as English phrases, and the line as it reads.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/parse.h"
#include "fuzzycron/syntax.h"

namespace fuzzycron::tools::words {

using Field = FieldSyntax;
using Kind = Term::Kind;

inline constexpr std::array<std::string_view, 12> kMonths = {"January",   "February", "March",    "April",
                                                             "May",       "June",     "July",     "August",
                                                             "September", "October",  "November", "December"};

// "a, b and c" (or another last separator).
std::string join(const std::vector<std::string>& items, std::string_view last = " and ");
std::string day_ordinal(int d);  // "1st", "22nd"
std::string capitalized(std::string s);

// How the values of one field read.
struct FieldWords {
  std::string_view unit;  // "minute"
  FieldId id;
  FieldLimits limits;
  std::string_view seed_words;

  std::string value(int v) const;                // ":05", "09:00", "the 1st", "March", "Monday"
  std::string number(int v) const;               // a bare number, for ranges of hash forms
  std::string range_end(int v) const;            // the end of a range of hours reads as its last minute
  std::vector<int> values(const Term& t) const;  // what a small field's term stands for
};

// One term as a phrase that fits after "at"/"on"/"in"; a whole field.
std::string term_phrase(const Term& t, const FieldWords& w);
std::string field_phrase(const Field& f, const FieldWords& w);

bool every(const std::optional<Field>& f);         // allows everything with no step: '*' (or '?')
bool single(const std::optional<Field>& f);        // one value: a plain number or a single hash draw
bool fixed(const std::optional<Field>& f);         // one plain number
bool fixed_values(const std::optional<Field>& f);  // plain numbers only

// The line as it reads: x/1 is x through the end, H/1 every value of its
// range, a field whose terms cover every value is '*', plain values are in
// time order.
LineSyntax as_read(LineSyntax line, const ParseOptions& options);

}  // namespace fuzzycron::tools::words
