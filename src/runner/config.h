// The runner's jobs: a crontab's entries with their per-job settings, the
// comment lines directly above an entry ("# timeout: 10m"), which a plain cron
// ignores. Built on the public API only (fuzzycron/crontab.h).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/crontab.h"
#include "fuzzycron/diagnostic.h"
#include "fuzzycron/parse.h"
#include "tools/entry_settings.h"

namespace fuzzycron::runner {

using tools::Catchup;
using tools::Concurrency;

// An entry's settings as the runner acts on them: what the comment block says
// (tools::read_entry_settings), the runner's defaults for the rest.
struct JobSettings {
  std::optional<std::chrono::milliseconds> timeout;
  std::chrono::milliseconds kill_grace{10'000};
  Concurrency concurrency = Concurrency::forbid;
  Catchup catchup = Catchup::skip;
  int catchup_max = 1;  // all:N
  std::optional<std::chrono::milliseconds> starting_deadline;
  int retry = 0;                     // extra attempts after a failure, with backoff 1 s, 2 s, 4 s, ...
  std::vector<int> retry_on;         // the exit codes that are retried; empty: any failure
  std::string on_permanent_failure;  // a command run once when a run fails for good
  std::optional<DstPolicy> dst;
  bool rerun_lost = false;  // cluster: a run lost with its replica runs again on another (on-lost: rerun)
};

struct Job {
  std::string name;  // the job's identity: logs, metrics, state, H seed
  CrontabEntry entry;
  JobSettings settings;
  std::optional<Schedule> schedule;  // empty for @reboot
  std::string resolved;              // the schedule with H resolved (for logs and /status)
  // Identity for reloads: a job whose definition did not change keeps its state.
  std::string fingerprint;
};

struct Config {
  std::vector<Job> jobs;
  std::vector<Diagnostic> problems;  // bad lines: reported, the good ones still run
  // The iCalendar files the jobs' `# except:` name, as read (path, text): a
  // change in one reloads the crontab (reload.cc).
  std::vector<std::pair<std::string, std::string>> calendars;
};

// Reads a crontab: each entry compiled with seed [host, name] in `base`
// (dialect, zone, DST policy), its settings applied. A relative calendar file
// in `# except:` is found beside the crontab (in `dir`). Problems never throw.
Config load_config(std::string_view text, const ParseOptions& base, const std::string& host,
                   const std::string& dir = "");

// A crontab file's whole text; nullopt when it cannot be read.
std::optional<std::string> read_text(const std::string& path);

// --shard I/N: whether the job's stable hash picks shard I of N (true without shards).
bool in_shard(const Job& job, const std::optional<std::pair<int, int>>& shard);

}  // namespace fuzzycron::runner
