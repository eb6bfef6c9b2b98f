#include "hash/resolve_terms.h"

#include <fmt/format.h>

#include <algorithm>

namespace fuzzycron::hash {
namespace {

using syntax::FieldId;
using syntax::Term;

void set_value(Term& t, int v) {
  t.from_hash = true;
  t.kind = Term::Kind::value;
  t.lo = t.hi = v;
  t.step = 0;
}

void set_range(Term& t, int lo, int hi, int step) {
  t.from_hash = true;
  t.kind = Term::Kind::range;
  t.lo = lo;
  t.hi = hi;
  t.step = step;
}

}  // namespace

bool has_hash_terms(const syntax::Line& line) noexcept {
  for (const auto& f : line.fields)
    if (f)
      for (const auto& t : f->terms)
        if (t.kind == Term::Kind::hash) return true;
  return false;
}

namespace {

// furiko's quartz format: a bare H or H/n in day-of-week counts 0-6 from
// Sunday while the format's values are 1-7; H(a-b) is in the format's own.
int numbering_shift(FieldId id, const Term& t, const DialectOptions& options) {
  return id == FieldId::day_of_week && options.dialect == Dialect::furiko && options.furiko.quartz_day_of_week &&
                 !t.explicit_range
             ? 1
             : 0;
}

}  // namespace

void draw_terms(syntax::Line& line, Hasher& hasher, HashScheme scheme, const DialectOptions& options) {
  for (int i = 0; i < syntax::kFieldCount; ++i) {
    auto& field = line.fields[i];
    if (!field) continue;
    const auto id = static_cast<FieldId>(i);
    const auto& rules = syntax::rules_for(options.dialect, id, options.furiko.quartz_day_of_week);
    int k = 0;
    for (Term& t : field->terms) {
      if (t.kind != Term::Kind::hash) continue;
      auto fail = [&](const std::string& why) {
        syntax::fail(fmt::format("{}: {}", field_name(id), why), line.text, t.column, line.line);
      };
      const int lo = t.lo, hi = t.hi, n = t.step;
      const bool dow = id == FieldId::day_of_week;
      const int shift = numbering_shift(id, t, options);
      // fc1 and Jenkins start H/n inside the first period (docs/fc1.md): a step
      // wider than the range has none. Dialects that allow it (croniter,
      // cron-parser) leave the check to here.
      if ((scheme == HashScheme::fc1 || (scheme == HashScheme::jenkins && n > 1)) && n > hi - lo + 1)
        fail(fmt::format("the step {} is larger than the hash range {}-{}", n, lo, hi));
      switch (scheme) {
        case HashScheme::fc1:
          if (n == 0)
            set_value(t, shift + lo + static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(hi - lo + 1))));
          else
            set_range(t, shift + lo + static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(n))), shift + hi,
                      n);
          break;
        case HashScheme::jenkins:
          // Jenkins: H/1 (step 1) picks a single value, like a bare H.
          if (n <= 1)
            set_value(t, shift + lo + static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(hi - lo + 1))));
          else
            set_range(t, shift + lo + static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(n))), shift + hi,
                      n);
          break;
        case HashScheme::furiko: {
          const int max = dow ? 6 : rules.max, min = dow ? 0 : rules.min;
          if (n == 0) {
            set_value(t, shift + lo + static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(hi - lo + 1))));
            break;
          }
          // furiko: H/n starts at 0..n-1 (not at the field minimum), H(a-b)/n at a..a+n-1.
          if (n > max) fail(fmt::format("the interval {} is larger than the field's maximum {}", n, max));
          const int start =
              (t.explicit_range ? lo : 0) + static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(n)));
          const int end = t.explicit_range ? hi : max;
          if (start < min)
            fail(fmt::format("the drawn start {} is below the field's minimum {} (furiko draws H/{} from 0-{})", start,
                             rules.min, n, n - 1));
          if (start > end)
            fail(fmt::format(
                "the drawn start {} is beyond the end of the range {} (furiko draws H(a-b)/{} from a to a+{})", start,
                end, n, n - 1));
          set_range(t, start + shift, end + shift, n);
          break;
        }
        case HashScheme::croniter: {
          // H/n starts at a value drawn from the first period; a start on the
          // end of the range is that one value (croniter 6.3).
          auto pick = [&](int a, int b) {
            return a + static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(b - a + 1)));
          };
          if (n == 0) {
            set_value(t, pick(lo, hi));
          } else {
            const int x = pick(lo, std::min(lo + n - 1, hi));
            if (x == hi)
              set_value(t, x);
            else
              set_range(t, x, hi, n);
          }
          break;
        }
        case HashScheme::cron_parser: {
          // H(a-b) is clamped to the field (an error in strict mode); H/n keeps
          // the values v with v mod n equal to the drawn offset, or falls back
          // to one drawn value when none is left (cron-parser 5.10).
          int a = lo, b = hi;
          const bool strict = options.dialect == Dialect::cron_parser && options.cron_parser.strict;
          if (t.explicit_range) {
            if (strict && (a < rules.min || b > rules.max))
              fail(fmt::format("H({}-{}) goes outside the field's {}-{} (strict mode)", lo, hi, rules.min, rules.max));
            a = std::max(a, rules.min);
            b = std::min(b, rules.max);
            if (a > b)
              fail(fmt::format("H({}-{}) has no value inside the field's {}-{}", lo, hi, rules.min, rules.max));
          }
          auto pick = [&] { return a + static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(b - a + 1))); };
          if (n == 0) {
            set_value(t, pick());
            break;
          }
          if (strict && n > b - a + 1)
            fail(fmt::format("the step {} is wider than the range {}-{} (strict mode)", n, a, b));
          const int offset = static_cast<int>(hasher.draw(id, k, static_cast<std::uint64_t>(n)));
          int first = a / n * n + offset;
          if (first < a) first += n;
          if (first > b)
            set_value(t, pick());
          else
            set_range(t, first, b, n);
          break;
        }
      }
      // furiko's quartz format numbers day-of-week 1-7 (the schemes above draw 0-6).
      if (shift && (scheme == HashScheme::croniter || scheme == HashScheme::cron_parser)) {
        t.lo += shift;
        t.hi += shift;
      }
      // Drawn from H(a-b) with bounds the field does not hold (croniter checks
      // its own, with its aliases, in finish_croniter).
      if (t.explicit_range && options.dialect != Dialect::croniter) {
        const int first = t.lo, last = t.kind == Term::Kind::range ? t.hi : t.lo;
        if (first < rules.min || last > rules.max)
          fail(fmt::format("H({}-{}) drew {}, outside the field's {}-{}", lo, hi, first < rules.min ? first : last,
                           rules.min, rules.max));
      }
      // cron-parser writes H inside other forms: H#k, HL, a-H.
      if (t.kind == Term::Kind::value && t.hashed_as != Term::Kind::value) {
        const int v = t.lo;
        switch (t.hashed_as) {
          case Term::Kind::nth_weekday:
            t.kind = Term::Kind::nth_weekday;
            t.hi = t.with;
            break;
          case Term::Kind::last_of_weekday: t.kind = Term::Kind::last_of_weekday; break;
          case Term::Kind::range:
            if (t.with > v) fail(fmt::format("the range {}-{} (H drew {}) runs backwards", t.with, v, v));
            set_range(t, t.with, v, 0);
            break;
          default: break;
        }
        t.hashed_as = Term::Kind::value;
      }
      ++k;
    }
  }
}

