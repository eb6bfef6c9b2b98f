#include "syntax/interval.h"

#include <fmt/format.h>

#include <array>
#include <vector>

#include "syntax/field.h"

namespace fuzzycron::syntax {
namespace {

constexpr std::int64_t kMaxSeconds = std::int64_t{100} * 366 * 86400;  // a century: a longer fixed step is a slip
constexpr std::int64_t kMaxCount = 100'000;                            // days or months

char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_word(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text), tokens_(tokens_of(text)) {}

  IntervalSyntax read() {
    IntervalSyntax out;
    out.text = std::string(text_);
    out.column = tokens_[0].column;
    if (tokens_.size() < 2)
      fail("@every needs an interval, e.g. '@every 2w from 2026-01-06T09:00' or '@every 6h'", tokens_[0].column + 6);
    duration(tokens_[1], out);
    bool seen_from = false, seen_between = false, seen_on = false;
    for (std::size_t i = 2; i < tokens_.size();) {
      const Token& t = tokens_[i];
      if (same_word(t.text, "from")) {
        once(seen_from, t);
        out.from = anchor(need(i + 1, t, "a date and time, e.g. 2026-01-06T09:00"));
        i += 2;
      } else if (same_word(t.text, "between")) {
        once(seen_between, t);
        out.window = true;
        out.window_lo = time_of_day(need(i + 1, t, "a time of day, e.g. 09:00"));
        const Token& and_ = need(i + 2, t, "'and' and a time of day");
        if (!same_word(and_.text, "and")) fail("expected 'and' (between 09:00 and 17:00)", and_.column);
        out.window_hi = time_of_day(need(i + 3, and_, "a time of day, e.g. 17:00"));
        if (out.window_hi < out.window_lo)
          fail("the window ends before it starts (a window does not run past midnight)", tokens_[i + 3].column);
        i += 4;
      } else if (same_word(t.text, "on")) {
        once(seen_on, t);
        out.weekdays = weekdays(need(i + 1, t, "days of the week, e.g. mon-fri"));
        i += 2;
      } else {
        fail(fmt::format("unexpected '{}': after the interval come 'from DATE', 'between HH:MM and HH:MM' or "
                         "'on DAYS'",
                         t.text),
             t.column);
      }
    }
    if (out.window) {
      if (out.unit != IntervalSyntax::Unit::seconds || out.count > 86400)
        fail(
            "a daily window takes an interval of a day or less in s, m or h (e.g. @every 25m between 09:00 and "
            "17:00)",
            tokens_[1].column);
    }
    return out;
  }

 private:
  [[noreturn]] void fail(std::string message, int column) const { syntax::fail(std::move(message), text_, column, 0); }

  void once(bool& seen, const Token& t) const {
    if (seen) fail(fmt::format("'{}' is given twice", t.text), t.column);
    seen = true;
  }

  const Token& need(std::size_t i, const Token& after, std::string_view what) const {
    if (i >= tokens_.size())
      fail(fmt::format("'{}' needs {}", after.text, what), after.column + static_cast<int>(after.text.size()) + 1);
    return tokens_[i];
  }

