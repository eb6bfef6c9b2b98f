// English for cron expressions, built from the parsed (unresolved) syntax so
// that hash forms are described as what they are: stable choices.
#include "fuzzycron/explain.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/resolve.h"
#include "fuzzycron/syntax.h"
#include "tools/term_values.h"

namespace fuzzycron {
namespace {

using Field = FieldSyntax;
using Kind = Term::Kind;

constexpr std::array<std::string_view, 7> kWeekdays = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                       "Thursday", "Friday", "Saturday"};
constexpr std::array<std::string_view, 12> kMonths = {"January", "February", "March",     "April",
                                                      "May",     "June",     "July",      "August",
                                                      "September", "October", "November", "December"};
constexpr std::array<std::string_view, 5> kOrdinals = {"first", "second", "third", "fourth", "fifth"};

std::string join(const std::vector<std::string>& items, std::string_view last = " and ") {
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

std::string plural(int n, std::string_view unit) {
  return n == 1 ? fmt::format("1 {}", unit) : fmt::format("{} {}s", n, unit);
}

// How the values of one field read.
struct FieldWords {
  std::string_view unit;  // "minute"
  FieldId id;
  FieldLimits limits;
  std::string_view seed_words;

  std::string value(int v) const {
    switch (id) {
      case FieldId::second: return fmt::format("second {}", v);
      case FieldId::minute: return fmt::format(":{:02}", v);
      case FieldId::hour: return fmt::format("{:02}:00", v);
      case FieldId::day_of_month: return "the " + day_ordinal(v);
      case FieldId::month: return v >= 1 && v <= 12 ? std::string(kMonths[static_cast<std::size_t>(v - 1)])
                                                    : std::to_string(v);
      case FieldId::day_of_week: {
        const int w = limits.sunday_is_one ? (v + 6) % 7 : v % 7;
        return std::string(kWeekdays[static_cast<std::size_t>(w)]);
      }
      case FieldId::year: return std::to_string(v);
    }
    return std::to_string(v);
  }
  // A bare number of the field, for ranges of hash forms.
  std::string number(int v) const {
    switch (id) {
      case FieldId::second: return std::to_string(v);
      case FieldId::hour: return fmt::format("{:02}", v);
      default: return value(v);
    }
  }
  // The end of a range of hours reads as the last minute it covers.
  std::string range_end(int v) const {
    return id == FieldId::hour ? fmt::format("{:02}:59", v) : value(v);
  }
  // The values a small field's term stands for, for listing (month, weekday).
  std::vector<int> values(const Term& t) const { return tools::term_values(t, limits); }
};

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
    case Kind::last_of_weekday: return fmt::format("the last occurrence in the month of a stable day of the week {}", chosen);
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
    return fmt::format("every {} day of the month starting on a stable day between the {} and the {} {} (the count "
                       "restarts each month)", day_ordinal(t.step), day_ordinal(t.lo), day_ordinal(first_hi), chosen);
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

// One term as a phrase that fits after "at"/"on"/"in".
std::string term_phrase(const Term& t, const FieldWords& w) {
  const FieldId id = w.id;
  const bool small = id == FieldId::month || id == FieldId::day_of_week ||
                     (id == FieldId::day_of_month && t.step > 0 && w.values(t).size() <= 8);
  switch (t.kind) {
    case Kind::all:
      if (t.step == 0) return fmt::format("every {}", w.unit);
      if (id == FieldId::day_of_month) return day_cycle(t, w);
      if (small) return join([&] {
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
    if (std::all_of(f->terms.begin(), f->terms.end(), [](const Term& t) { return t.kind == Kind::value && t.step == 0; })) {
      std::stable_sort(f->terms.begin(), f->terms.end(), [](const Term& a, const Term& b) { return a.lo < b.lo; });
      f->terms.erase(std::unique(f->terms.begin(), f->terms.end(), [](const Term& a, const Term& b) { return a.lo == b.lo; }),
                     f->terms.end());
    }
  }
  return line;
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

struct LineWords {
  const LineSyntax& line;     // as read (as_read)
  const LineSyntax& written;  // as written: the dialect's day rule looks at this
  const ParseOptions& options;
  std::string_view seed_words;

  const std::optional<Field>& field(FieldId id) const { return line.fields[static_cast<int>(id)]; }
  FieldWords words(FieldId id, std::string_view unit) const {
    return {unit, id, field_limits(options.dialect, id, options.furiko), seed_words};
  }
  std::string phrase(FieldId id, std::string_view unit) const { return field_phrase(*field(id), words(id, unit)); }

  // The terms of a list, each with its own lead, in their order; runs of plain
  // values share one lead ("at :01, :02", "in the hours starting 01:00, 03:00").
  std::string spans(FieldId id, std::string_view unit, std::string_view lead_one, std::string_view lead_many) const {
    const FieldWords w = words(id, unit);
    const bool hours = id == FieldId::hour;
    std::vector<std::string> values, items;
    const auto& terms = field(id)->terms;
    const bool only_values =
        std::all_of(terms.begin(), terms.end(), [](const Term& t) { return t.kind == Kind::value && t.step == 0; });
    auto flush = [&] {  // "at :01, :02 and every minute from ...", or "at :01 and :02" alone
      if (!values.empty())
        items.push_back(std::string(values.size() == 1 ? lead_one : lead_many) +
                        (only_values ? join(values) : join(values, ", ")));
      values.clear();
    };
    const bool seconds = id == FieldId::second;
    std::size_t plain_seconds = 0;
    for (const Term& t : terms) plain_seconds += seconds && t.kind == Kind::value && t.step == 0;
    for (const Term& t : field(id)->terms) {
      if (t.kind == Kind::value && t.step == 0) {
        // "at seconds 0 and 30", not "at second 0, second 30"
        values.push_back(plain_seconds > 1 ? (values.empty() ? "seconds " : "") + std::to_string(t.lo) : w.value(t.lo));
        continue;
      }
      flush();
      if (t.kind == Kind::range && t.step == 0)
        items.push_back(hours ? "from " + term_phrase(t, w)
                              : fmt::format("every {} from {} through {}", unit, w.value(t.lo), w.number(t.hi)));
      else if (t.kind == Kind::hash && t.step == 0)
        items.push_back((hours ? "in " : "at ") + term_phrase(t, w));
      else
        items.push_back(term_phrase(t, w));
    }
    flush();
    return join(items);
  }

  // A restricted hour field: "in the hour 01:00-01:59", "from 09:00 through
  // 17:59", "in the hour starting 01:00 and in a stable hour between ...".
  std::string hour_spans() const {
    const auto& hour = field(FieldId::hour);
    const Term& h = hour->terms[0];
    if (single(hour) && h.kind == Kind::value) return fmt::format("in the hour {:02}:00-{:02}:59", h.lo, h.lo);
    if (fixed_values(hour)) return "in the hours starting " + phrase(FieldId::hour, "hour");
    return spans(FieldId::hour, "hour", "in the hour starting ", "in the hours starting ");
  }

  // Seconds, minutes and hours. `daily`: every day is allowed, so a single time
  // of day reads "once a day".
  std::vector<std::string> time_clauses(bool daily) const {
    const auto& sec = field(FieldId::second);
    const auto& min = field(FieldId::minute);
    const auto& hour = field(FieldId::hour);
    const bool sec_zero = !sec || (fixed(sec) && sec->terms[0].lo == 0);
    const std::string once_a_day = daily ? "once a day, at " : "at ";
    std::vector<std::string> out;
    // "at 09:30 and 17:30"
    if ((sec_zero || fixed(sec)) && fixed(min) && fixed_values(hour)) {
      std::vector<std::string> times;
      for (const Term& h : hour->terms)
        times.push_back(sec_zero ? fmt::format("{:02}:{:02}", h.lo, min->terms[0].lo)
                                 : fmt::format("{:02}:{:02}:{:02}", h.lo, min->terms[0].lo, sec->terms[0].lo));
      out.push_back((hour->terms.size() == 1 ? once_a_day : "at ") + join(times));
      return out;
    }
    const bool once_in_minute = sec_zero || single(sec);
    if (sec && !sec_zero && single(sec) && every(min) && every(hour)) {
      out.push_back("every minute, at " + phrase(FieldId::second, "second"));
      return out;
    }
    if (sec && !sec_zero) out.push_back(every(sec) ? "every second" : spans(FieldId::second, "second", "at ", "at "));
    const std::string minute = phrase(FieldId::minute, "minute");
    if (every(min)) {
      if (!sec || sec_zero || single(sec)) out.push_back("every minute");
      else if (std::none_of(sec->terms.begin(), sec->terms.end(), [](const Term& t) { return t.step > 0; }))
        out.back() += " of every minute";  // a window of seconds; "every 5 seconds" needs no repeat
    } else if (single(min) && once_in_minute && every(hour)) {
      out.push_back("once an hour, at " + (fixed(min) ? "minute " + minute : minute));
    } else if (single(min) && once_in_minute && single(hour)) {
      const Term& h = hour->terms[0];
      const Term& m = min->terms[0];
      if (h.kind == Kind::hash && m.kind == Kind::hash)
        out.push_back(fmt::format("{}a stable time chosen from {}: hour between {:02} and {:02}, minute between "
                                  ":{:02} and :{:02}", once_a_day, seed_words, h.lo, h.hi, m.lo, m.hi));
      else if (h.kind == Kind::hash)
        out.push_back(fmt::format("{}minute :{:02} of a stable hour between {:02} and {:02} chosen from {}",
                                  once_a_day, m.lo, h.lo, h.hi, seed_words));
      else
        out.push_back(fmt::format("{}{}, in the hour {:02}:00-{:02}:59", once_a_day, minute, h.lo, h.lo));
      return out;
    } else if (fixed_values(min)) {
      out.push_back("at minute " + minute + (every(hour) ? " of every hour" : ""));
    } else {
      out.push_back(spans(FieldId::minute, "minute", "at ", "at "));
    }
    if (!every(hour)) out.push_back(hour_spans());
    return out;
  }

  std::string day_clause() const {
    const auto& dom = field(FieldId::day_of_month);
    const auto& dow = field(FieldId::day_of_week);
    const bool any_dom = every(dom), any_dow = every(dow);
    // Written restricted, read as every day (1/1, 0-6): under an OR rule the
    // other field no longer narrows anything.
    const bool ored = !every(written.field(FieldId::day_of_month)) && !every(written.field(FieldId::day_of_week)) &&
                      days_are_ored(written, options.dialect);
    if (ored && (any_dom || any_dow)) return "every day";
    std::string dom_text = any_dom ? "" : "on " + phrase(FieldId::day_of_month, "day");
    if (!any_dom && dom_text.find("month") == std::string::npos) dom_text += " of the month";
    std::string dow_text = any_dow ? "" : "on " + phrase(FieldId::day_of_week, "day of the week");
    if (!any_dom && !any_dow) {
      if (ored)
        return dom_text + " and also " + dow_text +
               " (either day field is enough: when both are restricted, " +
               (options.dialect == Dialect::standard ? "standard cron" : "this dialect") + " runs on either)";
      return dom_text + ", but only when that day is " + phrase(FieldId::day_of_week, "day of the week");
    }
    if (!any_dom) return dom_text;
    if (!any_dow) return dow_text;
    return "every day";
  }

  std::string sentence() const {
    const std::string days = day_clause();
    std::vector<std::string> parts = time_clauses(days == "every day");
    if (days != "every day" || !parts.front().starts_with("once a day")) parts.push_back(days);
    if (!every(field(FieldId::month))) parts.push_back("in " + phrase(FieldId::month, "month"));
    if (const auto& year = field(FieldId::year); year && !every(year))
      parts.push_back("in " + phrase(FieldId::year, "year"));
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : ", ") + p;
    return capitalized(s);
  }
};

std::string lowercase_first(std::string s) {
  if (s.size() > 1 && s[0] >= 'A' && s[0] <= 'Z' && !(s[1] >= 'A' && s[1] <= 'Z')) s[0] = static_cast<char>(s[0] - 'A' + 'a');
  return s;
}

// The plain values of a field, or nullopt when it has other terms.
std::optional<std::vector<int>> plain_values(const std::optional<Field>& f, FieldLimits limits) {
  if (!f) return std::nullopt;
  std::vector<int> out;
  for (const Term& t : f->terms) {
    if (t.kind != Kind::all && t.kind != Kind::value && t.kind != Kind::range) return std::nullopt;
    for (int v : tools::term_values(t, limits, 128)) out.push_back(v);
  }
  return out;
}

// Why a line that never fires never does: "February has no 31st"; nullopt
// when the schedule fires. Hash forms without a seed: drawn for "explain",
// so a never found there is only claimed when no hash form could change it.
std::optional<std::string> never_reason(const LineSyntax& line, const ParseOptions& options, const Schedule& schedule,
                                        std::size_t lines) {
  if (lines != 1 || !schedule.never()) return std::nullopt;
  const auto days = plain_values(line.field(FieldId::day_of_month), field_limits(options.dialect, FieldId::day_of_month));
  const auto months = plain_values(line.field(FieldId::month), field_limits(options.dialect, FieldId::month));
  if (days && months && !days->empty() && !months->empty()) {
    constexpr std::array<int, 12> kLongest{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const int first_day = *std::min_element(days->begin(), days->end());
    if (std::all_of(months->begin(), months->end(), [&](int m) { return m >= 1 && m <= 12 && kLongest[m - 1] < first_day; })) {
      std::vector<std::string> names;
      for (int m : *months) names.push_back(std::string(kMonths[static_cast<std::size_t>(m - 1)]));
      return fmt::format("{} {} no {}", join(names), names.size() == 1 ? "has" : "have",
                         day_ordinal(first_day) + (days->size() > 1 ? " or later day" : ""));
    }
  }
  return std::string("no instant matches every field");
}

// February 29th alone (or with the 30th and 31st): a leap-year schedule.
bool leap_days_only(const LineSyntax& line, const LineSyntax& written, const ParseOptions& options) {
  const auto days = plain_values(line.field(FieldId::day_of_month), field_limits(options.dialect, FieldId::day_of_month));
  const auto months = plain_values(line.field(FieldId::month), field_limits(options.dialect, FieldId::month));
  if (!days || !months || *months != std::vector<int>{2} || days->empty()) return false;
  if (std::any_of(days->begin(), days->end(), [](int d) { return d < 29; })) return false;
  // With a restricted day-of-week under an OR rule, the weekdays fire every year.
  return every(line.field(FieldId::day_of_week)) || !days_are_ored(written, options.dialect);
}

std::string dst_words(const LineSyntax& line, const DstPolicy& policy, bool has_dst) {
  DstPolicy::Gap gap = policy.gap;
  DstPolicy::Overlap overlap = policy.overlap;
  std::string lead;
  if (policy.cron) {
    const bool interval = is_interval(line);
    gap = interval ? DstPolicy::Gap::skip : DstPolicy::Gap::shift;
    overlap = interval ? DstPolicy::Overlap::both : DstPolicy::Overlap::first;
    lead = interval ? "DST policy cron, interval schedule (minute or hour starts with '*'): "
                    : "DST policy cron, fixed-time schedule: ";
  } else {
    lead = "DST policy " + policy.name() + ": ";
  }
  if (!has_dst) return lead + "the zone has no DST transitions to worry about.";
  const std::string gap_text = gap == DstPolicy::Gap::skip
                                   ? "local times that do not exist when clocks spring forward are skipped"
                                   : "a local time skipped when clocks spring forward runs once, at the first "
                                     "instant after the gap";
  const std::string overlap_text = overlap == DstPolicy::Overlap::both ? "runs in both passes"
                                   : overlap == DstPolicy::Overlap::first
                                       ? "runs once, in the first pass (before clocks go back)"
                                       : "runs once, in the second pass (after clocks go back)";
  return lead + gap_text + "; a local time repeated when clocks fall back " + overlap_text + ".";
}

}  // namespace

Explanation explain(std::string_view expression, const ParseOptions& options) {
  Syntax spec = syntax_of(expression, options);
  Explanation out;
  const Schedule schedule = [&] {  // validates the zone and everything but hash draws
    ParseOptions check = options;
    if (check.seed.empty()) check.seed = Seed({"explain"});
    return parse(expression, check);
  }();
  out.zone = std::string(schedule.zone().name());
  const std::size_t parts = options.seed.parts().size();
  const std::string_view seed_words = parts >= 2 ? "the host and the job's name" : "the job's name";
  bool hashed = false;
  for (const auto& written : spec.lines) {
    const LineSyntax line = as_read(written, options);
    const LineWords words{line, written, options, seed_words};
    std::string sentence = words.sentence();
    if (const auto reason = never_reason(line, options, schedule, spec.lines.size()))
      sentence = fmt::format("Never fires: {} ({})", *reason, lowercase_first(sentence));
    else if (leap_days_only(line, written, options))
      sentence += ", only in leap years (February 29th)";
    out.sentences.push_back(sentence + ", in " + out.zone + ".");
    for (int i = 0; i < kFieldCount; ++i) {
      const auto& f = line.fields[static_cast<std::size_t>(i)];
      if (!f) continue;
      const auto id = static_cast<FieldId>(i);
      const std::string_view unit = id == FieldId::day_of_month ? "day"
                                    : id == FieldId::day_of_week ? "day of the week"
                                                                 : field_name(id);
      std::string meaning = field_phrase(*f, words.words(id, unit));
      if (every(f)) meaning = id == FieldId::day_of_month || id == FieldId::day_of_week
                                  ? "any day" : fmt::format("every {}", unit);
      for (const Term& t : f->terms) hashed = hashed || t.kind == Kind::hash;
      out.fields.push_back({line.line, std::string(field_name(id)), f->text, f->column, std::move(meaning)});
    }
  }
  if (spec.lines.empty()) out.sentences.push_back("Never fires: the spec has no schedule lines.");
  const bool has_dst = schedule.zone().next_transition(std::chrono::floor<std::chrono::seconds>(kFirstInstant)).has_value();
  out.dst = spec.lines.empty() ? "" : dst_words(spec.lines.front(), options.dst_policy(), has_dst);
  if (hashed && !options.seed.empty()) out.resolved = resolve(expression, options);
  return out;
}

}  // namespace fuzzycron
