// Hostile input: each gets a clear error (or a correct answer) in bounded time
// and memory. The ASan+UBSan run of this file is what proves "no crash, no UB".
#include <gtest/gtest.h>

#include <chrono>
#include <limits>
#include <string>

#include "engine/compiled_schedule.h"
#include "fuzzycron/fuzzycron.h"

namespace fuzzycron {
namespace {

using namespace std::chrono_literals;

// Parses, expecting an Error whose message and caret display stay short.
Error rejected(const std::string& expr, ParseOptions o = {}) {
  try {
    parse(expr, o);
  } catch (const Error& e) {
    EXPECT_GE(e.column(), 1);
    EXPECT_LT(e.message().size(), 600u) << "the message repeats the input";
    EXPECT_LT(e.with_caret().size(), 1200u) << "the caret display repeats the input";
    return e;
  }
  ADD_FAILURE() << "accepted: " << expr.substr(0, 80);
  return Error(ErrorKind::syntax, "");
}

TEST(Hostile, OneMegabyteExpressions) {
  const std::string big(1 << 20, '1');
  EXPECT_NE(rejected(big + " * * * *").message().find("too large"), std::string::npos);
  EXPECT_EQ(rejected("* * * * " + big).column(), 9);
  const std::string spaces = "0 0 * * *" + std::string(1 << 20, ' ') + "x";
  EXPECT_EQ(rejected(spaces).column(), static_cast<int>(spaces.size()));
  // A megabyte of list items that all mean minute 1 is still minute 1.
  std::string list;
  for (int i = 0; i < 250'000; ++i) list += "1,";
  const Schedule s = parse(list + "1 * * * *");
  EXPECT_EQ(s.next(*parse_rfc3339("2026-01-01T00:00:00Z")), parse_rfc3339("2026-01-01T00:01:00Z"));
}

TEST(Hostile, NulAndInvalidUtf8) {
  EXPECT_EQ(rejected(std::string("0 0 * * \0", 9)).column(), 9);
  EXPECT_EQ(rejected("0 0 * * \xff").column(), 9);
  EXPECT_EQ(rejected("\xc3\x28 * * * *").column(), 1);
  EXPECT_NE(rejected("0 0 * * \xff").message().find("\\xff"), std::string::npos);  // shown escaped
  EXPECT_THROW(Seed({std::string("a\0b", 3)}), Error);
  EXPECT_THROW(Seed({"\xed\xa0\x80"}), Error);  // a UTF-16 surrogate in UTF-8
}

TEST(Hostile, NumbersBeyondSixtyFourBits) {
  for (const char* expr : {"99999999999999999999999999 * * * *", "*/18446744073709551617 * * * *",
                           "0-18446744073709551616 * * * *", "H(0-99999999999999999999) * * * *"}) {
    ParseOptions o;
    o.seed = Seed({"job"});
    rejected(expr, o);
  }
  ParseOptions q;
  q.dialect = Dialect::quartz;
  rejected("0 0 0 ? * 6#99999999999999999999", q);
  rejected("0 0 0 L-99999999999999999999 * ?", q);
  rejected("0 0 0 1 1 ? 99999999999999999999", q);
}

TEST(Hostile, ThousandsOfListItemsAndRepeatedSteps) {
  std::string items;
  for (int i = 0; i < 10'000; ++i) items += std::to_string(i % 60) + ",";
  items.pop_back();
  const Schedule s = parse(items + " * * * *");
  EXPECT_EQ(engine::Access::patterns(s)[0].minutes, (std::uint64_t{1} << 60) - 1);
  std::string steps = "*";
  for (int i = 0; i < 10'000; ++i) steps += "/2";
  rejected(steps + " * * * *");
  std::string ranges = "1";
  for (int i = 0; i < 10'000; ++i) ranges += "-2";
  rejected(ranges + " * * * *");
  ParseOptions q;
  q.dialect = Dialect::quartz;
  std::string years;
  for (int i = 0; i < 5'000; ++i) years += std::to_string(2000 + i * 37 % 5000) + ",";
  years.pop_back();
  rejected("0 0 0 1 1 ? " + years, q);  // more than three separate year items
}

TEST(Hostile, OneMegabyteSeeds) {
  ParseOptions o;
  o.seed = Seed({std::string(1 << 20, 'a'), std::string(1 << 20, 'b')});
  const auto start = std::chrono::steady_clock::now();
  const Schedule s = parse("H H * * *", o);
  EXPECT_FALSE(s.never());
  EXPECT_EQ(resolve("H H * * *", o), resolve("H H * * *", o));  // stable
  EXPECT_LT(std::chrono::steady_clock::now() - start, 30s);     // a bound, not a speed claim
  EXPECT_EQ(seed_offset(o.seed, 15min), seed_offset(o.seed, 15min));
}

TEST(Hostile, UnknownAndMalformedZones) {
  const std::string zones[] = {
      "Mars/Olympus",        "../../etc/passwd",       "", "UTC\n", std::string("UTC\0x", 5), std::string(100'000, 'Z'),
      "America/New_York/..", "/usr/share/zoneinfo/UTC"};
  for (const std::string& zone : zones) {
    ParseOptions o;
    o.time_zone = zone;
    EXPECT_THROW(parse("0 0 * * *", o), Error) << zone.substr(0, 40);
  }
  EXPECT_THROW(parse("CRON_TZ=Nowhere/Land 0 0 * * *"), Error);
  EXPECT_THROW(parse("CRON_TZ= 0 0 * * *"), Error);
}

TEST(Hostile, InstantsAtTheEndsOfTheRepresentableRange) {
  ParseOptions o;
  o.time_zone = "America/New_York";
  const Schedule s = parse("0 0 * * *", o);
  using tp = sys_milliseconds;
  const tp lowest = tp::min(), highest = tp::max();
  EXPECT_FALSE(s.next(highest));
  EXPECT_FALSE(s.prev(lowest));
  EXPECT_TRUE(s.next(lowest));   // the first fire time of year 1
  EXPECT_TRUE(s.prev(highest));  // the last of year 9999
  EXPECT_EQ(s.prev(highest), s.prev(*parse_rfc3339("9999-12-31T23:59:59Z") + 24h));
  EXPECT_FALSE(s.next(*parse_rfc3339("9999-12-31T23:59:59Z")));
  EXPECT_FALSE(s.prev(*parse_rfc3339("0001-01-01T00:00:00Z")));
  // Other clocks' extremes convert without overflow.
  // Nanoseconds end in 2262: a real instant, answered exactly.
  EXPECT_EQ(s.next(std::chrono::sys_time<std::chrono::nanoseconds>::max()), parse_rfc3339("2262-04-12T04:00:00Z"));
  EXPECT_TRUE(s.next(std::chrono::sys_time<std::chrono::nanoseconds>::min()));
  EXPECT_FALSE(s.next(std::chrono::sys_seconds::max()));
  EXPECT_FALSE(s.prev(std::chrono::sys_seconds::min()));
  for (const auto t : s.fires(highest - 48h, highest)) (void)t;
  EXPECT_FALSE(parse_rfc3339("10000-01-01T00:00:00Z"));
  EXPECT_FALSE(parse_rfc3339("2026-02-30T00:00:00Z"));
  EXPECT_FALSE(parse_rfc3339("2026-01-01T00:00:00+99:00"));
}

TEST(Hostile, CrontabsOfGarbage) {
  std::string junk;
  for (int i = 0; i < 100'000; ++i) junk += static_cast<char>((i * 7919) % 256);
  const Crontab tab = parse_crontab(junk);
  for (const auto& e : tab.errors) {
    EXPECT_GE(e.line, 1);
    EXPECT_LE(e.text.size(), 210u);
  }
  for (const auto& e : tab.entries)
    if (!e.reboot) try {
        (void)e.parse(ParseOptions{});
      } catch (const Error& x) {
        EXPECT_EQ(x.line(), e.line);
      }
  const Crontab huge = parse_crontab(std::string(2 << 20, 'x') + "\n0 * * * * /bin/ok\n");
  ASSERT_EQ(huge.errors.size(), 1u);
  EXPECT_EQ(huge.errors[0].line, 1);
  EXPECT_EQ(huge.entries.size(), 1u);
}

}  // namespace
}  // namespace fuzzycron

namespace fuzzycron {
namespace {

// A fuzz finding: furiko's quartz day-of-week format with H(0-7) can draw 0,
// which the 1-7 numbering has not; compiling such a value shifted by -1 (UB).
// A draw outside the field is an error with the draw named; with any scheme and
// either format, nothing is undefined (the ASan+UBSan preset runs this).
TEST(Hostile, FurikoQuartzFormatHashRangeDrawingZero) {
  int refused = 0, fired = 0;
  for (const auto scheme : kAllHashSchemes)
    for (int i = 0; i < 50; ++i) {
      ParseOptions o;
      o.dialect = Dialect::furiko;
      o.furiko.quartz_day_of_week = true;
      o.furiko.hash_seconds_by_default = i % 2 == 0;
      o.hash = scheme;
      o.seed = Seed({"job-" + std::to_string(i)});
      try {
        const Schedule s = parse("0 0 * * H(0-7)", o);
        fired += s.next(*parse_rfc3339("2026-01-01T00:00:00Z")).has_value();
      } catch (const Error& e) {
        ++refused;
        EXPECT_NE(e.message().find("drew"), std::string::npos) << e.message();
      }
    }
  EXPECT_GT(fired, 0);
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace fuzzycron
