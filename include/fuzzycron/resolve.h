// fuzzycron/resolve.h — hash forms replaced by the values they stand for.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "fuzzycron/parse.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// The expression as written, with every hash form replaced by concrete values
// for options.seed (H -> 37, H/15 -> 7-59/15, H(0-29)/10 -> 4-29/10). Comments,
// spacing and the other fields stay as they are; a Jenkins alias (@hourly)
// comes out as five fields. Throws fuzzycron::Error like parse().
//
// Example:
//   ParseOptions o;
//   o.seed = Seed({"backup-db"});
//   resolve("H/15 H(9-17) * * *", o);  // == "12-59/15 12 * * *"
//   o.seed = Seed({"web-07", "backup-db"});
//   resolve("H 3 * * *", o);           // == "12 3 * * *"
FUZZYCRON_EXPORT std::string resolve(std::string_view expression, const ParseOptions& options);

// parse() and resolve() of one expression from one reading of its text: what
// a runner needs of each job (the schedule, and the resolved text for its logs).
struct ParsedAndResolved {
  Schedule schedule{};
  std::string resolved{};
};
FUZZYCRON_EXPORT ParsedAndResolved parse_and_resolve(std::string_view expression, const ParseOptions& options);

// The same, written in another dialect (`to`), rendered from the compiled
// schedule. Throws fuzzycron::Error naming what `to` cannot express (L in standard,
// seconds in jenkins, day-of-month OR day-of-week outside standard, ...).
FUZZYCRON_EXPORT std::string resolve(std::string_view expression, const ParseOptions& options, Dialect to);

// A stable offset in [0, window) with millisecond resolution (docs/fc1.md):
// fc1 of the seed parts and the word "offset", modulo the window in
// milliseconds. Throws fuzzycron::Error (kind argument) for a window shorter
// than 1 ms.
//
// Example:
//   // 08:42.707 into the window.
//   seed_offset(Seed({"nightly"}), std::chrono::minutes{15});  // == 522707ms
FUZZYCRON_EXPORT std::chrono::milliseconds seed_offset(const Seed& seed, std::chrono::milliseconds window);

// Its name before 0.4 ("offset" also meant a zone's UTC offset).
[[deprecated("use seed_offset")]] inline std::chrono::milliseconds offset(const Seed& seed,
                                                                          std::chrono::milliseconds window) {
  return seed_offset(seed, window);
}

}  // namespace fuzzycron
