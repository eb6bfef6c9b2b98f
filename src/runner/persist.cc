// The loop's state directory: which jobs changed, written before their runs
// start, and the snapshot (runner/state_store.h has the files).
#include "runner/loop.h"

namespace fuzzycron::runner {
namespace {

constexpr std::int64_t kStateErrorLogEveryMs = 60'000;

}  // namespace

// ---- state (catch-up after downtime; never twice after a crash)
void Runner::mark(const std::shared_ptr<JobState>& s) {
  if (!store_.enabled() || s->dirty) return;
  s->dirty = true;
  dirty_.push_back(s);
}

void Runner::mark_waiting(const std::shared_ptr<JobState>& s) {
  if (s->waiting) return;
  s->waiting = true;
  waiting_.push_back(s);
}

// The earliest next instant of any job: one pass over the jobs after they
// changed, none while they did not (an idle loop of 100,000 jobs costs nothing).
std::optional<sys_milliseconds> Runner::earliest_next() {
  if (next_stale_) {
    earliest_next_.reset();
    for (const auto& s : states_)
      if (s->next && (!earliest_next_ || *s->next < *earliest_next_)) earliest_next_ = s->next;
    next_stale_ = false;
  }
  return earliest_next_;
}

void Runner::flush_state() {
  if (dirty_.empty()) return;
  for (const auto& s : dirty_) {
    JobRecord r{s->cursor.time_since_epoch().count(), {}};
    for (const auto& [t, not_before] : s->pending) r.pending.push_back(t.time_since_epoch().count());
    store_.record(s->job.name, std::move(r));
    s->dirty = false;
  }
  dirty_.clear();
  if (const std::string error = store_.flush(); !error.empty()) {
    ++state_errors_;
    // A full or read-only disk: said once a minute with a count, not once per fire.
    const auto mono = clock_.mono();
    if (!state_error_logged_ || mono - *state_error_logged_ >= kStateErrorLogEveryMs) {
      state_error_logged_ = mono;
      log_("error", "state.write", {{"file", store_.journal_path()}, {"error", error}, {"errors", state_errors_}});
    }
    return;
  }
  if (store_.wants_snapshot(states_.size())) write_snapshot();
}

void Runner::write_snapshot() {
  std::map<std::string, JobRecord> all;
  for (const auto& s : states_) {
    JobRecord& r = all[s->job.name];
    r.cursor = s->cursor.time_since_epoch().count();
    for (const auto& [t, not_before] : s->pending) r.pending.push_back(t.time_since_epoch().count());
    s->dirty = false;
  }
  dirty_.clear();
  if (const std::string error = store_.snapshot(all); !error.empty()) {
    ++state_errors_;
    log_("error", "state.write", {{"file", store_.path()}, {"error", error}, {"errors", state_errors_}});
  }
}

}  // namespace fuzzycron::runner
