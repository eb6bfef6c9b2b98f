// The fuzzycron commands: thin clients of the public API.
#pragma once

#include <chrono>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/tools.h"

namespace fuzzycron::cli {

// Exit statuses (SPEC §6).
inline constexpr int kOk = 0;
inline constexpr int kFailure = 1;
inline constexpr int kBadInput = 2;

struct CommonOptions {
  std::string dialect = "standard";
  std::string tz = "UTC";
  std::string dst = "cron";
  std::string from = "now";
  int count = 5;
  bool json = false;
  std::vector<std::string> seeds;  // -s/--seed, in order
  std::string host;                // --host: prepended to the seed
  std::string hash;                // --hash: a scheme name, or empty for the dialect's
  std::string spread;              // --spread: a window such as 15m, or empty
  bool seconds_first = false;      // --seconds-first: croniter's second_at_beginning
  bool strict = false;             // --strict: cron-parser's strict mode
};

// "standard, quartz, ..., kubernetes" and "fc1, jenkins, furiko": every name,
// for messages and --help.
std::string dialect_list(std::string_view separator = ", ");
std::string hash_scheme_list(std::string_view separator = ", ");

// Library messages speak of the API (ParseOptions::seed); these name the
// command line's options (--seed) or the batch protocol's keys ("seed").
std::string in_cli_terms(std::string message);
std::string in_batch_terms(std::string message);

// Resolves names into ParseOptions; throws Error on a bad option value.
ParseOptions parse_options(const CommonOptions& o);
// "now" or RFC 3339; throws Error.
sys_milliseconds parse_from(const std::string& text);

int run_next_prev(const std::string& expr, const CommonOptions& o, bool forward, std::ostream& out,
                  std::ostream& err);
int run_batch(std::istream& in, std::ostream& out);
int run_resolve(const std::string& expr, const CommonOptions& o, const std::string& to, std::ostream& out);
// Every entry of a crontab file resolved with its own seed ([host, name]); bad
// lines are reported on err with their line and column and still printed as they
// were; the status is 2 when any line failed.
int run_resolve_crontab(const std::string& file, const CommonOptions& o, const std::string& to, std::ostream& out,
                        std::ostream& err);
// Hash forms resolved in place: every CronJob's spec.schedule of a Kubernetes
// YAML stream (seed [namespace, name]), or every cron of a GitHub workflow's
// on.schedule (seed [repository, path, position]). `file` may be "-" for
// standard input. The whole text goes to out with only those scalars changed;
// changes and problems go to err as FILE:LINE:COLUMN. Status 2 when a schedule
// could not be resolved (the rest still comes out) or the input is not YAML,
// has no CronJob or no schedule (then nothing comes out).
struct InPlaceCommand {
  std::string file;
  bool workflow = false;
  std::string repository;  // --seed OWNER/REPO, for a workflow
  std::string path;        // --path: the workflow's path in the repository; default from `file`
};
int run_resolve_in_place(const InPlaceCommand& c, const CommonOptions& o, std::istream& in, std::ostream& out,
                         std::ostream& err);
// ".github/workflows/x.yml" from any path that contains it, else the file name.
std::string workflow_path_of(const std::string& file);
// An English description, the resolved expression (with a seed) and the next
// --count fire times with how far away each is.
int run_explain(const std::string& expr, const CommonOptions& o, std::ostream& out);
// Findings for an expression, or for a crontab when `target` names a file.
// Status: 2 when the input does not parse (FC00x), 1 when a finding reaches
// `fail_on` (info | warning | error | never), else 0.
// `runs_on`: --target, where the schedule runs (LintTarget), or "" for the default.
int run_lint(const std::string& target, const CommonOptions& o, const std::string& fail_on, const std::string& runs_on,
             std::ostream& out);
// The text split at '\n' (no empty last line for a final newline).
std::vector<std::string> lines_of(std::string_view text);
// This machine's host name (gethostname), "localhost" when it has none.
std::string host_name();
// A file's whole text; throws Error when it cannot be read.
std::string read_file(const std::string& path);
struct SpreadCommand {
  std::string file;
  std::optional<int> hosts;  // --hosts N: host-1..host-N; neither this nor a list: seed [name]
  std::string host_list;     // --host-list FILE
  std::string window = "1d";
  std::string resolution = "1m";
  std::string svg;           // --svg OUT
  int width = 0;             // terminal columns; 0: $COLUMNS or 80
  bool ascii = false;
};
struct ExportCommand {
  std::string file;       // a crontab file
  std::string expr;       // --expr: one expression instead
  std::string name;       // --name: the job name for --expr (default: the last seed part)
  std::string command = "true";  // --command: what the job runs, for --expr
  std::string to;         // --to TARGET
  std::string output;     // -o DIR: one file per artifact; empty: standard output
  bool force = false;     // overwrite existing files
  std::string image = "busybox:stable";
  std::string kubernetes_namespace;
  std::string concurrency = "Forbid";
  std::optional<int> starting_deadline;
  bool persistent = false;
};
// Writes the jobs of a crontab (or one expression) for a target; what the
// target cannot express is reported on err (FILE:LINE) and left out. Status:
// 0 every job written, 1 some left out, 2 bad input.
int run_export(const ExportCommand& c, const CommonOptions& o, std::ostream& out, std::ostream& err);

// The fleet load of a crontab before and after hashing; bad lines go to err
// (FILE:LINE:COL) and make the status 2, the good entries still count.
int run_spread(const SpreadCommand& c, const CommonOptions& o, std::ostream& out, std::ostream& err);
int run_offset(const CommonOptions& o, const std::string& window, std::ostream& out);
// "15m", "90s", "1h30m", "250ms", "2d"; throws Error.
std::chrono::milliseconds parse_duration(const std::string& text);

// Prints a rejection the way every command does: message, then the text with a caret.
void print_error(std::ostream& err, const Error& e);

}  // namespace fuzzycron::cli
