// fuzzycron/error.h — the one exception type every rejection uses.
#pragma once

#include <stdexcept>
#include <string>

namespace fuzzycron {

// A rejected input: what is wrong, where (1-based column; line for
// multi-line input, 0 when the input is a single line) and the offending text.
class ParseError : public std::runtime_error {
 public:
  ParseError(std::string message, std::string text, int column, int line = 0);

  const std::string& message() const noexcept { return message_; }
  // The line of input the column refers to (without its newline).
  const std::string& text() const noexcept { return text_; }
  int column() const noexcept { return column_; }
  int line() const noexcept { return line_; }

  // "message\n  text\n  ^" — the form the command line prints.
  std::string with_caret() const;

 private:
  std::string message_;
  std::string text_;
  int column_;
  int line_;
};

}  // namespace fuzzycron
