#include "fuzzycron/dialect.h"

namespace fuzzycron {

std::string_view dialect_name(Dialect d) noexcept {
  switch (d) {
    case Dialect::standard: return "standard";
    case Dialect::quartz: return "quartz";
    case Dialect::jenkins: return "jenkins";
    case Dialect::furiko: return "furiko";
    case Dialect::kubernetes: return "kubernetes";
    case Dialect::croniter: return "croniter";
    case Dialect::cron_parser: return "cron-parser";
  }
  return "standard";
}

std::optional<Dialect> dialect_from_name(std::string_view name) noexcept {
  for (Dialect d : kAllDialects)
    if (dialect_name(d) == name) return d;
  if (name == "vixie" || name == "cron" || name == "posix" || name == "cronie") return Dialect::standard;
  if (name == "robfig" || name == "k8s") return Dialect::kubernetes;
  return std::nullopt;
}

}  // namespace fuzzycron
