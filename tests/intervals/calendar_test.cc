// Excluded days from iCalendar files (docs/calendars.md): the fires a
// schedule skips are exactly the occurrences libical's own expansion
// (icalcomponent_foreach_recurrence, walked here apart from the engine's
// reader) gives, for public holiday calendars and a file of recurring events.
#include <gtest/gtest.h>
#include <libical/ical.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "fuzzycron/parse.h"
#include "fuzzycron/rfc3339.h"
#include "testing.h"

namespace fuzzycron {
namespace {

using namespace std::chrono;
using testing::at;

const std::string kDir = FUZZYCRON_INTERVAL_CALENDARS;

// What libical says a file excludes: UTC dates of all-day occurrences, and
// [start, end) spans of timed ones, in seconds.
struct Expected {
  std::set<std::string> dates;
  std::vector<std::pair<std::int64_t, std::int64_t>> spans;
};

void collect(icalcomponent* comp, icaltime_span* span, void* data) {
  auto* e = static_cast<Expected*>(data);
  const icaltimetype start = icalcomponent_get_dtstart(comp);
  if (icaltime_is_date(start)) {
    // libical's span of an all-day event runs to the end of its DTEND day; RFC 5545's
    // DTEND is exclusive, so the days are counted from DTSTART and DTEND here.
    const icaltimetype end = icalcomponent_get_dtend(comp);
    const std::time_t days =
        icaltime_is_null_time(end) ? 1 : (icaltime_as_timet(end) - icaltime_as_timet(start)) / 86400;
    for (std::time_t d = span->start; d < span->start + days * 86400; d += 86400) {
      char buf[11];
      std::tm tm{};
      gmtime_r(&d, &tm);
      std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
      e->dates.insert(buf);
    }
  } else {
    e->spans.emplace_back(span->start, span->end);
  }
}

Expected expand(const std::string& path) {
  const std::string text = testing::read_text(path);
  icalcomponent* cal = icalparser_parse_string(text.c_str());
  Expected e;
  const icaltimetype from = icaltime_from_string("19700101T000000Z");
  const icaltimetype to = icaltime_from_string("21000101T000000Z");
  for (icalcomponent* ev = icalcomponent_get_first_component(cal, ICAL_VEVENT_COMPONENT); ev;
       ev = icalcomponent_get_next_component(cal, ICAL_VEVENT_COMPONENT))
    icalcomponent_foreach_recurrence(ev, from, to, collect, &e);
  icalcomponent_free(cal);
  return e;
}

std::string date_of(sys_milliseconds t) { return format_rfc3339(t, TimeZone::utc()).substr(0, 10); }

// Every hourly fire in [a, b) is skipped exactly when libical's expansion covers it.
void check_hourly(const std::string& file, const char* a, const char* b) {
  const Expected e = expand(kDir + "/" + file);
  ParseOptions o;
  o.except = kDir + "/" + file;
  const Schedule s = parse("0 * * * *", o);
  std::vector<sys_milliseconds> expected;
  for (sys_milliseconds t = at(a); t < at(b); t += hours{1}) {
    const std::int64_t sec = duration_cast<seconds>(t.time_since_epoch()).count();
    bool out = e.dates.count(date_of(t)) > 0;
    for (const auto& [lo, hi] : e.spans) out = out || (sec >= lo && sec < hi) || (lo == hi && sec == lo);
    if (!out) expected.push_back(t);
  }
  std::vector<sys_milliseconds> got;
  for (auto t : s.fires(at(a), at(b))) got.push_back(t);
  ASSERT_EQ(got.size(), expected.size()) << file;
  EXPECT_EQ(got, expected) << file;
  // prev() walks the same set back.
  std::vector<sys_milliseconds> back;
  for (auto t = s.prev(at(b)); t && *t >= at(a); t = s.prev(*t)) back.push_back(*t);
  std::reverse(back.begin(), back.end());
  EXPECT_EQ(back, expected) << file;
}

TEST(IcalCalendars, PublicHolidaysAsTheirListsSay) {
  const Expected de = expand(kDir + "/de-national-2026.ics");
  EXPECT_EQ(de.dates, (std::set<std::string>{"2026-01-01", "2026-04-03", "2026-04-06", "2026-05-01", "2026-05-14",
                                             "2026-05-25", "2026-10-03", "2026-12-25", "2026-12-26"}));
  EXPECT_EQ(expand(kDir + "/us-federal-2026.ics").dates.size(), 11u);
  check_hourly("de-national-2026.ics", "2025-12-30T00:00:00Z", "2027-01-02T00:00:00Z");
  check_hourly("us-federal-2026.ics", "2025-12-30T00:00:00Z", "2027-01-02T00:00:00Z");
  // Local dates: a fire at 09:00 in Berlin skips the holidays there, with a date list combined.
  ParseOptions o;
  o.time_zone = "Europe/Berlin";
  o.except = kDir + "/de-national-2026.ics, 2026-12-24";
  const Schedule s = parse("0 9 * * mon-fri", o);
  EXPECT_EQ(format_rfc3339(*s.next(at("2026-12-23T12:00:00Z")), s.zone()), "2026-12-28T09:00:00+01:00");
  EXPECT_EQ(format_rfc3339(*s.next(at("2026-04-02T12:00:00Z")), s.zone()), "2026-04-07T09:00:00+02:00");
}

TEST(IcalCalendars, RecurringEventsWithTheirExdatesZonesAndFloatingTimes) {
  check_hourly("recurring.ics", "2019-12-01T00:00:00Z", "2031-01-01T00:00:00Z");
  ParseOptions o;
  o.except = kDir + "/recurring.ics";
  const Schedule s = parse("0 * * * *", o);
  // The maintenance window: 02:00-04:00 Berlin on Mondays, not on the EXDATE'd 12th.
  EXPECT_EQ(s.next(at("2026-01-05T00:30:00Z")), at("2026-01-05T03:00:00Z"));
  EXPECT_EQ(s.next(at("2026-01-12T00:30:00Z")), at("2026-01-12T01:00:00Z"));
  // Christmas every year but 2027.
  EXPECT_EQ(s.next(at("2026-12-24T23:30:00Z")), at("2026-12-26T00:00:00Z"));
  EXPECT_EQ(s.next(at("2027-12-24T23:30:00Z")), at("2027-12-25T00:00:00Z"));
}

// A file of its own for one test, removed after it.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& text)
      : path(::testing::TempDir() + "fuzzycron-cal-" + std::to_string(reinterpret_cast<std::uintptr_t>(this)) +
             ".ics") {
    std::ofstream(path) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
};

std::string error_of(const std::string& except) {
  ParseOptions o;
  o.except = except;
  try {
    parse("0 * * * *", o);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::argument);
    return e.message();
  }
  return "parsed";
}

TEST(IcalCalendars, BadFilesAreRefusedNamingTheFileNeverHang) {
  EXPECT_NE(error_of("/nonexistent/holidays.ics").find("cannot be read"), std::string::npos);
  EXPECT_NE(error_of(kDir + "/README.md").find("not an iCalendar file"), std::string::npos);
  const std::string head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:x\r\n";
  const std::string tail = "END:VEVENT\r\nEND:VCALENDAR\r\n";
  const TempFile unknown_zone(head + "DTSTART;TZID=Mars/Olympus:20260101T000000\r\n" + tail);
  EXPECT_NE(error_of(unknown_zone.path).find("'Mars/Olympus' does not exist"), std::string::npos)
      << error_of(unknown_zone.path);
  const TempFile endless(head + "DTSTART:20260101T000000Z\r\nRRULE:FREQ=MINUTELY\r\n" + tail);
  EXPECT_NE(error_of(endless.path).find("more than 100000 occurrences"), std::string::npos) << error_of(endless.path);
  const TempFile empty("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n");
  EXPECT_NE(error_of(empty.path).find("no VEVENT"), std::string::npos);
  // An unbounded daily rule is expanded to the horizon (2100), not refused.
  const TempFile daily(head + "DTSTART;VALUE=DATE:20260101\r\nRRULE:FREQ=DAILY;INTERVAL=2\r\n" + tail);
  ParseOptions o;
  o.except = daily.path;
  const Schedule s = parse("0 12 * * *", o);
  EXPECT_EQ(s.next(at("2026-01-01T00:00:00Z")), at("2026-01-02T12:00:00Z"));
  EXPECT_EQ(s.next(at("2099-12-30T00:00:00Z")), at("2099-12-31T12:00:00Z"));  // the 30th is an even day: off
  // Past the horizon the rule is not expanded: every day fires (docs/calendars.md).
  EXPECT_EQ(s.next(at("2101-01-01T00:00:00Z")), at("2101-01-01T12:00:00Z"));
  EXPECT_EQ(s.next(at("2101-01-01T12:00:00Z")), at("2101-01-02T12:00:00Z"));
}

}  // namespace
}  // namespace fuzzycron
