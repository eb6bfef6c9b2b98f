#include "fuzzycron/structured.h"

#include <gtest/gtest.h>

#include "fuzzycron/fuzzycron.h"
#include "testing.h"

namespace fuzzycron {
namespace {

using sys_seconds = sys_milliseconds;

using testing::at;

std::vector<sys_milliseconds> fires(const Schedule& s, const char* from, int n) {
  std::vector<sys_milliseconds> out;
  sys_milliseconds t = at(from);
  for (int i = 0; i < n; ++i) {
    auto r = s.next(t);
    if (!r) break;
    out.push_back(t = *r);
  }
  return out;
}

TEST(Structured, FinerFieldsDefaultToTheirMinimum) {
  const auto s = parse_structured(R"({"hour": 11, "minute": 30})");
  EXPECT_EQ(fires(s, "2026-01-01T12:00:00Z", 2), (std::vector{at("2026-01-02T11:30:00Z"), at("2026-01-03T11:30:00Z")}));
  // The seed's example 1: {:minute [0 15 30 45], :second [15 45]}
  const auto e = parse_structured(R"({"minute": [0, 15, 30, 45], "second": [15, 45]})");
  EXPECT_EQ(fires(e, "2014-03-26T20:27:11Z", 1), std::vector{at("2014-03-26T20:30:15Z")});
  EXPECT_EQ(fires(e, "2014-03-26T20:46:28Z", 1), std::vector{at("2014-03-26T21:00:15Z")});
  EXPECT_EQ(fires(parse_structured(R"({"month": 3})"), "2026-01-01T00:00:00Z", 1),
            std::vector{at("2026-03-01T00:00:00Z")});
}

TEST(Structured, FieldStringsAndBothDayFields) {
  const auto s = parse_structured(R"({"minute": "*/20", "hour": "9-10", "day_of_week": "MON"})");
  EXPECT_EQ(fires(s, "2026-06-01T00:00:00Z", 4).back(), at("2026-06-01T10:00:00Z"));
  // Both day fields given: both must match (the 13th that is a Friday).
  const auto f13 = parse_structured(R"({"day_of_month": 13, "day_of_week": 5, "hour": 0})");
  EXPECT_EQ(fires(f13, "2026-01-01T00:00:00Z", 1), std::vector{at("2026-02-13T00:00:00Z")});
}

TEST(Structured, HashFormsUseTheSeed) {
  ParseOptions o;
  o.seed = Seed({"report"});
  const auto s = parse_structured(R"j({"minute": "H/15", "hour": "H(9-17)"})j", o);
  const auto r = resolve("H/15 H(9-17) * * *", o);
  EXPECT_EQ(fires(s, "2026-01-01T00:00:00Z", 4), fires(parse(r), "2026-01-01T00:00:00Z", 4)) << r;
  EXPECT_THROW(parse_structured(R"({"minute": "H/15"})"), Error);  // no seed
}

TEST(Structured, ErrorsNameTheKey) {
  for (const char* bad : {R"({"hours": 1})", R"([1,2])", R"({})", R"({"minute": []})", R"({"minute": 1.5})",
                          R"({"minute": 60})", R"({"minute": "x"})", R"({"minute": )"}) {
    try {
      parse_structured(bad);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const Error& e) {
      EXPECT_FALSE(e.message().empty());
    }
  }
}

// Issue 32: an interval by its keys is the text's interval; except and bounds
// apply to fields and intervals alike (they were ignored for fields before).
TEST(Structured, IntervalsExceptAndBounds) {
  ParseOptions o;
  o.time_zone = "Europe/Berlin";
  const auto keys = parse_structured(R"({"every": "25m", "between": ["09:00", "10:00"], "on": "mon-fri"})", o);
  const auto text = parse("@every 25m between 09:00 and 10:00 on mon-fri", o);
  EXPECT_EQ(fires(keys, "2026-03-06T00:00:00Z", 8), fires(text, "2026-03-06T00:00:00Z", 8));
  const auto days = parse_structured(
      R"({"hour": 9, "except": ["2026-03-03", "2026-03-05..2026-03-06"], "bounds": {"not_after": "2026-03-09T00:00:00Z"}})");
  EXPECT_EQ(fires(days, "2026-03-02T00:00:00Z", 9),
            (std::vector{at("2026-03-02T09:00:00Z"), at("2026-03-04T09:00:00Z"), at("2026-03-07T09:00:00Z"),
                         at("2026-03-08T09:00:00Z")}));
  ParseOptions except;
  except.except = "2026-03-02";  // the options' own days are kept beside the key's
  EXPECT_EQ(fires(parse_structured(R"({"hour": 9, "except": "2026-03-03"})", except), "2026-03-02T00:00:00Z", 1),
            std::vector{at("2026-03-04T09:00:00Z")});
  // Cron calendars and moves by their keys, as the options' own.
  const auto moved = parse_structured(
      R"({"hour": 9, "except": "2026-03-03", "except_move": "following", "except_cron": ["* * * * 0", "* * * * 6"]})");
  EXPECT_EQ(fires(moved, "2026-03-02T00:00:00Z", 4),
            (std::vector{at("2026-03-02T09:00:00Z"), at("2026-03-04T09:00:00Z"), at("2026-03-05T09:00:00Z"),
                         at("2026-03-06T09:00:00Z")}));  // the 3rd's fire lands on the 4th's; the 7th, 8th weekend
  EXPECT_THROW(parse_structured(R"({"hour": 9, "except_move": "sideways"})"), Error);
  for (const char* bad : {R"({"every": "1h", "hour": 3})", R"({"from": "2026-01-01T00:00", "hour": 3})",
                          R"({"hour": 9, "bounds": {"not_after": "soon"}})", R"({"hour": 9, "bounds": {"until": "x"}})",
                          R"({"every": "1h", "between": ["09:00"]})"})
    EXPECT_THROW(parse_structured(bad), Error) << bad;
  ParseOptions k;
  k.dialect = Dialect::kubernetes;
  EXPECT_THROW(parse_structured(R"({"every": "1h", "from": "2026-01-01T00:00Z"})", k), Error);
}

}  // namespace
}  // namespace fuzzycron
