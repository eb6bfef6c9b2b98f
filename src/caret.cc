// This file's interface is caret.h.
#include "caret.h"

#include <algorithm>

namespace fuzzycron {

std::string caret_lines(std::string_view text, int column) {
  constexpr std::size_t kContext = 60;
  const std::size_t at = static_cast<std::size_t>(std::max(column - 1, 0));
  const std::size_t from = at > kContext ? at - kContext : 0;
  const std::string_view window = text.substr(std::min(from, text.size()), 2 * kContext);
  // Control characters shown visibly so the caret lines up.
  std::string shown = from > 0 ? "..." : "";
  for (unsigned char c : window) shown += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
  if (from + window.size() < text.size()) shown += "...";
  std::string out = "  " + shown;
  if (column < 1) return out;
  const int pad = std::clamp(static_cast<int>(at - from) + (from > 0 ? 3 : 0), 0, static_cast<int>(shown.size()));
  // Display columns, not bytes, for UTF-8 text before the caret.
  int width = 0;
  for (int i = 0; i < pad; ++i)
    if ((static_cast<unsigned char>(shown[static_cast<std::size_t>(i)]) & 0xc0) != 0x80) ++width;
  return out + "\n  " + std::string(static_cast<std::size_t>(width), ' ') + "^";
}

}  // namespace fuzzycron
