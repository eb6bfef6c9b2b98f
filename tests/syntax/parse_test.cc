#include <gtest/gtest.h>

#include <functional>

#include <chrono>
#include <set>

#include <date/date.h>

#include "fuzzycron/tools.h"
#include "testing.h"

namespace fuzzycron {
namespace {

using sys_seconds = sys_milliseconds;

ParseOptions in(Dialect d, std::string tz = "UTC") {
  ParseOptions o;
  o.dialect = d;
  o.time_zone = std::move(tz);
  return o;
}

Error rejection(std::string_view expr, ParseOptions o = {}) {
  try {
    parse(expr, o);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "accepted: " << expr;
  return Error(ErrorKind::syntax, "");
}

using testing::at;

std::vector<sys_seconds> first_fires(const Schedule& s, const char* from, int n) {
  std::vector<sys_seconds> out;
  auto t = at(from);
  for (int i = 0; i < n; ++i) {
    auto r = s.next(t);
    if (!r) break;
    out.push_back(*r);
    t = *r;
  }
  return out;
}

TEST(ParseErrors, OutOfRangeNamesFieldRangeAndColumn) {
  const auto e = rejection("0 0 * * 8");
  EXPECT_EQ(e.column(), 9);
  EXPECT_NE(e.message().find("day-of-week"), std::string::npos);
  EXPECT_NE(e.message().find("0-7"), std::string::npos);
  EXPECT_NE(e.with_caret().find("\n          ^"), std::string::npos) << e.with_caret();
}

TEST(ParseErrors, NoCaretWhenThereIsNoTextToPointAt) {
  EXPECT_EQ(Error(ErrorKind::missing_seed, "offset needs a seed").with_caret(), "offset needs a seed");
  EXPECT_EQ(Error(ErrorKind::argument, "the host list names no hosts", "", 0, 4).with_caret(),
            "the host list names no hosts (line 4)");
}

// One exception type for every rejection, told apart by its kind.
ErrorKind kind_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.kind();
  }
  ADD_FAILURE() << "no fuzzycron::Error thrown";
  return ErrorKind::syntax;
}

TEST(Errors, OneFamilyWithAKind) {
  using namespace std::chrono_literals;
  EXPECT_EQ(kind_of([] { parse("0 0 * * 8"); }), ErrorKind::syntax);
  EXPECT_EQ(kind_of([] { parse("H 0 * * *"); }), ErrorKind::missing_seed);
  ParseOptions spread_without_seed;
  spread_without_seed.offset_window = 15min;
  EXPECT_EQ(kind_of([&] { parse("0 0 * * *", spread_without_seed); }), ErrorKind::missing_seed);
  EXPECT_EQ(kind_of([] { Seed({"web", ""}); }), ErrorKind::bad_seed);
  EXPECT_EQ(kind_of([] { TimeZone::locate("Mars/Olympus"); }), ErrorKind::time_zone);
  ParseOptions on_mars;
  on_mars.time_zone = "Mars/Olympus";
  EXPECT_EQ(kind_of([&] { parse("0 0 * * *", on_mars); }), ErrorKind::time_zone);
  EXPECT_EQ(kind_of([] { parse("CRON_TZ=Mars/Olympus 0 0 * * *"); }), ErrorKind::time_zone);
  EXPECT_EQ(kind_of([] { resolve("0 0 L * *", ParseOptions{}, Dialect::standard); }), ErrorKind::syntax);
  ParseOptions quartz;
  quartz.dialect = Dialect::quartz;
  EXPECT_EQ(kind_of([&] { resolve("0 0 0 L * ?", quartz, Dialect::standard); }), ErrorKind::unsupported);
  EXPECT_EQ(kind_of([] { seed_offset(Seed({"x"}), 0ms); }), ErrorKind::argument);
  EXPECT_EQ(kind_of([] { parse_structured("{\"hour\": 25}"); }), ErrorKind::syntax);
  EXPECT_EQ(error_kind_name(ErrorKind::missing_seed), "missing-seed");
  // Library messages say what is missing, never how a front end gives it (no flags).
  try {
    parse("0 0 * * *", spread_without_seed);
  } catch (const Error& e) {
    EXPECT_NE(e.message().find("no seed was given"), std::string::npos) << e.message();
    EXPECT_EQ(e.message().find("--"), std::string::npos) << e.message();
  }
}

TEST(ParseErrors, ColumnsPointAtTheOffendingTerm) {
  EXPECT_EQ(rejection("1,,2 * * * *").column(), 3);
  EXPECT_EQ(rejection("0 5-3 * * *").column(), 5);  // the range end
  EXPECT_EQ(rejection("0 0 * * mon#2").column(), 12);
  EXPECT_EQ(rejection("*/0 * * * *").column(), 3);
  EXPECT_EQ(rejection("0 0 1-32 * *").column(), 7);
  EXPECT_EQ(rejection("  0 0 * jan-foo *").column(), 13);
}

TEST(ParseErrors, NumbersTooLargeForAnIntAreRejectedNotWrapped) {
  const auto e = rejection("*/99999999999999999999 * * * *");
  EXPECT_NE(e.message().find("too large"), std::string::npos);
  EXPECT_NE(rejection("99999999999 * * * *", in(Dialect::jenkins)).message().find("too large"), std::string::npos);
}

TEST(ParseErrors, FieldCountsSayWhatIsExpected) {
  EXPECT_NE(rejection("* * * *").message().find("expected 5 fields"), std::string::npos);
  EXPECT_NE(rejection("0 0 0 1", in(Dialect::quartz)).message().find("6 or 7"), std::string::npos);
  EXPECT_NE(rejection("0 0 0 1 1 ? 2026 x", in(Dialect::quartz)).message().find("6 or 7"), std::string::npos);
  EXPECT_NE(rejection("0 0 * * * 2024", in(Dialect::jenkins)).message().find("exactly 5"), std::string::npos);
}

TEST(ParseErrors, TrailingGarbageAndEmptyInput) {
  EXPECT_NE(rejection("5L * * * *").message().find("unexpected 'L'"), std::string::npos);
  EXPECT_NE(rejection("").message().find("found 0"), std::string::npos);
  EXPECT_NE(rejection("@daily garbage").message().find("stands alone"), std::string::npos);
  EXPECT_NE(rejection("@reboot").message().find("crontab"), std::string::npos);
  EXPECT_NE(rejection("@Daily").message().find("lower case"), std::string::npos);
}

TEST(ParseErrors, HashFormsWithoutASeedSayHowToGiveOne) {
  for (auto d : {Dialect::standard, Dialect::quartz, Dialect::jenkins, Dialect::furiko}) {
    const char* expr = d == Dialect::quartz ? "H * * * * ?" : "H * * * *";
    const auto e = rejection(expr, in(d));
    EXPECT_EQ(e.kind(), ErrorKind::missing_seed);
    EXPECT_NE(e.message().find("none was given"), std::string::npos) << e.message();
    EXPECT_EQ(e.column(), 1);
  }
  EXPECT_NE(rejection("0 # * * * ?", in(Dialect::quartz)).message().find("seed"), std::string::npos);
  EXPECT_NE(rejection("H(5-1) * * * *", in(Dialect::jenkins)).message().find("backwards"), std::string::npos);
  EXPECT_NE(rejection("H/61 * * * *", in(Dialect::jenkins)).message().find("larger"), std::string::npos);
}

TEST(ParseErrors, QuartzDayRule) {
  EXPECT_NE(rejection("0 0 12 4 * *", in(Dialect::quartz)).message().find("'?'"), std::string::npos);
  EXPECT_NE(rejection("0 0 0 ? * ?", in(Dialect::quartz)).message().find("only"), std::string::npos);
  EXPECT_NE(rejection("0 0 ? * * ?", in(Dialect::quartz)).message().find("hour"), std::string::npos);
  EXPECT_NE(rejection("0 0 0 L-31 * ?", in(Dialect::quartz)).message().find("0-30"), std::string::npos);
  EXPECT_NE(rejection("0 0 0 ? * 5#6", in(Dialect::quartz)).message().find("1-5"), std::string::npos);
  EXPECT_NE(rejection("0 0 0 ? * SAT,SUN,L", in(Dialect::quartz)).message().find("list"), std::string::npos);
}

TEST(ParseErrors, JenkinsMultiLineReportsTheLine) {
  const auto e = rejection("0 0 * * *\n61 * * * *", in(Dialect::jenkins));
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.column(), 1);
  EXPECT_EQ(e.text(), "61 * * * *");
  EXPECT_NE(rejection("5-3 * * * *", in(Dialect::jenkins)).message().find("you mean 3-5"), std::string::npos);
}

