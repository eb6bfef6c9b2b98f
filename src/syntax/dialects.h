// Each dialect in one place: its row in this table is everything the layers
// above ask of a dialect (reading, its field grammar, its day rule, drawing,
// writing), defined beside its reader in src/syntax/dialect_<name>.cc.
#pragma once

#include <span>
#include <string_view>

#include "fuzzycron/dialect.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/hash_scheme.h"
#include "syntax/field.h"

namespace fuzzycron::syntax {

// Where a written expression puts its seconds (resolve --to).
enum class SecondsField : unsigned char {
  none,             // the dialect fires on whole minutes: seconds cannot be written
  first,            // "sec min hour dom mon dow", five fields without seconds
  always_first,     // six fields always (quartz, spring)
  last,             // "min hour dom mon dow sec" (croniter)
  first_with_year,  // seven fields "sec ... dow year" once seconds or years are written (furiko)
};

struct DialectRow {
  Dialect dialect;
  std::string_view name;                      // "standard", "cron-parser"
  std::span<const std::string_view> aliases;  // other names people type ("vixie", "robfig")
  HashScheme hash;                            // the scheme its H draws with by default
  DstPolicy dst;                              // what its origin does at DST changes
  std::string_view runs_on;                   // the system lint targets by default ("cron", "fuzzycron", ...)

  // Reading. `seeded`: a seed is given (croniter's aliases are then hashed).
  Spec (*split)(std::string_view text, const DialectOptions& options, bool seeded);
  // Adjusts the common ranges (field ranges, hash ranges) to the dialect's grammar.
  void (*rules)(FieldRules& r, bool furiko_quartz_dow);
  // What is computed and checked once hash forms are drawn (nullptr: nothing).
  void (*finish)(Line& line);
  // Whether two restricted day fields are ORed (Vixie) or ANDed (Quartz, Spring),
  // and of a line, whether its day fields are ORed (when is a field restricted).
  bool day_or;
  bool (*days_ored)(const Line& line);

  // Writing (resolve --to): what the dialect's text can hold.
  SecondsField seconds;
  std::string_view no_seconds;         // why it cannot write seconds, e.g. "Jenkins fires on whole minutes"
  bool years = false;                  // a year field
  bool specials = false;               // L, W, # (last day, nearest weekday, nth weekday)
  bool last_offsets = false;           // L-n
  bool question = false;               // one of the day fields must be '?' (quartz)
  bool star_step_unrestricts = false;  // a day field starting with '*' is unrestricted (Vixie's OR rule)
  int sunday = 0;                      // day-of-week number of Sunday when written (1 in Quartz)
};

// The row of a dialect (never fails: every Dialect has one).
const DialectRow& dialect_row(Dialect d) noexcept;

// Day rules several dialects share.
bool days_never_ored(const Line& line);             // quartz, jenkins, spring: both must match
bool days_ored_unless_star_text(const Line& line);  // Vixie: OR unless a field's text starts with '*'

// The rows, defined in the dialect's own file.
extern const DialectRow kStandardRow, kQuartzRow, kJenkinsRow, kFurikoRow, kKubernetesRow, kCroniterRow, kCronParserRow,
    kSpringRow;

}  // namespace fuzzycron::syntax
