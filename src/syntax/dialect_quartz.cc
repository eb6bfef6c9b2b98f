// Quartz CronExpression: "sec min hour dom mon dow [year]"; exactly one of
// day-of-month and day-of-week is '?'.
#include <fmt/format.h>

#include "syntax/dialects.h"
#include "syntax/layout.h"

namespace fuzzycron::syntax {
namespace {

bool has_kind(const Field& f, Term::Kind k) {
  for (const Term& t : f.terms)
    if (t.kind == k) return true;
  return false;
}

}  // namespace

Spec split_quartz(std::string_view text) {
  Spec spec;
  const std::string_view whole = text;
  auto tokens = tokens_of(text);
  if (tokens.size() < 6 || tokens.size() > 7) {
    const int col = tokens.size() > 7 ? tokens[7].column : static_cast<int>(whole.size()) + 1;
    fail(fmt::format("expected 6 or 7 fields (second minute hour day-of-month month day-of-week [year]); "
                     "found {}",
                     tokens.size()),
         whole, col, 0);
  }
  const Line& line = tokens.size() == 7
                         ? add_line(spec, whole, 0, tokens,
                                    {FieldId::second, FieldId::minute, FieldId::hour, FieldId::day_of_month,
                                     FieldId::month, FieldId::day_of_week, FieldId::year},
                                    Dialect::quartz)
                         : add_line(spec, whole, 0, tokens,
                                    {FieldId::second, FieldId::minute, FieldId::hour, FieldId::day_of_month,
                                     FieldId::month, FieldId::day_of_week},
                                    Dialect::quartz);
  const Field& dom = *line.fields[static_cast<int>(FieldId::day_of_month)];
  const Field& dow = *line.fields[static_cast<int>(FieldId::day_of_week)];
  const bool dom_q = has_kind(dom, Term::Kind::no_spec), dow_q = has_kind(dow, Term::Kind::no_spec);
  for (const Field* f : {&dom, &dow})
    if (has_kind(*f, Term::Kind::no_spec) && f->terms.size() > 1)
      fail(fmt::format("{}: '?' stands alone, it cannot be part of a list", field_name(f->id)), whole, f->column, 0);
  if (dom_q && dow_q) fail("'?' can only be given for one of day-of-month and day-of-week", whole, dow.column, 0);
  if (!dom_q && !dow_q && dom.text == "*" && dow.text == "*")
    fail(
        "day-of-month and day-of-week are both '*': Quartz needs '?' in one of them (Spring's CronExpression "
        "accepts '*' in both, Quartz does not): write '?' for day-of-week",
        whole, dow.column, 0);
  if (!dom_q && !dow_q)
    fail(
        "day-of-month and day-of-week cannot both be given in the quartz dialect: write '?' in one of them "
        "(e.g. '0 0 12 ? * MON' or '0 0 12 1 * ?')",
        whole, dow.column, 0);
  // Quartz keeps one "last"/"nth" flag for the whole field, so it refuses
  // L and # inside lists rather than mean something surprising.
  if (dow.terms.size() > 1)
    for (const Term& t : dow.terms)
      if (t.kind == Term::Kind::last_of_weekday || t.kind == Term::Kind::nth_weekday ||
          dow.text.find_first_of("Ll") != std::string::npos)
        fail("day-of-week: 'L' and '#' cannot be combined with other days in a list", whole, t.column, 0);
  return spec;
}

namespace {

void quartz_rules(FieldRules& r, bool) {
  const FieldId f = r.id;
  const bool dom = f == FieldId::day_of_month, dow = f == FieldId::day_of_week;
  r.names = f == FieldId::month || dow;
  r.question = dom || dow;
  r.value_step = r.bare_step = true;
  r.wrap = f != FieldId::year;
  r.hash_pound = r.hash_h;
  r.last = dom || dow;
  r.last_offset = dom;
  r.dow_bare_last = dow;
  r.nth = dow;
  r.lowercase_specials = true;  // Quartz upper-cases the whole expression
  if (dow) {
    r.min = 1;
    r.max = 7;
    r.hash_lo = 1;
    r.hash_hi = 7;
    r.range_text = "1-7 (1 = SUN)";
    r.sunday_is_one = true;
  }
  if (f == FieldId::year) {
    r.min = 1;
    r.max = 9999;
    r.range_text = "1-9999";
  }
  constexpr int steps[] = {59, 59, 23, 31, 12, 7, 0};
  r.max_step = steps[static_cast<int>(f)];
}

}  // namespace

const DialectRow kQuartzRow{
    .dialect = Dialect::quartz,
    .name = "quartz",
    .aliases = {},
    .hash = HashScheme::fc1,
    .dst = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::last),  // Quartz 2.3.2 (docs/dst.md)
    .runs_on = "quartz",
    .split = [](std::string_view text, const DialectOptions&, bool) { return split_quartz(text); },
    .rules = quartz_rules,
    .finish = nullptr,
    .day_or = false,
    .days_ored = days_never_ored,
    .seconds = SecondsField::always_first,
    .no_seconds = {},
    .years = true,
    .specials = true,
    .last_offsets = true,
    .question = true,
    .sunday = 1,
};

}  // namespace fuzzycron::syntax