TEST(ParseErrors, UnknownZones) {
  EXPECT_NE(rejection("0 0 * * *", in(Dialect::standard, "Mars/Olympus")).message().find("unknown time zone"),
            std::string::npos);
  const auto e = rejection("CRON_TZ=Nowhere/City 0 0 * * *");
  EXPECT_EQ(e.column(), 9);
  const auto j = rejection("TZ=Nowhere/City\n0 0 * * *", in(Dialect::jenkins));
  EXPECT_EQ(j.line(), 1);
}

TEST(Parse, AliasesEqualTheirExpansion) {
  const char* from = "2026-02-10T10:00:00Z";
  for (auto [alias, expansion] : {std::pair{"@yearly", "0 0 1 1 *"},
                                  {"@annually", "0 0 1 1 *"},
                                  {"@monthly", "0 0 1 * *"},
                                  {"@weekly", "0 0 * * 0"},
                                  {"@daily", "0 0 * * *"},
                                  {"@midnight", "0 0 * * *"},
                                  {"@hourly", "0 * * * *"}})
    EXPECT_EQ(first_fires(parse(alias), from, 3), first_fires(parse(expansion), from, 3)) << alias;
}

TEST(Parse, NamesAnyCaseAndSundayAsSevenOrZero) {
  const char* from = "2026-02-10T10:00:00Z";
  EXPECT_EQ(first_fires(parse("0 0 * * sUn"), from, 4), first_fires(parse("0 0 * * 7"), from, 4));
  EXPECT_EQ(first_fires(parse("0 0 * * 0"), from, 4), first_fires(parse("0 0 * * 7"), from, 4));
  EXPECT_EQ(first_fires(parse("0 0 1 jAn-MaR *"), from, 4), first_fires(parse("0 0 1 1-3 *"), from, 4));
  // Standard X-0 in day-of-week runs through Sunday, also with a step.
  EXPECT_EQ(first_fires(parse("0 0 * * mon-0/2"), from, 8), first_fires(parse("0 0 * * 1,3,5,7"), from, 8));
}

