#include "fuzzycron/dst_policy.h"

namespace fuzzycron {

std::optional<DstPolicy> DstPolicy::from_name(std::string_view name) noexcept {
  if (name == "cron") return cronie();
  if (name == "wall") return of(Gap::skip, Overlap::both);
  const auto dash = name.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto gap = name.substr(0, dash), overlap = name.substr(dash + 1);
  DstPolicy p{false, Gap::skip, Overlap::both};
  if (gap == "skip")
    p.gap = Gap::skip;
  else if (gap == "shift")
    p.gap = Gap::shift;
  else if (gap == "later")
    p.gap = Gap::later;
  else if (gap == "hourly")
    p.gap = Gap::hourly;
  else
    return std::nullopt;
  if (overlap == "first")
    p.overlap = Overlap::first;
  else if (overlap == "last")
    p.overlap = Overlap::last;
  else if (overlap == "both")
    p.overlap = Overlap::both;
  else if (overlap == "hourly")
    p.overlap = Overlap::hourly;
  else
    return std::nullopt;
  return p;
}

std::string DstPolicy::name() const {
  if (cron) return "cron";
  std::string s = gap == Gap::skip ? "skip-" : gap == Gap::shift ? "shift-" : gap == Gap::later ? "later-" : "hourly-";
  s += overlap == Overlap::first  ? "first"
       : overlap == Overlap::last ? "last"
       : overlap == Overlap::both ? "both"
                                  : "hourly";
  return s;
}

}  // namespace fuzzycron
