// A lint Finding from its parts, in the order lint's tables list them.
#pragma once

#include <string>
#include <utility>

#include "fuzzycron/lint.h"

namespace fuzzycron::tools {

inline Finding finding(std::string code, Severity severity, int line, int column, std::string message,
                       std::string suggestion) {
  Finding f;
  f.severity = severity;
  f.code = std::move(code);
  f.line = line;
  f.column = column;
  f.message = std::move(message);
  f.suggestion = std::move(suggestion);
  return f;
}

}  // namespace fuzzycron::tools