TEST(Parse, SixStandardFieldsPutSecondsFirst) {
  const auto s = parse("30 0 12 * * *");
  EXPECT_EQ(*s.next(at("2026-02-10T10:00:00Z")), at("2026-02-10T12:00:30Z"));
}

TEST(Parse, StandardDayRuleIsOrOnlyWhenNeitherFieldStartsWithStar) {
  // The 1st and every Monday.
  const auto or_rule = first_fires(parse("0 0 1 * 1"), "2026-06-01T00:00:00Z", 3);
  EXPECT_EQ(or_rule, (std::vector{at("2026-06-08T00:00:00Z"), at("2026-06-15T00:00:00Z"), at("2026-06-22T00:00:00Z")}));
  // '*/2' starts with '*': odd days that are Mondays.
  EXPECT_EQ(first_fires(parse("0 0 */2 * 1"), "2026-06-01T00:00:00Z", 1), std::vector{at("2026-06-15T00:00:00Z")});
}

TEST(Parse, QuartzSpecials) {
  const auto o = in(Dialect::quartz);
  EXPECT_EQ(first_fires(parse("0 0 0 L-2 2 ?", o), "2027-01-01T00:00:00Z", 1), std::vector{at("2027-02-26T00:00:00Z")});
  // 2026-08-01 is a Saturday: 1W is Monday the 3rd, never July 31st.
  EXPECT_EQ(first_fires(parse("0 0 0 1W * ?", o), "2026-07-15T00:00:00Z", 1), std::vector{at("2026-08-03T00:00:00Z")});
  // 2026-05-31 is a Sunday: LW is Friday the 29th.
  EXPECT_EQ(first_fires(parse("0 0 0 LW * ?", o), "2026-05-01T00:00:00Z", 1), std::vector{at("2026-05-29T00:00:00Z")});
  EXPECT_EQ(first_fires(parse("0 0 0 ? * 6L", o), "2026-05-01T00:00:00Z", 1), std::vector{at("2026-05-29T00:00:00Z")});
  EXPECT_EQ(first_fires(parse("0 0 0 ? * MON#1", o), "2026-06-01T00:00:01Z", 1),
            std::vector{at("2026-07-06T00:00:00Z")});
  // Wrap-around ranges.
  EXPECT_EQ(first_fires(parse("0 0 22-2/2 * * ?", o), "2026-06-01T12:00:00Z", 3),
            (std::vector{at("2026-06-01T22:00:00Z"), at("2026-06-02T00:00:00Z"), at("2026-06-02T02:00:00Z")}));
}

