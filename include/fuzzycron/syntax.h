// fuzzycron/syntax.h — an expression as written, field by field and term by
// term with its columns, before it is compiled: what explain and lint read, and
// what editors or other tools can read and rewrite before compile().
//
// The parse tree, for tools: it may change between minor versions. To parse
// and run schedules, use fuzzycron/parse.h. syntax_of() and compile(Syntax)
// are declared there (they are the pipeline's).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/dialect.h"
#include "fuzzycron/error.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

enum class FieldId : unsigned char { second, minute, hour, day_of_month, month, day_of_week, year };
inline constexpr int kFieldCount = 7;

FUZZYCRON_EXPORT std::string_view field_name(FieldId f) noexcept;  // "day-of-month"

// One comma-separated item of a field. Values are as written, in the
// dialect's numbering (day-of-week 1 = Sunday in Quartz).
struct Term {
  enum class Kind : unsigned char {
    all,              // *           (lo..hi = the field's range)
    no_spec,          // ?
    value,            // a           (with a step: a/n = a..max/n)
    range,            // a-b         (b < a wraps where the dialect allows)
    last_day,         // L, L-n      lo = n
    last_weekday,     // LW, L-nW    lo = n
    nearest_weekday,  // nW          lo = n
    last_of_weekday,  // nL          lo = n
    nth_weekday,      // n#k         lo = n, hi = k
    hash,             // H, H(a-b), H/n, H(a-b)/n and the # spellings; lo..hi = hash range
  };
  Kind kind = Kind::value;
  int lo = 0, hi = 0;
  int step = 0;                 // 0: none
  bool explicit_range = false;  // hash: H(a-b) given
  bool from_hash = false;       // a value or range drawn for a hash form
  // hash: what the drawn value becomes where cron-parser writes H inside
  // another form: `value` (H itself), `nth_weekday` (H#k, k in `with`),
  // `last_of_weekday` (HL) or `range` (a-H, a in `with`).
  Kind hashed_as = Kind::value;
  int with = 0;
  int column = 1;  // 1-based column in the line
  int length = 1;  // characters of the term's text
};

struct FieldSyntax {
  FieldId id{};
  std::string text{};  // as written
  int column = 1;
  std::vector<Term> terms{};
};

// One line of an expression (several only in multi-line Jenkins specs).
struct LineSyntax {
  std::array<std::optional<FieldSyntax>, kFieldCount> fields{};  // absent: not in the dialect's layout
  std::string text{};                                            // the line as written
  int line = 0;  // 1-based line number for multi-line input, 0 otherwise

  const std::optional<FieldSyntax>& field(FieldId id) const noexcept { return fields[static_cast<int>(id)]; }
};

struct Syntax {
  std::vector<LineSyntax> lines{};    // empty: never fires (a Jenkins spec of comments only)
  std::optional<std::string> zone{};  // from a CRON_TZ= / TZ= prefix
  int zone_column = 0, zone_line = 0;
  std::string zone_text{};
};

// The values a field's terms may name in a dialect.
struct FieldLimits {
  int min = 0, max = 0;
  bool sunday_is_one = false;  // day-of-week numbered 1 (Sunday) to 7
};
FUZZYCRON_EXPORT FieldLimits field_limits(Dialect d, FieldId f, const FurikoOptions& furiko = {}) noexcept;

// Day-of-month OR day-of-week (Vixie's rule in standard, gorhill's in furiko);
// false when a day must match both.
FUZZYCRON_EXPORT bool days_are_ored(const LineSyntax& line, Dialect d) noexcept;
// An interval schedule in the sense of the `cron` DST policy: the minute or
// hour text starts with '*' (docs/dst.md).
FUZZYCRON_EXPORT bool is_interval(const LineSyntax& line) noexcept;

// An anchored interval as written (docs/intervals.md), in the dialects that
// read them (standard, quartz, jenkins, furiko):
//   @every 2w from 2026-01-06T09:00 | @every 90m from 2026-01-01T00:00Z
//   @every 25m between 09:00 and 17:00 on mon-fri | @every 6h (phase from the seed)
// The anchor is a wall time here; compiling resolves it in the schedule's zone.
struct IntervalSyntax {
  enum class Unit : unsigned char { seconds, days, months };
  Unit unit = Unit::seconds;
  long long count = 0;  // seconds (s m h and their sums), days (d w) or months (mo y)
  // `from`: a wall-clock date and time, with an offset from UTC when one is written.
  struct Anchor {
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    std::optional<int> offset_seconds;  // Z, +01:00
    int column = 0;                     // 1-based, of the anchor's text
  };
  std::optional<Anchor> from;
  // `between A and B`: seconds of the day, B included; `on`: bit w, 0 = Sunday.
  bool window = false;
  int window_lo = 0, window_hi = 0;
  unsigned char weekdays = 0x7f;
  std::string text;  // the expression, for located errors
  int column = 1;    // of '@every'
};

// True when the text (leading blanks aside) starts with "@every".
FUZZYCRON_EXPORT bool is_every(std::string_view text) noexcept;

// The interval's parts. Throws fuzzycron::Error (syntax) with the column of the mistake.
//
// Example:
//   interval_syntax_of("@every 90m from 2026-01-01T00:00Z").count;  // == 5400
FUZZYCRON_EXPORT IntervalSyntax interval_syntax_of(std::string_view text);

}  // namespace fuzzycron
