// The batch protocol: any stream of lines gets one answer line per non-empty
// input line, and never stops early.
#include <sstream>

#include "command.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  std::ostringstream out;
  fuzzycron::cli::run_batch(in, out);
  return 0;
}