TEST(Parse, QuartzYearsBoundTheSearch) {
  const auto s = parse("0 0 0 29 2 ? 2096-2104", in(Dialect::quartz));
  EXPECT_EQ(first_fires(s, "2096-03-01T00:00:00Z", 2), std::vector{at("2104-02-29T00:00:00Z")});
  EXPECT_FALSE(s.next(at("2104-03-01T00:00:00Z")));
  EXPECT_EQ(first_fires(parse("0 0 0 1 1 ? 2030,2035,2040,2045,2050", in(Dialect::quartz)), "2031-01-01T00:00:00Z", 9),
            (std::vector{at("2035-01-01T00:00:00Z"), at("2040-01-01T00:00:00Z"), at("2045-01-01T00:00:00Z"),
                         at("2050-01-01T00:00:00Z")}));
}

TEST(Parse, JenkinsMultiLineIsTheUnionOfItsLines) {
  const auto s = parse("# nightly\n0 6 * * *\n\n0 18 * * *", in(Dialect::jenkins));
  EXPECT_EQ(first_fires(s, "2026-06-01T07:00:00Z", 3),
            (std::vector{at("2026-06-01T18:00:00Z"), at("2026-06-02T06:00:00Z"), at("2026-06-02T18:00:00Z")}));
  EXPECT_TRUE(parse("# only a comment", in(Dialect::jenkins)).never());
}

TEST(Parse, ZonePrefixes) {
  const auto s = parse("CRON_TZ=America/New_York 0 9 * * *");
  EXPECT_EQ(s.zone().name(), "America/New_York");
  EXPECT_EQ(*s.next(at("2026-06-01T00:00:00Z")), at("2026-06-01T13:00:00Z"));
  EXPECT_EQ(parse("TZ=Asia/Tokyo\n0 0 1 * *", in(Dialect::jenkins)).zone().name(), "Asia/Tokyo");
}

TEST(Parse, FurikoLayouts) {
  ParseOptions o = in(Dialect::furiko);
  EXPECT_EQ(first_fires(parse("0 0 1 1 * 2030", o), "2026-01-01T00:00:00Z", 2),
            std::vector{at("2030-01-01T00:00:00Z")});
  EXPECT_EQ(*parse("15 30 9 * * * *", o).next(at("2026-01-01T00:00:00Z")), at("2026-01-01T09:30:15Z"));
  o.furiko.quartz_day_of_week = true;
  EXPECT_EQ(first_fires(parse("0 0 * * 1", o), "2026-06-01T00:00:00Z", 1), std::vector{at("2026-06-07T00:00:00Z")});
  EXPECT_THROW(parse("0 0 * * 0", o), Error);
}

}  // namespace
}  // namespace fuzzycron

