#include "fuzzycron/rfc3339.h"

#include <date/date.h>
#include <fmt/format.h>

#include "engine/zone.h"

namespace fuzzycron {
namespace {

bool digits(std::string_view s, std::size_t at, std::size_t n, int& out) {
  if (at + n > s.size()) return false;
  int v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  out = v;
  return true;
}

}  // namespace

std::optional<sys_milliseconds> parse_rfc3339(std::string_view s) noexcept {
  int y, mo, d, h, mi, sec;
  if (!digits(s, 0, 4, y) || s.size() < 19 || s[4] != '-' || !digits(s, 5, 2, mo) || s[7] != '-' ||
      !digits(s, 8, 2, d) || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || !digits(s, 11, 2, h) || s[13] != ':' ||
      !digits(s, 14, 2, mi) || s[16] != ':' || !digits(s, 17, 2, sec))
    return std::nullopt;
  const date::year_month_day ymd{date::year{y}, date::month(unsigned(mo)), date::day(unsigned(d))};
  if (y < 1 || !ymd.ok() || h > 23 || mi > 59 || sec > 59) return std::nullopt;
  std::size_t i = 19;
  long long ms = 0;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t start = i;
    int scale = 100;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      ms += (s[i] - '0') * scale;  // digits past milliseconds are truncated
      scale /= 10;
      ++i;
    }
    if (i == start) return std::nullopt;
  }
  int offset = 0;
  if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
    ++i;
  } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    int oh, om;
    if (!digits(s, i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' || !digits(s, i + 4, 2, om) || oh > 23 ||
        om > 59)
      return std::nullopt;
    offset = (oh * 3600 + om * 60) * (s[i] == '-' ? -1 : 1);
    i += 6;
  } else {
    return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  const auto local = date::sys_days{ymd} + std::chrono::hours{h} + std::chrono::minutes{mi} +
                     std::chrono::seconds{sec} - std::chrono::seconds{offset};
  return std::chrono::time_point_cast<std::chrono::milliseconds>(local) + std::chrono::milliseconds{ms};
}

std::string format_rfc3339(sys_milliseconds t, TimeZone zone, bool utc_z) {
  const auto secs = std::chrono::floor<std::chrono::seconds>(t);
  const auto off = zone.offset(secs);
  const auto local = t + off;
  const auto day = std::chrono::floor<date::days>(local);
  const date::year_month_day ymd{day};
  const date::hh_mm_ss<std::chrono::milliseconds> tod{local - day};
  std::string out = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}", int(ymd.year()), unsigned(ymd.month()),
                                unsigned(ymd.day()), tod.hours().count(), tod.minutes().count(), tod.seconds().count());
  if (tod.subseconds().count() != 0) out += fmt::format(".{:03}", tod.subseconds().count());
  if (utc_z && zone == TimeZone::utc()) return out + "Z";
  const long o = static_cast<long>(off.count());
  const long a = o < 0 ? -o : o;
  out += fmt::format("{}{:02}:{:02}", o < 0 ? '-' : '+', a / 3600, a / 60 % 60);
  if (a % 60) out += fmt::format(":{:02}", a % 60);  // pre-1900 LMT offsets carry seconds
  return out;
}

std::string format_rfc3339(std::chrono::sys_seconds t, TimeZone zone, bool utc_z) {
  return format_rfc3339(sys_milliseconds{t}, zone, utc_z);
}

}  // namespace fuzzycron
