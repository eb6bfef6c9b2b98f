// fuzzycron offset: a seed's stable offset in a window.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "command.h"
#include "fuzzycron/options.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct Offset {
  std::string window = "15m";
  Flags flags;
};

int run(const Offset& c, std::ostream& out) {
  const auto window = parse_duration(c.window);
  if (window.count() < 1)
    throw Error(ErrorKind::argument, "the window must be longer than zero, e.g. --window 15m", c.window, 1);
  const ParseOptions p = parse_options(c.flags);
  if (p.seed.empty()) throw Error(ErrorKind::missing_seed, "offset needs a seed", "", 1);
  const auto off = seed_offset(p.seed, window);
  if (c.flags.json) {
    out << nlohmann::json{{"seed", p.seed.parts()}, {"window_ms", window.count()}, {"offset_ms", off.count()}}.dump()
        << "\n";
  } else {
    const auto ms = off.count();
    out << fmt::format("{} ms ({:02}:{:02}:{:02}.{:03} into each {} window)\n", ms, ms / 3600000, ms / 60000 % 60,
                       ms / 1000 % 60, ms % 1000, c.window);
  }
  return kOk;
}

}  // namespace

Command add_offset(CommandLine& line) {
  auto c = std::make_shared<Offset>();
  Subcommand sub = line.add("offset", "a stable offset in [0, window) for a seed (millisecond resolution)");
  add_flags(sub, c->flags, kSeed | kHost | kJson);
  sub.option("-w,--window", c->window, "the window: 15m, 90s, 1h, 250ms ...").show_default();
  sub.footer(
      "Example: fuzzycron offset --seed nightly-report --window 15m\n"
      "  Shift each run of a job by its offset to spread many jobs over a fixed window.");
  return {sub, [c] { return run(*c, std::cout); }};
}

}  // namespace fuzzycron::cli
