// furiko cronexpr: 5 tokens (min hour dom mon dow), 6 (+ year) or 7 (second
// first, year last); '*' and '?' are the same; names in any case.
#include <fmt/format.h>

#include "syntax/dialects.h"
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
      add_line(spec, whole, 0, tokens, {F::minute, F::hour, F::day_of_month, F::month, F::day_of_week}, Dialect::furiko,
               quartz_dow);
      break;
    case 6:
      add_line(spec, whole, 0, tokens, {F::minute, F::hour, F::day_of_month, F::month, F::day_of_week, F::year},
               Dialect::furiko, quartz_dow);
      break;
    case 7:
      add_line(spec, whole, 0, tokens,
               {F::second, F::minute, F::hour, F::day_of_month, F::month, F::day_of_week, F::year}, Dialect::furiko,
               quartz_dow);
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

namespace {

void furiko_rules(FieldRules& r, bool quartz_dow) {
  r.hash_h = true;  // the year too
  const FieldId f = r.id;
  const bool dom = f == FieldId::day_of_month, dow = f == FieldId::day_of_week;
  r.names = f == FieldId::month || dow;
  r.question = dom || dow;
  r.value_step = r.bare_step = true;
  r.lowercase_specials = true;
  r.last = dom || (dow && !quartz_dow);
  r.nth = dow && !quartz_dow;
  r.max_step = f == FieldId::year ? 0 : r.max;
  if (f == FieldId::year) {
    r.hash_lo = 1970;
    r.hash_hi = 2099;
  }
  if (dow && !quartz_dow) {
    r.max_step = 6;  // gorhill: day-of-week 0-6
    r.sunday_end_is_saturday = true;
  }
  if (dow && quartz_dow) {
    r.min = 1;
    r.max = 7;
    r.hash_lo = 1;
    r.hash_hi = 7;
    r.range_text = "1-7 (1 = SUN)";
    r.sunday_is_one = true;
  }
  r.hash_min = r.min;
  r.hash_max = r.max;
  // furiko resolves H after converting the quartz day-of-week format, so its
  // hash forms always count days 0-6 from Sunday; it checks steps itself.
  r.hash_step_in_range = false;
  if (dow) {
    r.hash_lo = r.hash_min = 0;
    r.hash_hi = 6;
    r.hash_max = 7;
  }
}

// After gorhill/cronexpr: a day field is unrestricted when one of its items is a bare '*' or '?'.
bool restricted(const std::optional<Field>& f) {
  if (!f) return false;
  for (const Term& t : f->terms)
    if ((t.kind == Term::Kind::all && t.step == 0) || t.kind == Term::Kind::no_spec) return false;
  return true;
}

}  // namespace

const DialectRow kFurikoRow{
    .dialect = Dialect::furiko,
    .name = "furiko",
    .aliases = {},
    .hash = HashScheme::furiko,
    .dst = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both),  // furiko: robfig-style walk (docs/dst.md)
    .runs_on = "furiko",
    .split = [](std::string_view text, const DialectOptions& o,
                bool) { return split_furiko(text, o.furiko.quartz_day_of_week); },
    .rules = furiko_rules,
    .finish = nullptr,
    .day_or = true,
    .days_ored =
        [](const Line& line) {
          return restricted(line.fields[static_cast<int>(FieldId::day_of_month)]) &&
                 restricted(line.fields[static_cast<int>(FieldId::day_of_week)]);
        },
    .seconds = SecondsField::first_with_year,
    .no_seconds = {},
    .years = true,
    .specials = true,
};

}  // namespace fuzzycron::syntax
