// Compiled as C++17: see posix_rule.h.
#include "engine/posix_rule.h"

#include <date/ptz.h>

#include <algorithm>
#include <cstdint>

namespace fuzzycron::engine {
namespace {

class DatePosixRule final : public PosixRule {
 public:
  explicit DatePosixRule(const std::string& s) : zone_(s) {}
  // date's POSIX zone takes the rules of t's UTC year. A transition near 1
  // January whose UTC instant falls in the neighbouring year (a local-midnight
  // rule with a large offset, as in "AAA-17BBB3,0,M6.5.1") makes it answer an
  // interval that does not hold t, for up to a day each year. Asked two days
  // either side, it answers one that does; when none does (a rule no zone has:
  // such a transition with DST shorter than that), the interval is cut to the
  // nearest transitions seen, so a caller stepping through intervals always
  // moves on by a whole interval.
  RuleInterval at(std::int64_t t) const override {
    constexpr std::int64_t kTwoDays = 2 * 86400;
    RuleInterval first{};
    std::int64_t below = INT64_MIN, above = INT64_MAX;
    for (const std::int64_t probe : {t, t + kTwoDays, t - kTwoDays}) {
      const auto info = zone_.get_info(date::sys_seconds{std::chrono::seconds{probe}});
      const RuleInterval r{info.begin.time_since_epoch().count(), info.end.time_since_epoch().count(),
                           static_cast<std::int32_t>(info.offset.count())};
      if (r.begin <= t && t < r.end) return r;
      if (probe == t) first = r;
      for (const std::int64_t edge : {r.begin, r.end}) {
        if (edge <= t) below = std::max(below, edge);
        if (edge > t) above = std::min(above, edge);
      }
    }
    return {below == INT64_MIN ? t : below, above == INT64_MAX ? t + kTwoDays : above, first.offset};
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

}  // namespace fuzzycron::engine
