// Compiled patterns written for production schedulers (fuzzycron/target.h).
// Cron-like targets reuse the dialect renderer of resolve --to with the
// target's limits on top; systemd gets OnCalendar= specs built from the bits,
// with the recipes of docs/export.md for L, W and #.
#include "fuzzycron/target.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <set>

#include "compiler/compile.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/time_zone.h"
#include "pipeline/pipeline.h"
#include "pipeline/render.h"

namespace fuzzycron {
namespace {

using engine::Pattern;

constexpr std::uint32_t kAllDays = 0xfffffffeu;

std::string_view display_name(Target t) {
  switch (t) {
    case Target::systemd: return "systemd";
    case Target::kubernetes: return "Kubernetes";
    case Target::github_actions: return "GitHub Actions";
    case Target::nomad: return "Nomad";
    case Target::eventbridge: return "EventBridge Scheduler";
    case Target::cloud_scheduler: return "Cloud Scheduler";
  }
  return "the target";
}

[[noreturn]] void cannot(Target t, const std::string& what, const std::string& text) {
  throw Error(ErrorKind::unsupported, fmt::format("{} cannot express {}", display_name(t), what), text, 1);
}

bool dom_special(const Pattern& p) { return p.last_day_offsets || p.last_day_offsets_weekday || p.nearest_weekdays; }
bool dow_special(const Pattern& p) {
  bool any = p.last_weekdays != 0;
  for (auto m : p.nth_weekdays) any = any || m;
  return any;
}
bool dom_restricted(const Pattern& p) { return p.days != kAllDays || dom_special(p); }
bool dow_restricted(const Pattern& p) { return p.weekdays != 0x7f || dow_special(p); }

// The years of a pattern, or nothing for every year; throws past `max`.
std::vector<engine::YearTerm> years_upto(const Pattern& p, int max, Target t, const std::string& text) {
  std::vector<engine::YearTerm> out(p.year_terms.begin(), p.year_terms.begin() + p.year_count);
  for (const auto& y : out)
    if (y.hi > max) cannot(t, fmt::format("years after {}", max), text);
  return out;
}

// A spread offset on the seconds field, when it stays inside the minute.
void shift_seconds(Pattern& p, std::int64_t seconds, Target t, const std::string& text) {
  if (seconds == 0) return;
  if (std::bit_width(p.seconds) - 1 + seconds > 59)
    cannot(t, "this spread offset: it carries fire times into the next minute; use H in the time fields instead", text);
  p.seconds <<= seconds;
}

// ---- cron-like targets ----------------------------------------------------

std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size()) {
    const auto end = line.find(' ', i);
    out.push_back(line.substr(i, end == std::string::npos ? std::string::npos : end - i));
    if (end == std::string::npos) break;
    i = end + 1;
  }
  return out;
}

std::string join_fields(const std::vector<std::string>& fields) {
  std::string out;
  for (const auto& f : fields) out += (out.empty() ? "" : " ") + f;
  return out;
}

// Targets that read a day field starting with '*' as unrestricted (Cloud
// Scheduler documents it, GitHub does not say): a restricted day field must
// not start with '*'.
std::string without_star_days(const std::string& line, int dom_index) {
  auto f = split_fields(line);
  auto& dom = f[static_cast<std::size_t>(dom_index)];
  auto& dow = f[static_cast<std::size_t>(dom_index + 2)];
  if (dom != "*" && dom.starts_with("*/")) dom = "1-31" + dom.substr(1);
  if (dow != "*" && dow.starts_with("*/")) dow = "0-6" + dow.substr(1);
  return join_fields(f);
}

std::string cron_line(const Pattern& p, Dialect as, Target t, const std::string& text) {
  try {
    return pipeline::render_pattern(p, as, text);
  } catch (const Error& e) {  // name the target, not the dialect used to write it
    std::string message = e.message();
    const std::string dialect = fmt::format("the {} dialect", dialect_name(as));
    if (const auto at = message.find(dialect); at != std::string::npos)
      message.replace(at, dialect.size(), std::string(display_name(t)));
    throw Error(e.kind(), message, e.text(), e.column(), e.line());
  }
}

// EventBridge: "min hour dom mon dow year", Quartz's day-of-week numbering and
// its rule that one day field is '?'.
std::string eventbridge_line(const Pattern& p, const std::string& text) {
  if (p.seconds != 1) cannot(Target::eventbridge, "seconds (it fires within the minute)", text);
  if ((p.last_day_offsets | p.last_day_offsets_weekday) & ~1u)
    cannot(Target::eventbridge, "L-n (an offset from the last day of the month)", text);
  int nth_terms = 0;
  for (auto m : p.nth_weekdays) nth_terms += std::popcount(m);
  if (nth_terms > 1 || (nth_terms == 1 && (p.weekdays != 0 || p.last_weekdays)))
    cannot(Target::eventbridge, "more than one day-of-week term with # in one expression", text);
  const auto years = years_upto(p, 2199, Target::eventbridge, text);
  auto f = split_fields(cron_line(p, Dialect::quartz, Target::eventbridge, text));
  f.erase(f.begin());  // the seconds: 0
  if (f.size() == 5) f.push_back("*");
  return join_fields(f);
}

