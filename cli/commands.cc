#include "commands.h"

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>
#include <algorithm>
#include <cstdlib>
#include <array>
#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>
#include <map>
#include <span>
#include <tuple>
#include <utility>
#include <ostream>

namespace fuzzycron::cli {

namespace {

// Library messages name the API; each front end names its own options.
std::string replace_terms(std::string message, std::span<const std::pair<std::string_view, std::string_view>> terms) {
  for (const auto& [api, ours] : terms)
    for (auto at = message.find(api); at != std::string::npos; at = message.find(api, at + ours.size()))
      message.replace(at, api.size(), ours);
  return message;
}

}  // namespace

std::string dialect_list(std::string_view separator) {
  std::string out;
  for (Dialect d : kAllDialects) out += (out.empty() ? "" : std::string(separator)) + std::string(dialect_name(d));
  return out;
}

std::string hash_scheme_list(std::string_view separator) {
  std::string out;
  for (HashScheme s : kAllHashSchemes) out += (out.empty() ? "" : std::string(separator)) + std::string(hash_scheme_name(s));
  return out;
}

std::string in_cli_terms(std::string message) {
  static constexpr std::pair<std::string_view, std::string_view> terms[] = {
      {"(ParseOptions::seed)", "(pass --seed JOB, and --host NAME for a per-host seed)"},
      {"ParseOptions::time_zone", "--tz ZONE"},
      {"FurikoOptions::hash_names is false", "furiko's hash_names option is off"},
  };
  return replace_terms(std::move(message), terms);
}

std::string in_batch_terms(std::string message) {
  static constexpr std::pair<std::string_view, std::string_view> terms[] = {
      {"ParseOptions::seed", "\"seed\""},
      {"ParseOptions::time_zone", "\"tz\""},
      {"FurikoOptions::hash_names is false", "options.hash_names is false"},
  };
  return replace_terms(std::move(message), terms);
}

void print_error(std::ostream& err, const Error& e) {
  err << "fuzzycron: " << Error(e.kind(), in_cli_terms(e.message()), e.text(), e.column(), e.line()).with_caret()
      << "\n";
}

ParseOptions parse_options(const CommonOptions& o) {
  ParseOptions p;
  const auto d = dialect_from_name(o.dialect);
  if (!d) throw Error(ErrorKind::argument, "unknown dialect '" + o.dialect + "': use " + dialect_list(), o.dialect, 1);
  p.dialect = *d;
  const auto dst = DstPolicy::from_name(o.dst);
  if (!dst)
    throw Error(ErrorKind::argument, "unknown DST policy '" + o.dst +
                         "': use cron, wall, or GAP-OVERLAP with GAP skip|shift and OVERLAP first|last|both",
                     o.dst, 1);
  p.dst = *dst;
  p.time_zone = o.tz;
  TimeZone::locate(o.tz);  // reject an unknown zone up front
  std::vector<std::string> parts;
  if (!o.host.empty()) parts.push_back(o.host);
  parts.insert(parts.end(), o.seeds.begin(), o.seeds.end());
  p.seed = Seed(std::move(parts));
  if (!o.spread.empty()) {
    p.spread = parse_duration(o.spread);
    if (p.spread.count() < 1) throw Error(ErrorKind::argument, "--spread needs a window longer than zero, e.g. 15m", o.spread, 1);
  }
  p.croniter.second_at_beginning = o.seconds_first;
  p.cron_parser.strict = o.strict;
  if (!o.hash.empty()) {
    const auto scheme = hash_scheme_from_name(o.hash);
    if (!scheme) throw Error(ErrorKind::argument, "unknown hash scheme '" + o.hash + "': use " + hash_scheme_list(), o.hash, 1);
    p.hash = scheme;
  }
  return p;
}

sys_milliseconds parse_from(const std::string& text) {
  if (text == "now") return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  if (auto t = parse_rfc3339(text)) return *t;
  throw Error(ErrorKind::argument, "--from is not an RFC 3339 time: expected e.g. 2026-03-08T01:59:30Z or 2026-03-08T01:59:30-05:00",
                   text, 1);
}

int run_next_prev(const std::string& expr, const CommonOptions& o, bool forward, std::ostream& out,
                  std::ostream& err) {
  if (o.count < 1) {
    err << "fuzzycron: --count must be at least 1\n";
    return kBadInput;
  }
  Schedule s = [&] { return parse(expr, parse_options(o)); }();
  const auto from = parse_from(o.from);
  std::vector<std::string> times;
  std::optional<sys_milliseconds> t;
  for (int i = 0; i < o.count; ++i) {
    t = forward ? (i == 0 ? s.next(from) : s.next(*t)) : (i == 0 ? s.prev(from) : s.prev(*t));
    if (!t) break;
    times.push_back(format_rfc3339(*t, s.zone()));
  }
  if (o.json) {
    nlohmann::json j;
    j["expr"] = expr;
    j["tz"] = std::string(s.zone().name());
    j[forward ? "next" : "prev"] = times;
    out << j.dump() << "\n";
  } else {
    for (const auto& line : times) out << line << "\n";
    if (static_cast<int>(times.size()) < o.count)
      err << fmt::format("fuzzycron: no {} fire time{} (none within 400 years, or past year 9999)\n",
                         times.empty() ? (forward ? "further" : "earlier") : "more",
                         times.empty() ? "" : "s");
  }
  return kOk;
}

int run_resolve(const std::string& expr, const CommonOptions& o, const std::string& to, std::ostream& out) {
  const ParseOptions options = parse_options(o);
  std::string resolved;
  if (to.empty()) {
    resolved = resolve(expr, options);
  } else {
    const auto target = dialect_from_name(to);
    if (!target) throw Error(ErrorKind::argument, "unknown dialect '" + to + "' for --to: use " + dialect_list(), to, 1);
    resolved = resolve(expr, options, *target);
  }
  if (o.json) {
    nlohmann::json j{{"expr", expr}, {"resolved", resolved}, {"seed", options.seed.parts()}};
    out << j.dump() << "\n";
  } else {
    out << resolved << "\n";
  }
  return kOk;
}

int run_resolve_crontab(const std::string& file, const CommonOptions& o, const std::string& to, std::ostream& out,
                        std::ostream& err) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(ErrorKind::argument, "cannot read the crontab file '" + file + "'", file, 1);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  CommonOptions base = o;
  base.seeds.clear();
  base.host.clear();
  ParseOptions options = parse_options(base);
  std::optional<Dialect> target;
  if (!to.empty()) {
    target = dialect_from_name(to);
    if (!target) throw Error(ErrorKind::argument, "unknown dialect '" + to + "' for --to: use " + dialect_list(), to, 1);
  }
  const Crontab tab = parse_crontab(text, options.dialect);
  std::vector<CrontabError> problems(tab.errors);
  auto report = [&](int line, int column, const std::string& message, const std::string& shown) {
    problems.push_back({line, column, in_cli_terms(message), shown});
  };
  std::vector<std::string> lines = tab.lines;
  for (const auto& e : tab.entries) {
    if (e.reboot) continue;
    try {
      e.compile(options, o.host);  // the entry's errors at its line and column
      const ParseOptions job = e.options(options, o.host);
      const std::string resolved = target ? resolve(e.schedule, job, *target) : resolve(e.schedule, job);
      lines[static_cast<std::size_t>(e.line - 1)].replace(static_cast<std::size_t>(e.schedule_column - 1),
                                                          e.schedule.size(), resolved);
    } catch (const Error& x) {
      const int column = x.line() == e.line ? x.column() : e.schedule_column - 1 + x.column();
      report(e.line, column, x.message(), tab.lines[static_cast<std::size_t>(e.line - 1)]);
    }
  }
  for (const auto& line : lines) out << line << "\n";
  std::stable_sort(problems.begin(), problems.end(), [](auto& a, auto& b) { return a.line < b.line; });
  for (const auto& p : problems)
    err << fmt::format("{}:{}:{}: {}\n  {}\n  {}^\n", file, p.line, p.column, p.message, p.text,
                       std::string(static_cast<std::size_t>(std::max(p.column - 1, 0)), ' '));
  if (tab.entries.empty() && tab.errors.empty()) err << "fuzzycron: " << file << ": no entries\n";
  return problems.empty() ? kOk : kBadInput;
}

