// The text of anchored intervals (located errors, the dialects that read it),
// the hashed phase, bounds and excluded days on any schedule, and missed().
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "fuzzycron/missed.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/rfc3339.h"
#include "testing.h"

namespace fuzzycron {
namespace {

using namespace std::chrono;
using testing::at;

ParseOptions in(const char* zone, Dialect d = Dialect::standard) {
  ParseOptions o;
  o.time_zone = zone;
  o.dialect = d;
  return o;
}

// The error parse() throws: kind, column and message.
Error error_of(const char* expr, const ParseOptions& o = {}) {
  try {
    parse(expr, o);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "parsed: " << expr;
  return Error(ErrorKind::argument, "");
}

TEST(IntervalText, MistakesAreLocated) {
  struct Bad {
    const char* expr;
    int column;
    const char* says;
  };
  for (const Bad& b : {Bad{"@every 0m", 8, "longer than zero"}, Bad{"@every -5m", 8, "negative"},
                       Bad{"@every 5x", 9, "unknown unit 'x'"}, Bad{"@every 5", 9, "needs a unit"},
                       Bad{"@every 250ms", 11, "whole seconds"}, Bad{"@every 1d12h", 12, "do not combine"},
                       Bad{"@every", 7, "needs an interval"}, Bad{"@every 2w from 2026-02-30T09:00", 16, "not a date"},
                       Bad{"@every 2w from 2026-01-06 09:00", 27, "unexpected '09:00'"},
                       Bad{"@every 2w from 2026-01-06T9:00", 28, "hour"},
                       Bad{"@every 25m between 17:00 and 09:00", 30, "ends before it starts"},
                       Bad{"@every 2d between 09:00 and 17:00", 8, "a day or less"},
                       Bad{"@every 1h on mon-fry", 18, "'fry' is not a day"},
                       Bad{"@every 1h from 2026-01-01T00:00Z from 2026-01-02T00:00Z", 34, "given twice"}}) {
    const Error e = error_of(b.expr);
    EXPECT_EQ(e.kind(), ErrorKind::syntax) << b.expr;
    EXPECT_EQ(e.column(), b.column) << b.expr << ": " << e.message();
    EXPECT_NE(e.message().find(b.says), std::string::npos) << b.expr << ": " << e.message();
  }
}

TEST(IntervalText, AnAnchorInADstGapIsRefusedWithItsZone) {
  const Error e = error_of("@every 1d from 2026-03-08T02:30", in("America/New_York"));
  EXPECT_EQ(e.column(), 16);
  EXPECT_NE(e.message().find("does not exist in America/New_York"), std::string::npos) << e.message();
  // With an offset it is an instant, and the wall time of every fire is that instant's.
  const Schedule s = parse("@every 1d from 2026-03-08T02:30-05:00", in("America/New_York"));
  EXPECT_EQ(format_rfc3339(*s.next(at("2026-03-08T00:00:00Z")), s.zone()), "2026-03-08T03:30:00-04:00");
  EXPECT_EQ(format_rfc3339(*s.next(at("2026-03-09T00:00:00Z")), s.zone()), "2026-03-09T03:30:00-04:00");
}

TEST(IntervalText, WithoutFromNeedsASeedAndSaysHowToAnchor) {
  const Error e = error_of("@every 6h");
  EXPECT_EQ(e.kind(), ErrorKind::missing_seed);
  EXPECT_NE(e.message().find("from"), std::string::npos);
  // A daily window is its own anchor.
  EXPECT_NO_THROW(parse("@every 25m between 09:00 and 17:00"));
}

TEST(IntervalText, ReadInFuzzycronsDialectsButNotAsRobfigsEvery) {
  for (Dialect d : {Dialect::standard, Dialect::quartz, Dialect::jenkins, Dialect::furiko}) {
    const Schedule s = parse("@every 90m from 2026-01-01T00:00Z", in("UTC", d));
    EXPECT_EQ(s.next(at("2026-01-01T00:00:00Z")), at("2026-01-01T01:30:00Z"));
  }
  // Kubernetes keeps robfig's @every (which has no fire times of its own): refused as before.
  EXPECT_THROW(parse("@every 90m from 2026-01-01T00:00Z", in("UTC", Dialect::kubernetes)), Error);
  EXPECT_THROW(parse("@every 90m", in("UTC", Dialect::kubernetes)), Error);
}

TEST(HashedPhase, StableForASeedSpreadAcrossSeedsAndOnTheEpochsGrid) {
  ParseOptions o;
  std::set<long long> phases;
  for (int i = 0; i < 200; ++i) {
    o.seed = Seed({"job-" + std::to_string(i)});
    const Schedule s = parse("@every 6h", o);
    EXPECT_EQ(parse("@every 6h", o), s);  // the same seed, the same schedule
    const auto f = *s.next(at("2026-01-01T00:00:00Z"));
    const long long since_epoch = duration_cast<seconds>(f - at("2000-01-03T00:00:00Z")).count();
    EXPECT_EQ(since_epoch % 60, 0);  // whole minutes, as H draws
    phases.insert(since_epoch % 21600);
    EXPECT_EQ(*s.next(f) - f, hours{6});
  }
  // 200 seeds in 360 minutes: a uniform draw leaves 360 (1 - e^(-200/360)) = 153 distinct on average.
  EXPECT_GT(phases.size(), 135u);
  EXPECT_LT(phases.size(), 171u);
  // Weeks: the phase is a day of the week and a minute, on the wall clock.
  std::set<int> seen_days;
  for (int i = 0; i < 100; ++i) {
    o.seed = Seed({"weekly-" + std::to_string(i)});
    o.time_zone = "Europe/Berlin";
    const Schedule s = parse("@every 1w", o);
    const auto f = *s.next(at("2026-03-20T00:00:00Z"));
    const auto g = *s.next(f);
    EXPECT_EQ(format_rfc3339(f, s.zone()).substr(11, 5), format_rfc3339(g, s.zone()).substr(11, 5));
    seen_days.insert(static_cast<int>(duration_cast<std::chrono::days>(f - at("2000-01-03T00:00:00Z")).count() % 7));
  }
  EXPECT_EQ(seen_days.size(), 7u);
}

TEST(Bounds, NotBeforeAndNotAfterIncludeTheirInstantOnAnySchedule) {
  for (const char* expr : {"0 * * * *", "@every 1h from 2026-01-01T00:00Z"}) {
    ParseOptions o;
    o.not_before = at("2026-03-01T05:00:00Z");
    o.not_after = at("2026-03-01T08:00:00Z");
    const Schedule s = parse(expr, o);
    EXPECT_EQ(s.next(at("2026-01-01T00:00:00Z")), at("2026-03-01T05:00:00Z")) << expr;
    EXPECT_EQ(s.next(at("2026-03-01T07:00:00Z")), at("2026-03-01T08:00:00Z")) << expr;
    EXPECT_EQ(s.next(at("2026-03-01T08:00:00Z")), std::nullopt) << expr;
    EXPECT_EQ(s.prev(at("2027-01-01T00:00:00Z")), at("2026-03-01T08:00:00Z")) << expr;
    EXPECT_EQ(s.prev(at("2026-03-01T05:00:00Z")), std::nullopt) << expr;
    int n = 0;
    for (auto t : s.fires(at("2026-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"))) ++n, (void)t;
    EXPECT_EQ(n, 4) << expr;
    EXPECT_NE(s, parse(expr));
  }
}

TEST(ExcludedDays, SkipTheirFiresInTheSchedulesZone) {
  ParseOptions o = in("America/New_York");
  o.except = "2026-12-25, 2026-12-31..2027-01-01";
  const Schedule s = parse("0 9 * * *", o);
  EXPECT_EQ(format_rfc3339(*s.next(at("2026-12-24T15:00:00Z")), s.zone()), "2026-12-26T09:00:00-05:00");
  EXPECT_EQ(format_rfc3339(*s.next(at("2026-12-30T15:00:00Z")), s.zone()), "2027-01-02T09:00:00-05:00");
  EXPECT_EQ(format_rfc3339(*s.prev(at("2027-01-02T00:00:00Z")), s.zone()), "2026-12-30T09:00:00-05:00");
  EXPECT_EQ(format_rfc3339(*s.prev(at("2026-12-26T00:00:00Z")), s.zone()), "2026-12-24T09:00:00-05:00");
  // A fire just after midnight UTC that is still the 24th in New York is kept.
  const Schedule late = parse("0 23 * * *", o);
  EXPECT_EQ(format_rfc3339(*late.next(at("2026-12-24T12:00:00Z")), late.zone()), "2026-12-24T23:00:00-05:00");
  // Every day excluded for a while: the search jumps over the range, whole.
  o.except = "2026-01-01..2030-12-31";
  EXPECT_EQ(format_rfc3339(*parse("* * * * *", o).next(at("2026-06-01T00:00:00Z")), s.zone()),
            "2031-01-01T00:00:00-05:00");
  for (const char* bad : {"2026-02-30", "2026-13-01", "26-01-01", "2026-01-05..2026-01-01"}) {
    o.except = bad;
    EXPECT_THROW(parse("0 9 * * *", o), Error) << bad;
  }
}

// Excluded days alone take a shorter path in next() (CompiledSchedule::days_only);
// a bound that never binds sends the same schedule down the general one. Both
// must give the same fires, across DST changes on excluded days and beside them.
TEST(ExcludedDays, TheShortPathFiresAsTheGeneralOne) {
  const char* days = "2026-03-08, 2026-03-29, 2026-04-05, 2026-06-01..2026-06-03, 2026-10-04, 2026-10-25, 2026-11-01";
  for (const char* zone : {"America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "UTC"}) {
    for (const char* expr : {"0 9 * * *", "30 2 * * *", "*/45 * * * *", "@every 90m from 2026-01-01T00:00Z"}) {
      ParseOptions o = in(zone);
      o.except = days;
      const Schedule short_path = parse(expr, o);
      o.not_after = at("2100-01-01T00:00:00Z");
      const Schedule general = parse(expr, o);
      auto t = at("2026-01-01T00:00:00Z");
      for (int n = 0; n < 20000 && t < at("2027-01-01T00:00:00Z"); ++n) {
        const auto a = short_path.next(t), b = general.next(t);
        ASSERT_EQ(a, b) << zone << " " << expr << " after " << format_rfc3339(t, TimeZone::utc());
        ASSERT_TRUE(a.has_value());
        t = *a;
      }
    }
  }
}

TEST(Missed, ThePoliciesOfTheRunner) {
  const Schedule hourly = parse("0 * * * *");
  const auto last = at("2026-03-01T08:00:00Z"), now = at("2026-03-01T12:30:00Z");
  auto runs = [&](MissedPolicy p) { return missed(hourly, last, now, p); };
  EXPECT_TRUE(runs({CatchUp::skip}).run.empty());
  EXPECT_EQ(runs({CatchUp::skip}).missed, 4u);  // 09:00 .. 12:00
  EXPECT_EQ(runs({CatchUp::latest}).run, std::vector{at("2026-03-01T12:00:00Z")});
  const Missed two = runs({CatchUp::all, 2});
  EXPECT_EQ(two.run, (std::vector{at("2026-03-01T11:00:00Z"), at("2026-03-01T12:00:00Z")}));
  EXPECT_EQ(two.skipped, 2u);
  EXPECT_EQ(two.first, at("2026-03-01T09:00:00Z"));
  EXPECT_EQ(two.last, at("2026-03-01T12:00:00Z"));
  // A starting deadline drops the old ones, whatever the policy.
  EXPECT_EQ(runs({CatchUp::all, 10, minutes{90}}).run,
            (std::vector{at("2026-03-01T11:00:00Z"), at("2026-03-01T12:00:00Z")}));
  EXPECT_TRUE(runs({CatchUp::latest, 1, minutes{20}}).run.empty());
  // A fire at `now` is missed; one at last_run is not.
  EXPECT_EQ(missed(hourly, at("2026-03-01T09:00:00Z"), at("2026-03-01T10:00:00Z"), {CatchUp::all, 5}).run,
            std::vector{at("2026-03-01T10:00:00Z")});
  // A dense schedule over a long downtime stops at max_looked, and says so.
  MissedPolicy capped{CatchUp::latest};
  capped.max_looked = 1000;
  const Missed m = missed(parse("* * * * * ?", in("UTC", Dialect::quartz)), last, now, capped);
  EXPECT_TRUE(m.capped);
  EXPECT_EQ(m.missed, 1000u);
}

// resolve() and parse_and_resolve() read intervals too (the runner and the
// JavaScript package compile through parse_and_resolve): a drawn phase is
// written out as `from` on the zone's wall clock, and the resolved text, parsed
// without a seed, fires exactly as the seeded schedule.
TEST(IntervalsResolve, TheResolvedTextFiresAsTheSeededSchedule) {
  for (const char* zone : {"UTC", "Europe/Berlin", "Australia/Sydney", "America/New_York", "Asia/Kolkata"})
    for (const char* expr : {"@every 6h", "@every 90m", "@every 45s", "@every 2w", "@every 3d on mon-fri", "@every 1mo",
                             "@every 1h30m", "@every 25m between 09:00 and 17:00", "@every 2w from 2026-01-06T09:00"}) {
      ParseOptions o = in(zone);
      o.seed = Seed({"web-1", "backup"});
      const ParsedAndResolved r = parse_and_resolve(expr, o);
      EXPECT_EQ(r.resolved, resolve(expr, o));
      EXPECT_EQ(r.resolved.find("H"), std::string::npos);
      const Schedule again = parse(r.resolved, in(zone));  // no seed needed now
      auto a = at("2026-02-27T00:00:00Z"), b = a;
      for (int k = 0; k < 40; ++k) {
        const auto x = r.schedule.next(a), y = again.next(b);
        ASSERT_EQ(x.has_value(), y.has_value()) << zone << " " << expr << " -> " << r.resolved;
        if (!x) break;
        ASSERT_EQ(*x, *y) << zone << " " << expr << " -> " << r.resolved << " at " << k;
        a = *x;
        b = *y;
      }
    }
  EXPECT_EQ(resolve("@every 2w from 2026-01-06T09:00", in("UTC")), "@every 2w from 2026-01-06T09:00");
}

}  // namespace
}  // namespace fuzzycron
