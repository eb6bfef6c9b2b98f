// next()/prev() invariants on parsed schedules at fuzzed instants (years 1 to
// 9999) in fuzzed zones. Input: option bytes, 8 bytes of instant, the expression.
#include <cstring>

#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  ParseOptions o = fuzz::options_from(in);
  if (o.seed.empty()) o.seed = Seed({"fuzz"});
  std::int64_t raw = 0;
  const std::size_t n = std::min<std::size_t>(8, in.size());
  std::memcpy(&raw, in.data(), n);
  in.remove_prefix(n);
  // Milliseconds within 0001-01-01 .. 9999-12-31.
  constexpr std::int64_t lo = -62'135'596'800'000, hi = 253'402'300'799'000;
  const std::int64_t span = hi - lo;
  const std::int64_t ms =
      lo + static_cast<std::int64_t>(static_cast<std::uint64_t>(raw) % static_cast<std::uint64_t>(span));
  try {
    const Schedule s = parse(in, o);
    fuzz::check_invariants(s, sys_milliseconds{std::chrono::milliseconds{ms}});
  } catch (const Error&) {
  }
  return 0;
}