std::string workflow_path_of(const std::string& file) {
  const auto at = file.rfind(".github/workflows/");
  if (at != std::string::npos) return file.substr(at);
  const auto slash = file.rfind('/');
  return slash == std::string::npos ? file : file.substr(slash + 1);
}

int run_resolve_in_place(const InPlaceCommand& c, const CommonOptions& o, std::istream& in, std::ostream& out,
                         std::ostream& err) {
  const std::string shown = c.file == "-" ? "<stdin>" : c.file;
  const std::string text =
      c.file == "-" ? std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()} : read_file(c.file);
  const ParseOptions options = parse_options(o);
  InPlaceResult r;
  try {
    r = c.workflow ? resolve_workflow(text, c.repository, c.path.empty() ? workflow_path_of(shown) : c.path, options)
                   : resolve_manifest(text, options);
  } catch (const Error& e) {
    if (e.line() > 0 && !e.text().empty())
      err << fmt::format("{}:{}:{}: {}\n  {}\n  {}^\n", shown, e.line(), e.column(), e.message(), e.text(),
                         std::string(static_cast<std::size_t>(std::max(e.column() - 1, 0)), ' '));
    else if (e.line() > 0)
      err << fmt::format("{}:{}:{}: {}\n", shown, e.line(), e.column(), e.message());
    else
      err << fmt::format("fuzzycron: {}: {}\n", shown, e.message());
    return kBadInput;
  }
  if (o.json) {
    nlohmann::json j{{"file", shown}, {"text", r.text}};
    auto& changes = j["changes"] = nlohmann::json::array();
    for (const auto& x : r.changes)
      changes.push_back({{"document", x.document}, {"line", x.line}, {"column", x.column}, {"name", x.name},
                         {"before", x.before}, {"after", x.after}});
    auto& problems = j["problems"] = nlohmann::json::array();
    for (const auto& x : r.problems)
      problems.push_back({{"document", x.document}, {"line", x.line}, {"column", x.column}, {"name", x.name},
                          {"message", in_cli_terms(x.message)}});
    out << j.dump() << "\n";
  } else {
    out << r.text;
    std::vector<std::tuple<int, int, std::string>> notes;  // in the file's order
    for (const auto& x : r.changes)
      notes.emplace_back(x.line, x.column, fmt::format("{}: '{}' -> '{}'", x.name, x.before, x.after));
    for (const auto& x : r.problems)
      notes.emplace_back(x.line, x.column,
                         fmt::format("document {}, {}: {}", x.document, x.name, in_cli_terms(x.message)));
    std::sort(notes.begin(), notes.end());
    for (const auto& [line, column, note] : notes) err << fmt::format("{}:{}:{}: {}\n", shown, line, column, note);
  }
  return r.problems.empty() ? kOk : kBadInput;
}

