#include "fuzzycron/parse.h"

#include "compile/compile.h"
#include "engine/zone.h"
#include "fuzzycron/error.h"
#include "syntax/field.h"

namespace fuzzycron {


Schedule parse(std::string_view expression, const ParseOptions& options) {
  syntax::Spec spec;
  switch (options.dialect) {
    case Dialect::standard: spec = syntax::split_standard(expression); break;
    case Dialect::quartz: spec = syntax::split_quartz(expression); break;
    case Dialect::jenkins: spec = syntax::split_jenkins(expression); break;
    case Dialect::furiko: spec = syntax::split_furiko(expression, options.furiko.quartz_day_of_week); break;
  }
  std::vector<detail::Pattern> patterns;
  patterns.reserve(spec.lines.size());
  for (const auto& line : spec.lines) patterns.push_back(compile::compile_line(line, options));
  if (patterns.empty()) {  // a Jenkins spec of only comments: never fires
    detail::Pattern never;
    never.never = true;
    patterns.push_back(never);
  }
  TimeZone zone;
  if (spec.zone) {
    try {
      zone = TimeZone::locate(*spec.zone);
    } catch (const ParseError& e) {
      throw ParseError(e.message(), spec.zone_text, spec.zone_column, spec.zone_line);
    }
  } else {
    zone = TimeZone::locate(options.time_zone);
  }
  return Schedule(std::move(patterns), zone, options.dst);
}

}  // namespace fuzzycron
