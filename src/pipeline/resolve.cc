#include "fuzzycron/resolve.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "fuzzycron/error.h"

#include "compiler/interval.h"
#include "hash/hasher.h"
#include "pipeline/pipeline.h"
#include "syntax/interval.h"

namespace fuzzycron {
namespace {

// A term as resolve writes it: '*', a value or a range with its step, or a
// drawn weekday in the form it was written in (cron-parser writes Sunday 0
// before '#', 7 before 'L' as drawn).
std::string render(const syntax::Term& t) {
  using Kind = syntax::Term::Kind;
  if (t.kind == Kind::nth_weekday) return fmt::format("{}#{}", t.lo % 7, t.hi);
  if (t.kind == Kind::last_of_weekday) return fmt::format("{}L", t.lo);
  const std::string step = t.step > 0 ? fmt::format("/{}", t.step) : "";
  if (t.kind == Kind::no_spec) return "?";
  if (t.kind == Kind::all) return "*" + step;
  if (t.kind == Kind::value) return fmt::format("{}", t.lo) + step;
  return fmt::format("{}-{}", t.lo, t.hi) + step;
}

// The line with each drawn term written over the hash form it came from.
std::string resolve_line(const syntax::Line& line, const std::string& original, const ParseOptions& options) {
  const auto first = std::find_if(line.fields.begin(), line.fields.end(), [](auto& f) { return f.has_value(); });
  const bool alias = first != line.fields.end() && (*first)->column <= static_cast<int>(original.size()) &&
                     original[static_cast<std::size_t>((*first)->column - 1)] == '@';
  if (alias) {  // "@hourly" -> "37 * * * *"
    // In the dialect's order: croniter writes the seconds sixth.
    using F = syntax::FieldId;
    std::vector<F> order = {F::second, F::minute, F::hour, F::day_of_month, F::month, F::day_of_week, F::year};
    if (options.dialect == Dialect::croniter && !options.croniter.second_at_beginning)
      order = {F::minute, F::hour, F::day_of_month, F::month, F::day_of_week, F::second, F::year};
    std::string out;
    for (F id : order) {
      const auto& f = line.fields[static_cast<int>(id)];
      if (!f) continue;
      if (!out.empty()) out += ' ';
      std::string text;
      for (const auto& t : f->terms) {
        if (!text.empty()) text += ',';
        text += render(t);  // cron-parser's @weekdays is a range
      }
      out += text;
    }
    return out;
  }
  std::vector<const syntax::Term*> drawn;
  for (const auto& f : line.fields)
    if (f)
      for (const auto& t : f->terms)
        if (t.from_hash) drawn.push_back(&t);
  std::sort(drawn.begin(), drawn.end(), [](auto* a, auto* b) { return a->column > b->column; });
  std::string out = original;
  for (const auto* t : drawn)
    out.replace(static_cast<std::size_t>(t->column - 1), static_cast<std::size_t>(t->length), render(*t));
  return out;
}

}  // namespace

namespace {

// The input's lines with each parsed line resolved; `spec` is drawn, not finished.
std::string resolved_text(const syntax::Spec& spec, std::string_view expression, const ParseOptions& options) {
  // Lines of the input; parsed lines carry their 1-based number (0: single line).
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (true) {
    const auto nl = expression.find('\n', start);
    lines.emplace_back(expression.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  for (const auto& line : spec.lines) {
    const std::size_t index = line.line > 0 ? static_cast<std::size_t>(line.line - 1) : 0;
    std::string original = lines[index];
    const bool cr = !original.empty() && original.back() == '\r';
    if (cr) original.pop_back();
    lines[index] = resolve_line(line, original, options);
    if (cr) lines[index] += '\r';
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i) out += '\n';
    out += lines[i];
  }
  return out;
}

// An anchored interval, resolved: the text as written when it has `from` or a
// daily window (nothing drawn); else its phase drawn from the seed written out
// as `from` (the first fire after the phase epoch, on the zone's wall clock):
// "@every 6h" -> "@every 6h from 2000-01-03T04:17".
std::string resolved_interval(std::string_view expression, const Schedule& s) {
  const syntax::IntervalSyntax i = syntax::parse_interval(expression);
  if (i.from || i.window) return std::string(expression);
  // The phase epoch (Monday 2000-01-03, docs/intervals.md), less the largest zone offset: the first fire on
  // or after the epoch on any wall clock.
  const auto epoch = sys_milliseconds{std::chrono::seconds{compiler::kIntervalEpoch}} - std::chrono::hours{14};
  const auto first = s.next(epoch);
  if (!first) return std::string(expression);
  const auto secs = std::chrono::floor<std::chrono::seconds>(*first);
  const auto local = secs + s.zone().offset(secs);
  const auto day = std::chrono::floor<std::chrono::days>(local);
  const std::chrono::year_month_day ymd{day};
  const std::chrono::hh_mm_ss hms{local - day};
  std::string text(expression);
  const auto end = text.find_last_not_of(" \t");
  const auto on = text.find(" on ");
  std::string anchor = fmt::format(" from {:04}-{:02}-{:02}T{:02}:{:02}", static_cast<int>(ymd.year()),
                                   static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                                   hms.hours().count(), hms.minutes().count());
  if (hms.seconds().count()) anchor += fmt::format(":{:02}", hms.seconds().count());
  if (on != std::string::npos) return text.substr(0, on) + anchor + text.substr(on, end + 1 - on);
  return text.substr(0, end + 1) + anchor;
}

}  // namespace

std::string resolve(std::string_view expression, const ParseOptions& options) {
  if (pipeline::reads_intervals(options.dialect) && syntax::is_every(expression))
    return resolved_interval(expression, pipeline::parse_interval(expression, options));
  syntax::Spec spec = pipeline::split(expression, options);
  pipeline::draw_hash_forms(spec, options, /*finish=*/false);
  for (const auto& line : spec.lines) {  // the dialect's checks, on a copy: the drawn terms are printed
    syntax::Line checked = line;
    pipeline::finish_line(checked, options);
  }
  return resolved_text(spec, expression, options);
}

ParsedAndResolved parse_and_resolve(std::string_view expression, const ParseOptions& options) {
  if (pipeline::reads_intervals(options.dialect) && syntax::is_every(expression)) {
    Schedule s = pipeline::parse_interval(expression, options);
    std::string text = resolved_interval(expression, s);
    return {std::move(s), std::move(text)};
  }
  syntax::Spec spec = pipeline::split(expression, options);
  pipeline::draw_hash_forms(spec, options, /*finish=*/false);
  std::string text = resolved_text(spec, expression, options);
  for (auto& line : spec.lines) pipeline::finish_line(line, options);
  return {pipeline::compile_spec(spec, options), std::move(text)};
}

std::chrono::milliseconds seed_offset(const Seed& seed, std::chrono::milliseconds window) {
  if (window.count() < 1) throw Error(ErrorKind::argument, "the offset window must be at least 1 ms long");
  std::string key;
  for (const auto& part : seed.parts()) {
    key += part;
    key += '\0';
  }
  key += "offset";
  return std::chrono::milliseconds{
      static_cast<std::int64_t>(hash::fc1_u64(key) % static_cast<std::uint64_t>(window.count()))};
}

}  // namespace fuzzycron
