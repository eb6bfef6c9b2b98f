// The grammar of fields per dialect and the parsers of each layout; the
// parsed form itself is public (fuzzycron/syntax.h).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/dialect.h"
#include "fuzzycron/syntax.h"

namespace fuzzycron::syntax {

using fuzzycron::field_name;
using fuzzycron::FieldId;
using fuzzycron::kFieldCount;
using fuzzycron::Term;
using Field = fuzzycron::FieldSyntax;
using Line = fuzzycron::LineSyntax;
using Spec = fuzzycron::Syntax;

// Per-dialect, per-field grammar and limits.
struct FieldRules {
  FieldId id{};
  int min = 0, max = 0;        // values as written (day-of-week numbering of the dialect)
  bool names = false;          // JAN..DEC / SUN..SAT
  bool sunday_is_one = false;  // day-of-week names map SUN=1..SAT=7
  bool question = false;       // '?'
  bool value_step = false;     // a/n
  bool bare_step = false;      // /n
  bool wrap = false;           // a-b with a > b wraps around
  bool x_to_zero = false;      // day-of-week X-0 means X-7
  // furiko (standard format): 7 reads as 0, a range ending in Sunday (0, 7,
  // SUN) stops at Saturday, and a/n runs to 6 (docs/dialects.md).
  bool sunday_end_is_saturday = false;
  bool question_is_star = false;       // robfig: '?' is '*' in every field, steps included
  bool tilde = false;                  // cronie a~b (only a~a is reproducible)
  bool hash_h = false;                 // H forms
  bool hash_pound = false;             // # forms (quartz)
  bool lowercase_specials = false;     // l/w/h accepted (furiko lower-cases)
  bool last = false;                   // dom: L LW nW; dow: nL
  bool last_offset = false;            // dom: L-n, L-nW
  bool dow_bare_last = false;          // dow: L alone = 7
  bool nth = false;                    // dow: n#k
  int max_step = 0;                    // 0: no limit
  int hash_lo = 0, hash_hi = 0;        // bare-H range
  int hash_min = 0, hash_max = 0;      // what H(a-b) may name (usually min..max)
  bool hash_step_in_range = true;      // H/n: n must not exceed the hash range
  bool hash_range_increasing = false;  // croniter: H(a-b) needs a < b (a = b is an error too)
  bool hash_inside = false;            // cron-parser: H#k and HL in day-of-week, a-H anywhere
  bool last_weekday_prefix = false;    // croniter: day-of-week L5 = the last Friday
  bool last_only = false;              // dom: L alone, no L-n, LW or nW (cron-parser, croniter)
  bool last_offset_positive = false;   // dom: L-n with n >= 1 (spring: L-0 is an error)
  int nth_max = 5;                     // dow n#k: k up to this (spring: any k; past 5 it never matches)
  int star_min = -1;                   // the first value of '*' with a step (spring dow: 1, Monday); -1: min
  bool seven_start_is_zero = false;    // dow: a range 7-b is 0-b (spring: SUN-FRI)
  bool plus_sign = false;              // numbers may be written +5 (Java's parseInt)
  std::string_view dialect;
  std::string_view range_text;  // "0-59"
};

[[noreturn]] void fail(std::string message, std::string_view text, int column, int line);

// Parses one field's text (no whitespace inside) that starts at `column`.
Field parse_field(std::string_view text, int column, const FieldRules& rules, const Line& line);
// The same into a fresh field in place (a line's fields are built where they live).
void parse_field_into(Field& f, std::string_view text, int column, const FieldRules& rules, const Line& line);

// Whitespace-separated tokens of a line with their 1-based columns.
struct Token {
  std::string_view text;
  int column;
};
std::vector<Token> tokens_of(std::string_view line);

// The per-dialect layouts (src/syntax/dialect_*.cc).
struct DialectContext;
Spec split_standard(std::string_view text);
Spec split_quartz(std::string_view text);
Spec split_jenkins(std::string_view text);
Spec split_furiko(std::string_view text, bool quartz_day_of_week);
// `seeded`: croniter reads its aliases as hashed forms when a hash_id is given.
Spec split_croniter(std::string_view text, const CroniterOptions& options, bool seeded);
Spec split_cron_parser(std::string_view text, const CronParserOptions& options);
Spec split_kubernetes(std::string_view text, const KubernetesOptions& options);
Spec split_spring(std::string_view text);

// After hash forms are drawn: the value sets croniter and cron-parser compute,
// with their checks (src/syntax/dialect_croniter.cc, dialect_cron_parser.cc).
void finish_croniter(Line& line);
void finish_cron_parser(Line& line);

// Rules of a field in a dialect (also used by structured schedules).
const FieldRules& rules_for(Dialect d, FieldId f, bool furiko_quartz_dow = false);

}  // namespace fuzzycron::syntax
