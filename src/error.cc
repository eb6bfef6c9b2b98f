#include "fuzzycron/error.h"

#include "caret.h"

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
  return out + "\n" + caret_lines(text_, column_);
}

}  // namespace fuzzycron
