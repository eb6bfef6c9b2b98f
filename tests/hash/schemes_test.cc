// Seeds, scheme selection, resolve and offsets.
#include <gtest/gtest.h>

#include "fuzzycron/tools.h"

namespace fuzzycron {
namespace {

using namespace std::chrono_literals;

ParseOptions seeded(std::vector<std::string> parts, Dialect d = Dialect::standard) {
  ParseOptions o;
  o.dialect = d;
  o.seed = Seed(std::move(parts));
  return o;
}

TEST(Seed, RejectsEmptyNulAndInvalidUtf8Parts) {
  EXPECT_THROW(Seed({""}), Error);
  EXPECT_THROW(Seed({"a", std::string("b\0c", 3)}), Error);
  EXPECT_THROW(Seed({"\xff\xfe"}), Error);
  EXPECT_THROW(Seed({"\xc0\xaf"}), Error);  // overlong
  EXPECT_NO_THROW(Seed({"日本語/ジョブ", "web-07"}));
  EXPECT_EQ(Seed({"host", "job"}).joined(), "host/job");
}

TEST(Resolve, SameSeedSameValuesDifferentSeedsSpread) {
  const auto a = resolve("H H * * *", seeded({"job-a"}));
  EXPECT_EQ(a, resolve("H H * * *", seeded({"job-a"})));
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) seen.insert(resolve("H H * * *", seeded({"job-" + std::to_string(i)})));
  EXPECT_GT(seen.size(), 45u);
  // The host part changes the value: 20 servers, one configuration line.
  std::set<std::string> hosts;
  for (int i = 1; i <= 20; ++i)
    hosts.insert(resolve("H * * * * ?", seeded({"host-" + std::to_string(i), "job"}, Dialect::quartz)));
  EXPECT_GT(hosts.size(), 14u);
}

TEST(Resolve, StepsComeOutAsStartMaxStep) {
  const std::string r = resolve("H/15 * * * *", seeded({"x"}));
  int start = -1;
  ASSERT_EQ(std::sscanf(r.c_str(), "%d-59/15 * * * *", &start), 1) << r;
  EXPECT_LT(start, 15);
  // Bare H/n in day-of-month stops at 28, like Jenkins.
  const std::string dom = resolve("0 0 H/7 * *", seeded({"x"}));
  EXPECT_NE(dom.find("-28/7"), std::string::npos) << dom;
  EXPECT_EQ(resolve("0 0 1 * MON", seeded({"x"})), "0 0 1 * MON");  // nothing to resolve
}

TEST(Resolve, QuartzPoundSpellingsAndNthWeekdayStayDistinct) {
  const std::string r = resolve("# #[10-40] #/6 ? * 6#3", seeded({"x"}, Dialect::quartz));
  int s, m, h0;
  ASSERT_EQ(std::sscanf(r.c_str(), "%d %d %d-23/6 ? * 6#3", &s, &m, &h0), 3) << r;
  EXPECT_GE(m, 10);
  EXPECT_LE(m, 40);
  EXPECT_LT(h0, 6);
}

TEST(Resolve, JenkinsAliasesAndListsDrawInReadingOrder) {
  const auto o = seeded({"my-job"}, Dialect::jenkins);
  int m, h;
  ASSERT_EQ(std::sscanf(resolve("@midnight", o).c_str(), "%d %d * * *", &m, &h), 2);
  EXPECT_LE(h, 2);
  // Each H in a list is a separate draw.
  const std::string two = resolve("H(0-29),H(30-59) * * * *", seeded({"x"}));
  int a, b;
  ASSERT_EQ(std::sscanf(two.c_str(), "%d,%d", &a, &b), 2);
  EXPECT_LT(a, 30);
  EXPECT_GE(b, 30);
}

TEST(Resolve, ResolvedTextCompilesToTheSameSchedule) {
  for (auto d : {Dialect::standard, Dialect::jenkins, Dialect::quartz}) {
    const char* expr = d == Dialect::quartz ? "H H/10 H(9-17) ? * MON-FRI" : "H/10 H(9-17) H * 1-5";
    const auto o = seeded({"web-07", "sync"}, d);
    const Schedule hashed = parse(expr, o);
    ParseOptions plain = o;
    plain.seed = Seed();
    const Schedule resolved = parse(resolve(expr, o), plain);
    sys_milliseconds t = *parse_rfc3339("2026-01-01T00:00:00Z");
    for (int i = 0; i < 50; ++i) {
      const auto x = hashed.next(t), y = resolved.next(t);
      ASSERT_EQ(x, y) << dialect_name(d);
      t = *x;
    }
  }
}

TEST(Resolve, SchemeCanBeChosenForAnyDialect) {
  auto o = seeded({"job"});
  o.hash = HashScheme::jenkins;
  auto j = seeded({"job"}, Dialect::jenkins);
  EXPECT_EQ(resolve("H H * * *", o), resolve("H H * * *", j));
  o.hash = HashScheme::furiko;
  EXPECT_NO_THROW(resolve("H H * * *", o));
}

TEST(Resolve, HashErrors) {
  EXPECT_THROW(resolve("H/0 * * * *", seeded({"x"})), Error);
  EXPECT_THROW(resolve("H/61 * * * *", seeded({"x"})), Error);
  EXPECT_THROW(resolve("H(30-10) * * * *", seeded({"x"})), Error);
  EXPECT_THROW(resolve("0 0 0 1 1 ? H", seeded({"x"}, Dialect::quartz)), Error);
  try {
    resolve("H * * * *", ParseOptions{});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::missing_seed);
    // Library messages say what is missing, never how a front end gives it.
    EXPECT_NE(e.message().find("none was given"), std::string::npos) << e.message();
    EXPECT_EQ(e.message().find("--seed"), std::string::npos) << e.message();
    EXPECT_EQ(e.message().find("--"), std::string::npos) << "no command-line flag in a library message";
  }
}

