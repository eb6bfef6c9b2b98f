// The README's library example, compiled and run by the tests as written.
#include <fuzzycron/fuzzycron.h>

#include <chrono>
#include <iostream>

int main() {
  using namespace std::chrono_literals;
  fuzzycron::ParseOptions options;
  options.dialect = fuzzycron::Dialect::quartz;
  options.time_zone = "Europe/Berlin";
  options.seed = fuzzycron::Seed({"web-07", "backup-db"});  // [host, job]: H picks this job's own minute
  try {
    const auto from = *fuzzycron::parse_rfc3339("2026-03-27T00:00:00Z");
    // The range keeps its own copy of the schedule, so a temporary is fine.
    for (auto t : fuzzycron::parse("0 H 2 * * ?", options).fires(from, from + 72h))
      std::cout << fuzzycron::format_rfc3339(t, fuzzycron::TimeZone::locate("Europe/Berlin")) << "\n";
    std::cout << fuzzycron::resolve("0 H 2 * * ?", options) << "\n";  // the expression with H drawn
    fuzzycron::parse("0 0 25 * * ?", options);                        // hour 25: throws
  } catch (const fuzzycron::Error& e) {
    std::cerr << e.with_caret() << "\n";  // message, column and the text with a caret
    return e.kind() == fuzzycron::ErrorKind::syntax ? 0 : 1;
  }
  return 1;
}
