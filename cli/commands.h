// The fuzzycron commands: thin clients of the public API.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "fuzzycron/fuzzycron.h"

namespace fuzzycron::cli {

// Exit statuses (SPEC §6).
inline constexpr int kOk = 0;
inline constexpr int kFailure = 1;
inline constexpr int kBadInput = 2;

struct CommonOptions {
  std::string dialect = "standard";
  std::string tz = "UTC";
  std::string dst = "cron";
  std::string from = "now";
  int count = 5;
  bool json = false;
};

// Resolves names into ParseOptions; throws ParseError on a bad option value.
ParseOptions parse_options(const CommonOptions& o);
// "now" or RFC 3339; throws ParseError.
sys_milliseconds parse_from(const std::string& text);

int run_next_prev(const std::string& expr, const CommonOptions& o, bool forward, std::ostream& out,
                  std::ostream& err);
int run_batch(std::istream& in, std::ostream& out);

// Prints a rejection the way every command does: message, then the text with a caret.
void print_error(std::ostream& err, const ParseError& e);

}  // namespace fuzzycron::cli
