// fuzzycron/error.h — the one exception type every rejection uses.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "fuzzycron/visibility.h"

namespace fuzzycron {

// What a rejected input got wrong, so that callers can react without reading
// the message (the command line maps kinds to its own options).
enum class ErrorKind : unsigned char {
  syntax,        // the text: a field, a term, the layout, a structured schedule, a crontab line
  missing_seed,  // hash forms or a spread window, and no seed to derive them from
  bad_seed,      // a seed part that is empty, holds a NUL byte or is not valid UTF-8
  time_zone,     // a name that is not a zone of the tz database
  unsupported,   // valid, but the requested output cannot express it (resolve to another dialect)
  argument,      // an argument's value: a window, a resolution, a list of hosts
  lock,          // a balance lock: unreadable, newer than this library, or not matching the jobs
};

FUZZYCRON_EXPORT std::string_view error_kind_name(ErrorKind k) noexcept;  // "syntax", "missing-seed", ...

// A rejected input: its kind, what is wrong, where (1-based column, 0 when
// there is no text to point at; line for multi-line input, 0 for a single line)
// and the offending text. Messages say what is wrong and what would be right,
// never how a front end spells it: a front end adds its own hint chosen by
// kind() (the command line: "pass --seed JOB" for missing_seed).
class FUZZYCRON_EXPORT Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string message, std::string text = {}, int column = 0, int line = 0);

  ErrorKind kind() const noexcept { return kind_; }
  const std::string& message() const noexcept { return message_; }
  // The line of input the column refers to (without its newline).
  const std::string& text() const noexcept { return text_; }
  int column() const noexcept { return column_; }
  int line() const noexcept { return line_; }

  // "message (column 7)\n  text\n        ^" — the form the command line prints.
  std::string with_caret() const;

 private:
  ErrorKind kind_;
  std::string message_;
  std::string text_;
  int column_;
  int line_;
};

}  // namespace fuzzycron
