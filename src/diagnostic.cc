// This file's interface is fuzzycron/diagnostic.h.
#include "fuzzycron/diagnostic.h"

#include <fmt/format.h>

#include "caret.h"

namespace fuzzycron {

std::string_view severity_name(Severity s) noexcept {
  switch (s) {
    case Severity::info: return "info";
    case Severity::warning: return "warning";
    case Severity::error: return "error";
  }
  return "error";
}

std::optional<Severity> severity_from_name(std::string_view name) noexcept {
  for (Severity s : {Severity::info, Severity::warning, Severity::error})
    if (severity_name(s) == name) return s;
  return std::nullopt;
}

std::string format_diagnostic(std::string_view file, const Diagnostic& d) {
  std::string out(file);
  if (file.empty()) {  // one expression: no file to name
    if (d.line > 0)
      out = fmt::format("line {}{}", d.line, d.column > 0 ? fmt::format(", column {}", d.column) : "");
    else if (d.column > 0)
      out = fmt::format("column {}", d.column);
  } else {
    if (d.line > 0) out += fmt::format(":{}", d.line);
    if (d.line > 0 && d.column > 0) out += fmt::format(":{}", d.column);
  }
  out += fmt::format(": {}{}{}: {}\n", severity_name(d.severity), d.code.empty() ? "" : " ", d.code, d.message);
  if (!d.text.empty()) out += caret_lines(d.text, d.column) + "\n";
  return out;
}

}  // namespace fuzzycron
