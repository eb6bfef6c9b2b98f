// Expression parsing in every dialect, with or without a seed, any scheme: a
// rejection must be a Error whose column points into the text; anything
// accepted must answer next/prev by the invariants.
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  const ParseOptions o = fuzz::options_from(in);
  try {
    const Schedule s = parse(in, o);
    fuzz::check_invariants(s, sys_milliseconds{std::chrono::milliseconds{1'780'000'000'000}});
    (void)resolve(in, o);
    (void)explain(in, o);
  } catch (const Error& e) {
    if (e.column() < 1 || e.message().empty()) fuzz::violated("a Error names a column >= 1 and a message");
    (void)e.with_caret();
  }
  return 0;
}
