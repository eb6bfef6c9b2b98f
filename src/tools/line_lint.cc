// The checks of one line (tools/line_lint.h). Syntactic ones read the parsed
// (unresolved) fields, so they see what was written.
#include "tools/line_lint.h"

#include <date/date.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <set>

#include "fuzzycron/error.h"
#include "fuzzycron/resolve.h"
#include "tools/finding.h"
#include "tools/term_values.h"

namespace fuzzycron::tools {
namespace {

using Kind = Term::Kind;
using namespace std::chrono_literals;

constexpr std::int64_t kDay = 86400;

std::string field_text_at(const LineSyntax& line, const Term& t) {
  return line.text.substr(static_cast<std::size_t>(t.column - 1), static_cast<std::size_t>(t.length));
}

std::string local_text(std::int64_t local, const char* format = "%F %H:%M:%S") {
  return date::format(format, date::sys_seconds{std::chrono::seconds{local}});
}

std::string offset_text(std::int32_t offset) {
  const int a = std::abs(offset);
  return fmt::format("{}{:02}:{:02}", offset < 0 ? '-' : '+', a / 3600, a / 60 % 60);
}

}  // namespace

std::string Advice::seed_flags() const {
  if (!seeded) return " --seed JOB";
  std::string out;
  for (const auto& p : seeded->seed.parts()) out += fmt::format(" --seed '{}'", p);
  return out;
}

std::pair<std::string, std::string> Advice::hashed(const std::string& with_hash, std::string_view field_text,
                                                   std::string_view what) const {
  if (reads_hash()) return {with_hash, fmt::format("{} {}", field_text, what)};
  const std::string command = fmt::format("fuzzycron resolve '{}'{}", with_hash, seed_flags());
  if (seeded) {
    try {
      const std::string value = resolve(with_hash, *seeded);
      return {value, fmt::format("{} does not read H; '{}' is what H gives this job ({}): it {}", runs_on_name(target),
                                 value, command, what)};
    } catch (const Error&) {
    }
  }
  return {"", fmt::format("{} does not read H; `{}` prints the value H gives a job, which {}", runs_on_name(target),
                          command, what)};
}

void LineLint::add(std::string code, Severity severity, int column, std::string message, std::string suggestion) {
  out_.push_back(finding(std::move(code), severity, line_.line, column, std::move(message), std::move(suggestion)));
}

std::string LineLint::rewrite(const Field& f, std::string_view text) const {
  std::string s = line_.text;
  s.replace(static_cast<std::size_t>(f.column - 1), f.text.size(), text);
  return s;
}

bool LineLint::has_hash() const {
  for (const auto& f : line_.fields)
    if (f)
      for (const Term& t : f->terms)
        if (t.kind == Kind::hash) return true;
  return false;
}

void LineLint::spread_habits(bool never) {
  if (has_hash() || never) return;  // whoever writes H knows about it
  // An alias (@daily) has no field text to rewrite: its fields are the alias.
  const auto first = line_.text.find_first_not_of(" \t");
  if (first != std::string::npos && line_.text[first] == '@') return;
  const bool seconds = field(FieldId::second).has_value();
  const auto& finest = seconds ? field(FieldId::second) : field(FieldId::minute);
  const auto& coarser = seconds ? field(FieldId::minute) : field(FieldId::hour);
  if (!finest || finest->terms.empty()) return;
  const std::string unit = seconds ? "second" : "minute";
  const std::string cycle = seconds ? "minute" : "hour";
  const Term& t = finest->terms.front();
  const FieldLimits rules = field_limits(options_.dialect, finest->id, options_.furiko);
  if (finest->terms.size() == 1 && t.kind == Kind::all && t.step > 0) {
    // */1 is every value: nothing to spread (and Jenkins' H/1 means once an hour).
    if (t.step == 1) return;
    // The offsets that keep the runs per cycle: */35 fires at :00 and :35, so
    // H(0-24)/35 keeps two runs an hour where H/35 would keep one.
    const int span = rules.max - rules.min + 1, last_offset = (rules.max - rules.min) % t.step;
    if (last_offset == 0) return;  // */59: 0 and 59, no other start keeps both
    const std::string h = span % t.step == 0 ? fmt::format("H/{}", t.step)
                                             : fmt::format("H({}-{})/{}", rules.min, rules.min + last_offset, t.step);
    const auto [suggestion, advice] = advice_.hashed(
        rewrite(*finest, h), h, "keeps the runs per " + cycle + " and starts each job at its own stable offset");
    add("FC101", Severity::warning, finest->column,
        fmt::format("{} in the {} field fires at the same {}s on every server and for every job with it; {}",
                    finest->text, unit, unit, advice),
        suggestion == line_.text ? "" : suggestion);
    return;
  }
  // 0,15,30,45 is */15 written out.
  if (finest->terms.size() >= 2 && finest->terms.front().lo == 0) {
    const int period = finest->terms[1].lo;
    bool even = period > 0 && (rules.max + 1) % period == 0 &&
                static_cast<int>(finest->terms.size()) == (rules.max + 1) / period;
    for (std::size_t i = 0; even && i < finest->terms.size(); ++i)
      even = finest->terms[i].kind == Kind::value && finest->terms[i].step == 0 &&
             finest->terms[i].lo == static_cast<int>(i) * period;
    if (even) {
      const std::string h = fmt::format("H/{}", period);
      const auto [suggestion, advice] =
          advice_.hashed(rewrite(*finest, h), h, "keeps the interval and spreads the jobs");
      add("FC101", Severity::warning, finest->column,
          fmt::format("{} in the {} field is every {} {}s at the same instants for every job; {}", finest->text, unit,
                      period, unit, advice),
          suggestion);
      return;
    }
  }
  if (finest->terms.size() == 1 && t.kind == Kind::value && t.step == 0) {
    // Only the top of the cycle is where everyone's jobs pile up: a fixed
    // minute other than :00 (or second 0 of a fixed minute other than :00)
    // was already picked off the peak. In a crontab, collisions with other
    // entries are FC701 (and make this a warning).
    if (t.lo != rules.min) return;
    bool top_of_hour = !seconds;  // minute :00 is among the fire times
    bool only_hours = !seconds;   // ... and the only minute
    if (seconds && coarser) {
      bool fixed_other = true;
      only_hours = true;
      for (const Term& m : coarser->terms) {
        const auto v = tools::term_values(m, field_limits(options_.dialect, FieldId::minute, options_.furiko));
        top_of_hour = top_of_hour || (!v.empty() && v.front() == 0) || m.kind == Kind::all;
        only_hours = only_hours && m.kind == Kind::value && m.step == 0 && m.lo == 0;
        fixed_other = fixed_other && m.kind == Kind::value && m.step == 0 && m.lo != 0;
      }
      if (fixed_other) return;
    }
    const bool dropped = advice_.target == RunsOn::github_actions && top_of_hour;
    const auto [suggestion, advice] =
        advice_.hashed(rewrite(*finest, "H"), "H", fmt::format("picks a stable {} per job", unit));
    add("FC102", dropped ? Severity::warning : Severity::info, finest->column,
        fmt::format("a fixed {} ({}) at the top of the {}, where every job written this way fires at once{}; {}", unit,
                    finest->text, only_hours ? "hour" : cycle,
                    dropped ? " and where GitHub Actions delays and may drop scheduled runs" : "", advice),
        suggestion);
    return;
  }
  // "* 2 * * *": every minute of an hour, usually meant as once in it.
  const bool every_finest = finest->terms.size() == 1 && t.kind == Kind::all && t.step == 0;
  if (every_finest && coarser && !(coarser->terms.size() == 1 && coarser->terms[0].kind == Kind::all)) {
    const auto [suggestion, advice] = advice_.hashed(
        rewrite(*finest, "H"), "H", fmt::format("fires once in each matching {} at a stable {}", cycle, unit));
    add("FC103", Severity::warning, finest->column,
        fmt::format("every {} while the {} is restricted ({}): this fires {} times in each matching {}; if once "
                    "was meant, a fixed {} or H: {}",
                    unit, cycle, coarser->text, rules.max + 1, cycle, unit, advice),
        suggestion);
  }
}

void LineLint::steps() {
  for (FieldId id : {FieldId::second, FieldId::minute, FieldId::hour, FieldId::month}) {
    const auto& f = field(id);
    if (!f) continue;
    const FieldLimits rules = field_limits(options_.dialect, id, options_.furiko);
    const int size = rules.max - rules.min + 1;
    const std::string unit(field_name(id));
    for (const Term& t : f->terms) {
      if (t.step < 2) continue;
      if (t.kind == Kind::hash && t.explicit_range) {
        hash_range(t, unit);
        continue;
      }
      const bool full_cycle =
          t.kind == Kind::all || t.kind == Kind::hash || (t.kind == Kind::value && t.lo - rules.min < t.step);
      if (!full_cycle || size % t.step == 0) continue;
      std::vector<int> divisors;
      for (int d = 2; d < size; ++d)
        if (size % d == 0) divisors.push_back(d);
      const int better = *std::min_element(divisors.begin(), divisors.end(),
                                           [&](int a, int b) { return std::abs(a - t.step) < std::abs(b - t.step); });
      const std::string text = field_text_at(line_, t);
      std::string fixed = text.substr(0, text.rfind('/') + 1) + std::to_string(better);
      std::string suggestion = rewrite(*f, [&] {
        std::string ft = f->text;
        ft.replace(static_cast<std::size_t>(t.column - f->column), text.size(), fixed);
        return ft;
      }());
      const int cycle = id == FieldId::month ? 12 : size;
      const std::string_view over = id == FieldId::second   ? "minute"
                                    : id == FieldId::minute ? "hour"
                                    : id == FieldId::hour   ? "day"
                                                            : "year";
      const int start = t.kind == Kind::value ? t.lo - rules.min : 0;
      const int last_gap = cycle - (start + (size - 1 - start) / t.step * t.step) + start;
      add("FC202", Severity::warning, t.column,
          fmt::format("{} does not divide the {} {}s of {} {}: the step restarts each {}, so {} instead of {}{}; a "
                      "step that divides {} ({}) keeps every gap equal",
                      text, size, unit, over == "hour" ? "an" : "a", over, over,
                      t.kind == Kind::hash
                          ? fmt::format("one gap is shorter", unit)
                          : fmt::format("one gap is {} {}{}", last_gap, unit, last_gap == 1 ? "" : "s"),
                      t.step, t.kind == Kind::hash ? ", and how many runs a job gets depends on its seed" : "", size,
                      fmt::join(divisors, ", ")),
          std::move(suggestion));
    }
  }
}

void LineLint::hash_range(const Term& t, const std::string& unit) {
  const int width = t.hi - t.lo + 1;
  const std::string text = field_text_at(line_, t);
  if (width <= t.step) {
    add("FC601", Severity::warning, t.column,
        fmt::format("{}: the range {}-{} holds {} {}{}, no more than the step {}, so this is one stable {} per "
                    "cycle, not one every {}",
                    text, t.lo, t.hi, width, unit, width == 1 ? "" : "s", t.step, unit, t.step),
        [&] {
          std::string s = line_.text;
          s.replace(static_cast<std::size_t>(t.column - 1), text.size(), text.substr(0, text.rfind('/')));
          return s;
        }());
  } else if (width % t.step != 0) {
    add("FC601", Severity::warning, t.column,
        fmt::format("{}: the range {}-{} ({} {}s) is not a multiple of the step {}, so a job gets {} or {} runs "
                    "per cycle depending on its seed",
                    text, t.lo, t.hi, width, unit, t.step, width / t.step, width / t.step + 1));
  }
}

void LineLint::day_cycles(const LineSyntax& resolved, std::int64_t from_day) {
  const auto& dom = field(FieldId::day_of_month);
  if (!dom || !resolved.field(FieldId::day_of_month)) return;
  const auto stepped = std::find_if(dom->terms.begin(), dom->terms.end(), [](const Term& t) { return t.step >= 2; });
  if (stepped == dom->terms.end()) return;
  // The plain days of the month the field names (not L, W or #).
  std::uint32_t days = 0;
  const FieldLimits limits = field_limits(options_.dialect, FieldId::day_of_month, options_.furiko);
  for (const Term& t : resolved.field(FieldId::day_of_month)->terms)
    for (int d : tools::term_values(t, limits)) days |= std::uint32_t{1} << d;
  // Run days over four years.
  std::vector<std::int64_t> runs;
  const date::year_month_day start{date::sys_days{date::days{from_day}}};
  date::year_month ym{start.year(), start.month()};
  for (int i = 0; i < 48; ++i, ym += date::months{1}) {
    const unsigned last =
        static_cast<unsigned>(date::year_month_day_last{ym.year(), date::month_day_last{ym.month()}}.day());
    for (unsigned d = 1; d <= last; ++d)
      if (days >> d & 1u)
        runs.push_back(date::sys_days{ym.year() / ym.month() / date::day{d}}.time_since_epoch().count());
  }
  if (runs.size() < 3) return;
  std::int64_t lo = INT64_MAX, hi = 0, lo_at = 0;
  for (std::size_t i = 1; i < runs.size(); ++i) {
    const std::int64_t gap = runs[i] - runs[i - 1];
    if (gap < lo) lo = gap, lo_at = static_cast<std::int64_t>(i);
    hi = std::max(hi, gap);
  }
  if (lo == hi) return;
  const auto day_text = [](std::int64_t d) { return date::format("%b %d", date::sys_days{date::days{d}}); };
  add("FC201", Severity::warning, stepped->column,
      fmt::format("day-of-month {} counts again from the start of every month, so runs are {} to {} days apart "
                  "(e.g. {} then {}); cron has no 'every N days' — use fixed days of the month or a weekly "
                  "schedule if the interval matters",
                  dom->text, lo, hi, day_text(runs[static_cast<std::size_t>(lo_at - 1)]),
                  day_text(runs[static_cast<std::size_t>(lo_at)])));
}

void LineLint::furiko_sunday() {
  const auto& dow = field(FieldId::day_of_week);
  if (options_.dialect != Dialect::furiko || options_.furiko.quartz_day_of_week || !dow) return;
  // Sunday as written: 7 (or 07) is the end of the week, 0 or SUN its start.
  auto sunday_value = [](std::string_view w) -> int {
    std::string lower;
    for (char c : w) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower == "7" || lower == "07") return 7;
    if (lower == "0" || lower == "00" || lower == "sun" || lower == "sunday") return 0;
    return -1;
  };
  for (const Term& t : dow->terms) {
    if (t.kind != Kind::range) continue;
    const std::string text = field_text_at(line_, t);
    const std::string_view body = std::string_view(text).substr(0, text.find('/'));
    const auto dash = body.find('-');
    const int step = std::max(t.step, 1);
    // Cron's reading: a-b with 7 (or X-0) as the end of the week; a/n up to 7.
    int first = t.lo, last = 7;
    if (dash != std::string_view::npos) {
      const int start = sunday_value(body.substr(0, dash)), end = sunday_value(body.substr(dash + 1));
      if (end < 0) continue;  // not written to Sunday: furiko agrees
      first = start >= 0 ? start : t.lo;
      last = end == 0 && first > 0 ? 7 : end;
    }
    std::set<int> cron, furiko;
    for (int d = first; d <= last; d += step) cron.insert(d % 7);
    for (int d = t.lo; d <= 6; d += step) furiko.insert(d);
    if (cron == furiko) continue;
    auto names = [](const std::set<int>& days) {
      constexpr std::string_view kDays[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                            "Thursday", "Friday", "Saturday"};
      std::vector<std::string_view> out;
      for (int d : days) out.push_back(kDays[d]);
      if (out.size() == 7) return std::string("every day");
      if (out.size() == 1) return fmt::format("on {}", out[0]);
      return fmt::format("on {} and {}", fmt::join(out.begin(), out.end() - 1, ", "), out.back());
    };
    std::string ft = dow->text;
    ft.replace(static_cast<std::size_t>(t.column - dow->column), text.size(),
               cron.size() == 7 ? std::string("0-6") : fmt::format("{}", fmt::join(cron, ",")));
    add("FC302", Severity::warning, t.column,
        fmt::format("day-of-week '{}': furiko {}, so this runs {}, where cron would run {}", text,
                    dash != std::string_view::npos ? "reads a range that ends on Sunday as ending on Saturday"
                                                   : "runs a/n up to Saturday only",
                    names(furiko), names(cron)),
        rewrite(*dow, ft));
  }
}

