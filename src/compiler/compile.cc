#include "compiler/compile.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "engine/calendar_search.h"

namespace fuzzycron::compiler {
namespace {

using syntax::Field;
using syntax::FieldId;
using syntax::FieldRules;
using syntax::Term;
using Kind = Term::Kind;

// Calls add(v) for every value the term stands for (values as written).
template <class Add>
void for_each_value(const Term& t, const FieldRules& r, Add add) {
  const int step = t.step > 0 ? t.step : 1;
  switch (t.kind) {
    case Kind::all:
      for (int v = r.star_min >= 0 ? r.star_min : r.min; v <= r.max; v += step) add(v);
      break;
    case Kind::value:
      if (t.step > 0)
        for (int v = t.lo; v <= r.max; v += step) add(v);
      else
        add(t.lo);
      break;
    case Kind::range:
      if (t.lo <= t.hi) {
        for (int v = t.lo; v <= t.hi; v += step) add(v);
      } else {  // Quartz wrap-around: FRI-MON, 22-2
        const int n = r.min == 0 ? r.max + 1 : r.max;
        for (int i = t.lo; i <= t.hi + n; i += step) {
          int v = i % n;
          if (v == 0 && r.min == 1) v = n;
          add(v);
        }
      }
      break;
    default: break;
  }
}

// The same values as bits (bit v = value v, v < 64), for the fields whose
// values are their bits: a run of values is one mask, not a loop.
std::uint64_t value_bits(const Term& t, const FieldRules& r) {
  int lo = 0, hi = -1;
  switch (t.kind) {
    case Kind::all: lo = r.star_min >= 0 ? r.star_min : r.min, hi = r.max; break;
    case Kind::value: lo = t.lo, hi = t.step > 0 ? r.max : t.lo; break;
    case Kind::range: lo = t.lo, hi = t.hi; break;
    default: return 0;
  }
  std::uint64_t bits = 0;
  if (lo > hi || t.step > 1) {  // wrap-around or a step: value by value
    for_each_value(t, r, [&](int v) { bits |= std::uint64_t{1} << v; });
    return bits;
  }
  const std::uint64_t up_to_hi = hi >= 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << hi) - 1;
  return up_to_hi & ~((std::uint64_t{1} << lo) - 1);
}

void add_year(engine::Pattern& pat, int lo, int hi, int step, const syntax::Line& line, const Term& t) {
  // Any step past the span of years picks the first year only; clamping keeps
  // it in the 16 bits of a YearTerm (a step of 42100 once wrapped negative).
  step = std::min(step, 10000);
  if (pat.year_count > 0) {  // continue an arithmetic progression of single years
    auto& p = pat.year_terms[pat.year_count - 1];
    if (lo == hi && step == 1) {
      if (p.lo == p.hi && lo > p.hi) {
        p.step = static_cast<std::int16_t>(lo - p.lo);
        p.hi = static_cast<std::int16_t>(lo);
        return;
      }
      if (p.step > 0 && lo == p.hi + p.step) {
        p.hi = static_cast<std::int16_t>(lo);
        return;
      }
    }
  }
  if (pat.year_count == pat.year_terms.size())
    syntax::fail("year: at most 3 separate items (ranges, steps or runs of evenly spaced years) are supported",
                 line.text, t.column, line.line);
  pat.year_terms[pat.year_count] = {static_cast<std::int16_t>(lo), static_cast<std::int16_t>(hi),
                                    static_cast<std::int16_t>(step)};
  pat.year_count = static_cast<std::uint8_t>(pat.year_count + 1);
}

}  // namespace

