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

#include "fuzzycron/balance.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/syntax.h"
#include "tools/explain_fields.h"
#include "tools/explain_interval.h"
#include "tools/term_values.h"

namespace fuzzycron {
namespace {

using namespace tools::words;

using Field = FieldSyntax;
using Kind = Term::Kind;

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
      if (!sec || sec_zero || single(sec))
        out.push_back("every minute");
      else if (std::none_of(sec->terms.begin(), sec->terms.end(), [](const Term& t) { return t.step > 0; }))
        out.back() += " of every minute";  // a window of seconds; "every 5 seconds" needs no repeat
    } else if (single(min) && once_in_minute && every(hour)) {
      out.push_back("once an hour, at " + (fixed(min) ? "minute " + minute : minute));
    } else if (single(min) && once_in_minute && single(hour)) {
      const Term& h = hour->terms[0];
      const Term& m = min->terms[0];
      if (h.kind == Kind::hash && m.kind == Kind::hash)
        out.push_back(
            fmt::format("{}a stable time chosen from {}: hour between {:02} and {:02}, minute between "
                        ":{:02} and :{:02}",
                        once_a_day, seed_words, h.lo, h.hi, m.lo, m.hi));
      else if (h.kind == Kind::hash)
        out.push_back(fmt::format("{}minute :{:02} of a stable hour between {:02} and {:02} chosen from {}", once_a_day,
                                  m.lo, h.lo, h.hi, seed_words));
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
        return dom_text + " and also " + dow_text + " (either day field is enough: when both are restricted, " +
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
  if (s.size() > 1 && s[0] >= 'A' && s[0] <= 'Z' && !(s[1] >= 'A' && s[1] <= 'Z'))
    s[0] = static_cast<char>(s[0] - 'A' + 'a');
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
  const auto days =
      plain_values(line.field(FieldId::day_of_month), field_limits(options.dialect, FieldId::day_of_month));
  const auto months = plain_values(line.field(FieldId::month), field_limits(options.dialect, FieldId::month));
  if (days && months && !days->empty() && !months->empty()) {
    constexpr std::array<int, 12> kLongest{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const int first_day = *std::min_element(days->begin(), days->end());
    if (std::all_of(months->begin(), months->end(),
                    [&](int m) { return m >= 1 && m <= 12 && kLongest[m - 1] < first_day; })) {
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
  const auto days =
      plain_values(line.field(FieldId::day_of_month), field_limits(options.dialect, FieldId::day_of_month));
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
  const std::string gap_text =
      gap == DstPolicy::Gap::skip    ? "local times that do not exist when clocks spring forward are skipped"
      : gap == DstPolicy::Gap::shift ? "a local time skipped when clocks spring forward runs once, at the first "
                                       "instant after the gap"
      : gap == DstPolicy::Gap::later ? "a local time skipped when clocks spring forward runs the gap's length later "
                                       "(02:30 at 03:30)"
                                     : "a local time skipped when clocks spring forward is skipped if the schedule "
                                       "runs every hour, else runs once, at the first instant after the gap";
  const std::string overlap_text =
      overlap == DstPolicy::Overlap::both    ? "runs in both passes"
      : overlap == DstPolicy::Overlap::first ? "runs once, in the first pass (before clocks go back)"
      : overlap == DstPolicy::Overlap::last  ? "runs once, in the second pass (after clocks go back)"
                                             : "runs in both passes if the schedule runs every hour, else once, in "
                                               "the first pass";
  return lead + gap_text + "; a local time repeated when clocks fall back " + overlap_text + ".";
}

}  // namespace

Explanation explain(std::string_view expression, const ParseOptions& options) {
  if (auto interval = tools::explain_interval(expression, options)) return *std::move(interval);
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
    out.sentences.push_back(sentence + tools::limits_words(options) + ", in " + out.zone + ".");
    for (int i = 0; i < kFieldCount; ++i) {
      const auto& f = line.fields[static_cast<std::size_t>(i)];
      if (!f) continue;
      const auto id = static_cast<FieldId>(i);
      const std::string_view unit = id == FieldId::day_of_month  ? "day"
                                    : id == FieldId::day_of_week ? "day of the week"
                                                                 : field_name(id);
      std::string meaning = field_phrase(*f, words.words(id, unit));
      if (every(f))
        meaning = id == FieldId::day_of_month || id == FieldId::day_of_week ? "any day" : fmt::format("every {}", unit);
      for (const Term& t : f->terms) hashed = hashed || t.kind == Kind::hash;
      out.fields.push_back({line.line, std::string(field_name(id)), f->text, f->column, std::move(meaning)});
    }
  }
  if (spec.lines.empty()) out.sentences.push_back("Never fires: the spec has no schedule lines.");
  const bool has_dst =
      schedule.zone().next_transition(std::chrono::floor<std::chrono::seconds>(kFirstInstant)).has_value();
  out.dst = spec.lines.empty() ? "" : dst_words(spec.lines.front(), options.dst_policy(), has_dst);
  if (hashed && !options.seed.empty()) out.resolved = resolve(expression, options);
  if (out.resolved && options.balance && !spec.lines.empty()) {
    const std::string zone = spec.zone.value_or(options.time_zone);
    if (const std::vector<int>* values = options.balance->find(spec.lines.front().text, zone, options.seed)) {
      const BalanceGroup* g = options.balance->group(balance_shape(spec.lines.front().text), zone);
      ParseOptions plain = options;
      plain.balance.reset();
      out.balanced = fmt::format(
          "balanced by the lock: [{}] in '{}' ({}; {} jobs in {} slots, at most {} a slot); plain H would give {}",
          fmt::join(*values, ", "), g->shape, g->zone, g->jobs.size(), g->slots, g->capacity,
          resolve(expression, plain));
    }
  }
  return out;
}

}  // namespace fuzzycron
