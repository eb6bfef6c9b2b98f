// The term grammar shared by every dialect; FieldRules switch its parts on and off.
//   field := item (',' item)*
//   item  := '*' ['/' n] | '/' n | '?' | hash | 'L' ['-' n] ['W'] | 'LW'
//          | value ( 'W' | 'L' | '#' k | '-' value ['/' n] | '~' value | '/' n )?
//   hash  := 'H' ['(' a '-' b ')'] ['/' n] | '#' ['[' a '-' b ']'] ['/' n]
#include <fmt/format.h>

#include <algorithm>

#include "fuzzycron/error.h"
#include "syntax/field.h"

namespace fuzzycron::syntax {
namespace {

constexpr std::string_view kMonths[] = {"JAN", "FEB", "MAR", "APR", "MAY", "JUN",
                                        "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};
constexpr std::string_view kDays[] = {"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"};

// ASCII only, whatever the locale: the grammar's letters are ASCII.
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

// Quoted input in messages: escaped, and cut after 40 bytes.
std::string printable(std::string_view s) {
  std::string out;
  const bool cut = s.size() > 40;
  if (cut) s = s.substr(0, 40);
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f)
      out += static_cast<char>(c);
    else
      out += fmt::format("\\x{:02x}", c);
  }
  if (cut) out += "...";
  return out;
}

class ItemParser {
 public:
  ItemParser(std::string_view item, int column, const FieldRules& r, const Line& line)
      : s_(item), base_(column), r_(r), line_(line) {}

  // Fills t (a fresh Term) in place: a Term built here and returned by value
  // was copied out with wide loads of narrow stores, a store-forwarding stall.
  void parse(Term& t) {
    t.column = base_;
    t.length = static_cast<int>(s_.size());
    if (s_.empty()) error(0, "empty list item: every item between commas needs a value");
    const char c = s_[0];
    if (c == '?' && !r_.question_is_star) {
      if (!r_.question)
        error(0, fmt::format("'?' is not allowed in the {} field{}", field_name(r_.id),
                             r_.dialect == "quartz" ? " (only in day-of-month or day-of-week)" : ""));
      t.kind = Term::Kind::no_spec;
      pos_ = 1;
      expect_end();
      return;
    }
    if (c == '*' || (c == '?' && r_.question_is_star)) {
      t.kind = Term::Kind::all;
      t.lo = r_.star_min >= 0 ? r_.star_min : r_.min;
      t.hi = r_.max;
      pos_ = 1;
      if (peek() == '/') t.step = parse_step();
      expect_end();
      return;
    }
    if (c == '/') {
      if (!r_.bare_step) error(0, "a step needs a start: write */n or a-b/n");
      t.kind = Term::Kind::all;
      t.lo = r_.min;
      t.hi = r_.max;
      t.step = parse_step();
      expect_end();
      return;
    }
    if ((c == 'H' || (c == 'h' && r_.lowercase_specials)) && (r_.hash_h)) return parse_hash(t, '(', ')');
    if (c == '#' && r_.hash_pound) return parse_hash(t, '[', ']');
    if (is_special(c, 'L') && (r_.last || r_.dow_bare_last || r_.last_weekday_prefix)) return parse_last(t);
    if (!is_digit(c) && !is_alpha(c) && !(c == '+' && r_.plus_sign))
      error(0, fmt::format("unexpected '{}': expected a number{}", printable(s_.substr(0, 1)), what_else()));
    t.lo = parse_value();
    t.kind = Term::Kind::value;
    if (at_end()) return;
    const char n = s_[pos_];
    if (is_special(n, 'W') && r_.last && r_.id == FieldId::day_of_month) {
      ++pos_;
      if (t.lo < 1 || t.lo > 31) error(0, "nW needs a day of the month 1-31");
      t.kind = Term::Kind::nearest_weekday;
      expect_end();
      return;
    }
    if (is_special(n, 'L') && r_.last && r_.id == FieldId::day_of_week) {
      ++pos_;
      t.kind = Term::Kind::last_of_weekday;
      expect_end();
      return;
    }
    if (n == '#' && r_.nth) {
      ++pos_;
      const int k_at = pos_;
      if (at_end() || !is_digit(s_[pos_]))
        error(k_at, "'#' must be followed by a number 1-5 (the k-th weekday of the month)");
      t.hi = parse_number();
      if (t.hi < 1 || t.hi > r_.nth_max)
        error(k_at, fmt::format("#{} is out of range: a weekday occurs 1-5 times in a month", t.hi));
      t.kind = Term::Kind::nth_weekday;
      expect_end();
      return;
    }
    if (n == '-') {
      ++pos_;
      const int end_at = pos_;
      if (at_end()) error(end_at, "a range needs an end: write a-b");
      if (r_.hash_inside && r_.hash_h && is_special(peek(), 'H')) {  // cron-parser: a-H
        const int start = t.lo;
        Term h;
        ItemParser rest(s_.substr(pos_), base_ + pos_, r_, line_);
        rest.parse(h);
        if (h.kind != Term::Kind::hash || h.step || h.hashed_as != Term::Kind::value)
          error(end_at, "a range may end in a bare H or H(a-b) only (a-H)");
        h.column = t.column;
        h.length = t.length;
        h.hashed_as = Term::Kind::range;
        h.with = start;
        t = h;
        return;
      }
      if (r_.last_only && r_.dialect == "croniter" && is_special(peek(), 'L') &&
          (pos_ + 1 == static_cast<int>(s_.size()) || s_[static_cast<std::size_t>(pos_) + 1] == '/')) {
        ++pos_;  // croniter: a-L (and a-L/n) runs to the 31st
        t.hi = 31;
      } else {
        t.hi = parse_value();
      }
      t.kind = Term::Kind::range;
      check_range(t, end_at);
      if (peek() == '/') t.step = parse_step();
      expect_end();
      return;
    }
    if (n == '~' && r_.tilde) {
      ++pos_;
      const int end_at = pos_;
      if (at_end()) error(end_at, "a random range needs an end: write a~b");
      const int b = parse_value();
      if (b != t.lo)
        error(0, fmt::format("random ranges ({}~{}) pick a new value at every load and are not reproducible; "
                             "use H({}-{}) for a stable spread",
                             t.lo, b, t.lo, b));
      expect_end();
      return;
    }
    if (n == '/') {
      if (!r_.value_step)
        error(pos_,
              fmt::format("a step needs a range in the {} dialect: write {}-{}/n or */n", r_.dialect, t.lo, r_.max));
      t.step = parse_step();
      if (r_.sunday_end_is_saturday) {  // furiko: a/n runs from a to 6
        t.kind = Term::Kind::range;
        t.lo %= 7;
        t.hi = 6;
      }
      expect_end();
      return;
    }
    expect_end();
    return;
  }

