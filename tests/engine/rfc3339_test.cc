#include "fuzzycron/rfc3339.h"

#include <gtest/gtest.h>

namespace fuzzycron {
namespace {

using namespace std::chrono_literals;

long long ms(const char* s) { return parse_rfc3339(s)->time_since_epoch().count(); }

TEST(Rfc3339, ParsesOffsetsFractionsAndSeparators) {
  EXPECT_EQ(ms("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(ms("1970-01-01T01:00:00+01:00"), 0);
  EXPECT_EQ(ms("1969-12-31T19:00:00-05:00"), 0);
  EXPECT_EQ(ms("1970-01-01 00:00:01.5z"), 1500);
  EXPECT_EQ(ms("1970-01-01t00:00:00.123456789Z"), 123);
  EXPECT_EQ(ms("2026-03-08T01:59:30Z"), 1772935170000);
}

TEST(Rfc3339, RejectsWhatIsNotOne) {
  for (const char* bad :
       {"", "now", "2026-03-08", "2026-03-08T01:59:30", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
        "2026-03-08T24:00:00Z", "2026-03-08T01:60:00Z", "2026-03-08T01:59:30+5:00", "2026-03-08T01:59:30Zjunk",
        "0000-01-01T00:00:00Z", "2026-03-08T01:59:30.Z", "+2026-03-08T01:59:30Z"})
    EXPECT_FALSE(parse_rfc3339(bad)) << bad;
}

TEST(Rfc3339, FormatsWithTheZoneOffsetAtThatInstant) {
  const auto ny = TimeZone::locate("America/New_York");
  const std::chrono::sys_seconds t{std::chrono::seconds{1772953200}};  // 2026-03-08T07:00:00Z
  EXPECT_EQ(format_rfc3339(t, ny), "2026-03-08T03:00:00-04:00");
  EXPECT_EQ(format_rfc3339(t - 1s, ny), "2026-03-08T01:59:59-05:00");
  EXPECT_EQ(format_rfc3339(t, TimeZone::utc()), "2026-03-08T07:00:00Z");
  EXPECT_EQ(format_rfc3339(t, TimeZone::locate("Europe/London")), "2026-03-08T07:00:00+00:00");
  EXPECT_EQ(format_rfc3339(t, TimeZone::locate("Asia/Kathmandu")), "2026-03-08T12:45:00+05:45");
  EXPECT_EQ(format_rfc3339(sys_milliseconds{t} + 250ms, TimeZone::utc()), "2026-03-08T07:00:00.250Z");
}

TEST(Rfc3339, RoundTrips) {
  const auto zone = TimeZone::locate("Australia/Lord_Howe");
  for (long long s = 1700000000; s < 1800000000; s += 9876543) {
    const std::chrono::sys_seconds t{std::chrono::seconds{s}};
    EXPECT_EQ(parse_rfc3339(format_rfc3339(t, zone))->time_since_epoch().count(), s * 1000);
  }
}

}  // namespace
}  // namespace fuzzycron
