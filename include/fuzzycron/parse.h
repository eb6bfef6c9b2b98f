// fuzzycron/parse.h — from cron text to a compiled Schedule.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/error.h"
#include "fuzzycron/schedule.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/syntax.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

class BalanceLock;  // fuzzycron/balance.h
// Its name before 0.5 (CHANGELOG.md); "balance" alone names the act of
// balancing (fuzzycron/balancer.h), the lock is a BalanceLock.
using Balance = BalanceLock;

struct ParseOptions {
  Dialect dialect = Dialect::standard;
  // IANA zone of the schedule; a CRON_TZ=/TZ= prefix in the text (where the
  // dialect has one) takes precedence.
  std::string time_zone = "UTC";
  // nullopt: the dialect's own (`cron`; `wall` for spring, which skips gaps and
  // fires twice in overlaps); dst_policy() says which applies.
  std::optional<DstPolicy> dst{};
  FurikoOptions furiko{};
  CroniterOptions croniter{};
  CronParserOptions cron_parser{};
  KubernetesOptions kubernetes{};
  // What hash forms (H) are derived from; without one they are an error.
  Seed seed{};
  // nullopt: the dialect's own (fc1 for standard and quartz, jenkins, furiko).
  std::optional<HashScheme> hash{};
  // Non-zero: every fire time moves by the seed's offset in [0, offset_window)
  // (docs/fc1.md, fuzzycron::seed_offset), e.g. "0 * * * *" with 15 min fires
  // hourly at a stable instant in :00:00.000-:14:59.999. Needs a seed.
  std::chrono::milliseconds offset_window{0};  // `spread` before 0.4 (that alias went in 0.5)
  // A balance lock (fuzzycron/balance.h): a job it names (by shape, zone and
  // seed) takes its hash values from it; any other job draws plain H.
  std::shared_ptr<const BalanceLock> balance{};
  // Bounds on any schedule, both included: no fire before not_before or
  // after not_after (docs/intervals.md).
  std::optional<sys_milliseconds> not_before{}, not_after{};
  // Days on which the schedule does not fire, as local dates in its zone:
  // "2026-12-25,2026-12-24..2026-12-31" (docs/calendars.md). Empty: none.
  std::string except{};
  // Times without fires: cron expressions in the schedule's dialect, ';'
  // between two; a fire in a second (a minute, for an expression without a
  // seconds field) one matches is skipped. "* * * * 0,6" has no fires on
  // weekends (what Quartz's CronCalendar does; docs/calendars.md).
  std::string except_cron{};
  // What a fire on a day of `except` does: skipped, or moved to the next
  // (following) or previous (preceding) day not excluded, at the same
  // wall-clock time; modified_following moves forward unless that leaves
  // the month, then back (the business-day conventions).
  enum class Move : unsigned char { skip, following, preceding, modified_following };
  Move except_move = Move::skip;

  DialectOptions dialect_options() const noexcept { return {dialect, furiko, croniter, cron_parser, kubernetes}; }
  FUZZYCRON_EXPORT DstPolicy dst_policy() const noexcept;
};

// What a dialect does unless told: the scheme its H draws with, its DST policy.
FUZZYCRON_EXPORT HashScheme default_hash_scheme(Dialect d) noexcept;
FUZZYCRON_EXPORT DstPolicy default_dst_policy(Dialect d) noexcept;

// Throws fuzzycron::Error with the column (and line, for multi-line Jenkins specs).
//
// Example:
//   ParseOptions o;
//   o.time_zone = "Europe/Berlin";
//   const Schedule s = parse("*/15 9-17 * * mon-fri", o);
//   // Friday 17:50 in Berlin: the next fire is Monday's first.
//   format_rfc3339(*s.next(*parse_rfc3339("2026-03-06T16:50:00Z")), s.zone());  // == "2026-03-09T09:00:00+01:00"
//   // Daily at 03:12 Berlin time for this seed.
//   o.seed = Seed({"web-07", "backup-db"});
//   const auto t = parse("H 3 * * *", o).next(*parse_rfc3339("2026-03-06T00:00:00Z"));
//   format_rfc3339(*t, s.zone());  // == "2026-03-06T03:12:00+01:00"
//   // February 30th parses, and never fires.
//   parse("0 0 30 2 *").never();  // == true
//   parse("61 * * * *");          // throws "minute: 61 is out of range" at column 1
// (The build runs every header's examples: tests/docs/header_examples.py.)
FUZZYCRON_EXPORT Schedule parse(std::string_view expression, const ParseOptions& options = {});

// The expression split and checked, hash forms as written. Throws
// fuzzycron::Error like parse().
FUZZYCRON_EXPORT Syntax syntax_of(std::string_view expression, const ParseOptions& options);

// Every hash form replaced by the value or range it stands for, drawn from
// options.seed with the options' scheme (in reading order across lines).
// Throws fuzzycron::Error (missing_seed) without a seed.
FUZZYCRON_EXPORT void resolve_hash_forms(Syntax& syntax, const ParseOptions& options);

// Every hash form at the lowest value of its range (H/n from its lowest start):
// how the schedule runs when every job draws the same, as cron without H would.
FUZZYCRON_EXPORT void lower_hash_forms(Syntax& syntax, const ParseOptions& options);

// parse() from a parsed form: resolves what hash forms remain, then compiles
// with the options' zone (unless the syntax has its own), DST policy and spread.
FUZZYCRON_EXPORT Schedule compile(Syntax syntax, const ParseOptions& options);

}  // namespace fuzzycron
