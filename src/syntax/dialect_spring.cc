// Spring Framework 5.3+/6 CronExpression: exactly six fields, seconds first,
// separated by spaces (a tab is not a separator); '?' means '*' in the day
// fields only; day-of-month AND day-of-week; day-of-week 0-7 (0 and 7 Sunday,
// 1 Monday) whose '*' steps from Monday; L, L-n, LW, nW, dL, d#k; the
// macros @yearly ... @hourly in any case (docs/dialects.md).
#include <fmt/format.h>

#include "syntax/dialects.h"
#include "syntax/layout.h"

namespace fuzzycron::syntax {
namespace {

constexpr std::pair<std::string_view, std::string_view> kMacros[] = {
    {"@yearly", "0 0 0 1 1 *"}, {"@annually", "0 0 0 1 1 *"}, {"@monthly", "0 0 0 1 * *"}, {"@weekly", "0 0 0 * * 0"},
    {"@daily", "0 0 0 * * *"},  {"@midnight", "0 0 0 * * *"}, {"@hourly", "0 0 * * * *"},
};

constexpr std::initializer_list<FieldId> kLayout = {FieldId::second,       FieldId::minute, FieldId::hour,
                                                    FieldId::day_of_month, FieldId::month,  FieldId::day_of_week};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  return out;
}

void spring_rules(FieldRules& r, bool) {
  const FieldId f = r.id;
  const bool dom = f == FieldId::day_of_month, dow = f == FieldId::day_of_week;
  r.names = f == FieldId::month || dow;
  r.question = dom || dow;
  r.question_is_star = dom || dow;
  r.value_step = true;  // a/n = a-max/n
  r.plus_sign = true;
  r.last = dom || dow;
  r.last_offset = dom;
  r.last_offset_positive = dom;
  r.nth = dow;
  r.nth_max = 999999;
  r.lowercase_specials = dow;  // Spring upper-cases day-of-week only: 5l works, 15w does not
  if (dow) {
    r.star_min = 1;  // '*' is MON-SUN: */2 is Monday, Wednesday, Friday, Sunday
    r.seven_start_is_zero = true;
  }
}

}  // namespace

Spec split_spring(std::string_view text) {
  Spec spec;
  const std::string_view whole = text;
  const std::string_view trimmed = trim(text);
  if (!trimmed.empty() && trimmed.front() == '@') {
    const std::string name = lower(trimmed);
    for (auto [macro, expansion] : kMacros) {
      if (name != macro) continue;
      auto tokens = tokens_of(expansion);
      const int column = static_cast<int>(trimmed.data() - whole.data()) + 1;
      for (auto& t : tokens) t.column = column;  // point errors at the macro
      add_line(spec, whole, 0, tokens, kLayout, Dialect::spring);
      return spec;
    }
    fail(fmt::format("unknown macro '{}': Spring has @yearly @annually @monthly @weekly @daily @midnight @hourly",
                     std::string(trimmed.substr(0, 40))),
         whole, static_cast<int>(trimmed.data() - whole.data()) + 1, 0);
  }
  auto tokens = tokens_of(text);
  for (const Token& t : tokens)  // fields are separated by spaces only
    if (const auto tab = whole.substr(0, static_cast<std::size_t>(t.column - 1)).find_last_of('\t');
        tab != std::string_view::npos && tab + 1 == static_cast<std::size_t>(t.column - 1) && &t != &tokens.front())
      fail("a tab separates the fields: Spring's CronExpression splits on spaces only", whole,
           static_cast<int>(tab) + 1, 0);
  if (tokens.size() != 6) {
    const int col = tokens.size() > 6 ? tokens[6].column : static_cast<int>(whole.size()) + 1;
    fail(fmt::format("expected 6 fields (second minute hour day-of-month month day-of-week); found {}", tokens.size()),
         whole, col, 0);
  }
  add_line(spec, whole, 0, tokens, kLayout, Dialect::spring);
  return spec;
}

const DialectRow kSpringRow{
    .dialect = Dialect::spring,
    .name = "spring",
    .aliases = {},
    .hash = HashScheme::fc1,
    .dst = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both),  // wall time: gaps skipped, overlaps twice
    .runs_on = "spring",
    .split = [](std::string_view text, const DialectOptions&, bool) { return split_spring(text); },
    .rules = spring_rules,
    .finish = nullptr,
    .day_or = false,
    .days_ored = days_never_ored,
    .seconds = SecondsField::always_first,
    .no_seconds = {},
    .specials = true,
    .last_offsets = true,
};

}  // namespace fuzzycron::syntax
