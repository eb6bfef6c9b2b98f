#include "tools/export_guard.h"

#include "fuzzycron/options.h"

#include <date/date.h>
#include <fmt/format.h>

#include <algorithm>
#include <bitset>

namespace fuzzycron::tools {
namespace {

using std::chrono::milliseconds;

// Single quotes for the shell: 'it'\''s'.
std::string shell_quote(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// "0,30" or "*" for the values set in `used` (of [lo, hi]).
template <std::size_t N>
std::string field(const std::bitset<N>& used, int lo, int hi) {
  if (static_cast<int>(used.count()) == hi - lo + 1) return "*";
  std::string out;
  for (int v = lo; v <= hi; ++v)
    if (used[static_cast<std::size_t>(v)]) out += (out.empty() ? "" : ",") + std::to_string(v);
  return out;
}

}  // namespace

bool needs_guard(std::string_view schedule, const ParseOptions& o) {
  return (o.dialect != Dialect::kubernetes && is_every(schedule)) || !o.except.empty() || !o.except_cron.empty() ||
         o.not_before || o.not_after;
}

ParseOptions without_limits(ParseOptions o) {
  o.except.clear();
  o.except_cron.clear();
  o.except_move = ParseOptions::Move::skip;
  o.not_before.reset();
  o.not_after.reset();
  return o;
}

std::string finest_cron(const Schedule& s, sys_milliseconds from) {
  std::bitset<60> minutes;
  std::bitset<24> hours;
  std::bitset<32> days;     // of the month, 1-31
  std::bitset<7> weekdays;  // 0 = Sunday
  std::bitset<13> months;   // 1-12
  const auto to = from + std::chrono::days{8 * 366};
  for (auto t : s.fires(from, to)) {
    const auto local = t + s.zone().offset(std::chrono::floor<std::chrono::seconds>(t));
    const auto day = std::chrono::floor<date::days>(local);
    const auto in_day = local - day;
    if (in_day % std::chrono::minutes{1} != milliseconds{0})
      throw Error(ErrorKind::unsupported,
                  fmt::format("it fires off the whole minute ({}): a cron target fires at whole minutes",
                              format_rfc3339(t, s.zone())),
                  "", 1);
    const date::year_month_day ymd{day};
    minutes.set(static_cast<std::size_t>(std::chrono::floor<std::chrono::minutes>(in_day).count() % 60));
    hours.set(static_cast<std::size_t>(std::chrono::floor<std::chrono::hours>(in_day).count()));
    days.set(static_cast<unsigned>(ymd.day()));
    weekdays.set(date::weekday{day}.c_encoding());
    months.set(static_cast<unsigned>(ymd.month()));
    if (minutes.all() && hours.all() && days.count() == 31 && weekdays.all() && months.count() == 12) break;
  }
  // One day field: standard cron fires on either when both are restricted.
  const std::string dom = field(days, 1, 31), dow = field(weekdays, 0, 6);
  const bool by_weekday = dom == "*" || (dow != "*" && weekdays.count() * 31 < days.count() * 7);
  return fmt::format("{} {} {} {} {}", field(minutes, 0, 59), field(hours, 0, 23), by_weekday ? "*" : dom,
                     field(months, 1, 12), by_weekday ? dow : "*");
}

bool same_fires(const Schedule& a, const Schedule& b, sys_milliseconds from) {
  const auto to = from + std::chrono::days{8 * 366};
  for (std::optional<sys_milliseconds> x = from, y = from; x && *x < to;) {
    x = a.next(*x), y = b.next(*y);
    if (x != y) return false;
  }
  return true;
}

std::vector<sys_milliseconds> guarded_fires(const Schedule& s, const std::vector<sys_milliseconds>& target,
                                            milliseconds window) {
  std::vector<sys_milliseconds> out;
  for (auto t : target) {
    const auto fire = s.prev(t + milliseconds{1});
    if (fire && *fire > t - window) out.push_back(t);
  }
  return out;
}

milliseconds guard_window(const std::vector<sys_milliseconds>& target) {
  milliseconds gap = std::chrono::days{1};
  for (std::size_t i = 1; i < target.size(); ++i) gap = std::min(gap, target[i] - target[i - 1]);
  return gap;
}

std::string duration_text(milliseconds d) {
  const std::pair<long long, const char*> units[] = {{86400000, "d"}, {3600000, "h"}, {60000, "m"}, {1000, "s"}};
  for (const auto& [ms, unit] : units)
    if (d.count() % ms == 0) return std::to_string(d.count() / ms) + unit;
  return std::to_string(d.count()) + "ms";
}

std::string guarded_command(std::string_view text, const ParseOptions& o, milliseconds window,
                            std::string_view command) {
  std::string out = "exec fuzzycron due " + shell_quote(text) + " -d " + std::string(dialect_name(o.dialect)) + " -z " +
                    shell_quote(o.time_zone) + " --dst " + o.dst_policy().name();
  if (!o.except.empty()) out += " --except " + shell_quote(o.except);
  if (!o.except_cron.empty()) out += " --except-cron " + shell_quote(o.except_cron);
  if (o.except_move != ParseOptions::Move::skip)
    out += " --except-move " + std::string(find_option("except-move")->values[static_cast<std::size_t>(o.except_move)]);
  if (o.not_before) out += " --not-before " + format_rfc3339(*o.not_before, TimeZone::utc());
  if (o.not_after) out += " --not-after " + format_rfc3339(*o.not_after, TimeZone::utc());
  return out + " --window " + duration_text(window) + " -- /bin/sh -c " + shell_quote(command);
}

}  // namespace fuzzycron::tools
