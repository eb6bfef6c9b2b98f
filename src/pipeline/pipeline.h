// Text to parsed spec with hash forms resolved: shared by parse() and resolve().
#pragma once

#include <string_view>

#include "fuzzycron/parse.h"
#include "syntax/field.h"

namespace fuzzycron::pipeline {

syntax::Spec split(std::string_view expression, const ParseOptions& options);
// Replaces hash terms by drawn values (throws fuzzycron::Error without a seed).
// `finish`: then the dialect's own value sets and checks (croniter,
// cron-parser), which rewrite the terms; without it the drawn terms stay as
// written, for resolve() to print (finish_line() checks them apart).
void draw_hash_forms(syntax::Spec& spec, const ParseOptions& options, bool finish = true);
void finish_line(syntax::Line& line, const ParseOptions& options);
// The Schedule of a spec whose hash forms are resolved (the tail of parse()).
Schedule compile_spec(const syntax::Spec& spec, const ParseOptions& options);

// Anchored intervals (src/pipeline/interval.cc): whether the dialect reads
// `@every ...` as one (standard, quartz, jenkins, furiko; kubernetes keeps
// robfig's reading), and the Schedule of one.
bool reads_intervals(Dialect d) noexcept;
Schedule parse_interval(std::string_view expression, const ParseOptions& options);
// The schedule with the options' bounds and excluded days (unchanged without them).
Schedule with_limits(const Schedule& s, const ParseOptions& options);

}  // namespace fuzzycron::pipeline
