#include "fuzzycron/parse.h"

#include <fmt/format.h>

#include "compiler/compile.h"
#include "engine/compiled_schedule.h"
#include "engine/zone.h"
#include "fuzzycron/balance.h"
#include "fuzzycron/error.h"
#include "fuzzycron/resolve.h"
#include "hash/resolve_terms.h"
#include "pipeline/pipeline.h"
#include "syntax/dialects.h"
#include "syntax/field.h"
#include "syntax/interval.h"

namespace fuzzycron {

HashScheme default_hash_scheme(Dialect d) noexcept { return syntax::dialect_row(d).hash; }

DstPolicy default_dst_policy(Dialect d) noexcept { return syntax::dialect_row(d).dst; }

DstPolicy ParseOptions::dst_policy() const noexcept { return dst.value_or(default_dst_policy(dialect)); }

namespace pipeline {

namespace {

syntax::Spec split_as_written(std::string_view expression, const ParseOptions& options) {
  return syntax::dialect_row(options.dialect).split(expression, options.dialect_options(), !options.seed.empty());
}

std::size_t token_count(std::string_view line) {
  std::size_t n = 0;
  bool in = false;
  for (char c : line) {
    const bool space = c == ' ' || c == '\t';
    n += !space && !in;
    in = !space;
  }
  return n;
}

}  // namespace

// A syntax error in a line with a space after a comma ("0 22, 10 * * *")
// names that space: the list was split into two fields, which shifts every
// field after it and makes the error appear elsewhere.
syntax::Spec split(std::string_view expression, const ParseOptions& options) {
  try {
    return split_as_written(expression, options);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::syntax) throw;
    const std::string& text = e.text();
    const auto comma = text.find_first_of(",");
    std::size_t at = comma;
    while (at != std::string::npos && !(at + 1 < text.size() && (text[at + 1] == ' ' || text[at + 1] == '\t')))
      at = text.find(',', at + 1);
    if (at == std::string::npos || token_count(text.substr(at + 1)) == 0) throw;
    std::string hint = fmt::format("; the space after ',' at column {} splits a list into two fields", at + 2);
    if (options.dialect == Dialect::standard && token_count(text) == 6)
      hint += " (and six fields are read with seconds first: second minute hour day-of-month month day-of-week)";
    throw Error(ErrorKind::syntax, e.message() + hint + ": remove it", text, static_cast<int>(at) + 2, e.line());
  }
}

namespace {

int first_hash_column(const syntax::Line& line) {
  for (const auto& f : line.fields)
    if (f)
      for (const auto& t : f->terms)
        if (t.kind == syntax::Term::Kind::hash) return t.column;
  return 1;
}

// furiko's WithHashEmptySeconds: an omitted seconds field is H, not 0.
void add_hashed_seconds(syntax::Line& line, const ParseOptions& options) {
  const auto second = static_cast<int>(syntax::FieldId::second);
  if (options.dialect == Dialect::furiko && options.furiko.hash_seconds_by_default && options.furiko.hash_names &&
      !options.seed.empty() && !line.fields[second])
    line.fields[second] =
        syntax::parse_field("H", 1, syntax::rules_for(Dialect::furiko, syntax::FieldId::second), line);
}

// The values a balance lock gives this one-line expression's job, or null:
// no lock, not in it (plain H), or nothing hashed.
const std::vector<int>* balanced_values(const syntax::Spec& spec, const ParseOptions& options) {
  if (!options.balance || options.seed.empty() || spec.lines.size() != 1 || !hash::has_hash_terms(spec.lines[0]))
    return nullptr;
  const std::vector<int>* values =
      options.balance->find(spec.lines[0].text, spec.zone.value_or(options.time_zone), options.seed);
  if (values && options.balance->hash() != options.hash.value_or(default_hash_scheme(options.dialect)))
    throw Error(ErrorKind::lock,
                fmt::format("the balance lock was made with the {} hash scheme, and this schedule draws with {}",
                            hash_scheme_name(options.balance->hash()),
                            hash_scheme_name(options.hash.value_or(default_hash_scheme(options.dialect)))),
                spec.lines[0].text, 1);
  return values;
}

// Draws the line's hash forms with the spec's hasher.
void draw_line(syntax::Line& line, std::unique_ptr<hash::Hasher>& hasher, const ParseOptions& options) {
  if (options.seed.empty() || (options.dialect == Dialect::furiko && !options.furiko.hash_names)) {
    const int column = first_hash_column(line);
    const auto first = line.text.find_first_not_of(" \t");
    if (options.seed.empty() && first != std::string::npos && line.text[first] == '@')
      throw Error(ErrorKind::missing_seed,
                  "this dialect's aliases (@daily, @hourly, ...) are hashed: they pick a stable time from a seed such "
                  "as the job's name, and none was given; without hashing write the time, e.g. "
                  "'0 0 * * *'",
                  line.text, static_cast<int>(first) + 1, line.line);
    if (options.seed.empty())
      throw Error(ErrorKind::missing_seed,
                  "hash forms (H) pick a stable value from a seed such as the job's name, and none was given; "
                  "without hashing write a fixed value",
                  line.text, column, line.line);
    syntax::fail("hash forms (H) are switched off (furiko's hash_names option is off)", line.text, column, line.line);
  }
  if (!hasher)
    hasher =
        hash::make_hasher(options.hash.value_or(default_hash_scheme(options.dialect)), options.seed, options.furiko);
  hash::draw_terms(line, *hasher, options.hash.value_or(default_hash_scheme(options.dialect)),
                   options.dialect_options());
}

}  // namespace

// One hasher for the whole spec: Jenkins draws in reading order across lines.
void draw_hash_forms(syntax::Spec& spec, const ParseOptions& options, bool finish) {
  std::unique_ptr<hash::Hasher> hasher;
  const std::vector<int>* balanced = balanced_values(spec, options);
  for (auto& line : spec.lines) {
    add_hashed_seconds(line, options);
    if (balanced)
      hash::place_terms(line, *balanced, options.hash.value_or(default_hash_scheme(options.dialect)));
    else if (hash::has_hash_terms(line))
      draw_line(line, hasher, options);
    if (finish) finish_line(line, options);
  }
}

// What croniter and cron-parser compute and check once every value is known.
void finish_line(syntax::Line& line, const ParseOptions& options) {
  if (const auto finish = syntax::dialect_row(options.dialect).finish) finish(line);
}

Schedule compile_spec(const syntax::Spec& spec, const ParseOptions& options) {
  // One line (nearly always) needs no vector; a Jenkins spec of only comments never fires.
  engine::Pattern one;
  std::vector<engine::Pattern> several;
  if (spec.lines.size() == 1) {
    one = compiler::compile_line(spec.lines[0], options.dialect_options(), options.dst_policy());
  } else if (spec.lines.empty()) {
    one.never = true;
  } else {
    several.reserve(spec.lines.size());
    for (const auto& line : spec.lines)
      several.push_back(compiler::compile_line(line, options.dialect_options(), options.dst_policy()));
  }
  const std::span<const engine::Pattern> patterns = several.empty() ? std::span{&one, 1} : std::span{several};
  TimeZone zone;
  if (spec.zone) {
    try {
      zone = TimeZone::locate(*spec.zone);
    } catch (const Error& e) {
      throw Error(e.kind(), e.message(), spec.zone_text, spec.zone_column, spec.zone_line);
    }
  } else {
    zone = TimeZone::locate(options.time_zone);
  }
  std::chrono::milliseconds shift{0};
  if (options.offset_window.count() != 0) {
    if (options.offset_window.count() < 0)
      throw Error(ErrorKind::argument, "the offset window must be positive, e.g. 15 minutes");
    if (options.seed.empty())
      throw Error(ErrorKind::missing_seed,
                  "an offset window shifts each fire time by the seed's offset, and no seed was given");
    shift = seed_offset(options.seed, options.offset_window);
  }
  return with_limits(engine::Access::make(patterns, zone, options.dst_policy(), shift), options);
}

}  // namespace pipeline

Syntax syntax_of(std::string_view expression, const ParseOptions& options) {
  return pipeline::split(expression, options);
}

void resolve_hash_forms(Syntax& syntax, const ParseOptions& options) { pipeline::draw_hash_forms(syntax, options); }

void lower_hash_forms(Syntax& syntax, const ParseOptions& options) {
  for (auto& line : syntax.lines) {
    pipeline::add_hashed_seconds(line, options);  // so that compile() does not draw it
    hash::lower_hash_terms(line, options.dialect_options());
  }
}

Schedule compile(Syntax syntax, const ParseOptions& options) {
  pipeline::draw_hash_forms(syntax, options);
  return pipeline::compile_spec(syntax, options);
}

Schedule parse(std::string_view expression, const ParseOptions& options) {
  if (pipeline::reads_intervals(options.dialect) && syntax::is_every(expression))
    return pipeline::parse_interval(expression, options);
  syntax::Spec spec = pipeline::split(expression, options);
  pipeline::draw_hash_forms(spec, options);
  return pipeline::compile_spec(spec, options);
}

}  // namespace fuzzycron
