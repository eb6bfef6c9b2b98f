// cron-parser 5 (npm): six fields with seconds first; fewer fields are padded
// in front (five: seconds 0); '?' is '*' everywhere; names of three letters;
// L in day-of-month, nL and n#k in day-of-week; the predefined @aliases.
// finish_cron_parser() then checks what cron-parser checks once values are
// known: no value twice in a field, and a day of the month that no selected
// month has is an error when day-of-week is '*'.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>

#include "syntax/dialects.h"
#include "syntax/layout.h"

namespace fuzzycron::syntax {
namespace {

constexpr std::pair<std::string_view, std::string_view> kPredefined[] = {
    {"@yearly", "0 0 0 1 1 *"},     {"@annually", "0 0 0 1 1 *"}, {"@monthly", "0 0 0 1 * *"},
    {"@weekly", "0 0 0 * * 0"},     {"@daily", "0 0 0 * * *"},    {"@hourly", "0 0 * * * *"},
    {"@minutely", "0 * * * * *"},   {"@secondly", "* * * * * *"}, {"@weekdays", "0 0 0 * * 1-5"},
    {"@weekends", "0 0 0 * * 0,6"},
};

using F = FieldId;
constexpr std::array<FieldId, 6> kLayout = {F::second, F::minute, F::hour, F::day_of_month, F::month, F::day_of_week};

}  // namespace

Spec split_cron_parser(std::string_view text, const CronParserOptions& options) {
  Spec spec;
  const std::string_view whole = text;
  const bool strict = options.strict;
  std::string_view expression = text;
  bool predefined = false;
  for (auto [name, expansion] : kPredefined)
    if (text == name) expression = expansion, predefined = true;
  if (trim(expression).empty()) {
    if (strict) fail("an empty expression is an error in strict mode", whole, 1, 0);
    expression = "0 * * * * *";  // cron-parser's default: every minute
    predefined = true;
  }
  auto tokens = tokens_of(expression);
  if (predefined)
    for (auto& t : tokens) t.column = 1;
  if (tokens.size() > 6)
    fail(fmt::format("expected at most 6 fields (second minute hour day-of-month month day-of-week); found {}",
                     tokens.size()),
         whole, tokens[6].column, 0);
  if (strict && tokens.size() < 6)
    fail(fmt::format("strict mode needs all 6 fields (second minute hour day-of-month month day-of-week); found {}",
                     tokens.size()),
         whole, static_cast<int>(whole.size()) + 1, 0);
  // Fewer fields are padded in front: seconds 0, then every value.
  constexpr std::string_view kDefaults[] = {"0", "*", "*", "*", "*", "*"};
  std::vector<Token> all;
  for (std::size_t i = 0; i < 6 - tokens.size(); ++i) all.push_back({kDefaults[i], 1});
  all.insert(all.end(), tokens.begin(), tokens.end());
  const Token& dom = all[3];
  const Token& dow = all[5];
  if (strict && dom.text != "*" && dow.text != "*")
    fail("strict mode does not take day-of-month and day-of-week both restricted: write '*' in one of them", whole,
         dom.column, 0);
  if (dow.text.find('#') != std::string_view::npos) {
    const auto other = dow.text.find_first_of(",-/");
    if (other != std::string_view::npos)
      fail(fmt::format("day-of-week: '#' cannot be combined with '{}' in cron-parser", dow.text[other]), whole,
           dow.column + static_cast<int>(other), 0);
  }
  Line line;
  line.text = whole;
  for (std::size_t i = 0; i < 6; ++i)
    line.fields[static_cast<int>(kLayout[i])] =
        parse_field(all[i].text, all[i].column, rules_for(Dialect::cron_parser, kLayout[i]), line);
  spec.lines.push_back(std::move(line));
  return spec;
}

void finish_cron_parser(Line& line) {
  for (const auto& field : line.fields) {
    if (!field) continue;
    const FieldId f = field->id;
    const auto& r = rules_for(Dialect::cron_parser, f);
    const bool dow = f == F::day_of_week;
    std::vector<int> values;
    std::set<std::pair<int, int>> specials;  // (kind, value) of L, nL, n#k
    // cron-parser's createRange: a day-of-week range ending on 0 or 7 also holds 0.
    auto range = [&](int lo, int hi, int step) {
      std::vector<int> out;
      if (dow && hi % 7 == 0) out.push_back(0);
      for (int v = lo; v <= hi; v += std::max(step, 1))
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
      values.insert(values.end(), out.begin(), out.end());
    };
    for (const Term& t : field->terms) {
      switch (t.kind) {
        case Term::Kind::all: range(r.min, r.max, t.step); break;
        case Term::Kind::value:
          if (t.step)
            range(t.lo, r.max, t.step);
          else
            values.push_back(dow ? t.lo % 7 : t.lo);
          break;
        case Term::Kind::range:
          if (t.from_hash && t.step) {  // H/n stands for its values, one by one
            for (int v = t.lo; v <= t.hi; v += t.step) values.push_back(dow ? v % 7 : v);
          } else {
            range(t.lo, t.hi, t.step);
          }
          break;
        default:
          if (!specials.insert({static_cast<int>(t.kind), t.kind == Term::Kind::nth_weekday ? t.lo % 7 : t.lo}).second)
            fail(fmt::format("{}: '{}' is given twice", field_name(f), field->text), line.text, t.column, line.line);
          break;
      }
    }
    std::vector<int> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    if (const auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end())
      fail(fmt::format("{}: the value {} is given twice (cron-parser rejects duplicates{})", field_name(f), *twice,
                       dow && *twice == 0 ? "; 0 and 7 are both Sunday" : ""),
           line.text, field->column, line.line);
  }
  // A day of the month that no selected month has (cron-parser counts
  // February as 29 days) is an error when day-of-week is '*'.
  const auto& dom = line.fields[static_cast<int>(F::day_of_month)];
  const auto& month = line.fields[static_cast<int>(F::month)];
  const auto& dow = line.fields[static_cast<int>(F::day_of_week)];
  if (dow->text != "*" && dow->text != "?") return;
  constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int longest = 0;
  for (const Term& t : month->terms) {
    const int lo = t.kind == Term::Kind::all ? 1 : t.lo;
    const int hi = t.kind == Term::Kind::all               ? 12
                   : t.kind == Term::Kind::range || t.step ? (t.kind == Term::Kind::range ? t.hi : 12)
                                                           : t.lo;
    for (int m = lo; m <= hi; m += std::max(t.step, 1)) longest = std::max(longest, kDays[m - 1]);
  }
  int smallest = 99;
  for (const Term& t : dom->terms)
    if (t.kind == Term::Kind::value || t.kind == Term::Kind::range || t.kind == Term::Kind::all)
      smallest = std::min(smallest, t.kind == Term::Kind::all ? 1 : t.lo);
  if (smallest != 99 && smallest > longest)
    fail(fmt::format("day-of-month: no selected month has a day {} (cron-parser rejects the expression)", smallest),
         line.text, dom->column, line.line);
}

namespace {

void cron_parser_rules(FieldRules& r, bool) {
  const FieldId f = r.id;
  const bool dom = f == FieldId::day_of_month, dow = f == FieldId::day_of_week;
  r.names = f == FieldId::month || dow;
  r.question = true;
  r.question_is_star = true;
  r.value_step = true;
  r.last = dom || dow;
  r.last_only = dom;
  r.nth = dow;
  r.hash_inside = true;
  r.hash_lo = r.min;  // H draws from the whole field: day-of-month 1-31, day-of-week 0-7
  r.hash_hi = r.max;
  // H(a-b) is clamped to the field.
  r.hash_min = 0;
  r.hash_max = 999999;
  r.hash_step_in_range = false;
}

// OR unless a field's text is exactly '*' or '?'.
bool restricted(const std::optional<Field>& f) { return f && f->text != "*" && f->text != "?"; }

}  // namespace

const DialectRow kCronParserRow{
    .dialect = Dialect::cron_parser,
    .name = "cron-parser",
    .aliases = {},
    .hash = HashScheme::cron_parser,
    .dst = DstPolicy::of(DstPolicy::Gap::later, DstPolicy::Overlap::hourly),  // cron-parser 4/5 (docs/dst.md)
    .runs_on = "fuzzycron",                                                   // cron-parser reads H
    .split = [](std::string_view text, const DialectOptions& o,
                bool) { return split_cron_parser(text, o.cron_parser); },
    .rules = cron_parser_rules,
    .finish = finish_cron_parser,
    .day_or = true,
    .days_ored =
        [](const Line& line) {
          return restricted(line.fields[static_cast<int>(FieldId::day_of_month)]) &&
                 restricted(line.fields[static_cast<int>(FieldId::day_of_week)]);
        },
    .seconds = SecondsField::first,
    .no_seconds = {},
};

}  // namespace fuzzycron::syntax
