// The values a term of a parsed field stands for, for the tools that list or
// count them (explain, lint).
#pragma once

#include <cstddef>
#include <vector>

#include "fuzzycron/syntax.h"

namespace fuzzycron::tools {

// Values of *, a, a/n, a-b, a-b/n within `limits`, wrapping a Quartz range
// whose end is below its start; at most `cap` of them. Other kinds: none.
inline std::vector<int> term_values(const Term& t, FieldLimits limits, std::size_t cap = 64) {
  using Kind = Term::Kind;
  std::vector<int> out;
  if (t.kind != Kind::all && t.kind != Kind::value && t.kind != Kind::range) return out;
  const int step = t.step > 0 ? t.step : 1;
  const int n = limits.max - limits.min + 1;
  const int lo = t.kind == Kind::all ? limits.min : t.lo;
  int hi = t.kind == Kind::all ? limits.max : t.kind == Kind::value ? (t.step > 0 ? limits.max : t.lo) : t.hi;
  if (hi < lo) hi += n;  // a Quartz wrap-around range
  for (int v = lo; v <= hi && out.size() < cap; v += step) out.push_back(v > limits.max ? v - n : v);
  return out;
}

}  // namespace fuzzycron::tools
