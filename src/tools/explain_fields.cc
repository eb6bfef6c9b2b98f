// Words for one field of a cron expression (tools/explain_fields.h).
#include "tools/explain_fields.h"

#include <fmt/format.h>

#include <algorithm>

#include "tools/term_values.h"

namespace fuzzycron::tools::words {
namespace {

constexpr std::array<std::string_view, 7> kWeekdays = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                       "Thursday", "Friday", "Saturday"};
constexpr std::array<std::string_view, 5> kOrdinals = {"first", "second", "third", "fourth", "fifth"};

std::string plural(int n, std::string_view unit) {
  return n == 1 ? fmt::format("1 {}", unit) : fmt::format("{} {}s", n, unit);
}

}  // namespace

std::string join(const std::vector<std::string>& items, std::string_view last) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? std::string(last) : std::string(", ");
    out += items[i];
  }
  return out;
}

std::string day_ordinal(int d) {
  const int tens = d % 100 / 10, unit = d % 10;
  const char* suffix = tens == 1 ? "th" : unit == 1 ? "st" : unit == 2 ? "nd" : unit == 3 ? "rd" : "th";
  return fmt::format("{}{}", d, suffix);
}

std::string FieldWords::value(int v) const {
  switch (id) {
    case FieldId::second: return fmt::format("second {}", v);
    case FieldId::minute: return fmt::format(":{:02}", v);
    case FieldId::hour: return fmt::format("{:02}:00", v);
    case FieldId::day_of_month: return "the " + day_ordinal(v);
    case FieldId::month:
      return v >= 1 && v <= 12 ? std::string(kMonths[static_cast<std::size_t>(v - 1)]) : std::to_string(v);
    case FieldId::day_of_week: {
      const int w = limits.sunday_is_one ? (v + 6) % 7 : v % 7;
      return std::string(kWeekdays[static_cast<std::size_t>(w)]);
    }
    case FieldId::year: return std::to_string(v);
  }
  return std::to_string(v);
}

std::string FieldWords::number(int v) const {
  switch (id) {
    case FieldId::second: return std::to_string(v);
    case FieldId::hour: return fmt::format("{:02}", v);
    default: return value(v);
  }
}

std::string FieldWords::range_end(int v) const { return id == FieldId::hour ? fmt::format("{:02}:59", v) : value(v); }

std::vector<int> FieldWords::values(const Term& t) const { return tools::term_values(t, limits); }

