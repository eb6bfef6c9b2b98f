// Field ranges common to the dialects; each dialect adjusts them in its row
// (src/syntax/dialects.h, docs/dialects.md).
#include "syntax/dialects.h"
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
  constexpr Range ranges[] = {{0, 59, 0, 59, "0-59"},         {0, 59, 0, 59, "0-59"}, {0, 23, 0, 23, "0-23"},
                              {1, 31, 1, 28, "1-31"},         {1, 12, 1, 12, "1-12"}, {0, 7, 0, 6, "0-7"},
                              {1970, 2099, 0, 0, "1970-2099"}};
  const Range& rg = ranges[static_cast<int>(f)];
  r.min = rg.min;
  r.max = rg.max;
  r.hash_lo = rg.hash_lo;
  r.hash_hi = rg.hash_hi;
  r.range_text = rg.text;
  r.hash_h = f != FieldId::year;  // furiko and croniter also hash years
  r.hash_max = -1;                // the dialect's rules may set the hash range; else it is the field's
  const DialectRow& row = dialect_row(d);
  r.dialect = row.name;
  row.rules(r, furiko_quartz_dow);
  if (r.hash_max < 0) {
    r.hash_min = r.min;
    r.hash_max = r.max;
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