// "3d 4h", "12m 5s", "250ms": the two largest units.
std::string format_distance(std::chrono::milliseconds d) {
  using namespace std::chrono;
  const long long ms = d.count();
  if (ms < 1000) return fmt::format("{}ms", ms);
  const long long s = ms / 1000;
  const std::array<std::pair<long long, const char*>, 5> units{
      {{365LL * 86400, "y"}, {86400, "d"}, {3600, "h"}, {60, "m"}, {1, "s"}}};
  std::string out;
  long long rest = s;
  int shown = 0;
  for (const auto& [size, name] : units) {
    if (shown == 2) break;
    const long long n = rest / size;
    if (n == 0 && shown == 0) continue;
    rest -= n * size;
    if (n != 0) out += fmt::format("{}{}{}", out.empty() ? "" : " ", n, name);
    ++shown;
  }
  return out;
}

int run_explain(const std::string& expr, const CommonOptions& o, std::ostream& out) {
  if (o.count < 0) throw Error(ErrorKind::argument, "--count must be 0 (no fire times) or more", std::to_string(o.count), 1);
  const ParseOptions options = parse_options(o);
  const Explanation e = explain(expr, options);
  const auto from = parse_from(o.from);
  std::vector<std::pair<std::string, std::chrono::milliseconds>> times;
  // explain() accepted the text, so parse() fails only for hash forms without
  // a seed: then the description stands alone, without fire times.
  std::optional<Schedule> schedule;
  try {
    schedule = parse(expr, options);
  } catch (const Error&) {
  }
  if (schedule) {
    std::optional<sys_milliseconds> t = from;
    for (int i = 0; i < o.count && (t = schedule->next(*t)); ++i)
      times.emplace_back(format_rfc3339(*t, schedule->zone()), *t - from);
  }
  if (o.json) {
    nlohmann::json j{{"expr", expr}, {"description", e.sentences}, {"zone", e.zone}, {"dst", e.dst}};
    auto& fields = j["fields"] = nlohmann::json::array();
    for (const auto& f : e.fields)
      fields.push_back({{"field", f.field}, {"text", f.text}, {"column", f.column}, {"line", f.line},
                        {"meaning", f.meaning}});
    if (e.resolved) j["resolved"] = *e.resolved;
    if (!options.seed.empty()) j["seed"] = options.seed.parts();
    auto& next = j["next"] = nlohmann::json::array();
    for (const auto& [text, ahead] : times) next.push_back({{"time", text}, {"in_ms", ahead.count()}});
    out << j.dump() << "\n";
    return kOk;
  }
  for (const auto& s : e.sentences) out << s << "\n";
  out << "\n";
  std::size_t width = 0, text_width = 0;
  for (const auto& f : e.fields) {
    width = std::max(width, f.field.size());
    text_width = std::max(text_width, f.text.size());
  }
  for (const auto& f : e.fields)
    out << fmt::format("  {}{:<{}}  {:<{}}  {}\n", f.line > 0 ? fmt::format("line {}: ", f.line) : "", f.field, width,
                       f.text, text_width, f.meaning);
  if (!e.dst.empty()) out << "\n" << e.dst << "\n";
  if (e.resolved)
    out << fmt::format("\nResolved for seed [{}]: {}\n", fmt::join(options.seed.parts(), ", "), *e.resolved);
  if (!schedule) {
    out << "\nGive a seed (--seed JOB, and --host NAME) to see the values and the fire times.\n";
    return kOk;
  }
  if (o.count == 0) return kOk;  // -n 0: the description alone
  out << fmt::format("\nNext {} fire time{} after {}:\n", times.size(), times.size() == 1 ? "" : "s",
                     format_rfc3339(from, schedule->zone()));
  for (const auto& [text, ahead] : times) out << fmt::format("  {}  in {}\n", text, format_distance(ahead));
  if (times.empty()) out << "  none (it never fires, or not before year 9999)\n";
  return kOk;
}

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = std::min(text.find('\n', start), text.size());
    lines.emplace_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::argument, "cannot read the file '" + path + "'", path, 1);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int run_lint(const std::string& target, const CommonOptions& o, const std::string& fail_on, const std::string& runs_on,
             std::ostream& out) {
  std::optional<Severity> threshold;
  if (fail_on != "never") {
    threshold = severity_from_name(fail_on);
    if (!threshold) throw Error(ErrorKind::argument, "--fail-on takes info, warning, error or never", fail_on, 1);
  }
  LintOptions options;
  options.from = parse_from(o.from);
  if (!runs_on.empty()) {
    options.target = lint_target_from_name(runs_on);
    if (!options.target)
      throw Error(ErrorKind::argument,
                  "unknown --target '" + runs_on +
                      "': use fuzzycron, cron, kubernetes, github-actions, systemd, quartz, spring, jenkins or furiko",
                  runs_on, 1);
  }
  std::error_code ec;
  const bool is_file = std::filesystem::is_regular_file(target, ec);
  std::vector<Finding> findings;
  std::vector<std::string> lines;  // what the columns point into
  if (is_file) {
    CommonOptions base = o;
    base.seeds.clear();
    base.host.clear();
    options.parse = parse_options(base);
    options.host = o.host;
    const Crontab tab = parse_crontab(read_file(target), options.parse.dialect);
    findings = lint(tab, options);
    lines = tab.lines;
  } else {
    options.parse = parse_options(o);
    findings = lint(target, options);
    lines = lines_of(target);
    if (lines.empty()) lines.emplace_back();
  }
  std::array<int, 3> counts{};
  bool unreadable = false;
  int status = kOk;
  for (const auto& f : findings) {
    ++counts[static_cast<std::size_t>(f.severity)];
    unreadable = unreadable || f.code.starts_with("FC00");
    if (threshold && f.severity >= *threshold) status = kFailure;
  }
  if (o.json) {
    nlohmann::json j{{"target", is_file ? "crontab" : "expression"},
                     {"counts", {{"error", counts[2]}, {"warning", counts[1]}, {"info", counts[0]}}}};
    auto& list = j["findings"] = nlohmann::json::array();
    for (const auto& f : findings) {
      nlohmann::json x{{"code", f.code}, {"severity", severity_name(f.severity)}, {"line", f.line},
                       {"column", f.column}, {"message", in_cli_terms(f.message)}};
      if (!f.suggestion.empty()) x["suggestion"] = f.suggestion;
      list.push_back(std::move(x));
    }
    out << j.dump() << "\n";
  } else {
    for (const auto& f : findings) {
      const std::size_t index = f.line > 0 ? static_cast<std::size_t>(f.line - 1) : 0;
      const std::string& text = index < lines.size() ? lines[index] : lines.front();
      const std::string where = is_file ? fmt::format("{}:{}:{}", target, f.line, f.column)
                                : f.line > 0 ? fmt::format("line {}, column {}", f.line, f.column)
                                             : fmt::format("column {}", f.column);
      out << fmt::format("{}: {} {}: {}\n  {}\n  {}^\n", where, severity_name(f.severity), f.code, in_cli_terms(f.message),
                         text.size() > 200 ? text.substr(0, 200) + "..." : text,
                         std::string(static_cast<std::size_t>(std::clamp(f.column - 1, 0, 200)), ' '));
      if (!f.suggestion.empty()) out << "  suggestion: " << f.suggestion << "\n";
    }
    out << fmt::format("{} finding{}: {} error{}, {} warning{}, {} info\n", findings.size(),
                       findings.size() == 1 ? "" : "s", counts[2], counts[2] == 1 ? "" : "s", counts[1],
                       counts[1] == 1 ? "" : "s", counts[0]);
  }
  return unreadable ? kBadInput : status;
}