  // 2w, 90m, 1h30m, 1mo, 1y. Fixed units add up; a calendar unit stands alone.
  void duration(const Token& t, IntervalSyntax& out) const {
    const std::string_view s = t.text;
    if (!s.empty() && (s[0] == '-' || s[0] == '+'))
      fail("an interval cannot be negative: write e.g. @every 90m", t.column);
    std::size_t i = 0;
    std::int64_t seconds = 0;
    bool calendar = false, fixed = false;
    while (i < s.size()) {
      const std::size_t start = i;
      std::int64_t n = 0;
      for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
        n = n * 10 + (s[i] - '0');
        if (n > kMaxSeconds) fail("the interval is too long (at most a century)", t.column + static_cast<int>(start));
      }
      if (i == start)
        fail("not an interval: write a number and a unit, e.g. 90m, 1h30m, 2w or 1mo (units s m h d w mo y)",
             t.column + static_cast<int>(i));
      const std::size_t unit_at = i;
      while (i < s.size() && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || s[i] == '.')) ++i;
      const std::string_view unit = s.substr(unit_at, i - unit_at);
      const int col = t.column + static_cast<int>(unit_at);
      std::int64_t per = 0;
      IntervalSyntax::Unit cal = IntervalSyntax::Unit::days;
      std::int64_t cal_per = 0;
      if (unit == "s")
        per = 1;
      else if (unit == "m")
        per = 60;
      else if (unit == "h")
        per = 3600;
      else if (unit == "d")
        cal_per = 1;
      else if (unit == "w")
        cal_per = 7;
      else if (unit == "mo")
        cal = IntervalSyntax::Unit::months, cal_per = 1;
      else if (unit == "y")
        cal = IntervalSyntax::Unit::months, cal_per = 12;
      else if (unit == "ms" || unit == "us" || unit == "ns" || unit == "µs")
        fail("intervals are in whole seconds: use s, m, h, d, w, mo or y", col);
      else if (unit.empty())
        fail("the number needs a unit: s, m, h (exact durations) or d, w, mo, y (calendar units)", col);
      else
        fail(fmt::format("unknown unit '{}': use s, m, h (exact durations) or d, w, mo, y (calendar units)", unit),
             col);
      if (per) {
        if (calendar) fail("calendar units (d, w, mo, y) do not combine with others: write one, e.g. 2w", col);
        fixed = true;
        seconds += n * per;
        if (seconds > kMaxSeconds) fail("the interval is too long (at most a century)", t.column);
      } else {
        if (fixed || calendar)
          fail("calendar units (d, w, mo, y) do not combine with others: write one, e.g. 2w or 36h", col);
        calendar = true;
        out.unit = cal;
        if (n > kMaxCount / cal_per) fail("the interval is too long", t.column);
        out.count = n * cal_per;
      }
    }
    if (fixed) {
      out.unit = IntervalSyntax::Unit::seconds;
      out.count = seconds;
    }
    if (out.count <= 0) fail("the interval must be longer than zero", t.column);
  }

  int digits(std::string_view s, std::size_t& i, int n, int column, std::string_view what) const {
    int v = 0;
    for (int k = 0; k < n; ++k, ++i) {
      if (i >= s.size() || s[i] < '0' || s[i] > '9')
        fail(fmt::format("expected {} ({} digits)", what, n), column + static_cast<int>(i));
      v = v * 10 + (s[i] - '0');
    }
    return v;
  }

  void expect(std::string_view s, std::size_t& i, char c, int column, std::string_view form) const {
    if (i >= s.size() || s[i] != c) fail(fmt::format("expected '{}' ({})", c, form), column + static_cast<int>(i));
    ++i;
  }

  // HH:MM[:SS] into seconds of the day; 24:00 is not a time of day.
  std::int32_t time_of_day(const Token& t) const {
    std::size_t i = 0;
    const std::string_view s = t.text;
    const int h = digits(s, i, 2, t.column, "an hour");
    expect(s, i, ':', t.column, "HH:MM");
    const int m = digits(s, i, 2, t.column, "a minute");
    int sec = 0;
    if (i < s.size() && s[i] == ':') ++i, sec = digits(s, i, 2, t.column, "a second");
    if (i != s.size()) fail("a time of day is HH:MM or HH:MM:SS", t.column + static_cast<int>(i));
    if (h > 23 || m > 59 || sec > 59) fail(fmt::format("'{}' is not a time of day (00:00 to 23:59:59)", s), t.column);
    return h * 3600 + m * 60 + sec;
  }

  // YYYY-MM-DD[THH:MM[:SS]][Z|+HH:MM|-HH:MM]
  IntervalSyntax::Anchor anchor(const Token& t) const {
    IntervalSyntax::Anchor a;
    a.column = t.column;
    const std::string_view s = t.text;
    const int c = t.column;
    std::size_t i = 0;
    constexpr std::string_view form = "YYYY-MM-DDTHH:MM, optionally Z or +HH:MM";
    a.year = digits(s, i, 4, c, "a year");
    expect(s, i, '-', c, form);
    a.month = digits(s, i, 2, c, "a month");
    expect(s, i, '-', c, form);
    a.day = digits(s, i, 2, c, "a day");
    if (i < s.size() && (s[i] == 'T' || s[i] == 't')) {
      ++i;
      a.hour = digits(s, i, 2, c, "an hour");
      expect(s, i, ':', c, form);
      a.minute = digits(s, i, 2, c, "a minute");
      if (i < s.size() && s[i] == ':') ++i, a.second = digits(s, i, 2, c, "a second");
    }
    if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
      a.offset_seconds = 0;
      ++i;
    } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
      const int sign = s[i] == '-' ? -1 : 1;
      ++i;
      const int oh = digits(s, i, 2, c, "an offset's hours");
      expect(s, i, ':', c, form);
      const int om = digits(s, i, 2, c, "an offset's minutes");
      if (oh > 18 || om > 59) fail("the offset is out of range", c);
      a.offset_seconds = sign * (oh * 3600 + om * 60);
    }
    if (i != s.size()) fail(fmt::format("expected the end of the date ({})", form), c + static_cast<int>(i));
    static constexpr std::array<int, 12> kDays = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (a.year % 4 == 0 && a.year % 100 != 0) || a.year % 400 == 0;
    if (a.year < 1 || a.month < 1 || a.month > 12 || a.day < 1 ||
        a.day > (a.month == 2 && !leap ? 28 : kDays[static_cast<std::size_t>(a.month - 1)]))
      fail(fmt::format("'{}' is not a date", s.substr(0, 10)), c);
    if (a.hour > 23 || a.minute > 59 || a.second > 59) fail("not a time of day (00:00 to 23:59:59)", c + 11);
    return a;
  }

  // mon-fri, sat,sun, mon-wed,fri, fri-mon (wraps).
  std::uint8_t weekdays(const Token& t) const {
    static constexpr std::array<std::string_view, 7> kNames = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
    auto day = [&](std::string_view name, int column) {
      for (int d = 0; d < 7; ++d)
        if (same_word(name, kNames[static_cast<std::size_t>(d)])) return d;
      fail(fmt::format("'{}' is not a day of the week: use sun mon tue wed thu fri sat, e.g. mon-fri", name), column);
    };
    std::uint8_t bits = 0;
    std::size_t start = 0;
    const std::string_view s = t.text;
    while (start <= s.size()) {
      const std::size_t comma = std::min(s.find(',', start), s.size());
      const std::string_view item = s.substr(start, comma - start);
      const int col = t.column + static_cast<int>(start);
      const std::size_t dash = item.find('-');
      if (dash == std::string_view::npos) {
        bits = static_cast<std::uint8_t>(bits | 1u << day(item, col));
      } else {
        const int lo = day(item.substr(0, dash), col),
                  hi = day(item.substr(dash + 1), col + static_cast<int>(dash) + 1);
        for (int d = lo;; d = (d + 1) % 7) {
          bits = static_cast<std::uint8_t>(bits | 1u << d);
          if (d == hi) break;
        }
      }
      start = comma + 1;
    }
    return bits;
  }

  std::string_view text_;
  std::vector<Token> tokens_;
};

}  // namespace

}  // namespace fuzzycron::syntax

namespace fuzzycron {

bool is_every(std::string_view text) noexcept {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return false;
  const std::string_view rest = text.substr(first);
  return rest.size() >= 6 && syntax::same_word(rest.substr(0, 6), "@every") &&
         (rest.size() == 6 || rest[6] == ' ' || rest[6] == '\t');
}

IntervalSyntax interval_syntax_of(std::string_view text) { return syntax::Reader(text).read(); }

}  // namespace fuzzycron