void LineLint::day_or() {
  const auto& dom = field(FieldId::day_of_month);
  const auto& dow = field(FieldId::day_of_week);
  if (!dom || !dow || !days_are_ored(line_, options_.dialect)) return;
  add("FC301", Severity::warning, dom->column,
      fmt::format("day-of-month '{}' and day-of-week '{}' are both restricted, so this fires on every day that "
                  "matches either one (day {} of the month, and also every such weekday), not only on days "
                  "matching both; to mean one of them, write '*' in the other",
                  dom->text, dow->text, dom->text),
      rewrite(*dom, "*"));
}

void LineLint::dst(const LineSyntax& resolved, const ParseOptions& check, TimeZone zone, std::int64_t from) {
  if (is_interval(line_)) return;
  // What the system it runs on does: Kubernetes skips the gap and runs the
  // overlap twice, systemd skips the gap and runs the first pass, Spring is
  // wall time; elsewhere the options' policy (`cron`: fixed-time, shift-first).
  std::optional<DstPolicy> by_target;
  std::string who;
  switch (advice_.target) {
    case RunsOn::kubernetes:
      by_target = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both), who = "Kubernetes";
      break;
    case RunsOn::systemd:
      by_target = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::first), who = "systemd";
      break;
    case RunsOn::spring:
      by_target = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both), who = "Spring";
      break;
    default: break;
  }
  const DstPolicy policy = by_target.value_or(options_.dst_policy());
  // Fixed times are what this warns about: `cron` treats them as shift-first,
  // `hourly` as shift and first (a line firing every hour is no fixed time).
  DstPolicy effective = policy.cron ? DstPolicy::of(DstPolicy::Gap::shift, DstPolicy::Overlap::first) : policy;
  if (effective.overlap == DstPolicy::Overlap::hourly) effective.overlap = DstPolicy::Overlap::first;
  if (effective.gap == DstPolicy::Gap::hourly) effective.gap = DstPolicy::Gap::shift;
  // The line on a bare wall clock: a UTC schedule's instants are local times.
  std::optional<Schedule> wall;
  bool gap_done = false, overlap_done = false;
  std::int64_t t = from;
  for (int i = 0; i < 8 && t < from + 366 * kDay && !(gap_done && overlap_done); ++i) {
    const auto change = zone.next_transition(std::chrono::sys_seconds{std::chrono::seconds{t}});
    if (!change) break;
    const std::int64_t at = change->at.time_since_epoch().count();
    const auto before = static_cast<std::int32_t>(change->offset_before.count());
    const auto after = static_cast<std::int32_t>(change->offset_after.count());
    t = at;
    if (at >= from + 366 * kDay) continue;
    const bool gap = after > before;
    if ((gap && gap_done) || (!gap && overlap_done)) continue;
    const std::int64_t lo = at + std::min(before, after), hi = at + std::max(before, after) - 1;
    if (!wall) {
      ParseOptions o = check;
      o.time_zone = "UTC";
      o.dst = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both);
      o.offset_window = std::chrono::milliseconds{0};
      Syntax one;
      one.lines = {resolved};
      wall = compile(std::move(one), o);
    }
    const auto match = wall->next(std::chrono::sys_seconds{std::chrono::seconds{lo - 1}});
    if (!match || *match > std::chrono::sys_seconds{std::chrono::seconds{hi}}) continue;
    const std::int64_t local = std::chrono::floor<std::chrono::seconds>(*match).time_since_epoch().count();
    const std::string when = local_text(local);
    const std::string policy_name = !who.empty()  ? who
                                    : policy.cron ? fmt::format("DST policy cron (fixed-time: {})", effective.name())
                                                  : "DST policy " + policy.name();
    const int column = field(FieldId::hour) ? field(FieldId::hour)->column : 1;
    if (gap) {
      gap_done = true;
      const bool skip = effective.gap == DstPolicy::Gap::skip;
      add("FC501", skip ? Severity::warning : Severity::info, column,
          fmt::format("{} does not exist in {}: clocks jump from {} to {} (UTC{} to UTC{}); {} {}", when, zone.name(),
                      local_text(lo, "%H:%M"), local_text(hi + 1, "%H:%M"), offset_text(before), offset_text(after),
                      policy_name,
                      skip ? "skips it, so the job does not run that day"
                      : effective.gap == DstPolicy::Gap::later
                          ? "runs it at " + local_text(local + (hi + 1 - lo), "%H:%M") + ", the gap's length later"
                          : "runs it once at " + local_text(hi + 1, "%H:%M") + ", the first instant after the gap"));
    } else {
      overlap_done = true;
      const auto o = effective.overlap;
      add("FC502", o == DstPolicy::Overlap::both ? Severity::warning : Severity::info, column,
          fmt::format("{} happens twice in {}: clocks go back from {} to {} (UTC{} to UTC{}); {} {}", when, zone.name(),
                      local_text(hi + 1, "%H:%M"), local_text(lo, "%H:%M"), offset_text(before), offset_text(after),
                      policy_name,
                      o == DstPolicy::Overlap::both ? "runs it twice, once in each pass"
                      : o == DstPolicy::Overlap::first
                          ? "runs it once, in the first pass (UTC" + offset_text(before) + ")"
                          : "runs it once, in the second pass (UTC" + offset_text(after) + ")"));
    }
  }
}

}  // namespace fuzzycron::tools
