// parse_and_resolve() is parse() and resolve() from one reading of the text.
#include <gtest/gtest.h>

#include "fuzzycron/parse.h"
#include "fuzzycron/resolve.h"
#include "testing.h"

namespace fuzzycron {
namespace {

TEST(ParseAndResolve, SameAsParseAndResolve) {
  struct Case {
    Dialect dialect;
    const char* expression;
  };
  const Case cases[] = {
      {Dialect::standard, "H/15 H(9-17) * * *"},
      {Dialect::standard, "0 3 * * *"},
      {Dialect::standard, "CRON_TZ=Europe/Berlin H H * * 1-5"},
      {Dialect::quartz, "H H H ? * MON#2"},
      {Dialect::quartz, "0 0 12 L * ?"},
      {Dialect::jenkins, "H H(0-7) * * *\nH 12 * * 6"},
      {Dialect::jenkins, "@daily"},
      {Dialect::furiko, "H H * * * H"},
      {Dialect::kubernetes, "H */2 * * *"},
      {Dialect::croniter, "H H * * * H"},
      {Dialect::croniter, "@hourly"},
      {Dialect::cron_parser, "H H * * * H#2"},
      {Dialect::cron_parser, "* * * * * HL"},
  };
  const auto from = testing::at("2026-03-01T00:00:00Z");
  for (const auto& c : cases) {
    ParseOptions o;
    o.dialect = c.dialect;
    o.seed = Seed({"web-07", "backup-db"});
    const ParsedAndResolved both = parse_and_resolve(c.expression, o);
    EXPECT_EQ(both.resolved, resolve(c.expression, o)) << c.expression;
    EXPECT_EQ(both.schedule, parse(c.expression, o)) << c.expression;
    EXPECT_EQ(both.schedule.next(from), parse(c.expression, o).next(from)) << c.expression;
  }
  ParseOptions o;
  EXPECT_THROW(parse_and_resolve("61 * * * *", o), Error);
  EXPECT_THROW(parse_and_resolve("H * * * *", o), Error);  // no seed
}

// Every dialect's resolved text means what the hash forms meant: resolve with a
// seed, read the text back in the same dialect without one, and the fire times
// agree from 730 instants over a year (issue 23 item 3: cron-parser's H#k and HL
// were written as ranges).
TEST(Resolve, TextReadBackFiresAsTheHashedSchedule) {
  struct Case {
    Dialect dialect;
    const char* expression;
  };
  const Case cases[] = {
      {Dialect::standard, "H H(0-5) * * H"},
      {Dialect::standard, "H(10-40)/7 H/6 * * *"},
      {Dialect::kubernetes, "H/15 H * * 1-5"},
      {Dialect::quartz, "H H H ? * MON-FRI"},
      {Dialect::quartz, "H H/5 H(9-17) * * ?"},
      {Dialect::jenkins, "H H(0-7) * * H"},
      {Dialect::jenkins, "H/20 H * * *"},
      {Dialect::furiko, "H H * * *"},
      {Dialect::furiko, "H H/6 * * * *"},
      {Dialect::croniter, "H H * * *"},
      {Dialect::croniter, "H(0-29)/10 H * * * H"},
      {Dialect::cron_parser, "H H * * *"},
      {Dialect::cron_parser, "0 H H * * H#1"},
      {Dialect::cron_parser, "0 H H * * HL"},
      {Dialect::cron_parser, "0 0 1-H * *"},
      {Dialect::cron_parser, "H H/4 * * H"},
      {Dialect::spring, "H H H * * *"},
      {Dialect::spring, "H H H/6 * * MON-FRI"},
  };
  const auto from = testing::at("2026-01-01T00:00:00Z");
  for (const Case& c : cases) {
    for (const char* seed : {"F00D", "backup-db", "web-07", "a", "nightly-report"}) {
      ParseOptions o;
      o.dialect = c.dialect;
      o.seed = Seed({seed});
      const std::string text = resolve(c.expression, o);
      ASSERT_EQ(text.find('H'), std::string::npos) << c.expression << " -> " << text;
      ParseOptions plain;
      plain.dialect = c.dialect;
      Schedule back;
      ASSERT_NO_THROW(back = parse(text, plain)) << c.expression << " -> " << text;
      const Schedule hashed = parse(c.expression, o);
      for (int i = 0; i < 730; ++i) {
        const auto t = from + std::chrono::hours{12 * i} + std::chrono::minutes{i % 60};
        ASSERT_EQ(hashed.next(t), back.next(t)) << c.expression << " -> " << text << " (seed " << seed << ")";
        ASSERT_EQ(hashed.prev(t), back.prev(t)) << c.expression << " -> " << text << " (seed " << seed << ")";
      }
    }
  }
}

// An alias resolves to the fields it stands for, read back to the same fire
// times in every dialect that has it (cron-parser's @weekdays was written as
// "0 0 0 * * 1": its range lost to the first value).
TEST(Resolve, AliasesReadBackFiringAsTheAlias) {
  const auto from = testing::at("2026-01-01T00:00:00Z");
  int checked = 0;
  for (const Dialect d : kAllDialects) {
    for (const char* alias : {"@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly",
                              "@weekdays", "@weekends", "@minutely", "@secondly"}) {
      ParseOptions o;
      o.dialect = d;
      o.seed = Seed({"alias"});
      Schedule direct;
      try {
        direct = parse(alias, o);
      } catch (const Error&) {
        continue;  // not this dialect's
      }
      const std::string text = resolve(alias, o);
      Schedule back;
      ASSERT_NO_THROW(back = parse(text, o)) << alias << " -> " << text;
      for (int i = 0; i < 400; ++i) {
        const auto t = from + std::chrono::hours{22 * i} + std::chrono::seconds{i * 7};
        ASSERT_EQ(direct.next(t), back.next(t)) << dialect_name(d) << " " << alias << " -> " << text;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 40);
  ParseOptions cp;
  cp.dialect = Dialect::cron_parser;
  EXPECT_EQ(resolve("@weekdays", cp), "0 0 0 * * 1-5");
}

}  // namespace
}  // namespace fuzzycron
