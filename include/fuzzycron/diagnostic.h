// fuzzycron/diagnostic.h — a problem at a line and column of some input.
//
// Every tool that reads many lines and keeps going past a bad one reports
// with this type: a crontab's unreadable lines, lint findings, export and
// in-place diagnostics, the runner's configuration problems. A single bad
// expression is an exception instead (fuzzycron::Error).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fuzzycron/visibility.h"

namespace fuzzycron {

enum class Severity : unsigned char { info, warning, error };
FUZZYCRON_EXPORT std::string_view severity_name(Severity s) noexcept;  // "info", "warning", "error"
FUZZYCRON_EXPORT std::optional<Severity> severity_from_name(std::string_view name) noexcept;

struct Diagnostic {
  Severity severity = Severity::error;
  std::string code{};     // stable: "FC101" (docs/lint.md), "unsupported", ...; "" for a plain error of the input
  int line = 0;           // 1-based; 0 for a single expression
  int column = 0;         // 1-based; 0 when it is not about a place in the line
  std::string message{};  // what is wrong, and what would be right
  std::string text{};     // the line the column points into ("" when not kept)
};

// "FILE:LINE:COL: error: message" (the code after the severity when there is
// one, LINE and COL left out when 0; without a file, for one expression,
// "line LINE, column COL" or "column COL"), then, when the text is known, the
// line and a caret under the column, as Error::with_caret shows them (a long
// line as 60 bytes either side of the column, control bytes as '?').
//
// Example:
//   format_diagnostic("jobs.crontab", {Severity::error, "", 3, 5, "unknown month 'jna'", "0 0 1 jna * x"});
//   // == "jobs.crontab:3:5: error: unknown month 'jna'\n  0 0 1 jna * x\n      ^\n"
//   format_diagnostic("", {Severity::warning, "FC101", 0, 1, "*/15 fires ...", ""});
//   // == "column 1: warning FC101: */15 fires ...\n"
//   // Without a file, a line of a multi-line expression; with one, no column when it is 0.
//   format_diagnostic("", {Severity::info, "", 2, 3, "m", ""});  // == "line 2, column 3: info: m\n"
//   format_diagnostic("a.crontab", {Severity::error, "unsupported", 4, 0, "m", ""});
//   // == "a.crontab:4: error unsupported: m\n"
FUZZYCRON_EXPORT std::string format_diagnostic(std::string_view file, const Diagnostic& d);

}  // namespace fuzzycron
