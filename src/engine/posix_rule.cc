// Compiled as C++17: see posix_rule.h.
#include "engine/posix_rule.h"

#include <date/ptz.h>

namespace fuzzycron::detail {
namespace {

class DatePosixRule final : public PosixRule {
 public:
  explicit DatePosixRule(const std::string& s) : zone_(s) {}
  RuleInterval at(std::int64_t t) const override {
    const auto info = zone_.get_info(date::sys_seconds{std::chrono::seconds{t}});
    return {info.begin.time_since_epoch().count(), info.end.time_since_epoch().count(),
            static_cast<std::int32_t>(info.offset.count())};
  }

 private:
  Posix::time_zone zone_;
};

}  // namespace

std::unique_ptr<PosixRule> PosixRule::parse(const std::string& tz_string) {
  try {
    return std::make_unique<DatePosixRule>(tz_string);
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace fuzzycron::detail
