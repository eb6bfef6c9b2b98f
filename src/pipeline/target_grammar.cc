// The grammars of the targets' own parsers, for what is written for them by
// hand (lint --runs-on, resolve --workflow): GitHub Actions' isValidCron
// (@actions/workflow-parser) and robfig/cron's ParseStandard (Kubernetes).
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include "fuzzycron/error.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/target.h"

namespace fuzzycron {
namespace {

constexpr std::string_view kMonths[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                        "jul", "aug", "sep", "oct", "nov", "dec"};
constexpr std::string_view kDays[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A name's value, or -1.
int name_value(std::string_view v, const std::vector<std::string_view>& names, int base) {
  const std::string l = lower(v);
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == l) return base + static_cast<int>(i);
  return -1;
}

// JavaScript's +value for the plain decimal numbers a cron holds; nullopt when it is not one.
std::optional<int> number(std::string_view v) {
  int n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size()) return std::nullopt;
  return n;
}

struct Part {
  int min, max;
  std::vector<std::string_view> names;
  int base;
};

// validateCronPart of @actions/workflow-parser: names, '*', lists, a/n, a-b, numbers in range.
bool github_part(std::string_view value, const Part& r, bool separators = true) {
  if (!r.names.empty() && name_value(value, r.names, r.base) >= 0) return true;
  if (value == "*") return true;
  if (value.find(',') != std::string_view::npos) {
    if (!separators) return false;
    std::size_t at = 0;
    while (true) {
      const auto comma = value.find(',', at);
      const auto item = value.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
      if (item.empty() || !github_part(item, r)) return false;
      if (comma == std::string_view::npos) return true;
      at = comma + 1;
    }
  }
  if (const auto slash = value.find('/'); slash != std::string_view::npos) {
    if (!separators) return false;
    const auto start = value.substr(0, slash), step = value.substr(slash + 1);
    if (step.find('/') != std::string_view::npos || start.empty() || step.empty()) return false;
    const auto n = number(step);
    return n && *n > 0 && github_part(start, r) && github_part(step, r, false);
  }
  if (const auto dash = value.find('-'); dash != std::string_view::npos) {
    if (!separators) return false;
    const auto a = value.substr(0, dash), b = value.substr(dash + 1);
    if (b.find('-') != std::string_view::npos || a.empty() || b.empty()) return false;
    auto as_number = [&](std::string_view x) {
      const int by_name = r.names.empty() ? -1 : name_value(x, r.names, r.base);
      return by_name >= 0 ? std::optional<int>(by_name) : number(x);
    };
    const auto lo = as_number(a), hi = as_number(b);
    return github_part(a, r, false) && github_part(b, r, false) && lo && hi && *hi >= *lo;
  }
  const auto n = number(value);
  return n && *n >= r.min && *n <= r.max;
}

std::optional<Error> github_error(std::string_view expression) {
  const std::string text(expression);
  std::vector<std::string_view> parts;
  std::size_t at = 0;
  while (at <= expression.size()) {  // split on runs of spaces, as / +/ does
    const auto space = expression.find(' ', at);
    parts.push_back(expression.substr(at, space == std::string_view::npos ? std::string_view::npos : space - at));
    if (space == std::string_view::npos) break;
    at = expression.find_first_not_of(' ', space);
    if (at == std::string_view::npos) break;
  }
  if (parts.size() != 5)
    return Error(ErrorKind::unsupported,
                 fmt::format("GitHub Actions reads exactly 5 fields (minute hour day-of-month month day-of-week), "
                             "separated by spaces; found {}",
                             parts.size()),
                 text, 1);
  const Part ranges[] = {{0, 59, {}, 0},
                         {0, 23, {}, 0},
                         {1, 31, {}, 0},
                         {1, 12, {std::begin(kMonths), std::end(kMonths)}, 1},
                         {0, 6, {std::begin(kDays), std::end(kDays)}, 0}};
  constexpr const char* fields[] = {"minute", "hour", "day-of-month", "month", "day-of-week"};
  constexpr const char* allowed[] = {"0-59", "0-23", "1-31", "1-12 or JAN-DEC", "0-6 or SUN-SAT"};
  int column = 1;
  for (std::size_t i = 0; i < 5; ++i) {
    column = static_cast<int>(parts[i].data() - expression.data()) + 1;
    if (!github_part(parts[i], ranges[i]))
      return Error(ErrorKind::unsupported,
                   fmt::format("GitHub Actions rejects the {} '{}': it takes {} with * , - / (no H, no ?, L, W or #)",
                               fields[i], std::string(parts[i]).substr(0, 40), allowed[i]),
                   text, column);
  }
  return std::nullopt;
}

// Go's time.ParseDuration for @every: a sequence of decimal numbers with units ns us µs ms s m h.
bool go_duration(std::string_view s) {
  if (s.empty()) return false;
  if (s == "0") return true;
  std::size_t i = 0;
  bool any = false;
  while (i < s.size()) {
    const std::size_t start = i;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
    if (i == start) return false;
    const std::size_t unit = i;
    while (i < s.size() && !std::isdigit(static_cast<unsigned char>(s[i])) && s[i] != '.') ++i;
    const std::string_view u = s.substr(unit, i - unit);
    if (u != "ns" && u != "us" && u != "µs" && u != "ms" && u != "s" && u != "m" && u != "h") return false;
    any = true;
  }
  return any;
}

std::optional<Error> kubernetes_error(std::string_view expression) {
  const std::string text(expression);
  if (expression.starts_with("@every")) {
    const auto rest = expression.substr(6);
    if (!rest.empty() && rest.front() == ' ' && go_duration(rest.substr(rest.find_first_not_of(' '))))
      return std::nullopt;
    return Error(ErrorKind::unsupported, "@every needs a Go duration such as @every 1h30m", text, 1);
  }
  ParseOptions o;
  o.dialect = Dialect::kubernetes;
  try {
    parse(expression, o);
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::missing_seed)
      return Error(ErrorKind::unsupported,
                   "Kubernetes does not read H: resolve it first (fuzzycron resolve --manifest gives each CronJob "
                   "its value)",
                   text, e.column(), e.line());
    return Error(ErrorKind::unsupported, "Kubernetes (robfig/cron) rejects it: " + e.message(), text, e.column(),
                 e.line());
  }
  return std::nullopt;
}

}  // namespace

std::optional<Error> target_grammar_error(std::string_view expression, Target target) {
  switch (target) {
    case Target::github_actions: return github_error(expression);
    case Target::kubernetes: return kubernetes_error(expression);
    default: return std::nullopt;
  }
}

}  // namespace fuzzycron
