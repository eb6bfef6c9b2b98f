// fuzzycron/dialect.h — the cron dialects fuzzycron reads (SPEC §2).
#pragma once

#include <optional>
#include <string_view>

#include "fuzzycron/export.h"

namespace fuzzycron {

enum class Dialect : unsigned char {
  standard,  // Vixie cron / cronie: min hour dom mon dow (6 fields: seconds first)
  quartz,    // Quartz CronExpression: sec min hour dom mon dow [year]
  jenkins,   // Jenkins hudson.scheduler: 5 fields per line, multi-line specs
  furiko,    // furiko cronexpr: 5-7 tokens
  kubernetes,  // robfig/cron v3 ParseStandard (Kubernetes CronJobs): 5 fields, no seconds
  croniter,    // croniter 6 (Python): min hour dom mon dow [sec [year]]
  cron_parser, // cron-parser 5 (npm): 5 fields, or 6 with seconds first
};

// Every dialect, in the order above.
inline constexpr Dialect kAllDialects[] = {Dialect::standard, Dialect::quartz, Dialect::jenkins, Dialect::furiko,
                                           Dialect::kubernetes, Dialect::croniter, Dialect::cron_parser};

FUZZYCRON_EXPORT std::string_view dialect_name(Dialect d) noexcept;
FUZZYCRON_EXPORT std::optional<Dialect> dialect_from_name(std::string_view name) noexcept;

}  // namespace fuzzycron