namespace {

// "every 3rd day of the month starting on the 1st (1, 4, ..., 31; the count
// restarts each month)": why short day cycles are uneven at month ends.
std::string day_cycle(const Term& t, const FieldWords& w) {
  std::vector<int> v = w.values(t);
  std::string list;
  if (v.size() <= 4) {
    list = fmt::format("{}", fmt::join(v, ", "));
  } else {
    list = fmt::format("{}, {}, ..., {}", v[0], v[1], v.back());
  }
  return fmt::format("every {} day of the month starting on the {} ({}; the count restarts each month)",
                     day_ordinal(t.step), day_ordinal(v.front()), list);
}

// The unit a field's values repeat in: minutes restart each hour, ...
std::string_view cycle_of(FieldId id) {
  switch (id) {
    case FieldId::second: return "minute";
    case FieldId::minute: return "hour";
    case FieldId::hour: return "day";
    case FieldId::month: return "year";
    default: return "";
  }
}

// a/n or */n over a whole cycle: "every 15 minutes from :05", or, where the
// step does not divide the cycle, what really happens at its end: "every 5
// hours from 00:00 through 20:00, then 4 hours to 00:00 the next day".
std::string stepped_phrase(const Term& t, const FieldWords& w) {
  const std::vector<int> v = w.values(t);
  const int cycle = w.limits.max - w.limits.min + 1;
  const int wrap = cycle - v.back() + v.front();
  const std::string_view next = cycle_of(w.id);
  if (v.size() < 2 || wrap == t.step || next.empty()) {
    if (t.kind == Term::Kind::all || t.lo == w.limits.min) return fmt::format("every {}", plural(t.step, w.unit));
    return fmt::format("every {} from {}", plural(t.step, w.unit), w.value(t.lo));
  }
  if (v.size() <= 3) {
    std::vector<std::string> names;
    for (int x : v) names.push_back(w.value(x));
    return fmt::format("{} {} (every {}, restarting each {})", w.id == FieldId::hour ? "in the hours starting" : "at",
                       join(names), plural(t.step, w.unit), next);
  }
  return fmt::format("every {} from {} through {}, then {} to {} the next {}", plural(t.step, w.unit),
                     w.value(v.front()), w.value(v.back()), plural(wrap, w.unit), w.value(v.front()), next);
}

std::string hash_phrase(const Term& t, const FieldWords& w) {
  const bool dow = w.id == FieldId::day_of_week;
  const std::string chosen = fmt::format("chosen from {}", w.seed_words);
  switch (t.hashed_as) {  // cron-parser's H inside another form
    case Kind::nth_weekday:
      return fmt::format("the {} occurrence in the month of a stable day of the week {}",
                         kOrdinals[static_cast<std::size_t>(std::clamp(t.with, 1, 5) - 1)], chosen);
    case Kind::last_of_weekday:
      return fmt::format("the last occurrence in the month of a stable day of the week {}", chosen);
    case Kind::range:
      return fmt::format("every {} from {} through a stable {} between {} and {} {}", w.unit, w.value(t.with), w.unit,
                         w.number(std::max(t.lo, t.with)), w.number(t.hi), chosen);
    default: break;
  }
  if (t.step == 0) {
    if (dow && !t.explicit_range) return fmt::format("a stable day of the week {}", chosen);
    if (w.id == FieldId::day_of_month)
      return fmt::format("a stable day between the {} and the {} {}", day_ordinal(t.lo), day_ordinal(t.hi), chosen);
    return fmt::format("a stable {} between {} and {} {}", w.unit, w.number(t.lo), w.number(t.hi), chosen);
  }
  const int first_hi = std::min(t.hi, t.lo + t.step - 1);
  if (w.id == FieldId::day_of_month)
    return fmt::format(
        "every {} day of the month starting on a stable day between the {} and the {} {} (the count "
        "restarts each month)",
        day_ordinal(t.step), day_ordinal(t.lo), day_ordinal(first_hi), chosen);
  // The hashed start first, then its bound, so that the bound does not read as hashed.
  std::string out = fmt::format("every {} from a stable {} between {} and {} {}", plural(t.step, w.unit), w.unit,
                                w.number(t.lo), w.number(first_hi), chosen);
  const int cycle = w.limits.max - w.limits.min + 1;
  if (t.explicit_range) {
    out += fmt::format(", until {} at the latest", w.range_end(t.hi));
  } else if (cycle % t.step != 0 && !cycle_of(w.id).empty()) {
    out += fmt::format(", restarting each {} ({} is not a multiple of {}: the gaps are uneven)", cycle_of(w.id),
                       plural(cycle, w.unit), t.step);
  }
  return out;
}

}  // namespace

// One term as a phrase that fits after "at"/"on"/"in".
std::string term_phrase(const Term& t, const FieldWords& w) {
  const FieldId id = w.id;
  const bool small = id == FieldId::month || id == FieldId::day_of_week ||
                     (id == FieldId::day_of_month && t.step > 0 && w.values(t).size() <= 8);
  switch (t.kind) {
    case Kind::all:
      if (t.step == 0) return fmt::format("every {}", w.unit);
      if (id == FieldId::day_of_month) return day_cycle(t, w);
      if (small)
        return join([&] {
          std::vector<std::string> names;
          for (int v : w.values(t)) names.push_back(w.value(v));
          return names;
        }());
      return stepped_phrase(t, w);
    case Kind::no_spec: return "";
    case Kind::value:
      if (t.step == 0) return w.value(t.lo);
      if (small) break;
      if (id == FieldId::day_of_month) return day_cycle(t, w);
      return stepped_phrase(t, w);
    case Kind::range:
      if (small && t.step > 0) break;
      if (t.step > 0 && id == FieldId::day_of_month) return day_cycle(t, w);
      if (t.step == 0) return fmt::format("{} through {}", w.value(t.lo), w.range_end(t.hi));
      return fmt::format("every {} from {} through {}", plural(t.step, w.unit), w.value(t.lo), w.range_end(t.hi));
    case Kind::last_day:
      return t.lo == 0 ? std::string("the last day of the month")
                       : fmt::format("the day {} before the last day of the month", plural(t.lo, "day"));
    case Kind::last_weekday:
      return t.lo == 0 ? std::string("the last weekday (Monday to Friday) of the month")
                       : fmt::format("the weekday nearest to {} before the last day of the month", plural(t.lo, "day"));
    case Kind::nearest_weekday:
      return fmt::format("the weekday (Monday to Friday) nearest the {} of the month, within the month",
                         day_ordinal(t.lo));
    case Kind::last_of_weekday: return fmt::format("the last {} of the month", w.value(t.lo));
    case Kind::nth_weekday:
      return fmt::format("the {} {} of the month",
                         t.hi >= 1 && t.hi <= 5 ? kOrdinals[static_cast<std::size_t>(t.hi - 1)] : "nth", w.value(t.lo));
    case Kind::hash: return hash_phrase(t, w);
  }
  std::vector<std::string> names;  // a stepped month, weekday or short day run: list them
  for (int v : w.values(t)) names.push_back(w.value(v));
  return join(names);
}