 private:
  [[noreturn]] void error(int offset, std::string message) const {
    fail(fmt::format("{}: {}", field_name(r_.id), message), line_.text, base_ + offset, line_.line);
  }

  std::string what_else() const {
    std::string s;
    if (r_.names) s += r_.id == FieldId::month ? ", a month name (JAN-DEC)" : ", a day name (SUN-SAT)";
    s += ", '*'";
    if (r_.question) s += ", '?'";
    if (r_.hash_h) s += ", 'H'";
    return s;
  }

  bool is_special(char c, char letter) const { return c == letter || (r_.lowercase_specials && upper(c) == letter); }
  bool at_end() const { return pos_ >= static_cast<int>(s_.size()); }
  char peek() const { return at_end() ? '\0' : s_[pos_]; }

  void expect_end() const {
    if (!at_end())
      error(pos_, fmt::format("unexpected '{}' after '{}'", printable(s_.substr(pos_)), printable(s_.substr(0, pos_))));
  }

  int parse_number() {
    if (r_.plus_sign && peek() == '+' && pos_ + 1 < static_cast<int>(s_.size()) && is_digit(s_[pos_ + 1])) ++pos_;
    const int start = pos_;
    long long v = 0;
    while (!at_end() && is_digit(s_[pos_])) {
      v = v * 10 + (s_[pos_] - '0');
      if (v > 999999) {
        while (!at_end() && is_digit(s_[pos_])) ++pos_;
        error(start, fmt::format("the number {} is too large", printable(s_.substr(start, pos_ - start))));
      }
      ++pos_;
    }
    if (pos_ == start) error(start, "expected a number");
    return static_cast<int>(v);
  }

