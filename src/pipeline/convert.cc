// Writes a compiled Pattern as an expression of another dialect (resolve --to).
// Rendering from the bit sets keeps this independent of how the source was
// spelled; what the target cannot express is an error that names it.
#include <fmt/format.h>

#include <bit>

#include "compiler/compile.h"
#include "fuzzycron/error.h"
#include "fuzzycron/resolve.h"
#include "pipeline/pipeline.h"
#include "pipeline/render.h"
#include "syntax/dialects.h"

namespace fuzzycron {
namespace pipeline {

[[noreturn]] void cannot(Dialect to, const std::string& what, const std::string& text) {
  throw Error(ErrorKind::unsupported, fmt::format("the {} dialect cannot express {}", dialect_name(to), what), text, 1);
}

// Values lo..hi whose bit is set, as "*", "a-b/n" (an arithmetic run) or a list.
std::string render_bits(std::uint64_t bits, int lo, int hi) {
  std::vector<int> v;
  for (int i = lo; i <= hi; ++i)
    if (bits >> i & 1) v.push_back(i);
  if (static_cast<int>(v.size()) == hi - lo + 1) return "*";
  if (v.size() >= 3) {
    const int step = v[1] - v[0];
    bool run = true;
    for (std::size_t i = 2; i < v.size(); ++i) run = run && v[i] - v[i - 1] == step;
    // "*/n" when the run starts at the minimum and goes as far as it can: it
    // keeps an interval schedule an interval schedule for the `cron` DST policy.
    if (run && step > 1 && v.front() == lo && v.back() + step > hi) return fmt::format("*/{}", step);
    if (run)
      return step == 1 ? fmt::format("{}-{}", v.front(), v.back()) : fmt::format("{}-{}/{}", v.front(), v.back(), step);
  }
  std::string out;
  for (int x : v) out += (out.empty() ? "" : ",") + std::to_string(x);
  return out;
}

std::string render_pattern(const engine::Pattern& p, Dialect to, const std::string& text) {
  const syntax::DialectRow& row = syntax::dialect_row(to);
  constexpr std::uint32_t kAllDays = 0xfffffffeu;
  const bool dom_special = p.last_day_offsets || p.last_day_offsets_weekday || p.nearest_weekdays;
  bool dow_special = p.last_weekdays != 0;
  for (auto m : p.nth_weekdays) dow_special = dow_special || m;
  const bool dom_restricted = p.days != kAllDays || dom_special;
  const bool dow_restricted = p.weekdays != 0x7f || dow_special;
  if ((dom_special || dow_special) && !row.specials)
    cannot(to, "L, W or # (last day, nearest weekday, nth weekday)", text);
  if (!row.last_offsets && ((p.last_day_offsets | p.last_day_offsets_weekday) & ~1u))
    cannot(to, "L-n (an offset from the last day of the month)", text);
  const bool ors = row.day_or;
  if (dom_restricted && dow_restricted) {
    if (p.day_or && !ors) cannot(to, "\"day-of-month OR day-of-week\" (both restricted, either may match)", text);
    if (!p.day_or && ors)
      cannot(to, "\"day-of-month AND day-of-week\": it fires when either matches once both are restricted", text);
    if (row.question) cannot(to, "a day-of-month and a day-of-week together (one of them must be '?')", text);
  }
  // Day-of-month text.
  std::string dom = dom_restricted ? (p.days ? render_bits(p.days, 1, 31) : "") : "*";
  auto add = [&](std::string& s, const std::string& item) { s += (s.empty() ? "" : ",") + item; };
  for (std::uint32_t b = p.last_day_offsets; b; b &= b - 1)
    add(dom, std::countr_zero(b) ? fmt::format("L-{}", std::countr_zero(b)) : "L");
  for (std::uint32_t b = p.last_day_offsets_weekday; b; b &= b - 1)
    add(dom, std::countr_zero(b) ? fmt::format("L-{}W", std::countr_zero(b)) : "LW");
  for (std::uint32_t b = p.nearest_weekdays & ~1u; b; b &= b - 1) add(dom, fmt::format("{}W", std::countr_zero(b)));
  // Day-of-week text in the target's numbering (quartz: 1 = Sunday).
  const int base = row.sunday;
  std::string dow;
  if (!dow_restricted) {
    dow = "*";
  } else {
    std::uint64_t shifted = static_cast<std::uint64_t>(p.weekdays) << base;
    dow = p.weekdays ? render_bits(shifted, base, base + 6) : "";
    for (unsigned b = p.last_weekdays; b; b &= b - 1) add(dow, fmt::format("{}L", std::countr_zero(b) + base));
    for (int k = 0; k < 5; ++k)
      for (unsigned b = p.nth_weekdays[k]; b; b &= b - 1)
        add(dow, fmt::format("{}#{}", std::countr_zero(b) + base, k + 1));
  }
  if (row.question) (dow_restricted ? dom : dow) = "?";
  // Vixie reads a day field starting with '*' as unrestricted (so "*/2" would
  // turn the OR into an AND): write the run from its first value instead.
  if (row.star_step_unrestricts && dom_restricted && dow_restricted) {
    if (dom.starts_with("*/")) dom = "1-31" + dom.substr(1);
    if (dow.starts_with("*/")) dow = "0-6" + dow.substr(1);
  }
  std::string years;
  for (int i = 0; i < p.year_count; ++i) {
    const auto& t = p.year_terms[i];
    std::string term = t.lo == t.hi ? std::to_string(t.lo) : fmt::format("{}-{}", t.lo, t.hi);
    if (t.step > 1 && t.lo != t.hi) term += fmt::format("/{}", t.step);
    add(years, term);
  }
  if (!years.empty() && !row.years) cannot(to, "a year field", text);
  const bool seconds = p.seconds != 1;
  if (seconds && row.seconds == syntax::SecondsField::none)
    cannot(to, fmt::format("seconds ({})", row.no_seconds), text);
  const std::string sec = render_bits(p.seconds, 0, 59), min = render_bits(p.minutes, 0, 59),
                    hour = render_bits(p.hours, 0, 23), mon = render_bits(p.months, 1, 12);
  const std::string days = fmt::format("{} {} {} {}", hour, dom, mon, dow);
  switch (row.seconds) {
    case syntax::SecondsField::always_first:
      return fmt::format("{} {} {}{}", sec, min, days, years.empty() ? "" : " " + years);
    case syntax::SecondsField::first_with_year:
      if (seconds || !years.empty()) return fmt::format("{} {} {} {}", sec, min, days, years.empty() ? "*" : years);
      break;
    case syntax::SecondsField::first:
      if (seconds) return fmt::format("{} {} {}", sec, min, days);
      break;
    case syntax::SecondsField::last:
      if (seconds) return fmt::format("{} {} {}", min, days, sec);
      break;
    case syntax::SecondsField::none: break;
  }
  return fmt::format("{} {}", min, days);
}

}  // namespace pipeline

std::string resolve(std::string_view expression, const ParseOptions& options, Dialect to) {
  if (to == options.dialect) return resolve(expression, options);
  syntax::Spec spec = pipeline::split(expression, options);
  pipeline::draw_hash_forms(spec, options);
  const std::string text(expression);
  if (spec.lines.size() != 1)
    throw Error(ErrorKind::unsupported,
                fmt::format("the {} dialect has no multi-line specs: convert one line at a time", dialect_name(to)),
                text, 1);
  if (spec.zone)
    throw Error(ErrorKind::unsupported,
                "the zone prefix does not carry over into another dialect: give the zone as the options' time zone",
                text, 1);
  return pipeline::render_pattern(
      compiler::compile_line(spec.lines[0], options.dialect_options(), options.dst_policy()), to, text);
}

}  // namespace fuzzycron
