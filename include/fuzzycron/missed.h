// fuzzycron/missed.h — catch-up as a library call: the fire times a job
// missed while it was not running, and which of them to run now.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <vector>

#include "fuzzycron/instant.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// What to do with missed fire times (the runner's `catchup` setting).
enum class CatchUp : unsigned char {
  skip,    // run none of them: wait for the next fire time
  latest,  // run the most recent one
  all,     // run each, oldest first, at most `limit` (the newest ones)
};

struct MissedPolicy {
  CatchUp catch_up = CatchUp::skip;
  std::size_t limit = 1;  // all: at most this many runs (the newest)
  // A fire older than this at `now` is not run (Kubernetes' startingDeadlineSeconds).
  std::optional<std::chrono::milliseconds> starting_deadline{};
  // At most this many fire times are looked at (a schedule every second over
  // a year of downtime would be 31 million); `capped` says when it stopped.
  std::size_t max_looked = 100'000;
};

struct Missed {
  std::vector<sys_milliseconds> run;                // to run now, oldest first
  std::size_t missed = 0;                           // fire times in (last_run, now] looked at
  std::size_t skipped = 0;                          // missed - run.size()
  std::optional<sys_milliseconds> first{}, last{};  // the oldest and newest missed
  bool capped = false;                              // max_looked was reached
};

// The fire times f with last_run < f <= now, and those the policy runs now.
//
// Example:
//   const Schedule hourly = parse("0 * * * *");
//   const auto at = [](const char* text) { return *parse_rfc3339(text); };
//   const auto last = at("2026-03-01T08:00:00Z"), now = at("2026-03-01T12:30:00Z");
//   missed(hourly, last, now, {CatchUp::latest}).run;  // == std::vector{at("2026-03-01T12:00:00Z")}
//   const Missed two = missed(hourly, last, now, {CatchUp::all, 2});
//   two.run;      // == std::vector{at("2026-03-01T11:00:00Z"), at("2026-03-01T12:00:00Z")}
//   two.skipped;  // == 2
//   // 09:00 and 10:00 are older than the 90-minute starting deadline:
//   const MissedPolicy p{CatchUp::all, 10, std::chrono::minutes{90}};
//   missed(hourly, last, now, p).run.size();  // == 2
FUZZYCRON_EXPORT Missed missed(const Schedule& schedule, sys_milliseconds last_run, sys_milliseconds now,
                               const MissedPolicy& policy);

}  // namespace fuzzycron
