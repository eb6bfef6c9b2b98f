// A user's code under strict warnings: every public header, designated
// initializers on the option structs, a Schedule as a member. Built by the
// ctest public_headers with -Wall -Wextra -Wpedantic -Wconversion
// -Wsign-conversion -Wshadow -Werror (and checked to fail under C++17 with
// the headers' message).
#include "fuzzycron/fuzzycron.h"
#include "fuzzycron/options.h"
#include "fuzzycron/tools.h"

struct Job {
  fuzzycron::Schedule schedule;  // default: never fires
};

int main() {
  const fuzzycron::ParseOptions o{.dialect = fuzzycron::Dialect::quartz, .time_zone = "Europe/Berlin"};
  const fuzzycron::LintOptions lint{.parse = o, .host = "web-07"};
  fuzzycron::OptionNames names;
  names.set("dialect", "quartz");
  Job job;
  const bool idle = job.schedule.never() && !job.schedule.next(fuzzycron::kFirstInstant);
  job.schedule = fuzzycron::parse("0 0 12 ? * MON", o);
  return idle && !lint.host.empty() && !names.given.empty() && !job.schedule.never() ? 0 : 1;
}
