// fuzzycron/explain.h — a cron expression described in plain English.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/parse.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

struct FieldExplanation {
  int line = 0;           // 1-based line of a multi-line Jenkins spec, 0 otherwise
  std::string field{};    // "minute", "day-of-week", ...
  std::string text{};     // as written: "H(0-29)"
  int column = 1;         // 1-based
  std::string meaning{};  // "a stable minute between :00 and :29 chosen from the job's name"
};

struct Explanation {
  // One sentence per line of the expression, e.g. "Once an hour, at a stable
  // minute between :00 and :29 chosen from the job's name, every day, in UTC."
  std::vector<std::string> sentences{};
  std::vector<FieldExplanation> fields{};
  std::string zone{};  // the schedule's IANA zone
  std::string dst{};   // what happens to it in DST gaps and overlaps, in words
  // The expression with hash forms replaced, when it has hash forms and
  // options.seed is set (fuzzycron::resolve).
  std::optional<std::string> resolved{};
  // With options.balance naming the job: where the lock put it and what plain
  // H would give, e.g. "balanced by the lock: [17] in 'H * * * *' (UTC; 80
  // jobs in 60 slots, at most 2 a slot); plain H would give 41 * * * *".
  std::optional<std::string> balanced{};
};

// Describes every dialect's syntax: steps, ranges, names, L, W, #, years, hash
// forms, the day-of-month/day-of-week rule of the dialect, the zone and the
// DST policy. Needs no seed (hash forms are described, not drawn). Throws
// fuzzycron::Error like parse().
FUZZYCRON_EXPORT Explanation explain(std::string_view expression, const ParseOptions& options);

}  // namespace fuzzycron
