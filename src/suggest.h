// "Did you mean": the closest of a few known names to a mistyped one.
// Header-only, so every layer and the command line can use it in any build.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fuzzycron {

// Optimal string alignment distance (Levenshtein with adjacent transpositions:
// "timout" and "tiemout" are both 1 from "timeout").
inline int edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<int> prev2(m + 1), prev(m + 1), row(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= m; ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], prev2[j - 2] + 1);
    }
    prev2.swap(prev);
    prev.swap(row);
  }
  return prev[m];
}

// The known name nearest to `typed` when it is a plausible typo: at most one
// edit for short names, two for names of six letters or more.
template <class Names>
std::optional<std::string> closest_name(std::string_view typed, const Names& known) {
  std::optional<std::string> best;
  int best_distance = 0;
  for (std::string_view name : known) {
    const int d = edit_distance(typed, name);
    const int allowed = std::min(typed.size(), name.size()) >= 6 ? 2 : 1;
    if (d > 0 && d <= allowed && (!best || d < best_distance)) {
      best = std::string(name);
      best_distance = d;
    }
  }
  return best;
}

}  // namespace fuzzycron