TEST(Resolve, ToOtherDialectsKeepsTheSchedule) {
  struct Case {
    Dialect from;
    const char* expr;
    Dialect to;
  };
  const Case cases[] = {
      {Dialect::jenkins, "H H(0-7) * * 1-5", Dialect::quartz},
      {Dialect::standard, "*/15 9-17 * * mon-fri", Dialect::quartz},
      {Dialect::quartz, "0 0 12 ? * 6L", Dialect::furiko},
      {Dialect::quartz, "0 0 0 LW * ?", Dialect::furiko},
      {Dialect::standard, "H/10 H(1-5) * * *", Dialect::jenkins},
      {Dialect::quartz, "15 H/20 * * * ?", Dialect::standard},
      {Dialect::jenkins, "H 3 1,15 * *", Dialect::standard},
      {Dialect::quartz, "0 0 0 1 1 ? 2030-2040/5", Dialect::quartz},
  };
  for (const auto& c : cases) {
    auto from = seeded({"job"}, c.from);
    const std::string text = resolve(c.expr, from, c.to);
    ParseOptions to;
    to.dialect = c.to;
    const Schedule a = parse(c.expr, from), b = parse(text, to);
    sys_milliseconds t = *parse_rfc3339("2026-01-01T00:00:00Z");
    for (int i = 0; i < 40; ++i) {
      const auto x = a.next(t);
      ASSERT_EQ(x, b.next(t)) << c.expr << " -> " << text;
      t = *x;
    }
  }
  EXPECT_EQ(resolve("*/15 9-17 * * mon-fri", ParseOptions{}, Dialect::quartz), "0 */15 9-17 ? * 2-6");
}

TEST(Resolve, ToNamesWhatTheTargetCannotExpress) {
  auto quartz = seeded({"x"}, Dialect::quartz);
  auto msg = [](auto f) {
    try {
      f();
    } catch (const Error& e) {
      return e.message();
    }
    return std::string("accepted");
  };
  EXPECT_NE(msg([&] { resolve("0 0 12 ? * 6#3", quartz, Dialect::standard); }).find("L, W or #"), std::string::npos);
  EXPECT_NE(msg([&] { resolve("30 * * * * ?", quartz, Dialect::jenkins); }).find("seconds"), std::string::npos);
  EXPECT_NE(msg([&] { resolve("0 0 0 L-2 * ?", quartz, Dialect::furiko); }).find("L-n"), std::string::npos);
  EXPECT_NE(msg([&] { resolve("0 0 0 1 1 ? 2030", quartz, Dialect::standard); }).find("year"), std::string::npos);
  EXPECT_NE(msg([&] { resolve("0 0 1 * 1", ParseOptions{}, Dialect::jenkins); }).find("OR"), std::string::npos);
  EXPECT_NE(msg([&] { resolve("0 0 1 * 1", seeded({"x"}, Dialect::jenkins), Dialect::standard); }).find("AND"),
            std::string::npos);
  EXPECT_NE(msg([&] {
              resolve("0 6 * * *\n0 18 * * *", seeded({"x"}, Dialect::jenkins), Dialect::standard);
            }).find("multi-line"),
            std::string::npos);
}