void place_terms(syntax::Line& line, const std::vector<int>& values, HashScheme scheme) {
  std::size_t k = 0;
  for (auto& field : line.fields) {
    if (!field) continue;
    for (Term& t : field->terms) {
      if (t.kind != Term::Kind::hash) continue;
      if (k == values.size())
        throw Error(ErrorKind::lock,
                    fmt::format("the balance lock gives {} value{} for this job, and its schedule has more hash forms",
                                values.size(), values.size() == 1 ? "" : "s"),
                    line.text, t.column, line.line);
      const int v = values[k++];
      const bool step = t.step > 1 || (t.step == 1 && scheme == HashScheme::fc1);
      const int last = step ? t.lo + t.step - 1 : t.hi;
      if (v < t.lo || v > last)
        throw Error(ErrorKind::lock,
                    fmt::format("{}: the balance lock gives {}, outside what this hash form draws ({}-{}): the lock "
                                "was made for another schedule; run `fuzzycron balance` again",
                                field_name(field->id), v, t.lo, last),
                    line.text, t.column, line.line);
      if (step)
        set_range(t, v, t.hi, t.step);
      else
        set_value(t, v);
    }
  }
  if (k != values.size())
    throw Error(ErrorKind::lock,
                fmt::format("the balance lock gives {} values for this job, and its schedule has {} hash form{}",
                            values.size(), k, k == 1 ? "" : "s"),
                line.text, 1, line.line);
}

void lower_hash_terms(syntax::Line& line, const DialectOptions& options) noexcept {
  for (auto& f : line.fields) {
    if (!f) continue;
    for (auto& t : f->terms) {
      if (t.kind != syntax::Term::Kind::hash) continue;
      const int shift = numbering_shift(f->id, t, options);
      t.kind = t.step > 0 ? syntax::Term::Kind::range : syntax::Term::Kind::value;
      t.lo += shift;
      t.hi += shift;
      t.from_hash = true;
    }
  }
}

}  // namespace fuzzycron::hash
