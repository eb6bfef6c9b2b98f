// What the lint tests share (test-only, inline): options at a fixed instant, and
// findings picked by code.
#pragma once

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/lint.h"
#include "fuzzycron/rfc3339.h"

namespace fuzzycron {

inline LintOptions options(Dialect d = Dialect::standard, std::string zone = "UTC") {
  LintOptions o;
  o.parse.dialect = d;
  o.parse.time_zone = std::move(zone);
  o.from = *parse_rfc3339("2026-11-22T00:00:00Z");
  return o;
}

inline const Finding* find(const std::vector<Finding>& f, std::string_view code) {
  const auto it = std::find_if(f.begin(), f.end(), [&](const Finding& x) { return x.code == code; });
  return it == f.end() ? nullptr : &*it;
}

inline std::string codes(const std::vector<Finding>& f) {
  std::string s;
  for (const auto& x : f) s += x.code + " ";
  return s;
}

inline std::vector<Finding> with_code(const std::vector<Finding>& f, std::string_view code) {
  std::vector<Finding> out;
  std::copy_if(f.begin(), f.end(), std::back_inserter(out), [&](const Finding& x) { return x.code == code; });
  return out;
}

}  // namespace fuzzycron
