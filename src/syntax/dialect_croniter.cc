// croniter 6 (Python): "min hour dom mon dow [sec [year]]" (seconds first in 6
// and 7 fields with second_at_beginning), any case, aliases that are hashed
// when a seed is given. The field grammar is read by the shared term parser;
// finish_croniter() then expands every field to croniter's own value sets,
// which carry its quirks: a range a-a is the whole field, b-a wraps with its
// step carried over, day-of-month 0 is 1 only in six fields, day-of-week 7 is
// 0 only in five, and a full day field counts as '*' only beside a '*'.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <set>

#include "syntax/dialects.h"
#include "syntax/layout.h"

namespace fuzzycron::syntax {
namespace {

struct Alias {
  std::string_view name, plain, hashed;
};
constexpr Alias kAliases[] = {
    {"@midnight", "0 0 * * *", "h h(0-2) * * * h"}, {"@hourly", "0 * * * *", "h * * * * h"},
    {"@daily", "0 0 * * *", "h h * * * h"},         {"@weekly", "0 0 * * 0", "h h * * h h"},
    {"@monthly", "0 0 1 * *", "h h h * * h"},       {"@yearly", "0 0 1 1 *", "h h h h * h"},
    {"@annually", "0 0 1 1 *", "h h h h * h"},
};

using F = FieldId;

// croniter's RANGES and LEN_MEANS_ALL, by our field ids.
struct Range {
  int min, max;
};
Range range_of(FieldId f) {
  switch (f) {
    case F::second:
    case F::minute: return {0, 59};
    case F::hour: return {0, 23};
    case F::day_of_month: return {1, 31};
    case F::month: return {1, 12};
    case F::day_of_week: return {0, 6};
    case F::year: return {1970, 2099};
  }
  return {0, 59};
}

// "w15" -> "15w" (the token is lower-cased).
std::string nearest_weekday_first(std::string_view token) {
  if (token.size() >= 2 && token[0] == 'w' &&
      std::all_of(token.begin() + 1, token.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::string(token.substr(1)) + "w";
  return std::string(token);
}

// A weekday as croniter names it (number or three-letter name), or -1.
int weekday_of(std::string_view v) {
  static constexpr std::string_view kNames[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
  for (int i = 0; i < 7; ++i)
    if (v == kNames[i]) return i;
  if (v.size() == 1 && v[0] >= '0' && v[0] <= '7') return v[0] == '7' ? 0 : v[0] - '0';
  return -1;
}

// "mon-fri#1" -> "1#1,2#1,3#1,4#1,5#1" in each comma item (a range that wraps runs past Saturday).
std::string ranged_nth(std::string_view token) {
  std::string out;
  std::size_t start = 0;
  while (start <= token.size()) {
    const std::size_t end = std::min(token.find(',', start), token.size());
    const std::string_view item = token.substr(start, end - start);
    const std::size_t dash = item.find('-'), pound = item.find('#');
    int lo = -1, hi = -1;
    if (dash != std::string_view::npos && pound != std::string_view::npos && dash < pound) {
      lo = weekday_of(item.substr(0, dash));
      hi = weekday_of(item.substr(dash + 1, pound - dash - 1));
    }
    if (!out.empty() || start > 0) out += ',';
    if (lo < 0 || hi < 0) {
      out += item;
    } else {
      const std::string_view k = item.substr(pound);
      for (int d = lo, n = 0; n < 7; d = (d + 1) % 7, ++n) {
        out += std::to_string(d);
        out += k;
        if (d == hi) break;
        out += ',';
      }
    }
    start = end + 1;
  }
  return out;
}

}  // namespace

Spec split_croniter(std::string_view text, const CroniterOptions& options, bool seeded) {
  Spec spec;
  const std::string_view whole = text;
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string_view expression = lower;
  bool alias = false;
  for (const Alias& a : kAliases)
    if (lower == a.name) {
      expression = seeded ? a.hashed : a.plain;
      alias = true;
    }
  auto tokens = tokens_of(expression);
  if (alias)
    for (auto& t : tokens) t.column = 1;  // point errors at the alias
  if (tokens.size() < 5 || tokens.size() > 7) {
    const int col = tokens.size() > 7 ? tokens[7].column : static_cast<int>(whole.size()) + 1;
    fail(fmt::format("expected 5, 6 or 7 fields (minute hour day-of-month month day-of-week [second [year]]); "
                     "found {}",
                     tokens.size()),
         whole, col, 0);
  }
  if (tokens.size() > 5 && options.second_at_beginning) {  // the first field is the seconds
    const Token seconds = tokens.front();
    tokens.erase(tokens.begin());
    tokens.insert(tokens.begin() + 5, seconds);
  }
  std::array<FieldId, 7> layout = {F::minute, F::hour, F::day_of_month, F::month, F::day_of_week, F::second, F::year};
  // croniter's spellings the shared term parser does not read: W15 (= 15W) and a
  // range before '#' (MON-FRI#1 = each weekday of the range, the first of its kind).
  std::string day_of_month, day_of_week;  // the rewritten tokens (tokens view them)
  if (tokens.size() > 2) tokens[2].text = day_of_month = nearest_weekday_first(tokens[2].text);
  if (tokens.size() > 4) tokens[4].text = day_of_week = ranged_nth(tokens[4].text);
  Line line;
  line.text = whole;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const FieldId f = layout[i];
    auto& field = line.fields[static_cast<int>(f)];
    field = parse_field(tokens[i].text, tokens[i].column, rules_for(Dialect::croniter, f), line);
    for (const Term& t : field->terms) {
      if (t.kind == Term::Kind::hash && field->terms.size() > 1)
        fail(fmt::format("{}: in croniter a hash form is the whole field (H, H(a-b), H/n or H(a-b)/n), not a list "
                         "item",
                         field_name(f)),
             whole, t.column, 0);
      if (t.kind == Term::Kind::no_spec && field->terms.size() > 1)
        fail(fmt::format("{}: '?' stands alone in croniter", field_name(f)), whole, t.column, 0);
    }
  }
  spec.lines.push_back(std::move(line));
  return spec;
}

void finish_croniter(Line& line) {
  const int count = !line.fields[static_cast<int>(F::second)] ? 5 : !line.fields[static_cast<int>(F::year)] ? 6 : 7;
  // croniter's value_alias: 0 is day 1 only in six fields, 7 is Sunday only in five.
  auto alias = [count](FieldId f, int v) {
    if (f == F::day_of_month && v == 0 && count == 6) return 1;
    if (f == F::day_of_week && v == 7 && count == 5) return 0;
    return v;
  };
  const auto& dom_text = line.fields[static_cast<int>(F::day_of_month)]->text;
  const auto& dow_text = line.fields[static_cast<int>(F::day_of_week)]->text;
  for (int i = 0; i < kFieldCount; ++i) {
    auto& field = line.fields[i];
    if (!field) continue;
    const FieldId f = field->id;
    const Range r = range_of(f);
    std::set<int> values;
    bool star = false, last = false;
    int nearest = 0;                   // nW: the day
    std::map<int, std::set<int>> nth;  // weekday -> k (0: the last)
    const Term* at = nullptr;
    auto bad = [&](const std::string& why) {
      fail(fmt::format("{}: {}", field_name(f), why), line.text, at ? at->column : field->column, line.line);
    };
    auto single = [&](int v) {
      v = alias(f, v);
      if (v < r.min || v > r.max)
        bad(fmt::format("{} is out of range: croniter takes {}-{} here{}", v, r.min, r.max,
                        f == F::day_of_week && count > 5 ? " (7 is Sunday only in five fields)"
                        : f == F::day_of_month && v == 0 ? " (0 is day 1 only in six fields)"
                                                         : ""));
      values.insert(v);
      return v;
    };
    auto run = [&](int low, int high, int step) {
      low = alias(f, low);
      high = alias(f, high);
      if (std::max(low, high) > r.max) bad(fmt::format("the range {}-{} goes beyond {}", low, high, r.max));
      std::vector<int> items;
      if (low > high) {  // wraps: low..max, then from the start with the step carried over
        for (int v = low; v <= r.max; v += step) items.push_back(v);
        int skip = 0;
        if (!items.empty()) {
          const int already = r.max - items.back(), position = items.back() - r.min;
          if (position + step > r.max - r.min + 1 && already < step) skip = step - already;
        }
        for (int v = r.min + skip; v <= high; v += step) items.push_back(v);
      } else if (low == high) {  // a-a: the whole field
        for (int v = r.min; v <= r.max; v += step) items.push_back(v);
      } else {
        for (int v = low; v <= high; v += step) items.push_back(v);
      }
      for (int v : items) single(v);
    };
    for (const Term& t : field->terms) {
      at = &t;
      const int step = std::max(t.step, 1);
      switch (t.kind) {
        case Term::Kind::no_spec: star = true; break;
        case Term::Kind::all:
          if (t.step == 0)
            star = true;
          else
            run(r.min, r.max, step);
          break;
        case Term::Kind::value:
          if (t.step == 0 || alias(f, t.lo) == r.max)  // {max}/{step} is the maximum alone (croniter f64665e)
            single(t.lo);
          else
            run(t.lo, r.max, step);
          break;
        case Term::Kind::nearest_weekday:
          if (field->terms.size() > 1) bad("'W' can only be used with a single day value, not in a list or range");
          nearest = t.lo;
          break;
        case Term::Kind::range: run(t.lo, t.hi, step); break;
        case Term::Kind::last_day: last = true; break;
        case Term::Kind::nth_weekday: nth[single(t.lo)].insert(t.hi); break;
        case Term::Kind::last_of_weekday: nth[single(t.lo)].insert(0); break;
        default: bad("this form is not supported in croniter"); break;
      }
    }
    at = nullptr;
    // A field naming every value is '*' (for the day fields only beside a '*'
    // in the other one, which decides the day-of-month/day-of-week OR).
    constexpr int kLenMeansAll[] = {60, 60, 24, 31, 12, 7, 130};
    const std::size_t size = values.size() + (star ? 1 : 0) + (last ? 1 : 0);
    if (static_cast<int>(size) == kLenMeansAll[i]) {
      const bool keep = (f == F::day_of_month && dow_text.find('*') == std::string::npos) ||
                        (f == F::day_of_week && dom_text.find('*') == std::string::npos);
      if (!keep) star = true, values.clear(), last = false;  // n#k stays: croniter keeps it beside '*'
    }
    if (!nth.empty()) {
      std::size_t plain = 0;
      for (int v : values) plain += nth.count(v) ? 0 : 1;
      if (plain > 0 && values.size() != 7) bad("croniter does not mix plain weekdays with n#k or Ln in one field");
      // With n#k, croniter reads the day-of-week from n#k alone ('*' and the other weekdays add nothing).
      star = false;
      std::erase_if(values, [&](int v) { return !nth.count(v); });
      for (const auto& [v, ks] : nth) values.insert(v);
    }
    std::vector<Term> terms;
    auto add = [&](Term::Kind kind, int lo, int hi) {
      Term t;
      t.kind = kind;
      t.lo = lo;
      t.hi = hi;
      t.column = field->column;
      t.length = static_cast<int>(field->text.size());
      terms.push_back(t);
    };
    if (nearest) {
      add(Term::Kind::nearest_weekday, nearest, nearest);
    } else if (star && values.empty() && !last) {
      add(Term::Kind::all, r.min, r.max);
    } else {
      for (int v : values) {
        if (auto it = nth.find(v); it != nth.end()) {
          for (int k : it->second) k == 0 ? add(Term::Kind::last_of_weekday, v, v) : add(Term::Kind::nth_weekday, v, k);
        } else {
          add(Term::Kind::value, v, v);
        }
      }
      if (last) add(Term::Kind::last_day, 0, 0);
      if (star) add(Term::Kind::all, r.min, r.max);  // '*' beside other items
    }
    field->terms = std::move(terms);
  }
}

namespace {

void croniter_rules(FieldRules& r, bool) {
  r.hash_h = true;  // the year too
  // Values are checked again, as croniter does, once the layout is known
  // (day-of-month 0 is 1 and day-of-week 7 is 0 only in some layouts).
  const FieldId f = r.id;
  const bool dom = f == FieldId::day_of_month, dow = f == FieldId::day_of_week;
  r.names = f == FieldId::month || dow;
  r.question = dom || dow;
  r.value_step = true;
  r.wrap = true;
  r.lowercase_specials = true;
  r.last = dom;
  r.last_only = dom;
  r.last_weekday_prefix = dow;
  r.nth = dow;
  if (dom) r.min = 0;
  if (f == FieldId::year) {
    r.hash_lo = 1970;
    r.hash_hi = 2099;
  }
  if (dom) r.hash_hi = 31;
  // H(a-b) is checked once drawn, and needs a < b.
  r.hash_min = 0;
  r.hash_max = 999999;
  r.hash_step_in_range = false;
  r.hash_range_increasing = true;
}

// croniter's '*': the field is one unstepped '*' (or '?'); once resolved, a full field read as '*' is one.
bool is_bare_star(const std::optional<Field>& f) {
  if (!f) return true;
  return f->terms.size() == 1 &&
         ((f->terms[0].kind == Term::Kind::all && f->terms[0].step == 0) || f->terms[0].kind == Term::Kind::no_spec);
}

bool has_kind(const std::optional<Field>& f, Term::Kind kind) {
  return f && std::any_of(f->terms.begin(), f->terms.end(), [&](const Term& t) { return t.kind == kind; });
}

}  // namespace

const DialectRow kCroniterRow{
    .dialect = Dialect::croniter,
    .name = "croniter",
    .aliases = {},
    .hash = HashScheme::croniter,
    .dst = DstPolicy::of(DstPolicy::Gap::hourly, DstPolicy::Overlap::both),  // croniter 6 (docs/dst.md)
    .runs_on = "fuzzycron",                                                  // croniter reads H
    .split = [](std::string_view text, const DialectOptions& o,
                bool seeded) { return split_croniter(text, o.croniter, seeded); },
    .rules = croniter_rules,
    .finish = finish_croniter,
    .day_or = true,
    // OR when both day fields are restricted, except that croniter carries n#k and
    // nW beside the fields, so a day field with one of them is ANDed with the other.
    .days_ored =
        [](const Line& line) {
          const auto& dom = line.fields[static_cast<int>(FieldId::day_of_month)];
          const auto& dow = line.fields[static_cast<int>(FieldId::day_of_week)];
          return !is_bare_star(dom) && !is_bare_star(dow) && !has_kind(dom, Term::Kind::nearest_weekday) &&
                 !has_kind(dow, Term::Kind::nth_weekday) && !has_kind(dow, Term::Kind::last_of_weekday);
        },
    .seconds = SecondsField::last,
    .no_seconds = {},
};

}  // namespace fuzzycron::syntax
