// Anchored intervals (docs/intervals.md): the text after "@every ", with
// fuzzed options, instant and bounds. Parsing refuses or compiles; a compiled
// schedule keeps next()/prev()'s invariants and answers without hanging.
// Input: option bytes, 8 bytes of instant, 1 byte of bounds, the text.
#include <cstring>
#include <string>

#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  ParseOptions o = fuzz::options_from(in);
  o.dialect = Dialect::standard;
  std::int64_t raw = 0;
  const std::size_t n = std::min<std::size_t>(8, in.size());
  std::memcpy(&raw, in.data(), n);
  in.remove_prefix(n);
  constexpr std::int64_t lo = -62'135'596'800'000, hi = 253'402'300'799'000;
  const std::int64_t ms =
      lo + static_cast<std::int64_t>(static_cast<std::uint64_t>(raw) % static_cast<std::uint64_t>(hi - lo));
  const sys_milliseconds t{std::chrono::milliseconds{ms}};
  // Bounds a few days either side of t, and a few excluded days, on request.
  const std::uint8_t b = fuzz::take(in);
  if (b & 1) o.not_before = t - std::chrono::hours{b >> 1};
  if (b & 2) o.not_after = t + std::chrono::hours{b >> 2};
  if (b & 4) o.except = "2026-03-08,2026-10-25..2026-11-02";
  const std::string text = "@every " + std::string(in);
  try {
    const Schedule s = parse(text, o);
    fuzz::check_invariants(s, t);
  } catch (const Error&) {
  }
  return 0;
}