TEST(Offset, StableInsideTheWindowAndSpread) {
  const auto a = seed_offset(Seed({"nightly"}), 15min);
  EXPECT_EQ(a, seed_offset(Seed({"nightly"}), 15min));
  EXPECT_EQ(a.count(), 522707);  // docs/fc1.md
  std::set<long long> seen;
  for (int i = 0; i < 1000; ++i) {
    const auto o = seed_offset(Seed({"job-" + std::to_string(i)}), 15min);
    EXPECT_GE(o.count(), 0);
    EXPECT_LT(o, 15min);
    seen.insert(o.count() / 60000);
  }
  EXPECT_EQ(seen.size(), 15u);  // every minute of the window is used
  EXPECT_THROW(seed_offset(Seed({"x"}), 0ms), Error);
  EXPECT_THROW(seed_offset(Seed({"x"}), -5ms), Error);
}

TEST(Spread, EveryFireTimeMovesByTheSeedsOffset) {
  auto o = seeded({"nightly"});
  o.offset_window = 15min;
  const Schedule s = parse("0 * * * *", o);
  EXPECT_EQ(s.seed_offset(), seed_offset(Seed({"nightly"}), 15min));
  sys_milliseconds t = *parse_rfc3339("2026-01-01T00:00:00Z");
  for (int i = 0; i < 5; ++i) {
    const auto n = *s.next(t);
    EXPECT_EQ(format_rfc3339(n, s.zone()), "2026-01-01T0" + std::to_string(i) + ":08:42.707Z");
    EXPECT_EQ(*s.prev(n + 1ms), n);  // exact inverses at millisecond resolution
    EXPECT_EQ(*s.next(n - 1ms), n);
    EXPECT_GT(*s.next(n), n + 59min);
    t = n;
  }
  // Without a seed, or with a window that is not positive: errors.
  ParseOptions no_seed;
  no_seed.offset_window = 15min;
  EXPECT_THROW(parse("0 * * * *", no_seed), Error);
  o.offset_window = -1ms;
  EXPECT_THROW(parse("0 * * * *", o), Error);
}

}  // namespace
}  // namespace fuzzycron

