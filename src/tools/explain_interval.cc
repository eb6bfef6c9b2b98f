#include "tools/explain_interval.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <cstdlib>

#include <array>

#include "fuzzycron/balance.h"
#include "fuzzycron/calendar.h"
#include "fuzzycron/rfc3339.h"
#include "syntax/interval.h"

namespace fuzzycron::tools {
namespace {

using Unit = syntax::IntervalSyntax::Unit;

std::string plural(std::int64_t n, std::string_view one) {
  return n == 1 ? fmt::format("{}", one) : fmt::format("{} {}s", n, one);
}

std::string step_words(const syntax::IntervalSyntax& s) {
  if (s.unit == Unit::months) {
    if (s.count % 12 == 0) return "every " + plural(s.count / 12, "year");
    return "every " + plural(s.count, "month");
  }
  if (s.unit == Unit::days) {
    if (s.count % 7 == 0) return "every " + plural(s.count / 7, "week");
    return "every " + plural(s.count, "day");
  }
  const std::int64_t h = s.count / 3600, m = s.count / 60 % 60, sec = s.count % 60;
  std::string out;
  auto add = [&](std::int64_t n, std::string_view unit) {
    if (n == 0) return;
    out += (out.empty() ? "" : " ") +
           (n == 1 && out.empty() && unit != "second" ? std::string(unit) : fmt::format("{} {}s", n, unit));
  };
  add(h, "hour"), add(m, "minute"), add(sec, "second");
  if (out == "hour" || out == "minute" || out == "second") return "every " + out;
  return "every " + out;
}

std::string clock(std::int32_t s) {
  return s % 60 ? fmt::format("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                : fmt::format("{:02}:{:02}", s / 3600, s / 60 % 60);
}

std::string days_words(std::uint8_t bits) {
  static constexpr std::array<std::string_view, 7> kNames = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                             "Thursday", "Friday", "Saturday"};
  if (bits == 0x7f) return "";
  if (bits == 0x3e) return ", Monday to Friday";
  if (bits == 0x41) return ", on Saturdays and Sundays";
  std::string out;
  for (int d = 1; d <= 7; ++d)
    if (bits >> (d % 7) & 1) out += (out.empty() ? "" : ", ") + std::string(kNames[static_cast<std::size_t>(d % 7)]);
  return ", on " + out;
}

}  // namespace

std::string limits_words(const ParseOptions& options) {
  std::string out;
  if (options.not_before) out += ", not before " + format_rfc3339(*options.not_before, TimeZone::utc());
  if (options.not_after) out += ", not after " + format_rfc3339(*options.not_after, TimeZone::utc());
  if (!options.except.empty()) {
    // Dates as written; a file by what it holds ("the 11 holidays in holidays.ics").
    std::vector<std::string> parts;
    for (const auto& item : except_items(options)) {
      if (!item.file) {
        parts.push_back(item.text);
        continue;
      }
      const char* what =
          item.all_day ? (item.events == 1 ? "holiday" : "holidays") : (item.events == 1 ? "event" : "events");
      parts.push_back(fmt::format("the {} {} in {}", item.events, what, item.text));
    }
    out += ", except on ";
    for (std::size_t i = 0; i < parts.size(); ++i)
      out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
    switch (options.except_move) {
      case ParseOptions::Move::skip: break;
      case ParseOptions::Move::following: out += " (a fire then moves to the next day allowed)"; break;
      case ParseOptions::Move::preceding: out += " (a fire then moves to the previous day allowed)"; break;
      case ParseOptions::Move::modified_following:
        out += " (a fire then moves to the next day allowed in its month, else the previous one)";
        break;
    }
  }
  if (!options.except_cron.empty()) out += ", except when " + options.except_cron + " matches";
  return out;
}

std::optional<Explanation> explain_interval(std::string_view expression, const ParseOptions& options) {
  const auto d = options.dialect;
  if (!(d == Dialect::standard || d == Dialect::quartz || d == Dialect::jenkins || d == Dialect::furiko) ||
      !syntax::is_every(expression))
    return std::nullopt;
  ParseOptions check = options;  // validates everything; the phase needs a seed, a description does not
  if (check.seed.empty()) check.seed = Seed({"explain"});
  const Schedule schedule = parse(expression, check);
  const syntax::IntervalSyntax s = syntax::parse_interval(expression);
  // The lock's phase for this job, if it names one.
  const auto phase = options.balance ? interval_phase(expression, options) : std::nullopt;
  const std::vector<int>* locked = phase ? options.balance->find(expression, phase->zone, options.seed) : nullptr;
  Explanation out;
  out.zone = std::string(schedule.zone().name());
  std::string sentence = step_words(s);
  sentence[0] = static_cast<char>(sentence[0] - 'a' + 'A');
  if (s.unit == Unit::seconds)
    sentence += s.window ? "" : " (an exact duration)";
  else
    sentence += " (on the calendar: the same time of day across DST changes)";
  if (s.window)
    sentence += fmt::format(" between {} and {}, starting again at {} each day", clock(s.window_lo), clock(s.window_hi),
                            clock(s.window_lo));
  if (s.from) {
    const auto& a = *s.from;
    sentence += fmt::format(", from {:04}-{:02}-{:02}T{:02}:{:02}", a.year, a.month, a.day, a.hour, a.minute);
    if (a.second) sentence += fmt::format(":{:02}", a.second);
    if (a.offset_seconds)
      sentence += *a.offset_seconds == 0
                      ? "Z"
                      : fmt::format("{}{:02}:{:02}", *a.offset_seconds < 0 ? '-' : '+',
                                    std::abs(*a.offset_seconds) / 3600, std::abs(*a.offset_seconds) / 60 % 60);
  } else if (!s.window) {
    if (locked)
      sentence += ", at the phase the balance lock gives the job";
    else
      sentence += options.seed.parts().size() >= 2 ? ", at a stable phase chosen from the host and the job's name"
                                                   : ", at a stable phase chosen from the job's name";
  }
  sentence += days_words(s.weekdays);
  if (schedule.never()) sentence = "Never fires: " + sentence;
  out.sentences.push_back(sentence + limits_words(options) + ", in " + out.zone + ".");
  out.dst = s.unit == Unit::seconds && !s.window
                ? "exact durations: DST changes move no fire time"
                : "a time of day the clocks skip fires as the DST policy says (" + options.dst_policy().name() + ")";
  if (!s.from && !s.window && !options.seed.empty()) {
    // The phase as the first fire time from the epoch (Monday 2000-01-03, docs/intervals.md).
    const auto epoch = *parse_rfc3339("2000-01-03T00:00:00Z") - std::chrono::hours{14};
    const auto first_fire = [&](const ParseOptions& o) -> std::optional<std::string> {
      if (const auto first = parse(expression, o).next(epoch))
        return fmt::format("fires at {} and every {} from there", format_rfc3339(*first, schedule.zone()),
                           step_words(s).substr(6));
      return std::nullopt;
    };
    out.resolved = first_fire(options);
    if (locked) {
      const BalanceGroup* g = options.balance->group(balance_shape(expression), phase->zone);
      ParseOptions plain = options;
      plain.balance.reset();
      out.balanced = fmt::format(
          "balanced by the lock: phase [{}] in '{}' ({}; {} jobs in {} phases, at most {} a phase); the seed's own "
          "phase {}",
          fmt::join(*locked, ", "), g->shape, g->zone, g->jobs.size(), g->slots, g->capacity,
          first_fire(plain).value_or("never fires"));
    }
  }
  return out;
}

}  // namespace fuzzycron::tools
