// The items of the option texts that hold lists: `except` (dates, ranges and
// iCalendar files, comma-separated) and `except-cron` (expressions, ';'
// between two). Header-only, so the pipeline, the tools and the runner read
// them alike in any build.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace fuzzycron {

struct ListItem {
  std::string_view text;  // without the blanks around it
  std::size_t at = 0;     // its offset in the whole text (column - 1)
};

// "a, b,c" -> a, b, c; an empty text is one empty item.
inline std::vector<ListItem> list_items(std::string_view text, char separator) {
  std::vector<ListItem> out;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find(separator, start), text.size());
    std::size_t a = start, b = end;
    start = end + 1;
    while (a < b && (text[a] == ' ' || text[a] == '\t')) ++a;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t')) --b;
    out.push_back({text.substr(a, b - a), a});
  }
  return out;
}

// An item of `except` that is a date or a range (YYYY-MM-DD[..YYYY-MM-DD],
// checked when read); anything else names an iCalendar file.
inline bool is_date_item(std::string_view item) {
  return item.size() >= 10 && item[0] >= '0' && item[0] <= '9' && item[4] == '-';
}

}  // namespace fuzzycron
