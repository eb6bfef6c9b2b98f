// fuzzycron/parse.h — from cron text to a compiled Schedule.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "fuzzycron/error.h"
#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/export.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/seed.h"

namespace fuzzycron {

// furiko's parser options (its CronController configuration).
struct FurikoOptions {
  bool quartz_day_of_week = false;  // format "quartz": day-of-week 1-7 = SUN-SAT
  bool hash_fields = true;
  bool hash_seconds_by_default = false;
  bool hash_names = true;
};

// croniter's option: in 6 and 7 fields, the seconds come first (not sixth).
struct CroniterOptions {
  bool second_at_beginning = false;
};

// cron-parser's option `strict`: exactly 6 fields, not both day fields
// restricted, hash ranges and steps inside their field.
struct CronParserOptions {
  bool strict = false;
};

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
  // Non-zero: every fire time moves by the seed's offset in [0, spread)
  // (SPEC §3, fuzzycron::offset), e.g. "0 * * * *" with 15 min fires hourly at
  // a stable instant in :00:00.000-:14:59.999. Needs a seed.
  std::chrono::milliseconds spread{0};
};

FUZZYCRON_EXPORT HashScheme default_hash_scheme(Dialect d) noexcept;

// Throws fuzzycron::Error with the column (and line, for multi-line Jenkins specs).
FUZZYCRON_EXPORT Schedule parse(std::string_view expression, const ParseOptions& options = {});

}  // namespace fuzzycron
