// The parsed (not yet compiled) form of a cron expression: fields made of
// terms, each term remembering its column for error messages and tools.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/dialect.h"

namespace fuzzycron::syntax {

enum class FieldId : unsigned char { second, minute, hour, day_of_month, month, day_of_week, year };
inline constexpr int kFieldCount = 7;

std::string_view field_name(FieldId f) noexcept;  // "day-of-month"

struct Term {
  enum class Kind : unsigned char {
    all,            // *           (lo..hi = the field's range)
    no_spec,        // ?
    value,          // a          (with a step: a/n = a..max/n)
    range,          // a-b        (b < a wraps where the dialect allows)
    last_day,       // L, L-n     lo = n
    last_weekday,   // LW, L-nW   lo = n
    nearest_weekday,// nW         lo = n
    last_of_weekday,// nL         lo = n (day-of-week value as written)
    nth_weekday,    // n#k        lo = n, hi = k
    hash,           // H, H(a-b), H/n, H(a-b)/n and the # spellings; lo..hi = hash range
  };
  Kind kind = Kind::value;
  int lo = 0, hi = 0;
  int step = 0;              // 0: none
  bool explicit_range = false;  // hash: H(a-b) given
  bool from_hash = false;       // a value or range drawn for a hash form
  int column = 1;            // 1-based column in the line
  int length = 1;            // characters of the term's text
};

struct Field {
  FieldId id{};
  std::string text;  // as written
  int column = 1;
  std::vector<Term> terms;
};

// Per-dialect, per-field grammar and limits.
struct FieldRules {
  FieldId id{};
  int min = 0, max = 0;   // values as written (day-of-week numbering of the dialect)
  bool names = false;     // JAN..DEC / SUN..SAT
  bool sunday_is_one = false;  // day-of-week names map SUN=1..SAT=7
  bool question = false;  // '?'
  bool value_step = false;  // a/n
  bool bare_step = false;   // /n
  bool wrap = false;        // a-b with a > b wraps around
  bool x_to_zero = false;   // day-of-week X-0 means X-7
  bool tilde = false;       // cronie a~b (only a~a is reproducible)
  bool hash_h = false;      // H forms
  bool hash_pound = false;  // # forms (quartz)
  bool lowercase_specials = false;  // l/w/h accepted (furiko lower-cases)
  bool last = false;        // dom: L LW nW; dow: nL
  bool last_offset = false; // dom: L-n, L-nW
  bool dow_bare_last = false;  // dow: L alone = 7
  bool nth = false;         // dow: n#k
  int max_step = 0;         // 0: no limit
  int hash_lo = 0, hash_hi = 0;  // bare-H range
  int hash_min = 0, hash_max = 0;  // what H(a-b) may name (usually min..max)
  bool hash_step_in_range = true;  // H/n: n must not exceed the hash range
  std::string_view dialect;
  std::string_view range_text;  // "0-59"
};

// One cron line split into fields.
struct Line {
  std::array<std::optional<Field>, kFieldCount> fields;
  std::string text;  // the line as written (for error carets)
  int line = 0;      // 1-based line number for multi-line input, 0 otherwise
};

struct Spec {
  std::vector<Line> lines;             // empty: never fires (Jenkins comment-only spec)
  std::optional<std::string> zone;     // from CRON_TZ= / TZ=
  int zone_column = 0, zone_line = 0;
  std::string zone_text;
};

[[noreturn]] void fail(std::string message, const std::string& text, int column, int line);

// Parses one field's text (no whitespace inside) that starts at `column`.
Field parse_field(std::string_view text, int column, const FieldRules& rules, const Line& line);

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

// Rules of a field in a dialect (also used by structured schedules).
const FieldRules& rules_for(Dialect d, FieldId f, bool furiko_quartz_dow = false);

}  // namespace fuzzycron::syntax
