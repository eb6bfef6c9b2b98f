// Anchored intervals and the limits any schedule takes (bounds, excluded
// days): from ParseOptions to the compiled form (docs/intervals.md).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>

#include "compiler/interval.h"
#include "engine/compiled_schedule.h"
#include "engine/interval.h"
#include "fuzzycron/balance.h"
#include "fuzzycron/calendar.h"
#include "fuzzycron/error.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/seed.h"
#include "list_items.h"
#include "pipeline/ical.h"
#include "pipeline/pipeline.h"
#include "syntax/interval.h"

namespace fuzzycron::pipeline {

using engine::Access;
using engine::civil_from_days;
using engine::CivilDate;
using engine::days_from_civil;
using engine::Interval;
namespace {

using DayRange = CompiledSchedule::DayRange;

// "2026-12-25" at `at` into days since 1970-01-01.
std::int64_t read_date(std::string_view all, std::size_t at, std::size_t n) {
  const std::string_view s = all.substr(at, n);
  auto bad = [&]() {
    return Error(ErrorKind::argument,
                 "except: write dates as YYYY-MM-DD and ranges as YYYY-MM-DD..YYYY-MM-DD, "
                 "or name an iCalendar file, separated by commas",
                 std::string(all), static_cast<int>(at) + 1);
  };
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') throw bad();
  int v[3] = {0, 0, 0};
  const std::size_t starts[3] = {0, 5, 8}, lens[3] = {4, 2, 2};
  for (int i = 0; i < 3; ++i)
    for (std::size_t k = 0; k < lens[i]; ++k) {
      const char c = s[starts[i] + k];
      if (c < '0' || c > '9') throw bad();
      v[i] = v[i] * 10 + (c - '0');
    }
  const std::int64_t day = days_from_civil(v[0], static_cast<unsigned>(v[1]), static_cast<unsigned>(v[2]));
  const CivilDate back = civil_from_days(day);
  if (v[0] < 1 || v[1] < 1 || v[1] > 12 || v[2] < 1 || back.day != static_cast<unsigned>(v[2]))
    throw Error(ErrorKind::argument, fmt::format("except: '{}' is not a date", s), std::string(all),
                static_cast<int>(at) + 1);
  return day;
}

// Days and spans from the `except` text: dates, ranges and iCalendar files.
CalendarExclusions excluded(std::string_view text, const Zone& zone, std::vector<ExceptItem>* items = nullptr) {
  CalendarExclusions all;
  std::vector<DayRange>& out = all.days;
  for (const ListItem& each : list_items(text, ',')) {
    const std::string_view item = each.text;
    const std::size_t a = each.at, b = a + item.size();
    if (!item.empty() && !is_date_item(item)) {  // a calendar file
      CalendarExclusions f = read_ical_file(std::string(item), zone, std::string(text), static_cast<int>(a) + 1);
      out.insert(out.end(), f.days.begin(), f.days.end());
      all.spans.insert(all.spans.end(), f.spans.begin(), f.spans.end());
      all.events += f.events;
      all.timed += f.timed;
      if (items) items->push_back({std::string(item), true, f.events, f.timed == 0, 0});
      continue;
    }
    const std::size_t dots = item.find("..");
    DayRange r{};
    if (dots == std::string_view::npos) {
      r.lo = r.hi = read_date(text, a, b - a);
    } else {
      r.lo = read_date(text, a, dots);
      r.hi = read_date(text, a + dots + 2, b - a - dots - 2);
      if (r.hi < r.lo)
        throw Error(ErrorKind::argument, "except: the range ends before it starts", std::string(text),
                    static_cast<int>(a) + 1);
    }
    out.push_back(r);
    if (items) items->push_back({std::string(item), false, 0, true, static_cast<std::size_t>(r.hi - r.lo + 1)});
  }
  std::sort(out.begin(), out.end(), [](const DayRange& x, const DayRange& y) { return x.lo < y.lo; });
  std::vector<DayRange> merged;  // overlapping or touching ranges as one
  for (const DayRange& r : out)
    if (!merged.empty() && r.lo <= merged.back().hi + 1)
      merged.back().hi = std::max(merged.back().hi, r.hi);
    else
      merged.push_back(r);
  all.days = std::move(merged);
  using Span = CompiledSchedule::Span;
  std::sort(all.spans.begin(), all.spans.end(), [](const Span& x, const Span& y) { return x.lo_ms < y.lo_ms; });
  std::vector<Span> spans;
  for (const Span& r : all.spans)
    if (!spans.empty() && r.lo_ms <= spans.back().hi_ms)
      spans.back().hi_ms = std::max(spans.back().hi_ms, r.hi_ms);
    else
      spans.push_back(r);
  all.spans = std::move(spans);
  return all;
}

// The zone a lock names a phase's group by: exact durations fire on one
// timeline in every zone (the same phase, the same instants), so they count in
// UTC unless days of the week (local days) limit them; calendar units on the
// schedule's wall clock.
std::string phase_zone(const syntax::IntervalSyntax& s, const ParseOptions& options) {
  return s.unit == syntax::IntervalSyntax::Unit::seconds && s.weekdays == 0x7f ? "UTC" : options.time_zone;
}

// The phases a lock may place (0: none): a hashed phase, but not exact whole
// weeks limited to some local days (a phase moved to the next minute may leave
// the days), nor more than a lock's int holds. One rule for the balancer
// (interval_phase) and for reading a lock (balanced_phase).
std::uint64_t lock_slots(const syntax::IntervalSyntax& s) {
  const std::uint64_t slots = compiler::phase_slots(s);
  if (s.unit == syntax::IntervalSyntax::Unit::seconds && s.weekdays != 0x7f && s.count % (7 * 86400) == 0) return 0;
  return slots > static_cast<std::uint64_t>(std::numeric_limits<int>::max()) ? 0 : slots;
}

// The phase a balance lock gives this job's hashed interval, or nullopt (no
// lock, not in it, or nothing it may place). The phase is fc1's in every
// scheme, so the lock's scheme does not matter here.
std::optional<std::uint64_t> balanced_phase(const syntax::IntervalSyntax& s, const ParseOptions& options) {
  const std::uint64_t slots = lock_slots(s);
  if (!options.balance || options.seed.empty() || slots == 0) return std::nullopt;
  const std::vector<int>* values = options.balance->find(s.text, phase_zone(s, options), options.seed);
  if (!values) return std::nullopt;
  if (values->size() != 1 || (*values)[0] < 0 || static_cast<std::uint64_t>((*values)[0]) >= slots)
    throw Error(ErrorKind::lock,
                fmt::format("the balance lock gives this job the phase {}, and '{}' has phases 0 to {}: the lock was "
                            "made for another schedule; run fuzzycron balance again",
                            fmt::join(*values, ", "), balance_shape(s.text), slots - 1),
                s.text, s.column);
  return static_cast<std::uint64_t>((*values)[0]);
}

}  // namespace

bool reads_intervals(Dialect d) noexcept {
  return d == Dialect::standard || d == Dialect::quartz || d == Dialect::jenkins || d == Dialect::furiko;
}

Schedule parse_interval(std::string_view expression, const ParseOptions& options) {
  const syntax::IntervalSyntax s = syntax::parse_interval(expression);
  const TimeZone zone = TimeZone::locate(options.time_zone);
  const Interval iv =
      compiler::compile_interval(s, Access::zone(zone), options.dst_policy(), options.seed, balanced_phase(s, options));
  std::chrono::milliseconds shift{0};
  if (options.offset_window.count() > 0) {
    if (options.seed.empty())
      throw Error(ErrorKind::missing_seed,
                  "an offset window shifts each fire time by the seed's offset, and no seed was given");
    shift = seed_offset(options.seed, options.offset_window);
  }
  return with_limits(Access::make_interval(iv, zone, options.dst_policy(), shift), options);
}

namespace {

// The cron calendars of `except-cron`, each read in the schedule's dialect and zone.
std::vector<CompiledSchedule::Cron> except_crons(const ParseOptions& options) {
  std::vector<CompiledSchedule::Cron> out;
  ParseOptions plain = options;
  plain.except.clear(), plain.except_cron.clear(), plain.not_before.reset(), plain.not_after.reset();
  plain.offset_window = std::chrono::milliseconds{0};
  const std::string_view text = options.except_cron;
  for (const ListItem& each : list_items(text, ';')) {
    const std::string_view item = each.text;
    const int column = static_cast<int>(each.at) + 1;
    if (item.empty())
      throw Error(ErrorKind::argument, "except-cron: an empty expression (';' separates two)", std::string(text),
                  column);
    Schedule cron = [&] {
      try {
        return parse(item, plain);
      } catch (const Error& e) {
        throw Error(e.kind(), "except-cron: " + e.message(), std::string(text), column + std::max(e.column(), 1) - 1);
      }
    }();
    if (Access::is_interval(cron))
      throw Error(ErrorKind::argument, "except-cron: an interval is not a calendar: write a cron expression",
                  std::string(text), column);
    // Six fields or more hold seconds (first or last): matched by the second; else by the minute.
    std::size_t fields = 0;
    const auto blank = [](char ch) { return ch == ' ' || ch == '\t'; };
    for (std::size_t i = 0; i < item.size(); ++i) fields += !blank(item[i]) && (i == 0 || blank(item[i - 1]));
    const std::int64_t unit = fields >= 6 ? 1000 : 60'000;
    const auto& c = Access::compiled(cron);
    const bool whole_days = c.more.empty() && c.offset.count() == 0 && c.first.minutes == (1ull << 60) - 1 &&
                            c.first.hours == (1u << 24) - 1 && (unit == 60'000 || c.first.seconds == (1ull << 60) - 1);
    out.push_back({std::move(cron), unit, whole_days});
  }
  return out;
}

}  // namespace

Schedule with_limits(const Schedule& s, const ParseOptions& options) {
  if (!options.not_before && !options.not_after && options.except.empty() && options.except_cron.empty()) return s;
  engine::Limits limits;
  limits.not_before_ms = options.not_before ? options.not_before->time_since_epoch().count() : INT64_MIN;
  limits.not_after_ms = options.not_after ? options.not_after->time_since_epoch().count() : INT64_MAX;
  if (limits.not_before_ms > limits.not_after_ms)
    throw Error(ErrorKind::argument, "not-after comes before not-before: the schedule could never fire");
  if (!options.except.empty()) {
    CalendarExclusions x = excluded(options.except, Access::zone(s.zone()));
    limits.except = std::move(x.days);
    limits.except_spans = std::move(x.spans);
  }
  if (!options.except_cron.empty()) limits.except_crons = except_crons(options);
  limits.move = static_cast<CompiledSchedule::Move>(options.except_move);
  return Access::with_limits(s, std::move(limits));
}

}  // namespace fuzzycron::pipeline

namespace fuzzycron {

std::optional<IntervalPhase> interval_phase(std::string_view expression, const ParseOptions& options) {
  if (!pipeline::reads_intervals(options.dialect) || !is_every(expression)) return std::nullopt;
  const syntax::IntervalSyntax s = syntax::parse_interval(expression);
  const std::uint64_t slots = pipeline::lock_slots(s);
  if (slots == 0 || options.seed.empty()) return std::nullopt;
  return IntervalPhase{slots, compiler::drawn_phase(s, options.seed), pipeline::phase_zone(s, options)};
}

std::vector<ExceptItem> except_items(const ParseOptions& options) {
  std::vector<ExceptItem> items;
  if (!options.except.empty())
    pipeline::excluded(options.except, engine::Access::zone(TimeZone::locate(options.time_zone)), &items);
  return items;
}

}  // namespace fuzzycron
