// The flags several commands share, and what they turn into. Each command
// registers only the groups it reads (a flag it does not read is a usage
// error), then builds ParseOptions through the library's one adapter
// (fuzzycron/options.h).
#pragma once

#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "command.h"
#include "fuzzycron/fuzzycron.h"

namespace fuzzycron::cli {

// Exit statuses (README.md, "Command line"; fuzzycron --help).
inline constexpr int kOk = 0;
inline constexpr int kFailure = 1;
inline constexpr int kBadInput = 2;

// What a command's flags say about the schedule, as typed. The options of
// the library's schema (fuzzycron/options.h) are registered from the schema
// itself: a new option there is a new flag here, with its help.
struct Flags {
  std::string dialect = "standard";
  std::string zone = "UTC";
  std::vector<std::string> seeds;  // -s/--seed, in order
  std::string host;                // --host: prepended to the seed
  std::string balance;             // --balance-lock LOCK
  std::string old_balance;         // --balance LOCK, its old spelling (warned)
  // The balance lock's file, by either spelling.
  const std::string& balance_lock() const { return balance.empty() ? old_balance : balance; }
  // Every other schema option with a value, by name ("old:NAME" for an old spelling).
  std::map<std::string, std::string> values;
  std::map<std::string, bool> switches;                // flag options, by name
  std::vector<std::pair<std::string, Flag>> switched;  // their flags, to ask whether they were given
  std::string from = "now";
  int count = 5;
  bool json = false;
  std::optional<Flag> dialect_flag;  // -d as registered, to ask whether it was given
};

// The groups of flags, or-ed together for add_flags.
enum FlagGroup : unsigned {
  kDialect = 1 << 0,       // -d, --hash-scheme and the dialects' own options (--strict, ...)
  kZone = 1 << 1,          // -z/--zone, --dst
  kSeed = 1 << 2,          // -s/--seed
  kHost = 1 << 3,          // --host
  kOffsetWindow = 1 << 4,  // --offset-window
  kFrom = 1 << 5,          // --from
  kCount = 1 << 6,         // -n/--count
  kJson = 1 << 7,          // --json
  kBalance = 1 << 8,       // --balance-lock LOCK
  kSchedule = kDialect | kZone | kSeed | kHost | kOffsetWindow | kBalance,
};

void add_flags(Subcommand& command, Flags& flags, unsigned groups);

// The flags as ParseOptions; throws Error on a bad value. `with_seed`: false
// for commands that seed each job themselves ([host, name] per entry).
// An old spelling's warning goes to `warnings`.
ParseOptions parse_options(const Flags& flags, bool with_seed = true, std::ostream* warnings = &std::cerr);
// "now" or RFC 3339; throws Error.
sys_milliseconds parse_from(const std::string& text);

// What to do about an error of this kind, in the command line's terms ("" when
// the message says it all): the library's messages speak of the API.
std::string_view hint(ErrorKind kind);
// A rejection the way every command prints it: message, hint, then the text with a caret.
void print_error(std::ostream& err, const Error& e);

}  // namespace fuzzycron::cli
