// BalanceLock locks: every byte sequence is a lock or an Error (kind lock); a lock
// read writes text that reads back to the same text, and parse() with it
// either places a job's values or throws an Error.
#include <memory>

#include "fuzz_input.h"
#include "fuzzycron/balance.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  BalanceLock lock;
  try {
    lock = BalanceLock::read(in);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::lock) fuzz::violated("a bad lock is an Error of kind lock");
    return 0;
  }
  const std::string text = lock.write();
  if (BalanceLock::read(text).write() != text) fuzz::violated("a lock's text reads back to itself");
  ParseOptions o;
  o.dialect = lock.dialect();
  o.hash = lock.hash();
  o.balance = std::make_shared<const BalanceLock>(lock);
  for (const auto& g : lock.groups()) {
    for (const auto& [job, values] : g.jobs) {
      try {
        o.seed = Seed({job});
        o.time_zone = "UTC";
        (void)parse(g.shape, o);
      } catch (const Error&) {  // a shape that does not parse, or a slot it cannot take
      }
      break;  // one job per group: the parse is the costly part
    }
  }
  return 0;
}