// ---- systemd ----------------------------------------------------------------

// Values lo..hi of `bits` as systemd writes a component: "*", or a list whose
// runs of three or more are "a..b"; `width` digits.
std::string sd_list(std::uint64_t bits, int lo, int hi, int width) {
  std::vector<int> v;
  for (int i = lo; i <= hi; ++i)
    if (bits >> i & 1) v.push_back(i);
  if (static_cast<int>(v.size()) == hi - lo + 1) return "*";
  std::string out;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    if (!out.empty()) out += ',';
    if (j - i >= 2) {
      out += fmt::format("{:0{}}..{:0{}}", v[i], width, v[j], width);
      i = j + 1;
    } else {
      out += fmt::format("{:0{}}", v[i], width);
      ++i;
    }
  }
  return out;
}

// Weekdays (bit 0 = Sunday) as systemd names, Monday first: "Mon..Fri,Sun".
std::string sd_weekdays(unsigned bits) {
  constexpr std::string_view kNames[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
  std::vector<int> v;  // 0 = Monday .. 6 = Sunday
  for (int i = 0; i < 7; ++i)
    if (bits >> ((i + 1) % 7) & 1u) v.push_back(i);
  std::string out;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    if (!out.empty()) out += ',';
    if (j - i >= 2) {
      out += fmt::format("{}..{}", kNames[v[i]], kNames[v[j]]);
      i = j + 1;
    } else {
      out += kNames[v[i]];
      ++i;
    }
  }
  return out;
}

std::vector<std::string> systemd_specs(const Pattern& p, const std::string& zone, std::int64_t offset_ms,
                                       const std::string& text) {
  constexpr Target T = Target::systemd;
  Pattern q = p;
  shift_seconds(q, offset_ms / 1000, T, text);
  std::string seconds = sd_list(q.seconds, 0, 59, 2);
  if (offset_ms % 1000) {
    if (std::popcount(q.seconds) != 1)
      cannot(T, "a spread offset with milliseconds on several seconds of the minute; use H in the time fields", text);
    seconds += fmt::format(".{:03}", offset_ms % 1000);
  }
  const std::string time = fmt::format("{}:{}:{}", sd_list(q.hours, 0, 23, 2), sd_list(q.minutes, 0, 59, 2), seconds);
  std::string year = "*";
  if (q.year_count > 0) {
    year.clear();
    for (const auto& y : years_upto(q, 2199, T, text)) {
      if (!year.empty()) year += ',';
      year += y.lo == y.hi ? std::to_string(y.lo)
              : y.step > 1 ? fmt::format("{}..{}/{}", y.lo, y.hi, y.step)
                           : fmt::format("{}..{}", y.lo, y.hi);
    }
  }
  const std::string month = sd_list(q.months, 1, 12, 2);
  std::vector<std::string> out;
  auto add = [&](const std::string& weekdays, const std::string& day) {
    std::string spec = (weekdays.empty() ? "" : weekdays + " ") + year + "-" + month + day + " " + time + " " + zone;
    if (std::find(out.begin(), out.end(), spec) == out.end()) out.push_back(spec);
  };
  const bool dom = dom_restricted(q), dow = dow_restricted(q);
  if (!dom && !dow) {
    add("", "-*");
    return out;
  }
  if (dom && dow && !q.day_or) {  // AND: one line, plain fields only
    if (dom_special(q) || dow_special(q))
      cannot(T, "L, W or # together with a restricted day-of-month AND day-of-week", text);
    add(sd_weekdays(q.weekdays), "-" + sd_list(q.days, 1, 31, 2));
    return out;
  }
  // Day-of-month alone, day-of-week alone, or both ORed: the union of lines.
  if (dom) {
    if (q.days && q.days != kAllDays) add("", "-" + sd_list(q.days, 1, 31, 2));
    for (std::uint32_t b = q.last_day_offsets; b; b &= b - 1)
      add("", fmt::format("~{:02}", std::countr_zero(b) + 1));  // L-n: the (n+1)-th day from the end
    for (std::uint32_t b = q.last_day_offsets_weekday; b; b &= b - 1) {
      const int n = std::countr_zero(b);  // the weekday nearest L-n, in the month
      if (n == 0) {
        add("Mon..Fri", "~01");
        add("Fri", "~02..03");
      } else if (n <= 25) {
        add("Mon..Fri", fmt::format("~{:02}", n + 1));
        add("Fri", fmt::format("~{:02}", n + 2));
        add("Mon", fmt::format("~{:02}", n));
      } else {
        cannot(T, fmt::format("L-{}W (the nearest weekday so close to the start of the month)", n), text);
      }
    }
    for (std::uint32_t b = q.nearest_weekdays & ~1u; b; b &= b - 1) {
      const int d = std::countr_zero(b);  // the weekday nearest the d-th, in the month
      if (d == 1) {
        add("Mon..Fri", "-01");
        add("Mon", "-02..03");
      } else if (d <= 27) {
        add("Mon..Fri", fmt::format("-{:02}", d));
        add("Fri", fmt::format("-{:02}", d - 1));
        add("Mon", fmt::format("-{:02}", d + 1));
      } else {
        cannot(T, fmt::format("{}W (the nearest weekday to a day that not every month has after it)", d), text);
      }
    }
  }
  if (dow) {
    if (q.weekdays && q.weekdays != 0x7f) add(sd_weekdays(q.weekdays), "-*");
    if (q.last_weekdays) add(sd_weekdays(q.last_weekdays), "~01..07");
    for (int k = 0; k < 5; ++k)
      if (q.nth_weekdays[k])
        add(sd_weekdays(q.nth_weekdays[k]), fmt::format("-{:02}..{:02}", 7 * k + 1, std::min(7 * k + 7, 31)));
  }
  return out;
}

}  // namespace

