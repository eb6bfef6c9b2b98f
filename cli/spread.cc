// fuzzycron spread: the load a crontab puts on a fleet, before and after hashing.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "command.h"
#include "fuzzycron/options.h"
#include "fuzzycron/tools.h"
#include "io.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct SpreadCommand {
  std::string file;
  std::optional<int> hosts;  // --hosts N: host-1..host-N; neither this nor a list: seed [name]
  std::string host_list;     // --host-list FILE
  std::string window = "1d";
  std::string resolution = "1m";
  std::string svg;  // --svg OUT
  int width = 0;    // terminal columns; 0: $COLUMNS or 80
  bool ascii = false;
  Flags flags;
};

nlohmann::json load_json(const Load& l, const Spread& s) {
  nlohmann::json busiest = nlohmann::json::array();
  for (auto i : l.busiest)
    busiest.push_back({{"time", format_rfc3339(s.from + s.resolution * static_cast<std::int64_t>(i), TimeZone::utc())},
                       {"fires", l.buckets[i]}});
  return {{"peak", l.peak},      {"mean", l.mean},   {"peak_to_mean", l.mean > 0 ? l.peak / l.mean : 0.0},
          {"p99", l.p99},        {"fires", l.fires}, {"busiest", busiest},
          {"buckets", l.buckets}};
}

int run(const SpreadCommand& c, std::ostream& out, std::ostream& err) {
  SpreadOptions options;
  options.parse = parse_options(c.flags, false);
  options.hosts = hosts_of(c.hosts, c.host_list);  // none: each entry runs once, with the seed [name]
  options.window = parse_duration(c.window);
  if (options.window.count() < 1)
    throw Error(ErrorKind::argument, "--window must be longer than zero, e.g. 1h or 1d", c.window, 1);
  options.resolution = parse_duration(c.resolution);
  if (options.resolution < std::chrono::milliseconds{1})
    throw Error(ErrorKind::argument, "--resolution must be longer than zero: 1s or 1m", c.resolution, 1);
  const auto& from = c.flags.from;
  options.from = from == "now" ? std::chrono::floor<std::chrono::minutes>(parse_from(from)) : parse_from(from);
  const Crontab tab = parse_crontab(read_file(c.file), options.parse.dialect);
  Spread result;
  try {
    result = spread(tab, options);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::argument) throw;
    throw Error(ErrorKind::argument, e.message(), c.window + " / " + c.resolution, 1);
  }
  for (const auto& e : result.errors) err << format_diagnostic(c.file, e);
  if (result.entries == 0) {
    err << "fuzzycron: " << c.file << ": no entries that run at times (an empty crontab, or every line failed)\n";
    return kBadInput;
  }
  if (!c.svg.empty()) {
    std::ofstream svg(c.svg, std::ios::binary);
    svg << spread_svg(result);
    if (!svg.flush()) throw std::runtime_error("cannot write the SVG file '" + c.svg + "'");
  }
  if (c.flags.json) {
    nlohmann::json j{{"entries", result.entries},
                     {"hosts", result.hosts},
                     {"from", format_rfc3339(result.from, TimeZone::utc())},
                     {"window_ms", options.window.count()},
                     {"resolution_ms", options.resolution.count()},
                     {"before", load_json(result.before, result)},
                     {"after", load_json(result.after, result)}};
    if (result.balanced) j["balanced"] = load_json(*result.balanced, result);
    auto& errors = j["errors"] = nlohmann::json::array();
    for (const auto& e : result.errors)
      errors.push_back({{"line", e.line}, {"column", e.column}, {"message", e.message}});
    out << j.dump() << "\n";
    return result.errors.empty() ? kOk : kBadInput;
  }
  const std::string unit = options.resolution == std::chrono::seconds{1}   ? "second"
                           : options.resolution == std::chrono::minutes{1} ? "minute"
                                                                           : c.resolution;
  out << fmt::format("{}: {} entr{} on {} host{} = {} jobs; {} fires from {} over {}, counted per {}\n\n", c.file,
                     result.entries, result.entries == 1 ? "y" : "ies", result.hosts, result.hosts == 1 ? "" : "s",
                     result.entries * result.hosts, result.after.fires, format_rfc3339(result.from, TimeZone::utc()),
                     c.window, unit);
  out << fmt::format("  {:<16} {:>8} {:>9} {:>10} {:>8}\n", "", "peak", "mean", "peak/mean", "p99");
  std::vector<std::pair<std::string, const Load*>> loads{{"before", &result.before}, {"after", &result.after}};
  if (result.balanced) loads.emplace_back("balanced", &*result.balanced);
  for (const auto& [name, l] : loads)
    out << fmt::format("  {:<16} {:>8} {:>9.2f} {:>10.1f} {:>8}\n",
                       name == "balanced" ? std::string("after balancing") : name + " hashing", l->peak, l->mean,
                       l->mean > 0 ? l->peak / l->mean : 0.0, l->p99);
  out << "\n";
  for (const auto& [name, l] : loads) {
    std::vector<std::string> shown;
    for (auto i : l->busiest)
      shown.push_back(fmt::format(
          "{} ({})", format_rfc3339(result.from + options.resolution * static_cast<std::int64_t>(i), TimeZone::utc()),
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
  return result.errors.empty() ? kOk : kBadInput;
}

}  // namespace

Command add_spread(CommandLine& line) {
  auto c = std::make_shared<SpreadCommand>();
  Subcommand sub = line.add("spread", "the load a crontab puts on a fleet, before and after hashing");
  sub.option("FILE", c->file, "a crontab file (cronie's format, '# name: JOB' names a job)").required();
  add_flags(sub, c->flags, kDialect | kZone | kOffsetWindow | kBalance | kFrom | kJson);
  Flag hosts = sub.option("--hosts", c->hosts, "run every entry on N hosts named host-1..host-N");
  hosts.excludes(sub.option("--host-list", c->host_list, "a file of host names, one per line"));
  sub.option("-w,--window", c->window, "how long to look from --from: 1h, 1d, 7d ...").show_default();
  sub.option("--resolution", c->resolution, "bucket size: 1s or 1m").show_default();
  sub.option("--svg", c->svg, "also write an SVG plot of both loads to this file");
  sub.option("--width", c->width, "terminal columns for the histogram (default: $COLUMNS or 80)");
  sub.flag("--ascii", c->ascii, "draw the histogram with ASCII characters only");
  sub.footer(
      "Every entry runs on every host with the seed [host, name] (name from '# name: JOB' or the command);\n"
      "without --hosts or --host-list each entry runs once, with the seed [name].\n"
      "'before' takes every hash form at the lowest value of its range, as cron without H would run it;\n"
      "'after' is what fuzzycron runs. Both are counted per bucket: peak, mean, peak/mean, 99th percentile.\n"
      "Example: fuzzycron spread -d quartz examples/fleet.crontab --hosts 20 --window 2m --resolution 1s\n"
      "Example: fuzzycron spread /etc/crontab --host-list hosts.txt --window 7d --svg load.svg");
  return {sub, [c] { return run(*c, std::cout, std::cerr); }};
}

}  // namespace fuzzycron::cli
