#include "pipeline/ical.h"

#include <fmt/format.h>

#include <fstream>
#include <set>
#include <sstream>

#include "engine/interval.h"
#include "fuzzycron/dst_policy.h"
#include "fuzzycron/error.h"

#ifdef FUZZYCRON_HAVE_LIBICAL
#include <libical/ical.h>
#endif

namespace fuzzycron::pipeline {

using engine::days_from_civil;
using engine::instants_of_local;

#ifndef FUZZYCRON_HAVE_LIBICAL

CalendarExclusions read_ical_file(const std::string& path, const Zone&, const std::string& text, int column) {
  throw Error(ErrorKind::argument,
              fmt::format("except: {}: reading iCalendar files needs libical (Debian: libical-dev), and this "
                          "build was made without it; list the dates instead (YYYY-MM-DD,...)",
                          path),
              text, column);
}

#else

namespace {

struct Owned {  // the parsed calendar, freed on every path out
  icalcomponent* c;
  ~Owned() {
    if (c) icalcomponent_free(c);
  }
};

std::int64_t day_of(const icaltimetype& t) {
  return days_from_civil(t.year, static_cast<unsigned>(t.month), static_cast<unsigned>(t.day));
}

}  // namespace

CalendarExclusions read_ical_file(const std::string& path, const Zone& zone, const std::string& text, int column) {
  auto fail = [&](const std::string& why) {
    return Error(ErrorKind::argument, fmt::format("except: {}: {}", path, why), text, column);
  };
  std::ifstream in(path, std::ios::binary);
  if (!in) throw fail("cannot be read");
  std::string data;
  data.resize(kIcalMaxBytes + 1);
  in.read(data.data(), static_cast<std::streamsize>(data.size()));
  data.resize(static_cast<std::size_t>(in.gcount()));
  if (data.size() > kIcalMaxBytes) throw fail("larger than 16 MiB: not read");
  if (data.find("BEGIN:VCALENDAR") == std::string::npos) throw fail("not an iCalendar file (no BEGIN:VCALENDAR)");
  icalerror_set_errors_are_fatal(0);
  Owned cal{icalparser_parse_string(data.c_str())};
  if (!cal.c || icalcomponent_isa(cal.c) != ICAL_VCALENDAR_COMPONENT) throw fail("not an iCalendar file");
  CalendarExclusions out;
  std::size_t occurrences = 0;
  for (icalcomponent* ev = icalcomponent_get_first_component(cal.c, ICAL_VEVENT_COMPONENT); ev;
       ev = icalcomponent_get_next_component(cal.c, ICAL_VEVENT_COMPONENT)) {
    icalproperty* start_prop = icalcomponent_get_first_property(ev, ICAL_DTSTART_PROPERTY);
    if (!start_prop) continue;  // RFC 5545 lets a VEVENT without DTSTART be (with METHOD); nothing to exclude
    const icaltimetype start = icalcomponent_get_dtstart(ev);
    if (icaltime_is_null_time(start) || !icaltime_is_valid_time(start))
      throw fail("a VEVENT has a DTSTART that is not a date");
    const bool all_day = icaltime_is_date(start);
    // A TZID the file does not define and libical does not know would silently read as floating time.
    if (icalparameter* tzid = icalproperty_get_first_parameter(start_prop, ICAL_TZID_PARAMETER); tzid && !start.zone)
      throw fail(fmt::format("the zone '{}' does not exist", icalparameter_get_tzid(tzid)));
    ++out.events;
    out.timed += !all_day;
    // Its length: DTEND (or DURATION) - DTSTART; a day for an all-day event without one.
    const icaltimetype end = icalcomponent_get_dtend(ev);
    auto instant = [&](const icaltimetype& t) -> std::int64_t {
      if (t.zone || icaltime_is_utc(t))
        return icaltime_as_timet_with_zone(t, t.zone ? t.zone : icaltimezone_get_utc_timezone());
      std::int64_t at[2];  // floating: the schedule's wall clock
      const std::int64_t local = day_of(t) * 86400 + t.hour * 3600 + t.minute * 60 + t.second;
      instants_of_local(zone, local, static_cast<std::uint8_t>(DstPolicy::Gap::shift),
                        static_cast<std::uint8_t>(DstPolicy::Overlap::first), at);
      return at[0];
    };
    std::int64_t length = 0;  // days, or seconds
    if (all_day)
      length = icaltime_is_null_time(end) ? 1 : std::max<std::int64_t>(1, day_of(end) - day_of(start));
    else if (!icaltime_is_null_time(end))
      length = std::max<std::int64_t>(0, instant(end) - instant(start));
    // EXDATEs, compared as the occurrences are: dates, or instants.
    std::set<std::int64_t> skipped;
    for (icalproperty* p = icalcomponent_get_first_property(ev, ICAL_EXDATE_PROPERTY); p;
         p = icalcomponent_get_next_property(ev, ICAL_EXDATE_PROPERTY)) {
      icaltimetype x = icalproperty_get_exdate(p);
      if (icalparameter* tzid = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER))
        x = icaltime_set_timezone(&x, icaltimezone_get_builtin_timezone(icalparameter_get_tzid(tzid)));
      skipped.insert(all_day ? day_of(x) : instant(x));
    }
    auto add = [&](const icaltimetype& t) {
      if (++occurrences > kIcalMaxOccurrences)
        throw fail(
            fmt::format("expands to more than {} occurrences before {}: give its rules an end (UNTIL or "
                        "COUNT) or fewer repeats",
                        kIcalMaxOccurrences, kIcalHorizonYear));
      if (all_day) {
        const std::int64_t d = day_of(t);
        if (!skipped.count(d)) out.days.push_back({d, d + length - 1});
      } else {
        const std::int64_t s = instant(t);
        if (!skipped.count(s)) out.spans.push_back({s * 1000, (s + std::max<std::int64_t>(length, 1)) * 1000});
      }
    };
    icalproperty* rrule = icalcomponent_get_first_property(ev, ICAL_RRULE_PROPERTY);
    if (!rrule) {
      add(start);
    } else {
      icalrecur_iterator* it = icalrecur_iterator_new(icalproperty_get_rrule(rrule), start);
      if (!it) throw fail("a VEVENT has an RRULE libical cannot expand");
      struct Free {
        icalrecur_iterator* it;
        ~Free() { icalrecur_iterator_free(it); }
      } free_it{it};
      for (icaltimetype t = icalrecur_iterator_next(it); !icaltime_is_null_time(t) && t.year <= kIcalHorizonYear;
           t = icalrecur_iterator_next(it)) {
        if (!t.zone) t.zone = start.zone;  // the rule's times are in DTSTART's zone
        add(t);
      }
    }
    for (icalproperty* p = icalcomponent_get_first_property(ev, ICAL_RDATE_PROPERTY); p;
         p = icalcomponent_get_next_property(ev, ICAL_RDATE_PROPERTY)) {
      const icaldatetimeperiodtype r = icalproperty_get_rdate(p);
      if (!icaltime_is_null_time(r.time)) {
        icaltimetype t = r.time;
        if (!t.zone && !icaltime_is_utc(t)) t.zone = start.zone;
        add(t);
      }
    }
  }
  if (out.events == 0) throw fail("holds no VEVENT: nothing to exclude");
  return out;
}

#endif

}  // namespace fuzzycron::pipeline