namespace fuzzycron {
namespace {

// Found by fuzz_parse: in furiko's quartz format (day-of-week 1-7) a bare H
// drawn by a non-furiko scheme came out as 0, which is no weekday there.
TEST(Schemes, FurikoQuartzFormatDayOfWeekStaysInOneToSevenForEveryScheme) {
  for (HashScheme scheme : kAllHashSchemes)
    for (int i = 0; i < 200; ++i) {
      ParseOptions o;
      o.dialect = Dialect::furiko;
      o.furiko.quartz_day_of_week = true;
      o.hash = scheme;
      o.seed = Seed({"job-" + std::to_string(i)});
      const std::string r = resolve("0 0 * * H", o);
      const int v = std::stoi(r.substr(r.rfind(' ') + 1));
      ASSERT_GE(v, 1) << r;
      ASSERT_LE(v, 7) << r;
      const std::string stepped = resolve("0 0 * * H/3", o);
      ASSERT_NE(stepped.substr(stepped.rfind(' ') + 1, 1), "0") << stepped;
    }
}

// cron-parser 5.10.5's hash, from the facts of shared/research/hash-compat.md §1
// (checked there against the package): FNV-1a over UTF-16 units, mulberry32,
// one draw per field in the order second, minute, hour, month, dom, dow.
TEST(Schemes, CronParserDrawsAsCronParser) {
  auto r = [](const char* expr, const char* seed, bool strict = false) {
    ParseOptions o;
    o.dialect = Dialect::cron_parser;
    o.seed = Seed({seed});
    o.cron_parser.strict = strict;
    return resolve(expr, o);
  };
  EXPECT_EQ(r("H H H H H H", "my-job"), "39 21 16 9 4 2");
  EXPECT_EQ(r("H H H H H H", "main-backup"), "40 23 2 7 4 0");
  EXPECT_EQ(r("H H H H H H", "caf\xc3\xa9-job"), "41 38 16 11 9 5");          // U+00E9 is one UTF-16 unit
  EXPECT_EQ(r("H H H H H H", "\xf0\x9f\x9a\x80-launch"), "33 45 6 27 11 3");  // a surrogate pair
  EXPECT_EQ(r("H/15 * * * *", "my-job"), "5-59/15 * * * *");                  // aligned to multiples of 15
  EXPECT_EQ(r("H(25-59)/10 * * * *", "my-job"), "33-59/10 * * * *");          // not to the range start
  EXPECT_EQ(r("H(50-100) * * * *", "my-job"), "53 * * * *");                  // clamped to the field
  EXPECT_EQ(r("H(50-100)/60 * * * *", "main-backup"), "53 * * * *");          // nothing left: one value
  EXPECT_EQ(r("0 0 * * H(1-5)/2", "my-job"), "0 0 * * 2-5/2");
  EXPECT_EQ(r("H,30 * * * *", "my-job"), "21,30 * * * *");
  EXPECT_THROW(r("H(70-80) * * * *", "my-job"), Error);         // no value inside the field
  EXPECT_THROW(r("H(50-100) * * * *", "my-job", true), Error);  // strict: inside the field
  EXPECT_THROW(r("0 0 * * H/1", "my-job"), Error);              // 0 and 7: Sunday twice
  EXPECT_THROW(r("H,H * * * *", "my-job"), Error);              // one draw per field: a duplicate
}

// croniter 6's hash (hash-compat.md §2): CRC-32 of the UTF-8 seed, shifted right
// by the field's internal index (minute 0 ... second 5, year 6).
TEST(Schemes, CroniterDrawsAsCroniter) {
  auto r = [](const char* expr, const char* seed, bool seconds_first = false) {
    ParseOptions o;
    o.dialect = Dialect::croniter;
    o.seed = Seed({seed});
    o.croniter.second_at_beginning = seconds_first;
    return resolve(expr, o);
  };
  EXPECT_EQ(r("H H * * *", "my-job"), "40 8 * * *");
  EXPECT_EQ(r("H H H H H H", "caf\xc3\xa9-job"), "45 16 8 5 2 22");
  EXPECT_EQ(r("H/15 * * * *", "my-job"), "10-59/15 * * * *");
  EXPECT_EQ(r("0 H/6 * * *", "my-job"), "0 2-23/6 * * *");
  EXPECT_EQ(r("0 0 * * H(1-5)", "my-job"), "0 0 * * 1");
  EXPECT_EQ(r("H/15 * * * * *", "caf\xc3\xa9-job", true), "7-59/15 * * * * *");
  EXPECT_EQ(r("@annually", "my-job"), "40 8 9 3 * 12");  // hashed alias, seconds sixth
  EXPECT_EQ(r("0 0 1 1 * 0 H(2025-2035)", "my-job"), "0 0 1 1 * 0 2029");
  EXPECT_THROW(r("H(10-5) * * * *", "my-job"), Error);
  EXPECT_THROW(r("H,5 * * * *", "my-job"), Error);         // H is a whole field in croniter
  EXPECT_EQ(r("0 0 * * H(1-7)", "nightly"), "0 0 * * 7");  // 7 is Sunday in five fields ...
  EXPECT_THROW(r("0 0 * * H(1-7) 0", "nightly"), Error);   // ... and out of range in six
  // The same seed in both peers draws differently (hash-compat.md §3).
  ParseOptions cp;
  cp.dialect = Dialect::cron_parser;
  cp.seed = Seed({"my-job"});
  EXPECT_EQ(resolve("H H * * *", cp), "21 16 * * *");
  // A scheme from another dialect draws H(a-b) where the dialect's own would
  // clamp or check it: a value outside the field is an error, never a bit
  // past the field's mask (found by fuzz_parse and fuzz_next_prev).
  for (Dialect d : {Dialect::cron_parser, Dialect::standard, Dialect::kubernetes, Dialect::croniter})
    for (HashScheme h : kAllHashSchemes) {
      ParseOptions o;
      o.dialect = d;
      o.hash = h;
      o.seed = Seed({"fuzz-host", "fuzz-job"});
      EXPECT_THROW(parse("H H(1264-1300) 8 * *", o), Error) << dialect_name(d) << " " << hash_scheme_name(h);
    }
  // Either scheme serves any dialect.
  ParseOptions standard;
  standard.seed = Seed({"my-job"});
  standard.hash = HashScheme::croniter;
  EXPECT_EQ(resolve("H H * * *", standard), "40 8 * * *");
}

}  // namespace
}  // namespace fuzzycron
