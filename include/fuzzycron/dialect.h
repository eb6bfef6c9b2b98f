// fuzzycron/dialect.h — the cron dialects fuzzycron reads (docs/dialects.md).
#pragma once

#include <optional>
#include <string_view>

#include "fuzzycron/visibility.h"

namespace fuzzycron {

enum class Dialect : unsigned char {
  standard,     // Vixie cron / cronie: min hour dom mon dow (6 fields: seconds first)
  quartz,       // Quartz CronExpression: sec min hour dom mon dow [year]
  jenkins,      // Jenkins hudson.scheduler: 5 fields per line, multi-line specs
  furiko,       // furiko cronexpr: 5-7 tokens
  kubernetes,   // robfig/cron v3 ParseStandard (Kubernetes CronJobs): 5 fields, no seconds
  croniter,     // croniter 6 (Python): min hour dom mon dow [sec [year]]
  cron_parser,  // cron-parser 5 (npm): 5 fields, or 6 with seconds first
  spring,       // Spring Framework 5.3+/6 CronExpression: 6 fields, seconds first, day fields ANDed
};

// Every dialect, in the order above.
inline constexpr Dialect kAllDialects[] = {Dialect::standard,    Dialect::quartz,     Dialect::jenkins,
                                           Dialect::furiko,      Dialect::kubernetes, Dialect::croniter,
                                           Dialect::cron_parser, Dialect::spring};

FUZZYCRON_EXPORT std::string_view dialect_name(Dialect d) noexcept;
FUZZYCRON_EXPORT std::optional<Dialect> dialect_from_name(std::string_view name) noexcept;
// The system lint fits its advice to for this dialect unless told
// (lint's RunsOn names): "cron", "quartz", "kubernetes", ...; "fuzzycron" for
// croniter and cron-parser, which read H themselves.
FUZZYCRON_EXPORT std::string_view dialect_runs_on(Dialect d) noexcept;

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
  bool day_or = true;  // croniter's day_or=False: both day fields restricted must both match
  // croniter's implement_cron_bug: Vixie cron ANDs the day fields when either starts with '*'.
  bool implement_cron_bug = false;
};

// cron-parser's option `strict`: exactly 6 fields, not both day fields
// restricted, hash ranges and steps inside their field.
struct CronParserOptions {
  bool strict = false;
};

// robfig/cron's cron.WithSeconds() layout in the kubernetes dialect: exactly
// six fields, seconds first (what a Go program hands robfig's scheduler; a
// Kubernetes CronJob itself takes five).
struct KubernetesOptions {
  bool seconds = false;
};

// A dialect with its options: what reading, drawing and compiling need of
// ParseOptions (ParseOptions::dialect_options()).
struct DialectOptions {
  Dialect dialect = Dialect::standard;
  FurikoOptions furiko{};
  CroniterOptions croniter{};
  CronParserOptions cron_parser{};
  KubernetesOptions kubernetes{};
};

}  // namespace fuzzycron