std::string field_phrase(const Field& f, const FieldWords& w) {
  std::vector<std::string> items;
  for (const Term& t : f.terms)
    if (auto p = term_phrase(t, w); !p.empty() && std::find(items.begin(), items.end(), p) == items.end())
      items.push_back(std::move(p));  // 0,7 in day-of-week: Sunday once
  return join(items);
}

// A field is "every" when it allows everything with no step: '*' (or '?').
bool every(const std::optional<Field>& f) {
  if (!f) return true;
  for (const Term& t : f->terms)
    if ((t.kind == Kind::all && t.step == 0) || t.kind == Kind::no_spec) return true;
  return false;
}

// One value: a plain number or a single hash draw.
bool single(const std::optional<Field>& f) {
  return f && f->terms.size() == 1 &&
         ((f->terms[0].kind == Kind::value ||
           (f->terms[0].kind == Kind::hash && f->terms[0].hashed_as != Kind::range)) &&
          f->terms[0].step == 0);
}
bool fixed(const std::optional<Field>& f) { return single(f) && f->terms[0].kind == Kind::value; }
bool fixed_values(const std::optional<Field>& f) {
  if (!f) return false;
  for (const Term& t : f->terms)
    if (t.kind != Kind::value || t.step != 0) return false;
  return true;
}

// The line as it reads: x/1 is x through the end, H/1 every value of its
// range, a field whose terms cover every value is '*', plain values are in
// time order. The dialect's day rule is decided on the line as written.
LineSyntax as_read(LineSyntax line, const ParseOptions& options) {
  for (auto& f : line.fields) {
    if (!f || f->id == FieldId::year) continue;
    const FieldLimits limits = field_limits(options.dialect, f->id, options.furiko);
    for (Term& t : f->terms) {
      if (t.step != 1) continue;
      if (t.kind == Kind::all) {
        t.step = 0;
      } else if (t.kind == Kind::value) {
        t = Term{Kind::range, t.lo, limits.max, 0, false, false, Kind::value, 0, t.column, t.length};
      } else if (t.kind == Kind::range || (t.kind == Kind::hash && t.hashed_as == Kind::value)) {
        t = Term{Kind::range, t.lo, t.hi, 0, false, false, Kind::value, 0, t.column, t.length};
      }
    }
    for (Term& t : f->terms) {
      if (t.step <= 1 || (t.kind != Kind::value && t.kind != Kind::range)) continue;
      const auto values = tools::term_values(t, limits, 128);
      if (values.size() == 1) {  // 16-23/24: one value
        t = Term{Kind::value, values.front(), values.front(), 0, false, false, Kind::value, 0, t.column, t.length};
      } else if (t.lo == limits.min && (t.kind == Kind::value || t.hi == limits.max)) {  // 0-23/2, 0/5: */n
        t.kind = Kind::all;
        t.hi = limits.max;
      }
    }
    const bool plain = std::all_of(f->terms.begin(), f->terms.end(), [](const Term& t) {
      return t.kind == Kind::all || t.kind == Kind::value || t.kind == Kind::range;
    });
    if (!plain) continue;
    std::vector<bool> seen(static_cast<std::size_t>(limits.max - limits.min + 1));
    const bool dow = f->id == FieldId::day_of_week;
    for (const Term& t : f->terms)
      for (int v : tools::term_values(t, limits, 128)) {
        const int k = dow ? (limits.sunday_is_one ? v - 1 : v % 7) : v - limits.min;
        if (k >= 0 && k < static_cast<int>(seen.size())) seen[static_cast<std::size_t>(k)] = true;
      }
    const std::size_t needed = dow ? 7 : seen.size();
    if (std::count(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(std::min(needed, seen.size())), true) ==
        static_cast<std::ptrdiff_t>(needed)) {
      f->terms = {Term{Kind::all, limits.min, limits.max, 0, false, false, Kind::value, 0, f->column,
                       static_cast<int>(f->text.size())}};
      continue;
    }
    if (std::all_of(f->terms.begin(), f->terms.end(),
                    [](const Term& t) { return t.kind == Kind::value && t.step == 0; })) {
      std::stable_sort(f->terms.begin(), f->terms.end(), [](const Term& a, const Term& b) { return a.lo < b.lo; });
      f->terms.erase(
          std::unique(f->terms.begin(), f->terms.end(), [](const Term& a, const Term& b) { return a.lo == b.lo; }),
          f->terms.end());
    }
  }
  return line;
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

}  // namespace fuzzycron::tools::words