  // A number or (where allowed) a three-letter name, checked against the range.
  int parse_value() {
    const int start = pos_;
    int v;
    if (!at_end() && is_alpha(s_[pos_])) {
      int end = pos_;
      while (end < static_cast<int>(s_.size()) && is_alpha(s_[end])) ++end;
      const std::string_view word = s_.substr(pos_, end - pos_);
      std::string name;
      for (char ch : word.substr(0, 3)) name += upper(ch);
      const bool month = r_.id == FieldId::month, dow = r_.id == FieldId::day_of_week;
      int found = -1;
      if (r_.names && month)
        for (int i = 0; i < 12; ++i)
          if (kMonths[i] == name) found = i + 1;
      if (r_.names && dow)
        for (int i = 0; i < 7; ++i)
          if (kDays[i] == name) found = r_.sunday_is_one ? i + 1 : i;
      // A name is three letters; Quartz's FRIL ("last Friday") leaves the L to the caller.
      const bool last_suffix = word.size() == 4 && dow && r_.last && is_special(word[3], 'L');
      if (found >= 0 && word.size() != 3 && !last_suffix) found = -1;
      if (found < 0) {
        if (!r_.names || !(month || dow))
          error(start, fmt::format("'{}' is not allowed here: the {} field takes numbers {}", printable(word),
                                   field_name(r_.id), r_.range_text));
        error(start, fmt::format("unknown {} name '{}': use {}", month ? "month" : "day", printable(word),
                                 month ? "JAN-DEC or 1-12" : "SUN-SAT or numbers " + std::string(r_.range_text)));
      }
      pos_ += 3;
      return found;
    }
    v = parse_number();
    if (v < r_.min || v > r_.max)
      error(start, fmt::format("{} is out of range: {} is {} in the {} dialect", v, field_name(r_.id), r_.range_text,
                               r_.dialect));
    return v;
  }

  int parse_hash_bound() {
    const int start = pos_;
    const int v = parse_number();
    if (v < r_.hash_min || v > r_.hash_max)
      error(start, fmt::format("{} is out of range: a hash range in {} is {}-{}", v, field_name(r_.id), r_.hash_min,
                               r_.hash_max));
    return v;
  }

  int parse_step() {
    ++pos_;  // '/'
    const int at = pos_;
    if (at_end() || !(is_digit(s_[pos_]) || (r_.plus_sign && s_[pos_] == '+')))
      error(at, "'/' must be followed by a step (a positive number)");
    const int n = parse_number();
    if (n == 0) error(at, "the step must be positive, not 0");
    if (r_.max_step && n > r_.max_step)
      error(at, fmt::format("the step {} is larger than the {} dialect allows here ({} at most)", n, r_.dialect,
                            r_.max_step));
    return n;
  }

  void check_range(Term& t, int end_at) {
    if (r_.sunday_end_is_saturday) {  // furiko: 5-7 is Friday and Saturday; 7-7 every day
      t.lo %= 7;
      if (t.hi % 7 == 0) t.hi = 6;
    }
    if (r_.seven_start_is_zero && t.lo == 7 && t.hi < 7) t.lo = 0;  // spring: SUN-FRI is 7-5, Sunday to Friday
    if (t.hi >= t.lo) return;
    if (r_.x_to_zero && t.hi == 0) {  // day-of-week MON-0: through Sunday
      t.hi = 7;
      return;
    }
    if (r_.wrap) return;
    if (r_.dialect == "jenkins") error(0, fmt::format("{}-{} runs backwards: you mean {}-{}?", t.lo, t.hi, t.hi, t.lo));
    error(end_at, fmt::format("the range {}-{} runs backwards: the start must not be above the end", t.lo, t.hi));
  }

  void parse_last(Term& t) {
    pos_ = 1;
    if (r_.id == FieldId::day_of_week && r_.last_weekday_prefix) {  // croniter: L5, the last Friday
      if (at_end() || !is_digit(peek())) error(0, "'L' needs a weekday after it here (e.g. L5, the last Friday)");
      t.kind = Term::Kind::last_of_weekday;
      t.lo = parse_value();
      expect_end();
      return;
    }
    if (r_.id == FieldId::day_of_week) {
      if (!r_.dow_bare_last) error(0, "'L' needs a weekday before it here (e.g. 5L, the last Friday)");
      t.kind = Term::Kind::value;
      t.lo = 7;  // Quartz: L alone in day-of-week is Saturday
      expect_end();
      return;
    }
    if (r_.id != FieldId::day_of_month || !r_.last) error(0, "'L' is only allowed in day-of-month and day-of-week");
    t.kind = Term::Kind::last_day;
    t.lo = 0;
    if (r_.last_only && !at_end())
      error(pos_, fmt::format("only L (the last day of the month) is supported in the {} dialect", r_.dialect));
    if (peek() == '-') {
      if (!r_.last_offset) error(pos_, "L-n is not supported in this dialect");
      ++pos_;
      const int at = pos_;
      if (at_end() || !is_digit(s_[pos_])) error(at, "L- must be followed by a number of days 0-30");
      t.lo = parse_number();
      if (t.lo > 30) error(at, fmt::format("L-{} is out of range: the offset from the last day must be 0-30", t.lo));
      if (t.lo == 0 && r_.last_offset_positive)
        error(at, "L-0 is not allowed here: write L for the last day, L-n (n >= 1) for n days before it");
    }
    if (is_special(peek(), 'W')) {
      ++pos_;
      t.kind = Term::Kind::last_weekday;
    }
    expect_end();
    return;
  }