namespace {

std::vector<std::string> read_host_list(const std::string& path) {
  std::vector<std::string> hosts;
  std::map<std::string, int> first_line;
  int line_no = 0;
  for (std::string line : lines_of(read_file(path))) {
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    line.erase(0, first);
    if (line.find('\0') != std::string::npos)
      throw Error(ErrorKind::argument, fmt::format("{}:{}: binary data (a NUL byte) in the host list", path, line_no), line, 1,
                       line_no);
    if (const auto [it, fresh] = first_line.try_emplace(line, line_no); !fresh)
      throw Error(ErrorKind::argument, fmt::format("{}:{}: host '{}' is listed twice (first on line {}); each host runs each job "
                                   "once",
                                   path, line_no, line, it->second),
                       line, 1, line_no);
    hosts.push_back(line);
  }
  if (hosts.empty()) throw Error(ErrorKind::argument, fmt::format("{}: the host list names no hosts (one per line)", path), path, 1);
  return hosts;
}

nlohmann::json load_json(const Load& l, const Spread& s) {
  nlohmann::json busiest = nlohmann::json::array();
  for (auto i : l.busiest)
    busiest.push_back({{"time", format_rfc3339(s.from + s.resolution * static_cast<std::int64_t>(i), TimeZone::utc())},
                       {"fires", l.buckets[i]}});
  return {{"peak", l.peak},       {"mean", l.mean},         {"peak_to_mean", l.mean > 0 ? l.peak / l.mean : 0.0},
          {"p99", l.p99},         {"fires", l.fires},       {"busiest", busiest},
          {"buckets", l.buckets}};
}

}  // namespace

