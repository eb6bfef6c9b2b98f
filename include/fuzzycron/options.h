// fuzzycron/options.h — ParseOptions from the names people type.
//
// Every front end (the command line, `batch`, Python, Go, the C API) reads
// options as text: "quartz", "skip-first", "15m". This header turns those
// names into ParseOptions once, with one message per mistake, so that every
// front end offers the same options and says the same thing about them.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// The options as names; an empty name means the default.
struct OptionNames {
  std::string dialect{};            // "standard" (default), "quartz", ... (dialect_name)
  std::string time_zone{};          // IANA name; default "UTC"
  std::string dst{};                // default: the dialect's own; "cron", "wall", "skip-first", ...
  std::string hash{};               // "fc1", "jenkins", ...; default: the dialect's own
  std::vector<std::string> seed{};  // the seed's parts, in order
  std::string offset_window{};      // a duration ("15m"): shift each fire time by the seed's offset in it
  FurikoOptions furiko{};
  CroniterOptions croniter{};
  CronParserOptions cron_parser{};
  KubernetesOptions kubernetes{};
};

// Throws Error(ErrorKind::argument) naming the bad value and listing the
// names that are allowed; Error(ErrorKind::time_zone) for an unknown zone;
// Error(ErrorKind::bad_seed) for a bad seed part.
//
// Example:
//   OptionNames names;
//   names.dialect = "quartz";
//   names.time_zone = "Europe/Berlin";
//   names.seed = {"backup-db"};
//   ParseOptions o = options_from_names(names);
//   // o.dialect == Dialect::quartz, o.seed.parts() == {"backup-db"}
//   names.dialect = "quarts";
//   options_from_names(names);  // throws: "unknown dialect 'quarts': use standard, quartz, ..."
FUZZYCRON_EXPORT ParseOptions options_from_names(const OptionNames& names);

// The throwing twins of dialect_from_name, DstPolicy::from_name and
// hash_scheme_from_name: Error(ErrorKind::argument) with the allowed names.
FUZZYCRON_EXPORT Dialect dialect_named(std::string_view name);
FUZZYCRON_EXPORT DstPolicy dst_policy_named(std::string_view name);
FUZZYCRON_EXPORT HashScheme hash_scheme_named(std::string_view name);

// "standard, quartz, ..." and "fc1, jenkins, ...": every name, for messages and help.
FUZZYCRON_EXPORT std::string dialect_names(std::string_view separator = ", ");
FUZZYCRON_EXPORT std::string hash_scheme_names(std::string_view separator = ", ");

// A duration as people write it: "15m", "90s", "1h30m", "250ms", "2d" (units
// d h m s ms, numbers and units in any order of size). Up to 10^12 ms (about
// 31 years). Throws Error(ErrorKind::argument) with the column of the mistake.
//
// Example:
//   parse_duration("1h30m");   // == std::chrono::minutes{90}
//   parse_duration("15mins");  // throws, column 3
FUZZYCRON_EXPORT std::chrono::milliseconds parse_duration(std::string_view text);

}  // namespace fuzzycron