namespace fuzzycron {
namespace {

// Found by fuzz_parse: a Quartz year step beyond 16 bits wrapped negative and
// next() answered a time before `from`.
TEST(Parse, HugeYearStepsPickTheFirstYearOnly) {
  ParseOptions o;
  o.dialect = Dialect::quartz;
  const auto from = *parse_rfc3339("2026-05-29T00:00:00Z");
  for (const char* expr : {"1 0 0 1 * ? /42100", "1 0 0 1 * ? 1/42100", "1 0 0 1 * ? 2000/32768"}) {
    const Schedule s = parse(expr, o);
    EXPECT_FALSE(s.next(from)) << expr;
    const auto p = s.prev(from);  // year 1 is beyond prev's 400-year search
    if (p) {
      EXPECT_LT(*p, from) << expr;
    }
  }
  const Schedule once = parse("0 0 0 1 1 ? 2000/32768", o);
  EXPECT_EQ(once.prev(from), parse_rfc3339("2000-01-01T00:00:00Z"));
}

// furiko's reference (gorhill's cronexpr as furiko patched it) reads 7 as 0
// and ends a day-of-week range written to Sunday on Saturday; a/n runs to 6.
TEST(Furiko, DayOfWeekRangesEndingInSundayStopAtSaturday) {
  const ParseOptions furiko = in(Dialect::furiko);
  auto weekdays = [&](const char* dow) {
    const Schedule s = parse(std::string("0 0 * * ") + dow, furiko);
    std::set<unsigned> days;
    for (auto t : s.fires(at("2026-03-02T00:00:00Z"), at("2026-03-16T00:00:00Z")))
      days.insert(date::weekday{std::chrono::floor<date::days>(t)}.c_encoding());
    return days;
  };
  using Days = std::set<unsigned>;
  EXPECT_EQ(weekdays("5-7"), (Days{5, 6}));
  EXPECT_EQ(weekdays("FRI-SUN"), (Days{5, 6}));
  EXPECT_EQ(weekdays("5-0"), (Days{5, 6}));
  EXPECT_EQ(weekdays("6-0"), (Days{6}));
  EXPECT_EQ(weekdays("7-7"), (Days{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(weekdays("0-7"), (Days{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(weekdays("1-7/2"), (Days{1, 3, 5}));
  EXPECT_EQ(weekdays("5/2"), (Days{5}));
  EXPECT_EQ(weekdays("7/3"), (Days{0, 3, 6}));
  EXPECT_EQ(weekdays("7"), (Days{0}));
  EXPECT_EQ(weekdays("1-5"), (Days{1, 2, 3, 4, 5}));
  // The standard dialect keeps cron's reading, and furiko's quartz format has no 7 to trip on.
  EXPECT_EQ(parse("0 0 * * 5-7").next(at("2026-03-07T12:00:00Z")), at("2026-03-08T00:00:00Z"));
  ParseOptions quartz_format = furiko;
  quartz_format.furiko.quartz_day_of_week = true;
  EXPECT_EQ(parse("0 0 * * 6-7", quartz_format).next(at("2026-03-07T12:00:00Z")), at("2026-03-13T00:00:00Z"));
}

// robfig/cron v3 ParseStandard, as Kubernetes CronJobs read schedules.
TEST(Kubernetes, RobfigGrammarAndStarRule) {
  const ParseOptions k8s = in(Dialect::kubernetes);
  const auto first = [&](const char* expr) { return parse(expr, k8s).next(at("2026-03-02T00:00:00Z")); };
  EXPECT_EQ(first("5/20 * * * *"), at("2026-03-02T00:05:00Z"));  // N/s = N-59/s
  EXPECT_EQ(first("? ? ? ? ?"), at("2026-03-02T00:01:00Z"));     // '?' is '*' everywhere
  EXPECT_EQ(first("0 0 * * SUN"), at("2026-03-08T00:00:00Z"));
  // Day fields: OR only when neither has a '*' item (robfig's star bit); */1 keeps it, */2 drops it.
  EXPECT_EQ(first("0 12 10 * 3"), at("2026-03-04T12:00:00Z"));    // Wednesday 4th, or the 10th
  EXPECT_EQ(first("0 12 10 * */1"), at("2026-03-10T12:00:00Z"));  // AND: the 10th only
  EXPECT_EQ(first("0 12 */2 * 3"), at("2026-03-03T12:00:00Z"));   // OR: odd days or Wednesday
  EXPECT_EQ(first("0 12 10 * 3,*"), at("2026-03-10T12:00:00Z"));  // a '*' item anywhere: AND
  EXPECT_EQ(first("TZ=Europe/Berlin 0 12 * * *"), at("2026-03-02T11:00:00Z"));
  EXPECT_EQ(first("@weekly"), at("2026-03-08T00:00:00Z"));
  ParseOptions seeded = k8s;
  seeded.seed = Seed({"nightly-backup"});
  EXPECT_TRUE(parse("H H * * *", seeded).next(at("2026-03-02T00:00:00Z")));
  // What robfig rejects: seconds, day-of-week 7, L and #, reversed ranges, capitalised descriptors.
  for (const char* bad : {"0 * * * * *", "0 0 * * 7", "0 0 L * *", "0 0 * * 1#2", "5-3 * * * *", "@Daily", "* * * *"})
    EXPECT_THROW(parse(bad, k8s), Error) << bad;
  try {
    parse("@every 15m", k8s);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(e.message().find("*/15 * * * *"), std::string::npos) << e.message();
  }
  // resolve --to kubernetes keeps the day rule: a restricted OR stays OR; Vixie's AND of
  // "*/2" with a weekday has no robfig spelling, nor do seconds.
  ParseOptions standard = in(Dialect::standard);
  EXPECT_THROW(resolve("0 0 */2 * 1", standard, Dialect::kubernetes), Error);
  EXPECT_EQ(resolve("0 0 * * 1", standard, Dialect::kubernetes), "0 0 * * 1");
  // ... and robfig's OR of "*/2" and Monday, written for Vixie, must not start with '*'.
  EXPECT_EQ(resolve("0 0 */2 * 1", k8s, Dialect::standard), "0 0 1-31/2 * 1");
  EXPECT_EQ(resolve("0 0 1,15 * 1", standard, Dialect::kubernetes), "0 0 1,15 * 1");
  EXPECT_THROW(resolve("30 0 0 * * *", standard, Dialect::kubernetes), Error);
}

// croniter 6 at 3dd4d14e (issue 22): forms its own suite pins down, each
// checked here against the answer croniter gives.
TEST(Parse, CroniterNthWeekdayForms) {
  const ParseOptions o = in(Dialect::croniter);
  // '*' (or every weekday) beside n#k: croniter reads n#k alone.
  for (const char* e : {"0 0 * * *,sat#3", "0 0 * * 0-6,sat#3"})
    EXPECT_EQ(first_fires(parse(e, o), "2019-01-14T11:00:59Z", 2),
              (std::vector{at("2019-01-19T00:00:00Z"), at("2019-02-16T00:00:00Z")}))
        << e;
  // A range before '#': the first Monday..Friday of January, within days 1-7.
  EXPECT_EQ(first_fires(parse("30 23 1-7 JAN MON-FRI#1", o), "2019-01-01T00:00:00Z", 5),
            (std::vector{at("2019-01-01T23:30:00Z"), at("2019-01-02T23:30:00Z"), at("2019-01-03T23:30:00Z"),
                         at("2019-01-04T23:30:00Z"), at("2019-01-07T23:30:00Z")}));
  // Day-of-month with n#k is ANDed (no 15th is a second Friday).
  EXPECT_EQ(first_fires(parse("30 6 1-7 MAY MON#1", o), "2026-01-01T00:00:00Z", 1),
            std::vector{at("2026-05-04T06:30:00Z")});
  EXPECT_TRUE(parse("0 0 15 * fri#2", o).never() || !parse("0 0 15 * fri#2", o).next(at("2026-01-01T00:00:00Z")));
}

TEST(Parse, CroniterNearestWeekdayStepsAndLast) {
  const ParseOptions o = in(Dialect::croniter);
  // nW and Wn; past the month's end it is the last day's nearest weekday (Nov 30 2024 is a Saturday).
  EXPECT_EQ(first_fires(parse("0 9 31W * *", o), "2024-11-01T00:00:00Z", 2),
            (std::vector{at("2024-11-29T09:00:00Z"), at("2024-12-31T09:00:00Z")}));
  EXPECT_EQ(first_fires(parse("0 9 W15 * *", o), "2024-01-01T00:00:00Z", 1), std::vector{at("2024-01-15T09:00:00Z")});
  EXPECT_EQ(rejection("0 9 15W,16 * *", o).kind(), ErrorKind::syntax);
  // {max}/{step} is the maximum alone (croniter f64665e), a-L/n runs to the 31st.
  EXPECT_EQ(first_fires(parse("59/15 * * * *", o), "2026-01-01T00:00:00Z", 2),
            (std::vector{at("2026-01-01T00:59:00Z"), at("2026-01-01T01:59:00Z")}));
  EXPECT_EQ(first_fires(parse("35 0 1-l/8 * *", o), "2020-01-02T00:00:00Z", 3),
            (std::vector{at("2020-01-09T00:35:00Z"), at("2020-01-17T00:35:00Z"), at("2020-01-25T00:35:00Z")}));
  // day_or=False: both day fields must match.
  ParseOptions both = o;
  both.croniter.day_or = false;
  EXPECT_EQ(first_fires(parse("0 0 1 * mon", both), "2010-01-25T00:00:00Z", 1),
            std::vector{at("2010-02-01T00:00:00Z")});
  EXPECT_EQ(first_fires(parse("0 0 1 * mon", o), "2010-01-25T00:00:00Z", 1), std::vector{at("2010-02-01T00:00:00Z")});
  EXPECT_EQ(first_fires(parse("0 0 2 * mon", o), "2010-01-25T00:00:00Z", 1), std::vector{at("2010-02-01T00:00:00Z")});
  EXPECT_EQ(first_fires(parse("0 0 2 * mon", both), "2010-01-25T00:00:00Z", 1),
            std::vector{at("2010-08-02T00:00:00Z")});
}

}  // namespace
}  // namespace fuzzycron