int run_spread(const SpreadCommand& c, const CommonOptions& o, std::ostream& out, std::ostream& err) {
  SpreadOptions options;
  CommonOptions base = o;
  base.seeds.clear();
  base.host.clear();
  options.parse = parse_options(base);
  if (c.hosts) {
    if (*c.hosts < 1)
      throw Error(ErrorKind::argument, "--hosts needs at least 1 host (hosts are named host-1 ... host-N), or give --host-list FILE",
                       std::to_string(*c.hosts), 1);
    if (*c.hosts > 1'000'000) throw Error(ErrorKind::argument, "--hosts is limited to 1,000,000", std::to_string(*c.hosts), 1);
    for (int i = 1; i <= *c.hosts; ++i) options.hosts.push_back(fmt::format("host-{}", i));
  } else if (!c.host_list.empty()) {
    options.hosts = read_host_list(c.host_list);
  }  // else each entry runs once, with the seed [name]
  options.window = parse_duration(c.window);
  if (options.window.count() < 1) throw Error(ErrorKind::argument, "--window must be longer than zero, e.g. 1h or 1d", c.window, 1);
  options.resolution = parse_duration(c.resolution);
  if (options.resolution < std::chrono::milliseconds{1})
    throw Error(ErrorKind::argument, "--resolution must be longer than zero: 1s or 1m", c.resolution, 1);
  options.from = o.from == "now" ? std::chrono::floor<std::chrono::minutes>(parse_from(o.from)) : parse_from(o.from);
  const Crontab tab = parse_crontab(read_file(c.file), options.parse.dialect);
  Spread result;
  try {
    result = spread(tab, options);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::argument) throw;
    throw Error(ErrorKind::argument, e.message(), c.window + " / " + c.resolution, 1);
  }
  for (const auto& e : result.errors)
    err << fmt::format("{}:{}:{}: {}\n  {}\n  {}^\n", c.file, e.line, e.column, in_cli_terms(e.message),
                       e.text.size() > 200 ? e.text.substr(0, 200) + "..." : e.text,
                       std::string(static_cast<std::size_t>(std::clamp(e.column - 1, 0, 200)), ' '));
  if (result.entries == 0) {
    err << "fuzzycron: " << c.file << ": no entries that run at times (an empty crontab, or every line failed)\n";
    return kBadInput;
  }
  if (!c.svg.empty()) {
    std::ofstream svg(c.svg, std::ios::binary);
    svg << spread_svg(result);
    if (!svg.flush()) throw std::runtime_error("cannot write the SVG file '" + c.svg + "'");
  }
  if (o.json) {
    nlohmann::json j{{"entries", result.entries},
                     {"hosts", result.hosts},
                     {"from", format_rfc3339(result.from, TimeZone::utc())},
                     {"window_ms", options.window.count()},
                     {"resolution_ms", options.resolution.count()},
                     {"before", load_json(result.before, result)},
                     {"after", load_json(result.after, result)}};
    auto& errors = j["errors"] = nlohmann::json::array();
    for (const auto& e : result.errors) errors.push_back({{"line", e.line}, {"column", e.column}, {"message", e.message}});
    out << j.dump() << "\n";
  } else {
    const std::string unit = options.resolution == std::chrono::seconds{1}   ? "second"
                             : options.resolution == std::chrono::minutes{1} ? "minute"
                                                                             : c.resolution;
    out << fmt::format("{}: {} entr{} on {} host{} = {} jobs; {} fires from {} over {}, counted per {}\n\n", c.file,
                       result.entries, result.entries == 1 ? "y" : "ies", result.hosts, result.hosts == 1 ? "" : "s",
                       result.entries * result.hosts, result.after.fires,
                       format_rfc3339(result.from, TimeZone::utc()), c.window, unit);
    out << fmt::format("  {:<16} {:>8} {:>9} {:>10} {:>8}\n", "", "peak", "mean", "peak/mean", "p99");
    for (const auto& [name, l] : {std::pair<const char*, const Load*>{"before hashing", &result.before},
                                  std::pair<const char*, const Load*>{"after hashing", &result.after}})
      out << fmt::format("  {:<16} {:>8} {:>9.2f} {:>10.1f} {:>8}\n", name, l->peak, l->mean,
                         l->mean > 0 ? l->peak / l->mean : 0.0, l->p99);
    out << "\n";
    for (const auto& [name, l] : {std::pair<const char*, const Load*>{"before", &result.before},
                                  std::pair<const char*, const Load*>{"after", &result.after}}) {
      std::vector<std::string> shown;
      for (auto i : l->busiest)
        shown.push_back(fmt::format("{} ({})",
                                    format_rfc3339(result.from + options.resolution * static_cast<std::int64_t>(i),
                                                   TimeZone::utc()),
                                    l->buckets[i]));
      out << fmt::format("  busiest {:<7} {}\n", name + std::string(":"), fmt::join(shown, ", "));
    }
    int width = c.width;
    if (width <= 0) {
      const char* columns = std::getenv("COLUMNS");
      width = columns ? std::atoi(columns) : 0;
      if (width <= 0) width = 80;
    }
    out << "\n" << spread_histogram(result, std::clamp(width, 20, 1000), !c.ascii);
    if (!c.svg.empty()) out << "\nplot written to " << c.svg << "\n";
  }
  return result.errors.empty() ? kOk : kBadInput;
}

