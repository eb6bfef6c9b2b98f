// A crontab entry's per-job settings, the comment lines directly above it
// ("# timeout: 30m", docs/runner.md): read here once for the runner, which
// acts on them, and for export, which carries them into the targets that have
// them and says which do not.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzzycron/crontab.h"
#include "fuzzycron/diagnostic.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/parse.h"

namespace fuzzycron::tools {

enum class Concurrency { forbid, allow, replace, queue };
enum class Catchup { skip, latest, all };

// What the comment block says; unset when it does not say (the runner and each
// target have their own defaults).
struct EntrySettings {
  std::optional<std::chrono::milliseconds> timeout, kill_grace, starting_deadline;
  std::optional<Concurrency> concurrency;
  std::optional<Catchup> catchup;
  int catchup_max = 1;  // all:N
  std::optional<int> retry;
  std::vector<int> retry_on;         // exit codes retried; empty: any failure
  std::string on_permanent_failure;  // a command run once when a run fails for good
  std::optional<bool> rerun_lost;    // on-lost: rerun (true) or skip (false)
  std::optional<DstPolicy> dst;
  // Days without fires and bounds (docs/calendars.md), as written: the schema's
  // `except` (dates, ranges, iCalendar files), `not-before`, `not-after`.
  std::string except;
  std::string except_cron;                        // `except-cron`: cron calendars, ';'-separated
  std::optional<ParseOptions::Move> except_move;  // `except-move`
  std::string not_before, not_after;
  // The settings given, (key, value) as written, for what a target cannot hold.
  std::vector<std::pair<std::string, std::string>> given;
};

// The keys a comment above an entry can hold; any other "# word: text" is prose
// ("# owner: team-a"), and a near miss of one of these deserves a warning.
inline constexpr std::string_view kEntrySettingKeys[] = {"on-lost",
                                                         "name",
                                                         "timeout",
                                                         "kill-grace",
                                                         "concurrency",
                                                         "catchup",
                                                         "starting-deadline",
                                                         "retry",
                                                         "retry-on",
                                                         "on-permanent-failure",
                                                         "dst",
                                                         "fields",
                                                         "except",
                                                         "except-cron",
                                                         "except-move",
                                                         "not-before",
                                                         "not-after"};
bool is_entry_setting(std::string_view key);

// What does not read is a Diagnostic (its text left to the caller, which has
// the crontab's lines): an error for a value that does not read, at its line
// and the value's column; a warning for a key that is a near miss of a
// setting's ("# timout: 5m"), at the key.
EntrySettings read_entry_settings(const std::vector<CrontabSetting>& settings, std::vector<Diagnostic>& problems);

// An `except` text with each relative calendar file name made relative to
// `dir` (the crontab's directory: the runner and lint read them from there;
// "" leaves them as written); the files' paths go to `files`.
std::string calendar_paths(std::string_view except, const std::string& dir, std::vector<std::string>* files = nullptr);

// The entry's days without fires, cron calendars, moves and bounds on
// `options`: each one the entry gives replaces the command line's. `except`:
// the entry's `except` text as the caller resolved its files ("" for none).
void apply_limits(const EntrySettings& settings, const std::string& except, ParseOptions& options);

// A value as a message quotes it: at most 40 bytes, control bytes shown as '?'.
std::string quoted(std::string_view value);

// Whole seconds, rounded up (a 90.5 s timeout is 91 s, never 90).
inline long long ceil_seconds(std::chrono::milliseconds d) { return (d.count() + 999) / 1000; }

// A command that runs a file of its repository ("./scripts/x.sh", "bin/nightly"):
// a GitHub workflow must check the repository out first.
bool runs_repository_file(const std::string& command);

}  // namespace fuzzycron::tools
