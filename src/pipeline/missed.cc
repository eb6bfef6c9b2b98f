// The runner's catch-up (src/runner/loop.cc, catch_up) as a library call.
#include "fuzzycron/missed.h"

namespace fuzzycron {

Missed missed(const Schedule& schedule, sys_milliseconds last_run, sys_milliseconds now, const MissedPolicy& policy) {
  Missed out;
  std::vector<sys_milliseconds> kept;  // young enough for the starting deadline
  for (auto t = schedule.next(last_run); t && *t <= now; t = schedule.next(*t)) {
    if (out.missed == policy.max_looked) {
      out.capped = true;
      break;
    }
    ++out.missed;
    if (!out.first) out.first = *t;
    out.last = *t;
    if (!policy.starting_deadline || now - *t <= *policy.starting_deadline) {
      // Only the newest `limit` can run: older ones are dropped as they come.
      kept.push_back(*t);
      const std::size_t keep = policy.catch_up == CatchUp::latest ? 1
                               : policy.catch_up == CatchUp::all  ? policy.limit
                                                                  : 0;
      if (kept.size() > keep) kept.erase(kept.begin());
    }
  }
  out.run = std::move(kept);
  out.skipped = out.missed - out.run.size();
  return out;
}

}  // namespace fuzzycron
