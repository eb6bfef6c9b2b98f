// fuzzycron/options.h — the options schema: every option a schedule takes,
// defined once, and ParseOptions from the names people type.
//
// Every front end (the command line, `batch`, the C API and Go over it,
// Python, JavaScript, Java) reads options as name/value text: "dialect" =
// "quartz", "offset-window" = "15m". The schema below is the one list of
// them — name, type, default, allowed values, the dialects each applies to,
// one line of help — and OptionNames::set the one parser, so every front end
// offers the same options under the same name and says the same thing about
// a mistake (docs/options.md).
#pragma once

#include <chrono>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

enum class OptionType : unsigned char {
  choice,    // one of `values`
  text,      // free text (a zone name, a host name)
  list,      // text, given once per item (the seed's parts)
  flag,      // "true" or "false"
  duration,  // "15m", "1h30m" (parse_duration)
  path,      // a file (a balance lock); bindings may hand over a loaded object instead
};

// "choice", "text", "list", "flag", "duration", "path".
FUZZYCRON_EXPORT std::string_view option_type_name(OptionType type) noexcept;

// One option. `name` is its one spelling in kebab-case; each language writes
// it in its own case (option_name), and every spelling is accepted by set().
struct OptionSpec {
  std::string_view name{};                     // "offset-window"
  OptionType type = OptionType::text;          //
  std::string_view default_value{};            // as text; "" means none, or the dialect's own (help says which)
  std::span<const std::string_view> values{};  // the allowed values of a choice or flag (empty otherwise)
  unsigned dialects = 0;                       // a bit per Dialect it applies to (dialect_bit)
  std::string_view help{};                     // one line
  std::string_view old_names{};  // spellings still accepted, with a warning (CHANGELOG.md), comma-separated
  std::string_view example{};    // a value that is not the default, for help and tests
};

inline constexpr unsigned kEveryDialect = (1u << std::size(kAllDialects)) - 1;
constexpr unsigned dialect_bit(Dialect d) noexcept { return 1u << static_cast<unsigned>(d); }

// Every option, in the order help lists them.
FUZZYCRON_EXPORT std::span<const OptionSpec> option_schema() noexcept;

// The option with this name in any case style (offset-window, offset_window,
// offsetWindow, OffsetWindow) or an old spelling of it; nullptr if none.
FUZZYCRON_EXPORT const OptionSpec* find_option(std::string_view name) noexcept;

// Its old spellings one by one, as written ("tz,time-zone": tz, time-zone).
FUZZYCRON_EXPORT std::vector<std::string_view> old_option_names(const OptionSpec& option);

enum class NameStyle : unsigned char { kebab, snake, camel, pascal };
// "offset-window" as offset_window (snake: JSON, Python, C), offsetWindow
// (camel: JavaScript, Java), OffsetWindow (pascal: Go).
FUZZYCRON_EXPORT std::string option_name(const OptionSpec& option, NameStyle style);

// Options as the names people type, in the order given: what every front end
// fills and options_from_names reads.
//
// Example:
//   OptionNames names;
//   names.set("dialect", "quartz");
//   names.set("zone", "Europe/Berlin");
//   names.set("seed", "backup-db");
//   ParseOptions o = options_from_names(names);
//   o.dialect;       // == Dialect::quartz
//   o.seed.parts();  // == std::vector<std::string>{"backup-db"}
//   names.set("dialect", "quarts");  // throws "dialect: unknown value 'quarts': use standard, quartz"
//   names.set("dts", "wall");        // throws "unknown option 'dts' (did you mean 'dst'?)"
struct FUZZYCRON_EXPORT OptionNames {
  // Each option given, by its canonical name, with its text.
  std::vector<std::pair<const OptionSpec*, std::string>> given{};

  // Checks the name and the value's form (a choice's value, a flag, a
  // duration) and records it; a list option appends, any other replaces.
  // Throws Error(ErrorKind::argument): an unknown name with a did-you-mean,
  // a bad value with its column in the value. Returns "" or, for an old
  // spelling, the warning a front end should print once.
  std::string set(std::string_view name, std::string_view value);

  // The value last given for `name` (canonical), or nullptr.
  const std::string* find(std::string_view name) const noexcept;
};

// Throws Error(ErrorKind::argument) for an option that does not apply to the
// dialect chosen; Error(ErrorKind::time_zone) for an unknown zone,
// Error(ErrorKind::bad_seed) for a bad seed part, Error(ErrorKind::lock) for a
// balance lock that cannot be read or is for another dialect.
FUZZYCRON_EXPORT ParseOptions options_from_names(const OptionNames& names);

// The throwing twins of dialect_from_name, DstPolicy::from_name and
// hash_scheme_from_name: Error(ErrorKind::argument) with the allowed names.
FUZZYCRON_EXPORT Dialect dialect_named(std::string_view name);
FUZZYCRON_EXPORT DstPolicy dst_policy_named(std::string_view name);
FUZZYCRON_EXPORT HashScheme hash_scheme_named(std::string_view name);

// The names each front end offers, for messages, help and completion.
FUZZYCRON_EXPORT std::span<const std::string_view> dialect_names() noexcept;
FUZZYCRON_EXPORT std::span<const std::string_view> dst_policy_names() noexcept;
FUZZYCRON_EXPORT std::span<const std::string_view> hash_scheme_names() noexcept;
// Names joined: join(dialect_names(), " | ").
FUZZYCRON_EXPORT std::string join(std::span<const std::string_view> names, std::string_view separator = ", ");

// A duration as people write it: "15m", "90s", "1h30m", "250ms", "2d" (units
// d h m s ms, numbers and units in any order of size). Up to 10^12 ms (about
// 31 years). Throws Error(ErrorKind::argument) with the column of the mistake.
//
// Example:
//   parse_duration("1h30m");   // == std::chrono::minutes{90}
//   parse_duration("15mins");  // throws "not a duration: write e.g. 15m" at column 3
FUZZYCRON_EXPORT std::chrono::milliseconds parse_duration(std::string_view text);

}  // namespace fuzzycron
