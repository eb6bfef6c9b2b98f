#include "fuzzycron/error.h"

#include <algorithm>

namespace fuzzycron {

std::string_view error_kind_name(ErrorKind k) noexcept {
  switch (k) {
    case ErrorKind::syntax: return "syntax";
    case ErrorKind::missing_seed: return "missing-seed";
    case ErrorKind::bad_seed: return "bad-seed";
    case ErrorKind::time_zone: return "time-zone";
    case ErrorKind::unsupported: return "unsupported";
    case ErrorKind::argument: return "argument";
    case ErrorKind::lock: return "lock";
  }
  return "unknown";
}

Error::Error(ErrorKind kind, std::string message, std::string text, int column, int line)
    : std::runtime_error(message),
      kind_(kind),
      message_(std::move(message)),
      text_(std::move(text)),
      column_(column),
      line_(line) {}

std::string Error::with_caret() const {
  std::string out = message_;
  if (text_.empty() || column_ < 1)  // nothing to point at
    return line_ > 0 ? out + " (line " + std::to_string(line_) + ")" : out;
  if (line_ > 0)
    out += " (line " + std::to_string(line_) + ", column " + std::to_string(column_) + ")";
  else
    out += " (column " + std::to_string(column_) + ")";
  // Long text is shown as a window around the column, marked with "...".
  constexpr std::size_t kContext = 60;
  const std::size_t at = static_cast<std::size_t>(std::max(column_ - 1, 0));
  const std::size_t from = at > kContext ? at - kContext : 0;
  const std::string_view window = std::string_view(text_).substr(std::min(from, text_.size()), 2 * kContext);
  // Show control characters visibly so the caret lines up.
  std::string shown = from > 0 ? "..." : "";
  for (unsigned char c : window) shown += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
  if (from + window.size() < text_.size()) shown += "...";
  out += "\n  " + shown + "\n  ";
  const int pad = std::clamp(static_cast<int>(at - from) + (from > 0 ? 3 : 0), 0, static_cast<int>(shown.size()));
  // Count display columns, not bytes, for UTF-8 text before the caret.
  int width = 0;
  for (int i = 0; i < pad; ++i)
    if ((static_cast<unsigned char>(shown[i]) & 0xc0) != 0x80) ++width;
  out += std::string(width, ' ') + "^";
  return out;
}

}  // namespace fuzzycron
