// fuzzycron next | prev: the fire times after or before an instant.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "command.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct NextPrev {
  std::string expr;
  Flags flags;
};

int run(const NextPrev& c, bool forward, std::ostream& out, std::ostream& err) {
  if (c.flags.count < 1) {
    err << "fuzzycron: --count must be at least 1\n";
    return kBadInput;
  }
  const Schedule s = parse(c.expr, parse_options(c.flags));
  const auto from = parse_from(c.flags.from);
  std::vector<std::string> times;
  std::optional<sys_milliseconds> t = from;
  for (int i = 0; i < c.flags.count && (t = forward ? s.next(*t) : s.prev(*t)); ++i)
    times.push_back(format_rfc3339(*t, s.zone()));
  if (c.flags.json) {
    nlohmann::json j;
    j["expr"] = c.expr;
    j["zone"] = std::string(s.zone().name());
    j["tz"] = j["zone"];  // its 0.4 name, deprecated (CHANGELOG.md): gone in 0.6
    j[forward ? "next" : "prev"] = times;
    out << j.dump() << "\n";
  } else {
    for (const auto& line : times) out << line << "\n";
    if (static_cast<int>(times.size()) < c.flags.count)
      err << fmt::format("fuzzycron: no {} fire time{} (none within 400 years, or past year 9999)\n",
                         times.empty() ? (forward ? "further" : "earlier") : "more", times.empty() ? "" : "s");
  }
  return kOk;
}

Command add(CommandLine& line, bool forward) {
  auto c = std::make_shared<NextPrev>();
  Subcommand sub = forward ? line.add("next", "the next N fire times strictly after --from")
                           : line.add("prev", "the previous N fire times strictly before --from, newest first");
  sub.option("EXPR", c->expr, "the cron expression (quote it)").required();
  add_flags(sub, c->flags, kSchedule | kFrom | kCount | kJson);
  sub.footer(forward ? "Example: fuzzycron next '0 9 * * 1-5' -z America/New_York -n 3\n"
                       "Example: fuzzycron next '0 * * * *' --seed nightly --offset-window 15m"
                     : "Example: fuzzycron prev -d quartz '0 0 0 L * ?' --from 2026-03-01T00:00:00Z");
  return {sub, [c, forward] { return run(*c, forward, std::cout, std::cerr); }};
}

}  // namespace

Command add_next(CommandLine& line) { return add(line, true); }
Command add_prev(CommandLine& line) { return add(line, false); }

}  // namespace fuzzycron::cli
