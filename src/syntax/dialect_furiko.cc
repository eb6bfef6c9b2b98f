// furiko cronexpr: 5 tokens (min hour dom mon dow), 6 (+ year) or 7 (second
// first, year last); '*' and '?' are the same; names in any case.
#include <fmt/format.h>

#include "syntax/layout.h"

namespace fuzzycron::syntax {
namespace {

// Alias -> expansion in the standard and in the quartz day-of-week format.
struct Alias {
  std::string_view name, standard, quartz;
};
constexpr Alias kAliases[] = {
    {"@yearly", "0 0 0 1 1 * *", "0 0 0 1 1 * *"},  {"@annually", "0 0 0 1 1 * *", "0 0 0 1 1 * *"},
    {"@monthly", "0 0 0 1 * * *", "0 0 0 1 * * *"}, {"@weekly", "0 0 0 * * 0 *", "0 0 0 * * 1 *"},
    {"@daily", "0 0 0 * * * *", "0 0 0 * * * *"},   {"@midnight", "0 0 0 * * * *", "0 0 0 * * * *"},
    {"@hourly", "0 0 * * * * *", "0 0 * * * * *"},
};

}  // namespace

Spec split_furiko(std::string_view text, bool quartz_dow) {
  Spec spec;
  const std::string_view whole = text;
  auto tokens = tokens_of(text);
  if (tokens.size() == 1 && tokens[0].text.starts_with('@')) {
    const Token alias = tokens[0];
    std::string_view expanded;  // static storage: the fields may point into it
    for (const Alias& a : kAliases)
      if (alias.text == a.name) expanded = quartz_dow ? a.quartz : a.standard;
    if (expanded.empty())
      fail(fmt::format("unknown alias '{}': furiko has @yearly @annually @monthly @weekly @daily @midnight "
                       "@hourly",
                       alias.text),
           whole, alias.column, 0);
    tokens = tokens_of(expanded);
    for (auto& t : tokens) t.column = alias.column;
  }
  using F = FieldId;
  switch (tokens.size()) {
    case 5:
      add_line(spec, whole, 0, tokens, {F::minute, F::hour, F::day_of_month, F::month, F::day_of_week},
          Dialect::furiko, quartz_dow);
      break;
    case 6:
      add_line(spec, whole, 0, tokens,
          {F::minute, F::hour, F::day_of_month, F::month, F::day_of_week, F::year},
          Dialect::furiko, quartz_dow);
      break;
    case 7:
      add_line(spec, whole, 0, tokens,
          {F::second, F::minute, F::hour, F::day_of_month, F::month, F::day_of_week, F::year},
          Dialect::furiko, quartz_dow);
      break;
    default: {
      const int col = tokens.size() > 7 ? tokens[7].column : static_cast<int>(whole.size()) + 1;
      fail(fmt::format("expected 5 to 7 fields ([second] minute hour day-of-month month day-of-week [year]); "
                       "found {}",
                       tokens.size()),
           whole, col, 0);
    }
  }
  return spec;
}

}  // namespace fuzzycron::syntax
