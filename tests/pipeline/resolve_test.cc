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

}  // namespace
}  // namespace fuzzycron
