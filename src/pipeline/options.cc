// This file's interface is fuzzycron/options.h: names to ParseOptions, for
// every front end, with one message per mistake.
#include "fuzzycron/options.h"

#include <cstdint>

#include "fuzzycron/error.h"
#include "fuzzycron/time_zone.h"

namespace fuzzycron {

namespace {

// Every value's name, joined: for messages and --help.
template <class Values, class Name>
std::string joined(const Values& values, Name name, std::string_view separator) {
  std::string out;
  for (const auto v : values) {
    if (!out.empty()) out += separator;
    out += name(v);
  }
  return out;
}

}  // namespace

std::string dialect_names(std::string_view separator) { return joined(kAllDialects, dialect_name, separator); }
std::string hash_scheme_names(std::string_view separator) {
  return joined(kAllHashSchemes, hash_scheme_name, separator);
}

Dialect dialect_named(std::string_view name) {
  if (const auto d = dialect_from_name(name)) return *d;
  throw Error(ErrorKind::argument, "unknown dialect '" + std::string(name) + "': use " + dialect_names(),
              std::string(name), 1);
}

DstPolicy dst_policy_named(std::string_view name) {
  if (const auto p = DstPolicy::from_name(name)) return *p;
  throw Error(
      ErrorKind::argument,
      "unknown DST policy '" + std::string(name) +
          "': use cron, wall, or GAP-OVERLAP with GAP skip|shift|later|hourly and OVERLAP first|last|both|hourly",
      std::string(name), 1);
}

HashScheme hash_scheme_named(std::string_view name) {
  if (const auto s = hash_scheme_from_name(name)) return *s;
  throw Error(ErrorKind::argument, "unknown hash scheme '" + std::string(name) + "': use " + hash_scheme_names(),
              std::string(name), 1);
}

std::chrono::milliseconds parse_duration(std::string_view text) {
  constexpr std::int64_t kMax = 1'000'000'000'000;  // about 31 years
  auto bad = [&](std::size_t at) {
    return Error(ErrorKind::argument, "not a duration: write e.g. 15m, 90s, 1h30m, 250ms or 2d (units d h m s ms)",
                 std::string(text), static_cast<int>(at) + 1);
  };
  if (text.empty()) throw bad(0);
  std::int64_t total = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    std::int64_t n = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      n = n * 10 + (text[i] - '0');
      if (n > kMax) throw bad(start);
    }
    if (i == start) throw bad(i);
    const std::size_t unit_at = i;
    while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') ++i;
    const std::string_view unit = text.substr(unit_at, i - unit_at);
    std::int64_t ms;
    if (unit == "ms")
      ms = 1;
    else if (unit == "s")
      ms = 1000;
    else if (unit == "m")
      ms = 60'000;
    else if (unit == "h")
      ms = 3'600'000;
    else if (unit == "d")
      ms = 86'400'000;
    else
      throw bad(unit_at);
    if (n > (kMax - total) / ms) throw bad(start);
    total += n * ms;
  }
  return std::chrono::milliseconds{total};
}

ParseOptions options_from_names(const OptionNames& names) {
  ParseOptions p;
  if (!names.dialect.empty()) p.dialect = dialect_named(names.dialect);
  if (!names.dst.empty()) p.dst = dst_policy_named(names.dst);
  if (!names.hash.empty()) p.hash = hash_scheme_named(names.hash);
  if (!names.time_zone.empty()) {
    TimeZone::locate(names.time_zone);  // an unknown zone is reported here, not at the first next()
    p.time_zone = names.time_zone;
  }
  if (!names.seed.empty()) p.seed = Seed(names.seed);
  if (!names.offset_window.empty()) {
    p.offset_window = parse_duration(names.offset_window);
    if (p.offset_window.count() < 1)
      throw Error(ErrorKind::argument, "an offset window must be longer than zero, e.g. 15m", names.offset_window, 1);
  }
  p.furiko = names.furiko;
  p.croniter = names.croniter;
  p.cron_parser = names.cron_parser;
  p.kubernetes = names.kubernetes;
  return p;
}

}  // namespace fuzzycron
