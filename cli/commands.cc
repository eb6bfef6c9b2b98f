#include "commands.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <ostream>

namespace fuzzycron::cli {

void print_error(std::ostream& err, const ParseError& e) { err << "fuzzycron: " << e.with_caret() << "\n"; }

ParseOptions parse_options(const CommonOptions& o) {
  ParseOptions p;
  const auto d = dialect_from_name(o.dialect);
  if (!d) throw ParseError("unknown dialect '" + o.dialect + "': use standard, quartz, jenkins or furiko", o.dialect, 1);
  p.dialect = *d;
  const auto dst = DstPolicy::from_name(o.dst);
  if (!dst)
    throw ParseError("unknown DST policy '" + o.dst +
                         "': use cron, wall, or GAP-OVERLAP with GAP skip|shift and OVERLAP first|last|both",
                     o.dst, 1);
  p.dst = *dst;
  p.time_zone = o.tz;
  TimeZone::locate(o.tz);  // reject an unknown zone up front
  return p;
}

sys_milliseconds parse_from(const std::string& text) {
  if (text == "now") return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  if (auto t = parse_rfc3339(text)) return *t;
  throw ParseError("--from is not an RFC 3339 time: expected e.g. 2026-03-08T01:59:30Z or 2026-03-08T01:59:30-05:00",
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
  std::optional<Schedule::time_point> t;
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

}  // namespace fuzzycron::cli
