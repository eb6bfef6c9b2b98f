#include "options.h"

#include <fmt/format.h>

#include <memory>
#include <ostream>

#include "fuzzycron/options.h"
#include "fuzzycron/parse.h"
#include "io.h"

namespace fuzzycron::cli {
namespace {

// --dst's help names every dialect's default, read from the library's table.
std::string dst_help() {
  std::string s =
      "DST policy: cron | wall | GAP-OVERLAP (GAP skip|shift|later|hourly, OVERLAP first|last|both|hourly); default: "
      "the dialect's own (";
  for (const Dialect d : kAllDialects)
    s += fmt::format("{}{} {}", d == kAllDialects[0] ? "" : ", ", dialect_name(d), default_dst_policy(d).name());
  return s + "; docs/dst.md)";
}

}  // namespace

void add_flags(Subcommand& c, Flags& f, unsigned groups) {
  if (groups & kDialect) {
    f.dialect_flag = c.option("-d,--dialect", f.dialect, dialect_names(" | ")).show_default();
    c.option("--hash", f.hash, "hash scheme: " + hash_scheme_names(" | ") + " (default: the dialect's own)");
    c.flag("--seconds-first", f.seconds_first,
           "croniter: in 6 or 7 fields the seconds come first (second_at_beginning)");
    c.flag("--strict", f.strict,
           "cron-parser: its strict mode (6 fields, one day field restricted, H inside the field)");
  }
  if (groups & kZone) {
    c.option("-z,--tz", f.tz, "IANA time zone of the schedule, e.g. America/New_York").show_default();
    c.option("--dst", f.dst, dst_help());
  }
  if (groups & kSeed)
    c.option("-s,--seed", f.seeds, "a seed part for hash forms (H), e.g. the job name; repeat for more parts");
  if (groups & kHost)
    c.option("--host", f.host, "host name: prepended to the seed parts (default for run: this machine's name)")
        .env("FUZZYCRON_HOST");
  if (groups & kOffsetWindow)
    c.option("--offset-window,--spread", f.offset_window,
             "shift every fire time by the seed's stable offset in [0, WINDOW), e.g. 15m (--spread: its old name)");
  if (groups & kBalance)
    c.option("--balance", f.balance,
             "a balance lock (`fuzzycron balance`): jobs it names take their H values from it, others plain H");
  if (groups & kFrom)
    c.option("--from", f.from, "start instant: RFC 3339 (2026-03-08T01:59:30Z) or now").show_default();
  if (groups & kCount) c.option("-n,--count", f.count, "how many fire times").show_default();
  if (groups & kJson) c.flag("--json", f.json, "print JSON");
}

ParseOptions parse_options(const Flags& f, bool with_seed) {
  OptionNames names;
  names.dialect = f.dialect;
  names.time_zone = f.tz;
  names.dst = f.dst;
  names.hash = f.hash;
  if (with_seed) {
    if (!f.host.empty()) names.seed.push_back(f.host);
    names.seed.insert(names.seed.end(), f.seeds.begin(), f.seeds.end());
  }
  names.offset_window = f.offset_window;
  names.croniter.second_at_beginning = f.seconds_first;
  names.cron_parser.strict = f.strict;
  ParseOptions options = options_from_names(names);
  if (!f.balance.empty()) options.balance = std::make_shared<const Balance>(read_lock(f.balance, options.dialect));
  return options;
}

Balance read_lock(const std::string& path, Dialect dialect) {
  Balance lock;
  try {
    lock = Balance::read(read_file(path));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::lock) throw;
    throw Error(e.kind(), fmt::format("{}{}: {}", path, e.line() ? fmt::format(":{}", e.line()) : "", e.message()),
                e.text(), e.column(), e.line());
  }
  if (lock.dialect() != dialect)
    throw Error(ErrorKind::lock,
                fmt::format("{}: the balance lock is for the {} dialect, and the schedules are read as {} (-d)", path,
                            dialect_name(lock.dialect()), dialect_name(dialect)),
                path, 1);
  return lock;
}

sys_milliseconds parse_from(const std::string& text) {
  if (text == "now") return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  if (auto t = parse_rfc3339(text)) return *t;
  throw Error(ErrorKind::argument,
              "--from is not an RFC 3339 time: expected e.g. 2026-03-08T01:59:30Z or 2026-03-08T01:59:30-05:00", text,
              1);
}

std::string_view hint(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::missing_seed: return "pass --seed JOB (and --host NAME for a per-host seed)";
    default: return "";
  }
}

void print_error(std::ostream& err, const Error& e) {
  const std::string_view h = hint(e.kind());
  const std::string message = h.empty() ? e.message() : e.message() + "; " + std::string(h);
  err << "fuzzycron: " << Error(e.kind(), message, e.text(), e.column(), e.line()).with_caret() << "\n";
}

}  // namespace fuzzycron::cli
