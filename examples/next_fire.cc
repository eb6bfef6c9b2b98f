// Compile a schedule once, then ask for fire times: the in-process use of fuzzycron.
#include <fuzzycron/fuzzycron.h>

#include <iostream>

int main() {
  fuzzycron::ParseOptions options;
  options.dialect = fuzzycron::Dialect::quartz;
  options.time_zone = "America/New_York";
  const auto schedule = fuzzycron::parse("0 30 2 ? * SUN", options);  // 02:30 every Sunday
  fuzzycron::sys_milliseconds t = *fuzzycron::parse_rfc3339("2026-03-01T00:00:00Z");
  for (int i = 0; i < 3; ++i) {
    t = *schedule.next(t);
    std::cout << fuzzycron::format_rfc3339(t, schedule.zone()) << "\n";  // 2026-03-08 shifts to 03:00
  }
}
