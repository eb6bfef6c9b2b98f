// fuzzycron/parse.h — from cron text to a compiled Schedule.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "fuzzycron/error.h"
#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/visibility.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/seed.h"

namespace fuzzycron {

struct ParseOptions {
  Dialect dialect = Dialect::standard;
  // IANA zone of the schedule; a CRON_TZ=/TZ= prefix in the text (where the
  // dialect has one) takes precedence.
  std::string time_zone = "UTC";
  DstPolicy dst = DstPolicy::cronie();
  FurikoOptions furiko;
  CroniterOptions croniter;
  CronParserOptions cron_parser;
  // What hash forms (H) are derived from; without one they are an error.
  Seed seed;
  // nullopt: the dialect's own (fc1 for standard and quartz, jenkins, furiko).
  std::optional<HashScheme> hash;
  // Non-zero: every fire time moves by the seed's offset in [0, offset_window)
  // (docs/fc1.md, fuzzycron::seed_offset), e.g. "0 * * * *" with 15 min fires
  // hourly at a stable instant in :00:00.000-:14:59.999. Needs a seed.
  union {
    std::chrono::milliseconds offset_window{0};
    [[deprecated("use offset_window")]] std::chrono::milliseconds spread;  // its name before 0.4
  };
};

FUZZYCRON_EXPORT HashScheme default_hash_scheme(Dialect d) noexcept;

// Throws fuzzycron::Error with the column (and line, for multi-line Jenkins specs).
FUZZYCRON_EXPORT Schedule parse(std::string_view expression, const ParseOptions& options = {});

}  // namespace fuzzycron
