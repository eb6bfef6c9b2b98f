// fuzzycron/crontab.h — crontab files (cronie's format plus "# name: JOB").
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzzycron/diagnostic.h"
#include "fuzzycron/dialect.h"
#include "fuzzycron/error.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// A "# key: value" comment line directly above an entry (a lower-case key):
// the runner's per-job settings (docs/runner.md), which a plain cron ignores.
struct CrontabSetting {
  std::string key{}, value{};
  int line = 0, key_column = 0, value_column = 0;  // 1-based
};

struct FUZZYCRON_EXPORT CrontabEntry {
  int line = 0;             // 1-based
  std::string schedule{};   // as written: "H */2 * * *" or "@daily"
  int schedule_column = 1;  // 1-based column where it starts
  std::string command{};
  std::string name{};   // from "# name: JOB" directly above, else the command
  std::string zone{};   // the CRON_TZ in force, "" for the default
  int zone_line = 0;    // where that CRON_TZ was set
  bool reboot = false;  // @reboot: runs at start-up, never at a time
  int fields = 0;       // schedule fields read: the dialect's, CRON_FIELDS= or "# fields:" (0 for @aliases)
  // The NAME=value lines above the entry (CRON_TZ excepted), in order.
  std::vector<std::pair<std::string, std::string>> environment{};
  std::string text{};  // the whole line, without its line end
  // The "# key: value" lines of the comment block directly above, top to bottom
  // (any other comment line ends the block).
  std::vector<CrontabSetting> settings{};

  // The job's seed: [host, name], or [name] without a host.
  Seed seed(const std::string& host = {}) const;
  // `base` with this job's seed and CRON_TZ zone.
  ParseOptions options(const ParseOptions& base, const std::string& host = {}) const;
  // parse() with options(); a fuzzycron::Error carries this entry's line and a
  // column counted from the start of the line. Not for @reboot entries.
  //
  // Example:
  //   const Crontab tab = parse_crontab("# name: backup\nH 3 * * * /backup.sh\n");
  //   // Seeded [web-07, backup]: the host, then the entry's name.
  //   ParseOptions o;
  //   o.seed = Seed({"web-07", "backup"});
  //   tab.entries[0].seed("web-07");  // == o.seed
  //   const auto t = *parse_rfc3339("2026-03-06T00:00:00Z");
  //   tab.entries[0].parse({}, "web-07").next(t);  // == parse("H 3 * * *", o).next(t)
  Schedule parse(const ParseOptions& base, const std::string& host = {}) const;
  [[deprecated("use parse")]] Schedule compile(const ParseOptions& base, const std::string& host = {}) const {
    return parse(base, host);
  }
  // An error of this entry's schedule (from parse(), resolve(), ...) at this
  // entry's line, its column counted from the start of the line.
  Diagnostic diagnostic(const Error& e) const;
};

// A line that is not a valid crontab line (the others are still read): a
// Diagnostic with its line, column and text.
using CrontabError = Diagnostic;

struct Crontab {
  std::vector<std::string> lines{};  // the file line by line, without line ends
  std::vector<CrontabEntry> entries{};
  std::vector<Diagnostic> errors{};
};

// Comments, blank lines, NAME=value lines (CRON_TZ= sets the zone of the
// entries below it; an unknown zone is reported on its line), @aliases and
// @reboot, and entries of the dialect's fields (standard, jenkins, furiko: 5;
// quartz: 6) followed by a command. CRON_FIELDS=6 (the entries below) or
// "# fields: 6" above one entry reads six fields (seconds first; 7: and a
// year last). CRLF line ends are accepted. Schedules are not compiled here: callers compile them with
// the job's seed and report problems at entry.line, entry.schedule_column.
FUZZYCRON_EXPORT Crontab parse_crontab(std::string_view text, Dialect dialect = Dialect::standard);

}  // namespace fuzzycron