std::chrono::milliseconds parse_duration(const std::string& text) {
  auto bad = [&](int column) -> Error {
    return Error(ErrorKind::argument, "not a duration: write e.g. 15m, 90s, 1h30m, 250ms or 2d (units d h m s ms)", text, column);
  };
  if (text.empty()) throw bad(1);
  std::chrono::milliseconds total{0};
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    long long n = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      n = n * 10 + (text[i] - '0');
      if (n > 1'000'000'000'000LL) throw bad(static_cast<int>(start) + 1);
      ++i;
    }
    if (i == start) throw bad(static_cast<int>(i) + 1);
    const std::size_t unit = i;
    while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') ++i;
    const std::string u = text.substr(unit, i - unit);
    long long ms;
    if (u == "ms") ms = 1;
    else if (u == "s") ms = 1000;
    else if (u == "m") ms = 60'000;
    else if (u == "h") ms = 3'600'000;
    else if (u == "d") ms = 86'400'000;
    else throw bad(static_cast<int>(unit) + 1);
    total += std::chrono::milliseconds{n * ms};
  }
  return total;
}

int run_offset(const CommonOptions& o, const std::string& window_text, std::ostream& out) {
  const auto window = parse_duration(window_text);
  if (window.count() < 1)
    throw Error(ErrorKind::argument, "the window must be longer than zero, e.g. --window 15m", window_text, 1);
  const ParseOptions p = parse_options(o);
  if (p.seed.empty()) throw Error(ErrorKind::missing_seed, "offset needs a seed: pass --seed JOB (and --host NAME)", "", 1);
  const auto off = offset(p.seed, window);
  if (o.json) {
    out << nlohmann::json{{"seed", p.seed.parts()}, {"window_ms", window.count()}, {"offset_ms", off.count()}}.dump()
        << "\n";
  } else {
    const auto ms = off.count();
    out << fmt::format("{} ms ({:02}:{:02}:{:02}.{:03} into each {} window)\n", ms, ms / 3600000, ms / 60000 % 60,
                       ms / 1000 % 60, ms % 1000, window_text);
  }
  return kOk;
}

}  // namespace fuzzycron::cli

