#include "fuzzycron/error.h"

#include <algorithm>

namespace fuzzycron {

ParseError::ParseError(std::string message, std::string text, int column, int line)
    : std::runtime_error(message), message_(std::move(message)), text_(std::move(text)),
      column_(column), line_(line) {}

std::string ParseError::with_caret() const {
  std::string out = message_;
  if (line_ > 0) out += " (line " + std::to_string(line_) + ", column " + std::to_string(column_) + ")";
  else out += " (column " + std::to_string(column_) + ")";
  // Show control characters visibly so the caret lines up.
  std::string shown;
  for (unsigned char c : text_) shown += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
  out += "\n  " + shown + "\n  ";
  const int pad = std::clamp(column_ - 1, 0, static_cast<int>(shown.size()));
  // Count display columns, not bytes, for UTF-8 text before the caret.
  int width = 0;
  for (int i = 0; i < pad; ++i)
    if ((static_cast<unsigned char>(shown[i]) & 0xc0) != 0x80) ++width;
  out += std::string(width, ' ') + "^";
  return out;
}

}  // namespace fuzzycron