  void parse_hash(Term& t, char open, char close) {
    t.kind = Term::Kind::hash;
    if (r_.id == FieldId::year && !r_.hash_h) error(0, "hash forms are not allowed in the year field");
    t.lo = r_.hash_lo;
    t.hi = r_.hash_hi;
    pos_ = 1;
    if (peek() == open) {
      ++pos_;
      const int a_at = pos_;
      const int a = is_digit(peek()) ? parse_hash_bound() : r_.hash_min;
      if (peek() != '-') error(pos_, fmt::format("expected '-' in the hash range: write H{}a-b{}", open, close));
      ++pos_;
      const int b = is_digit(peek()) ? parse_hash_bound() : r_.hash_max;
      if (peek() != close) error(pos_, fmt::format("expected '{}' to close the hash range", close));
      ++pos_;
      if (a > b)
        error(a_at, fmt::format("the hash range {}-{} runs backwards: the start must not be above the end", a, b));
      if (a == b && r_.hash_range_increasing)
        error(a_at, fmt::format("the hash range {}-{} is one value: the end must be above the start", a, b));
      t.lo = a;
      t.hi = b;
      t.explicit_range = true;
    }
    if (peek() == '/') {
      const int at = pos_ + 1;
      t.step = parse_step();
      if (r_.hash_step_in_range && t.step > t.hi - t.lo + 1)
        error(at, fmt::format("the step {} is larger than the hash range {}-{}", t.step, t.lo, t.hi));
    }
    if (r_.hash_inside && r_.id == FieldId::day_of_week && t.step == 0) {  // cron-parser: H#k, HL
      if (peek() == '#') {
        ++pos_;
        const int k_at = pos_;
        if (at_end() || !is_digit(peek()))
          error(k_at, "'#' must be followed by a number 1-5 (the k-th weekday of the month)");
        t.with = parse_number();
        if (t.with < 1 || t.with > 5)
          error(k_at, fmt::format("#{} is out of range: a weekday occurs 1-5 times in a month", t.with));
        t.hashed_as = Term::Kind::nth_weekday;
      } else if (peek() == 'L') {
        ++pos_;
        t.hashed_as = Term::Kind::last_of_weekday;
      }
    }
    expect_end();
    return;
  }

  std::string_view s_;
  int base_;
  const FieldRules& r_;
  const Line& line_;
  int pos_ = 0;
};

}  // namespace

void fail(std::string message, std::string_view text, int column, int line) {
  throw Error(ErrorKind::syntax, std::move(message), std::string(text), column, line);
}

Field parse_field(std::string_view text, int column, const FieldRules& rules, const Line& line) {
  Field f;
  parse_field_into(f, text, column, rules, line);
  return f;
}

void parse_field_into(Field& f, std::string_view text, int column, const FieldRules& rules, const Line& line) {
  f.id = rules.id;
  f.text = std::string(text);
  f.column = column;
  f.terms.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1);
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item =
        text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    ItemParser(item, column + static_cast<int>(start), rules, line).parse(f.terms.emplace_back());
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
}

std::vector<Token> tokens_of(std::string_view line) {
  std::vector<Token> out;
  out.reserve(8);
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i >= line.size()) break;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}

}  // namespace fuzzycron::syntax

namespace fuzzycron {

std::string_view field_name(FieldId f) noexcept {
  constexpr std::string_view names[] = {"second", "minute", "hour", "day-of-month", "month", "day-of-week", "year"};
  return names[static_cast<int>(f)];
}

}  // namespace fuzzycron
