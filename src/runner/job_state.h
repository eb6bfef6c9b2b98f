// What the loop keeps per job and per run; the metrics and /status read it.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "runner/config.h"
#include "runner/output.h"

namespace fuzzycron::runner {

// Late-start histogram bounds, in seconds (the last bucket is +Inf).
inline constexpr std::array<double, 7> kLateBounds{0.01, 0.05, 0.1, 0.5, 1, 5, 60};

struct Counters {
  std::map<std::string, std::uint64_t> runs;     // by outcome
  std::map<std::string, std::uint64_t> skipped;  // by reason
  std::optional<sys_milliseconds> last_start, last_success;
  std::array<std::uint64_t, kLateBounds.size() + 1> late_buckets{};
  double late_sum = 0;
  std::uint64_t late_count = 0;
};

// A failed run whose retry is waiting: what its hook gets if the retry never comes.
struct FailedRun {
  std::string id;
  sys_milliseconds scheduled_for{};
  nlohmann::json end;  // its job.end
};

struct JobState {
  Job job;
  sys_milliseconds cursor{};             // every instant up to here was fired or skipped
  std::optional<sys_milliseconds> next;  // the next engine instant after cursor
  std::optional<sys_milliseconds> last_fired;
  bool never_logged = false;
  int running = 0;
  std::deque<std::pair<sys_milliseconds, std::int64_t>> pending;  // (scheduled_for, not before mono)
  std::optional<std::int64_t> last_overlap_log;                   // mono
  int retry_attempt = 0;
  std::optional<std::int64_t> retry_at;  // mono
  sys_milliseconds retry_for{};
  std::optional<FailedRun> retry_end;
  int retry_claimed = 0;  // cluster: the store's attempt the retry continues
  Counters counters;
  bool removed = false;
  bool last_failed = false;  // the last run's outcome was not success
  bool dirty = false;        // cursor or pending changed since the state was last written
  bool waiting = false;      // in the loop's list of jobs with pending runs or a retry
};

struct Run {
  std::string id;
  int claimed = 0;  // cluster: the store's attempt of this fire (0 on a single host)
  std::shared_ptr<JobState> state;
  pid_t pid = -1;
  int out = -1;  // the read end of the job's stdout+stderr
  LineSplitter lines;
  sys_milliseconds scheduled_for{};
  std::int64_t started_mono = 0;
  int attempt = 1;
  std::optional<std::int64_t> term_at, kill_at, drain_until;  // mono
  bool exited = false;
  int status = 0;
  bool timed_out = false, stopped = false;  // stopped: by shutdown or replace
  std::string failure;                      // why it could not start
};

}  // namespace fuzzycron::runner