namespace fuzzycron::cli {

int run_export(const ExportCommand& c, const CommonOptions& o, std::ostream& out, std::ostream& err) {
  ExportOptions options;
  const auto target = target_from_name(c.to);
  if (!target)
    throw Error(ErrorKind::argument,
                "unknown target '" + c.to + "': use systemd, kubernetes, github-actions, nomad, eventbridge or "
                "cloud-scheduler", c.to, 1);
  if (c.file.empty() == c.expr.empty())
    throw Error(ErrorKind::argument, "export needs a crontab FILE or --expr EXPR (one of them)");
  if (c.concurrency != "Allow" && c.concurrency != "Forbid" && c.concurrency != "Replace")
    throw Error(ErrorKind::argument, "--concurrency takes Allow, Forbid or Replace", c.concurrency, 1);
  if (c.starting_deadline && *c.starting_deadline < 10)
    throw Error(ErrorKind::argument,
                "--starting-deadline below 10 seconds may never start a job (the controller syncs every 10 s)",
                std::to_string(*c.starting_deadline), 1);
  options.target = *target;
  options.from = parse_from(o.from);
  options.image = c.image;
  options.kubernetes_namespace = c.kubernetes_namespace;
  options.concurrency = c.concurrency;
  options.starting_deadline_seconds = c.starting_deadline;
  options.persistent = c.persistent;
  ExportResult result;
  std::string where = c.file;
  if (!c.expr.empty()) {
    options.parse = parse_options(o);
    if (options.parse.seed.empty() && c.name.empty())
      throw Error(ErrorKind::missing_seed, "export --expr needs a seed (pass --seed JOB) or a --name");
    const std::string name = !c.name.empty() ? c.name : options.parse.seed.parts().back();
    if (options.parse.seed.empty()) options.parse.seed = Seed({name});
    result = export_expression(c.expr, name, c.command, options);
    where = "expression";
  } else {
    CommonOptions base = o;
    base.seeds.clear();
    base.host.clear();
    options.parse = parse_options(base);
    options.host = o.host;
    const Crontab tab = parse_crontab(read_file(c.file), options.parse.dialect);
    result = export_crontab(tab, options);
  }
  bool errors = false;
  for (const auto& d : result.diagnostics) {
    errors = errors || d.severity == Severity::error;
    err << fmt::format("{}{}: {} {}: {}{}\n", where, d.line > 0 ? ":" + std::to_string(d.line) : "",
                       severity_name(d.severity), d.code, d.job.empty() ? "" : "job '" + d.job + "': ",
                       in_cli_terms(d.message));
  }
  if (o.json) {
    nlohmann::json j = {{"target", target_name(*target)}, {"artifacts", nlohmann::json::array()},
                        {"diagnostics", nlohmann::json::array()}};
    for (const auto& a : result.artifacts)
      j["artifacts"].push_back({{"job", a.job}, {"line", a.line}, {"name", a.name}, {"file", a.file}, {"text", a.text}});
    for (const auto& d : result.diagnostics) {
      nlohmann::json instants = nlohmann::json::array();
      for (auto t : d.instants) instants.push_back(format_rfc3339(t, TimeZone::utc()));
      j["diagnostics"].push_back({{"severity", severity_name(d.severity)}, {"code", d.code}, {"line", d.line},
                                  {"job", d.job}, {"message", d.message}, {"instants", instants}});
    }
    out << j.dump(2) << "\n";
  } else if (!c.output.empty()) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(c.output, ec);
    if (ec) throw std::runtime_error("cannot create the directory '" + c.output + "': " + ec.message());
    // Check every file first, so that nothing is written half.
    for (const auto& a : result.artifacts)
      if (!c.force && fs::exists(fs::path(c.output) / a.file))
        throw Error(ErrorKind::argument, "'" + (fs::path(c.output) / a.file).string() +
                                             "' exists: pass --force to overwrite it", a.file, 1);
    for (const auto& a : result.artifacts) {
      std::ofstream f(fs::path(c.output) / a.file, std::ios::binary | std::ios::trunc);
      f << a.text;
      if (!f.flush()) throw std::runtime_error("cannot write '" + (fs::path(c.output) / a.file).string() + "'");
    }
    err << fmt::format("wrote {} file{} to {}\n", result.artifacts.size(), result.artifacts.size() == 1 ? "" : "s",
                       c.output);
  } else {
    for (const auto& a : result.artifacts) {
      if (*target == Target::systemd) out << "# ==> " << a.file << " <==\n";
      out << a.text;
      if (*target != Target::kubernetes && *target != Target::systemd) out << "\n";
    }
  }
  return errors ? kFailure : kOk;
}

}  // namespace fuzzycron::cli