engine::Pattern compile_line(const syntax::Line& line, const DialectOptions& options, DstPolicy dst,
                             bool both_days_must_match) {
  engine::Pattern p;
  const Dialect d = options.dialect;
  const bool quartz_dow = d == Dialect::quartz || (d == Dialect::furiko && options.furiko.quartz_day_of_week);
  bool any_year = false;
  for (int i = 0; i < syntax::kFieldCount; ++i) {
    const FieldId id = static_cast<FieldId>(i);
    const FieldRules& r = syntax::rules_for(d, id, options.furiko.quartz_day_of_week);
    const auto& field = line.fields[i];
    if (!field) {
      switch (id) {
        case FieldId::second: p.seconds = 1; break;
        case FieldId::minute: p.minutes = (std::uint64_t{1} << 60) - 1; break;
        case FieldId::hour: p.hours = (1u << 24) - 1; break;
        case FieldId::day_of_month: p.days = 0xfffffffeu; break;
        case FieldId::month: p.months = 0x1ffe; break;
        case FieldId::day_of_week: p.weekdays = 0x7f; break;
        case FieldId::year: any_year = true; break;
      }
      continue;
    }
    for (const Term& t : field->terms) {
      // pipeline::draw_hash_forms() runs first and reports a missing seed to the user.
      if (t.kind == Kind::hash) throw std::logic_error("compile_line: unresolved hash form");
      switch (id) {
        case FieldId::second: p.seconds |= value_bits(t, r); break;
        case FieldId::minute: p.minutes |= value_bits(t, r); break;
        case FieldId::hour: p.hours |= static_cast<std::uint32_t>(value_bits(t, r)); break;
        case FieldId::month: p.months |= static_cast<std::uint16_t>(value_bits(t, r)); break;
        case FieldId::day_of_month:
          switch (t.kind) {
            case Kind::no_spec: p.days = 0xfffffffeu; break;
            case Kind::last_day: p.last_day_offsets |= 1u << t.lo; break;
            case Kind::last_weekday: p.last_day_offsets_weekday |= 1u << t.lo; break;
            case Kind::nearest_weekday:
              p.nearest_weekdays |= 1u << t.lo;
              if (d == Dialect::spring) p.nearest_weekdays |= 1u;  // a Sunday moves forward only
              if (d == Dialect::croniter) p.days |= 1u;            // 31W in April: the 30th's nearest
              break;
            default: p.days |= static_cast<std::uint32_t>(value_bits(t, r));
          }
          break;
        case FieldId::day_of_week: {
          // Quartz numbering is 1-7 from Sunday; a 0 there can only come from a furiko hash
          // range such as H(0-7) in its quartz format, and reads as Sunday, as 0 does elsewhere.
          auto weekday = [&](int v) { return quartz_dow ? (v == 0 ? 0 : v - 1) : v % 7; };
          switch (t.kind) {
            case Kind::no_spec: p.weekdays = 0x7f; break;
            case Kind::last_of_weekday: p.last_weekdays = (p.last_weekdays | (1u << weekday(t.lo))) & 0x7fu; break;
            case Kind::nth_weekday:  // a sixth weekday of a month never comes (Spring's MON#6)
              if (t.hi <= 5) p.nth_weekdays[t.hi - 1] |= static_cast<std::uint8_t>(1u << weekday(t.lo));
              break;
            default: for_each_value(t, r, [&](int v) { p.weekdays |= static_cast<std::uint8_t>(1u << weekday(v)); });
          }
          break;
        }
        case FieldId::year:
          switch (t.kind) {
            case Kind::all:
              if (t.step == 0)
                any_year = true;
              else
                add_year(p, 1970, 9999, t.step, line, t);
              break;
            case Kind::value:
              if (t.step)
                add_year(p, t.lo, 9999, t.step, line, t);
              else
                add_year(p, t.lo, t.lo, 1, line, t);
              break;
            case Kind::range:
              if (t.hi < t.lo)
                syntax::fail(fmt::format("year: the range {}-{} runs backwards", t.lo, t.hi), line.text, t.column,
                             line.line);
              add_year(p, t.lo, t.hi, t.step ? t.step : 1, line, t);
              break;
            default: break;
          }
          break;
      }
    }
  }
  if (any_year) p.year_count = 0;
  const auto& dom = line.fields[static_cast<int>(FieldId::day_of_month)];
  const auto& dow = line.fields[static_cast<int>(FieldId::day_of_week)];
  // Days given only through L/W/# leave the plain masks empty; an unrestricted
  // side of an AND must allow everything.
  if (!dom) p.days = 0xfffffffeu;
  if (!dow) p.weekdays = 0x7f;
  const auto star = [](const std::optional<Field>& f) { return !f || f->text.starts_with('*'); };
  const bool cron_bug = options.croniter.implement_cron_bug && (star(dom) || star(dow));
  const bool and_days = both_days_must_match || (d == Dialect::croniter && (!options.croniter.day_or || cron_bug));
  p.day_or = !and_days && days_are_ored(line, d);
  bool specials = p.last_day_offsets || p.last_day_offsets_weekday || p.nearest_weekdays || p.last_weekdays;
  for (auto m : p.nth_weekdays) specials = specials || m;
  p.day_specials = specials;
  // DST class for the `cron` policy (docs/dst.md).
  const bool interval = is_interval(line);
  if (dst.cron) {
    p.gap = static_cast<std::uint8_t>(interval ? DstPolicy::Gap::skip : DstPolicy::Gap::shift) & 3u;
    p.overlap = static_cast<std::uint8_t>(interval ? DstPolicy::Overlap::both : DstPolicy::Overlap::first) & 3u;
  } else {
    // `hourly`: a schedule that fires every hour skips the gap and fires in
    // both passes; any other shifts and fires in the first.
    const bool every_hour = p.hours == (1u << 24) - 1;
    const auto gap = dst.gap != DstPolicy::Gap::hourly ? dst.gap
                     : every_hour                      ? DstPolicy::Gap::skip
                                                       : DstPolicy::Gap::shift;
    p.gap = static_cast<std::uint8_t>(gap) & 3u;
    const auto overlap = dst.overlap != DstPolicy::Overlap::hourly ? dst.overlap
                         : every_hour                              ? DstPolicy::Overlap::both
                                                                   : DstPolicy::Overlap::first;
    p.overlap = static_cast<std::uint8_t>(overlap) & 3u;
  }
  p.never = !engine::some_day_can_match(p);
  return p;
}

}  // namespace fuzzycron::compiler
