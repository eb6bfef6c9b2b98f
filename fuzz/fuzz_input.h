// Shared by the fuzz targets: turns the first bytes of an input into options.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzzycron/tools.h"

namespace fuzzycron::fuzz {

inline constexpr const char* kZones[] = {
    "UTC",          "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Santiago", "Pacific/Chatham",
    "Asia/Kolkata", "Europe/Dublin",    "Pacific/Apia"};

// Takes one byte off the front of the input; 0 when it is empty.
inline std::uint8_t take(std::string_view& in) {
  if (in.empty()) return 0;
  const auto b = static_cast<std::uint8_t>(in.front());
  in.remove_prefix(1);
  return b;
}

// Dialect, zone, DST policy, seed and hash scheme from one byte each.
inline ParseOptions options_from(std::string_view& in) {
  static const char* policies[] = {"cron",        "wall",       "skip-first", "skip-last",
                                   "shift-first", "shift-last", "shift-both"};
  ParseOptions o;
  const auto d = take(in);
  o.dialect = kAllDialects[(d & 0x0f) % std::size(kAllDialects)];
  o.furiko.quartz_day_of_week = d & 0x10;
  o.furiko.hash_seconds_by_default = d & 0x20;
  o.croniter.second_at_beginning = d & 0x40;
  o.cron_parser.strict = d & 0x80;
  o.time_zone = kZones[take(in) % std::size(kZones)];
  o.dst = *DstPolicy::from_name(policies[take(in) % std::size(policies)]);
  const auto h = take(in);
  if (h & 1) o.seed = Seed({"fuzz-host", "fuzz-job"});
  if (h & 2) o.hash = kAllHashSchemes[(h >> 2) % std::size(kAllHashSchemes)];
  return o;
}

[[noreturn]] inline void violated(const char* what) {
  std::fprintf(stderr, "invariant violated: %s\n", what);
  std::abort();
}

// next()/prev() around t: strict, and each undoes the other.
inline void check_invariants(const Schedule& s, sys_milliseconds t) {
  if (const auto n = s.next(t)) {
    if (*n <= t) violated("next(t) > t");
    const auto back = s.prev(*n);
    if (back && *back > t) violated("no fire time between t and next(t)");
    if (back && s.next(*back) != n) violated("next(prev(next(t))) == next(t)");
  }
  if (const auto p = s.prev(t)) {
    if (*p >= t) violated("prev(t) < t");
    const auto fwd = s.next(*p);
    if (fwd && *fwd < t) violated("no fire time between prev(t) and t");
    if (fwd && s.prev(*fwd) != p) violated("prev(next(prev(t))) == prev(t)");
  }
}

}  // namespace fuzzycron::fuzz
