// The local ledger: which jobs changed, journaled before their runs start,
// and the snapshot (runner/state_store.h has the files).
#include "runner/local_ledger.h"

namespace fuzzycron::runner {
namespace {

constexpr std::int64_t kStateErrorLogEveryMs = 60'000;

sys_milliseconds at_ms(std::int64_t ms) { return sys_milliseconds{std::chrono::milliseconds{ms}}; }

JobRecord record_of(const JobState& s) {
  JobRecord r{s.cursor.time_since_epoch().count(), {}};
  for (const auto& [t, not_before] : s.pending) r.pending.push_back(t.time_since_epoch().count());
  return r;
}

}  // namespace

LocalLedger::LocalLedger(std::string dir, std::string name, Clock& clock, Log& log)
    : store_(std::move(dir), std::move(name)), clock_(clock), log_(log) {}

std::string LocalLedger::open() {
  if (std::string error = store_.open(); !error.empty()) return error;
  std::vector<std::string> problems;
  saved_ = store_.load(problems);
  for (const auto& p : problems) log_("warning", "state.unreadable", {{"file", store_.path()}, {"problem", p}});
  return {};
}

std::optional<Resume> LocalLedger::resume(const std::string& job, sys_milliseconds) {
  const auto it = saved_.find(job);
  if (it == saved_.end()) return std::nullopt;
  Resume r{at_ms(it->second.cursor), {}};
  for (auto t : it->second.pending) r.pending.push_back(at_ms(t));
  return r;
}

// ---- catch-up after downtime; never twice after a crash
void LocalLedger::changed(const std::shared_ptr<JobState>& s) {
  if (!store_.enabled() || s->dirty) return;
  s->dirty = true;
  dirty_.push_back(s);
}

void LocalLedger::commit(const std::vector<std::shared_ptr<JobState>>& states) {
  if (dirty_.empty()) return;
  for (const auto& s : dirty_) {
    store_.record(s->job.name, record_of(*s));
    s->dirty = false;
  }
  dirty_.clear();
  if (const std::string error = store_.flush(); !error.empty()) {
    ++errors_;
    // A full or read-only disk: said once a minute with a count, not once per fire.
    const auto mono = clock_.mono();
    if (!error_logged_ || mono - *error_logged_ >= kStateErrorLogEveryMs) {
      error_logged_ = mono;
      log_("error", "state.write", {{"file", store_.journal_path()}, {"error", error}, {"errors", errors_}});
    }
    return;
  }
  if (store_.wants_snapshot(states.size())) checkpoint(states);
}

void LocalLedger::checkpoint(const std::vector<std::shared_ptr<JobState>>& states) {
  if (!store_.enabled()) return;
  std::map<std::string, JobRecord> all;
  for (const auto& s : states) {
    all[s->job.name] = record_of(*s);
    s->dirty = false;
  }
  dirty_.clear();
  if (const std::string error = store_.snapshot(all); !error.empty()) {
    ++errors_;
    log_("error", "state.write", {{"file", store_.path()}, {"error", error}, {"errors", errors_}});
  }
}

}  // namespace fuzzycron::runner