std::string_view target_name(Target t) noexcept {
  switch (t) {
    case Target::systemd: return "systemd";
    case Target::kubernetes: return "kubernetes";
    case Target::github_actions: return "github-actions";
    case Target::nomad: return "nomad";
    case Target::eventbridge: return "eventbridge";
    case Target::cloud_scheduler: return "cloud-scheduler";
  }
  return "systemd";
}

std::span<const std::string_view> target_names() noexcept {
  static constexpr std::string_view kNames[] = {"systemd", "kubernetes",  "github-actions",
                                                "nomad",   "eventbridge", "cloud-scheduler"};
  static_assert(std::size(kNames) == std::size(kAllTargets));
  return kNames;
}

std::optional<Target> target_from_name(std::string_view name) noexcept {
  for (Target t : kAllTargets)
    if (target_name(t) == name) return t;
  if (name == "k8s") return Target::kubernetes;
  if (name == "gha" || name == "github") return Target::github_actions;
  return std::nullopt;
}

std::optional<DstPolicy> target_dst_policy(Target t) noexcept {
  switch (t) {
    case Target::systemd: return DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::first);
    case Target::kubernetes:
    case Target::nomad: return DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both);
    default: return std::nullopt;
  }
}

TargetSchedule to_target(std::string_view expression, const ParseOptions& options, Target target) {
  syntax::Spec spec = pipeline::split(expression, options);
  pipeline::draw_hash_forms(spec, options);
  const std::string text(expression);
  TargetSchedule out;
  out.zone = spec.zone ? *spec.zone : options.time_zone;
  TimeZone::locate(out.zone);  // an unknown zone is an error here too
  std::int64_t offset_ms = 0;
  if (options.offset_window.count() != 0) {
    if (options.seed.empty()) throw Error(ErrorKind::missing_seed, "an offset window needs a seed, and none was given");
    offset_ms = seed_offset(options.seed, options.offset_window).count();
  }
  bool fires = false;
  for (const auto& line : spec.lines) {
    Pattern p = compiler::compile_line(line, options.dialect_options(), options.dst_policy());
    if (p.never) continue;
    fires = true;
    switch (target) {
      case Target::systemd: {
        const std::string zone = out.zone == "Etc/UTC" || out.zone == "Z" ? "UTC" : out.zone;
        for (auto& s : systemd_specs(p, zone, offset_ms, text)) out.expressions.push_back(std::move(s));
        break;
      }
      case Target::nomad:
        if (offset_ms % 1000) cannot(target, "a spread offset with milliseconds (it fires on whole seconds)", text);
        shift_seconds(p, offset_ms / 1000, target, text);
        years_upto(p, 2099, target, text);
        out.expressions.push_back(cron_line(p, Dialect::furiko, target, text));
        break;
      case Target::eventbridge: {
        if (offset_ms)
          cannot(target, "a spread offset (it fires anywhere within the minute); use H in the time fields", text);
        if (dom_restricted(p) && dow_restricted(p)) {
          if (!p.day_or) cannot(target, "a day-of-month AND day-of-week (one of them must be '?')", text);
          // Day-of-month OR day-of-week: two schedules (both fire on a day matching both).
          Pattern by_day = p, by_weekday = p;
          by_day.weekdays = 0x7f, by_day.last_weekdays = 0, by_day.nth_weekdays = {}, by_day.day_or = 0;
          by_weekday.days = kAllDays, by_weekday.last_day_offsets = 0, by_weekday.last_day_offsets_weekday = 0,
          by_weekday.nearest_weekdays = 0, by_weekday.day_or = 0;
          out.expressions.push_back(eventbridge_line(by_day, text));
          out.expressions.push_back(eventbridge_line(by_weekday, text));
        } else {
          out.expressions.push_back(eventbridge_line(p, text));
        }
        break;
      }
      case Target::kubernetes:
      case Target::github_actions:
      case Target::cloud_scheduler: {
        if (offset_ms) cannot(target, "a spread offset (it fires on whole minutes); use H in the time fields", text);
        const std::string line_text = cron_line(p, Dialect::kubernetes, target, text);
        out.expressions.push_back(target == Target::kubernetes ? line_text : without_star_days(line_text, 2));
        break;
      }
    }
  }
  if (!fires) throw Error(ErrorKind::unsupported, "the schedule never fires: there is nothing to export", text, 1);
  return out;
}

}  // namespace fuzzycron
