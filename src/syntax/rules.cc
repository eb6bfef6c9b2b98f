// Field ranges and grammar per dialect (docs/dialects.md).
#include "syntax/field.h"

namespace fuzzycron::syntax {

namespace {

FieldRules make_rules(Dialect d, FieldId f, bool furiko_quartz_dow) {
  FieldRules r;
  r.id = f;
  struct Range {
    int min, max, hash_lo, hash_hi;
    std::string_view text;
  };
  constexpr Range ranges[] = {{0, 59, 0, 59, "0-59"}, {0, 59, 0, 59, "0-59"}, {0, 23, 0, 23, "0-23"},
                              {1, 31, 1, 28, "1-31"}, {1, 12, 1, 12, "1-12"}, {0, 7, 0, 6, "0-7"},
                              {1970, 2099, 0, 0, "1970-2099"}};
  const Range& rg = ranges[static_cast<int>(f)];
  r.min = rg.min;
  r.max = rg.max;
  r.hash_lo = rg.hash_lo;
  r.hash_hi = rg.hash_hi;
  r.range_text = rg.text;
  const bool dom = f == FieldId::day_of_month, dow = f == FieldId::day_of_week;
  const bool named = f == FieldId::month || dow;
  r.hash_h = f != FieldId::year || d == Dialect::furiko || d == Dialect::croniter;
  switch (d) {
    case Dialect::standard:
      r.dialect = "standard";
      r.names = named;
      r.x_to_zero = dow;
      r.tilde = true;
      break;
    case Dialect::jenkins:
      r.dialect = "jenkins";
      break;
    case Dialect::quartz:
      r.dialect = "quartz";
      r.names = named;
      r.question = dom || dow;
      r.value_step = r.bare_step = true;
      r.wrap = f != FieldId::year;
      r.hash_pound = r.hash_h;
      r.last = dom || dow;
      r.last_offset = dom;
      r.dow_bare_last = dow;
      r.nth = dow;
      r.lowercase_specials = true;  // Quartz upper-cases the whole expression
      if (dow) {
        r.min = 1;
        r.max = 7;
        r.hash_lo = 1;
        r.hash_hi = 7;
        r.range_text = "1-7 (1 = SUN)";
        r.sunday_is_one = true;
      }
      if (f == FieldId::year) {
        r.min = 1;
        r.max = 9999;
        r.range_text = "1-9999";
      }
      {
        constexpr int steps[] = {59, 59, 23, 31, 12, 7, 0};
        r.max_step = steps[static_cast<int>(f)];
      }
      break;
    case Dialect::kubernetes:  // robfig/cron v3 ParseStandard
      r.dialect = "kubernetes";
      r.names = named;
      r.question = true;
      r.question_is_star = true;
      r.value_step = true;  // N/s = N-max/s
      if (dow) {
        r.max = r.hash_hi = 6;  // robfig: 0-6, no 7
        r.range_text = "0-6";
      }
      break;
    case Dialect::furiko:
      r.dialect = "furiko";
      r.names = named;
      r.question = dom || dow;
      r.value_step = r.bare_step = true;
      r.lowercase_specials = true;
      r.last = dom || (dow && !furiko_quartz_dow);
      r.nth = dow && !furiko_quartz_dow;
      r.max_step = f == FieldId::year ? 0 : r.max;
      if (f == FieldId::year) {
        r.hash_lo = 1970;
        r.hash_hi = 2099;
      }
      if (dow && !furiko_quartz_dow) {
        r.max_step = 6;  // gorhill: day-of-week 0-6
        r.sunday_end_is_saturday = true;
      }
      if (dow && furiko_quartz_dow) {
        r.min = 1;
        r.max = 7;
        r.hash_lo = 1;
        r.hash_hi = 7;
        r.range_text = "1-7 (1 = SUN)";
        r.sunday_is_one = true;
      }
      break;
    case Dialect::croniter:
      // Values are checked again, as croniter does, once the layout is known
      // (day-of-month 0 is 1 and day-of-week 7 is 0 only in some layouts).
      r.dialect = "croniter";
      r.names = named;
      r.question = dom || dow;
      r.value_step = true;
      r.wrap = true;
      r.lowercase_specials = true;
      r.last = dom;
      r.last_only = dom;
      r.last_weekday_prefix = dow;
      r.nth = dow;
      if (dom) r.min = 0;
      if (f == FieldId::year) {
        r.hash_lo = 1970;
        r.hash_hi = 2099;
      }
      if (dom) r.hash_hi = 31;
      break;
    case Dialect::cron_parser:
      r.dialect = "cron-parser";
      r.names = named;
      r.question = true;
      r.question_is_star = true;
      r.value_step = true;
      r.last = dom || dow;
      r.last_only = dom;
      r.nth = dow;
      r.hash_inside = true;
      r.hash_lo = r.min;  // H draws from the whole field: day-of-month 1-31, day-of-week 0-7
      r.hash_hi = r.max;
      break;
  }
  r.hash_min = r.min;
  r.hash_max = r.max;
  if (d == Dialect::croniter || d == Dialect::cron_parser) {
    // H(a-b) is checked once drawn (croniter) or clamped to the field (cron-parser).
    r.hash_min = 0;
    r.hash_max = 999999;
    r.hash_step_in_range = false;
    r.hash_range_increasing = d == Dialect::croniter;
  }
  if (d == Dialect::furiko) {
    // furiko resolves H after converting the quartz day-of-week format, so its
    // hash forms always count days 0-6 from Sunday; it checks steps itself.
    r.hash_step_in_range = false;
    if (dow) {
      r.hash_lo = r.hash_min = 0;
      r.hash_hi = 6;
      r.hash_max = 7;
    }
  }
  return r;
}

}  // namespace

// Built once: parse() looks rules up for every field of every expression.
const FieldRules& rules_for(Dialect d, FieldId f, bool furiko_quartz_dow) {
  static const auto table = [] {
    constexpr std::size_t kDialectCount = std::size(kAllDialects);
    std::array<std::array<std::array<FieldRules, kFieldCount>, 2>, kDialectCount> t{};
    for (std::size_t di = 0; di < kDialectCount; ++di)
      for (int q = 0; q < 2; ++q)
        for (int fi = 0; fi < kFieldCount; ++fi)
          t[di][q][fi] = make_rules(kAllDialects[di], static_cast<FieldId>(fi), q == 1);
    return t;
  }();
  return table[static_cast<int>(d)][furiko_quartz_dow ? 1 : 0][static_cast<int>(f)];
}

}  // namespace fuzzycron::syntax

namespace fuzzycron {

FieldLimits field_limits(Dialect d, FieldId f, const FurikoOptions& furiko) noexcept {
  const auto& r = syntax::rules_for(d, f, furiko.quartz_day_of_week);
  return {r.min, r.max, r.sunday_is_one};
}

}  // namespace fuzzycron
