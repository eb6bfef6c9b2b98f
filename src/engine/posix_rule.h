// The POSIX TZ rule at the end of a TZif file, via date's ptz.h. ptz.h does not
// compile as C++20 with GCC 12 (hh_mm_ss is ambiguous between date:: and
// std::chrono::), so posix_rule.cc is built as C++17 behind this plain interface.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace fuzzycron::engine {

struct RuleInterval {
  std::int64_t begin, end;  // seconds since the epoch, UTC
  std::int32_t offset;      // seconds east of UTC
};

class PosixRule {
 public:
  // nullptr when the text is not a rule ptz.h understands.
  static std::unique_ptr<PosixRule> parse(const std::string& tz_string);
  virtual ~PosixRule() = default;
  virtual RuleInterval at(std::int64_t t) const = 0;
};

}  // namespace fuzzycron::engine
