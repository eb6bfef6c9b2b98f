// fuzzycron/spread.h — the load a crontab puts on a fleet: fires per time
// bucket, before hashing (hash forms at their lowest value, as cron without H
// would run them) and after (each job on each host at its own stable values).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/crontab.h"
#include "fuzzycron/error.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/rfc3339.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// Fires per bucket and the figures an operator reads off them.
struct Load {
  std::vector<std::uint32_t> buckets{};  // fires in [from + i*resolution, from + (i+1)*resolution)
  std::uint64_t fires = 0;
  std::uint32_t peak = 0;
  double mean = 0;                     // fires / buckets
  std::uint32_t p99 = 0;               // the 99th percentile of the buckets (nearest rank)
  std::vector<std::size_t> busiest{};  // up to 5 bucket indices, busiest first, earliest first on ties
};

struct SpreadOptions {
  ParseOptions parse{};              // dialect, default zone, DST policy, hash scheme
  std::vector<std::string> hosts{};  // each entry runs on each host, seeded [host, name]; empty: once, [name]
  sys_milliseconds from{};
  std::chrono::milliseconds window = std::chrono::hours{24};
  std::chrono::milliseconds resolution = std::chrono::minutes{1};
};

struct Spread {
  Load before, after;
  // With a balance lock in options.parse.balance: `after` is plain H and this
  // the load with the lock's slots (jobs it does not name at plain H).
  std::optional<Load> balanced{};
  sys_milliseconds from{};
  std::chrono::milliseconds resolution{};
  std::size_t entries = 0;  // entries that fire at times (not @reboot, not in error)
  std::size_t hosts = 1;
  std::vector<CrontabError> errors{};  // unreadable lines and entries that did not compile; the rest still count
};

// Throws fuzzycron::Error (kind argument) for an empty window, a resolution under 1 ms,
// more than 50 million buckets, or duplicate host names.
//
// Example:
//   SpreadOptions o;
//   o.hosts = {"web-1", "web-2", "web-3", "web-4"};
//   o.window = std::chrono::hours{1};
//   const Spread s = spread(parse_crontab("0 * * * * a\nH * * * * b\n"), o);
//   // Both jobs on four hosts at minute 0; then each host's b at its own minute.
//   s.before.peak;  // == 8u
//   s.after.peak;   // < 8u
FUZZYCRON_EXPORT Spread spread(const Crontab& crontab, const SpreadOptions& options);

// A terminal histogram of both loads on one scale, `width` columns wide; each
// column shows the busiest bucket it covers. `unicode`: block characters,
// otherwise ASCII.
FUZZYCRON_EXPORT std::string spread_histogram(const Spread& s, int width = 80, bool unicode = true);

// A self-contained SVG plot (axes with units, legend, title) of both loads.
FUZZYCRON_EXPORT std::string spread_svg(const Spread& s);

}  // namespace fuzzycron
