// Schedules written for production schedulers (fuzzycron/target.h): each
// target's text, what it refuses, and — for the cron-like targets — that the
// text read back with the target's grammar fires exactly as the source.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>

#include "fuzzycron/fuzzycron.h"

namespace fuzzycron {
namespace {

using Strings = std::vector<std::string>;

ParseOptions in(Dialect d, const char* tz = "UTC", const char* seed = nullptr) {
  ParseOptions o;
  o.dialect = d;
  o.time_zone = tz;
  if (seed) o.seed = Seed({seed});
  return o;
}

Strings exprs(const char* expr, const ParseOptions& o, Target t) { return to_target(expr, o, t).expressions; }

TEST(Targets, Names) {
  for (Target t : kAllTargets) EXPECT_EQ(target_from_name(target_name(t)), t);
  EXPECT_EQ(target_from_name("k8s"), Target::kubernetes);
  EXPECT_FALSE(target_from_name("cronie"));
  EXPECT_EQ(target_dst_policy(Target::systemd)->name(), "skip-first");
  EXPECT_EQ(target_dst_policy(Target::kubernetes)->name(), "skip-both");
  EXPECT_FALSE(target_dst_policy(Target::github_actions));
}

TEST(Targets, Systemd) {
  const auto std = in(Dialect::standard, "Europe/Berlin");
  EXPECT_EQ(exprs("30 2 * * *", std, Target::systemd), Strings{"*-*-* 02:30:00 Europe/Berlin"});
  EXPECT_EQ(exprs("7 3 13 * 5", std, Target::systemd),
            (Strings{"*-*-13 03:07:00 Europe/Berlin", "Fri *-*-* 03:07:00 Europe/Berlin"}));  // day OR: two lines
  EXPECT_EQ(exprs("*/15 9-17 * * 1-5", in(Dialect::standard), Target::systemd),
            Strings{"Mon..Fri *-*-* 09..17:00,15,30,45:00 UTC"});
  const auto quartz = in(Dialect::quartz);
  EXPECT_EQ(exprs("0 0 12 ? * 6#3", quartz, Target::systemd), Strings{"Fri *-*-15..21 12:00:00 UTC"});
  EXPECT_EQ(exprs("0 0 12 ? * 6L", quartz, Target::systemd), Strings{"Fri *-*~01..07 12:00:00 UTC"});
  EXPECT_EQ(exprs("0 0 12 L-3 * ?", quartz, Target::systemd), Strings{"*-*~04 12:00:00 UTC"});
  EXPECT_EQ(exprs("0 0 12 LW * ?", quartz, Target::systemd),
            (Strings{"Mon..Fri *-*~01 12:00:00 UTC", "Fri *-*~02..03 12:00:00 UTC"}));
  EXPECT_EQ(exprs("0 0 12 15W * ?", quartz, Target::systemd),
            (Strings{"Mon..Fri *-*-15 12:00:00 UTC", "Fri *-*-14 12:00:00 UTC", "Mon *-*-16 12:00:00 UTC"}));
  EXPECT_EQ(exprs("30 0 12 1 1 ? 2030-2040/5", quartz, Target::systemd), Strings{"2030..2040/5-01-01 12:00:30 UTC"});
  EXPECT_THROW(exprs("0 0 12 30W * ?", quartz, Target::systemd), Error);
  // A spread offset becomes seconds with milliseconds.
  ParseOptions spread = in(Dialect::standard, "UTC", "nightly");
  spread.offset_window = std::chrono::seconds{30};
  const auto ms = seed_offset(Seed({"nightly"}), std::chrono::seconds{30}).count();
  char expected[64];
  std::snprintf(expected, sizeof expected, "*-*-* 03:00:%02lld.%03lld UTC", static_cast<long long>(ms / 1000),
                static_cast<long long>(ms % 1000));
  EXPECT_EQ(exprs("0 3 * * *", spread, Target::systemd), Strings{expected});
}

TEST(Targets, CronLike) {
  const auto std = in(Dialect::standard);
  EXPECT_EQ(exprs("H 3 * * *", in(Dialect::standard, "UTC", "backup"), Target::kubernetes).size(), 1u);
  EXPECT_EQ(exprs("7 3 13 * 5", std, Target::kubernetes), Strings{"7 3 13 * 5"});
  // A restricted day field never starts with '*' where a star means "unrestricted".
  EXPECT_EQ(exprs("0 0 1-31/2 * 1", std, Target::github_actions), Strings{"0 0 1-31/2 * 1"});
  EXPECT_EQ(exprs("0 0 1-31/2 * 1", std, Target::cloud_scheduler), Strings{"0 0 1-31/2 * 1"});
  EXPECT_EQ(exprs("0 0 1-31/2 * 1", std, Target::kubernetes), Strings{"0 0 */2 * 1"});  // robfig: */2 has no star bit
  EXPECT_THROW(exprs("0 0 */2 * 1", std, Target::kubernetes), Error);   // Vixie's AND: no robfig spelling
  EXPECT_THROW(exprs("30 0 0 * * *", std, Target::kubernetes), Error);  // seconds
  EXPECT_THROW(exprs("0 0 0 L * ?", in(Dialect::quartz), Target::github_actions), Error);
  try {
    exprs("0 0 0 L * ?", in(Dialect::quartz), Target::github_actions);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::unsupported);
    EXPECT_NE(e.message().find("GitHub Actions cannot express"), std::string::npos) << e.message();
  }
  // Nomad: 7 fields for seconds or years; EventBridge: '?' and two schedules for a day OR.
  EXPECT_EQ(exprs("30 0 0 * * *", std, Target::nomad), Strings{"30 0 0 * * * *"});
  EXPECT_EQ(exprs("0 0 12 LW * ?", in(Dialect::quartz), Target::nomad), Strings{"0 12 LW * *"});
  EXPECT_EQ(exprs("7 3 13 * 5", std, Target::eventbridge), (Strings{"7 3 13 * ? *", "7 3 ? * 6 *"}));
  EXPECT_EQ(exprs("0 0 12 ? * 6#3", in(Dialect::quartz), Target::eventbridge), Strings{"0 12 ? * 6#3 *"});
  EXPECT_THROW(exprs("0 0 12 ? * 2#1,6#3", in(Dialect::quartz), Target::eventbridge), Error);
  EXPECT_THROW(exprs("0 0 30 2 *", std, Target::kubernetes), Error);  // never fires
}

// The fire times of a target's expressions read back in the dialect that
// models the target, under the target's DST behaviour.
std::vector<sys_milliseconds> fires_of(const Strings& expressions, Target t, const std::string& zone,
                                       sys_milliseconds from, sys_milliseconds to) {
  std::set<sys_milliseconds> out;
  for (const auto& e : expressions) {
    ParseOptions o;
    o.time_zone = zone;
    o.dst = target_dst_policy(t).value_or(DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both));
    std::string text = e;
    switch (t) {
      case Target::kubernetes:
      case Target::github_actions:
      case Target::cloud_scheduler: o.dialect = Dialect::kubernetes; break;
      case Target::nomad: o.dialect = Dialect::furiko; break;
      case Target::eventbridge:  // min hour dom mon dow year -> Quartz with seconds 0
        o.dialect = Dialect::quartz;
        text = "0 " + e;
        break;
      case Target::systemd: return {};
    }
    for (auto x : parse(text, o).fires(from, to)) out.insert(x);
  }
  return {out.begin(), out.end()};
}

// Generated expressions in four dialects: whatever a target accepts, its
// text fires exactly as the source over a year (EventBridge's OR split may
// fire twice on a day matching both: a set comparison).
TEST(Targets, ExportedCronFiresAsTheSource) {
  std::mt19937_64 rng(20261124);
  auto pick = [&](std::initializer_list<const char*> menu) { return std::string(menu.begin()[rng() % menu.size()]); };
  const auto from = *parse_rfc3339("2026-01-01T00:00:00Z"), to = *parse_rfc3339("2027-01-01T00:00:00Z");
  int compared = 0, refused = 0;
  for (int i = 0; i < 400; ++i) {
    const Dialect d = std::array{Dialect::standard, Dialect::quartz, Dialect::kubernetes, Dialect::furiko}[rng() % 4];
    std::string expr;
    const std::string time = pick({"0", "H", "*/15", "5,35", "10-20"}) + " " + pick({"3", "H", "*/6", "9-17"});
    if (d == Dialect::quartz) {
      const std::string dom = pick({"?", "*", "L", "LW", "15W", "1,15", "*/10", "L-2"});
      expr = pick({"0", "0", "30"}) + " " + time + " " + dom + " " + pick({"*", "1-6", "*/2"}) + " " +
             (dom == "?" ? pick({"*", "MON-FRI", "6#3", "2L", "SUN"}) : "?");
    } else {
      expr = time + " " + pick({"*", "1", "13", "1,15", "*/2", "1-31/2"}) + " " + pick({"*", "2", "*/3"}) + " " +
             pick({"*", "1-5", "5", "*/2"});
    }
    ParseOptions o = in(d, "UTC", "job");
    o.dst = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both);
    const Schedule source = parse(expr, o);
    std::vector<sys_milliseconds> want;
    for (auto x : source.fires(from, to)) want.push_back(x);
    for (Target t :
         {Target::kubernetes, Target::github_actions, Target::cloud_scheduler, Target::nomad, Target::eventbridge}) {
      TargetSchedule ts;
      try {
        ts = to_target(expr, o, t);
      } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::unsupported) << expr << ": " << e.message();
        ++refused;
        continue;
      }
      EXPECT_EQ(fires_of(ts.expressions, t, "UTC", from, to), want)
          << "\"" << expr << "\" (" << dialect_name(d) << ") as " << target_name(t) << ": " << ts.expressions.front();
      ++compared;
    }
  }
  std::cout << "[ targets ] " << compared << " exports compared over 2026, " << refused << " refused\n";
  EXPECT_GT(compared, 1000);
}

// systemd's own parser and clock (systemd-analyze calendar, package systemd)
// for every exported OnCalendar= spec: a year of elapses from 2026-01-01, in
// UTC and two zones with DST, against our engine under systemd's skip-first.
// One systemd-analyze per zone and form, all specs at once. systemd evaluates a
// spec that names a zone in a forked child with TZ set to that zone, one fork
// per elapse (calendarspec.c): 17 ms each, 400 s for this year's 25,000
// elapses. So the year runs on the same spec without its zone under TZ=zone
// (the child's own evaluation, no fork); the spec exactly as exported is
// checked to parse and to give the same first elapses.
struct SystemdRun {
  std::vector<std::vector<std::int64_t>> elapses;  // per spec, in order
  std::string text;                                // the output, for messages
  bool ok = false;
};

SystemdRun systemd_calendar(const std::string& tz, const std::vector<std::string>& specs, std::size_t iterations) {
  std::string command = "TZ=" + tz + " systemd-analyze calendar --iterations=" + std::to_string(iterations) +
                        " --base-time='2025-12-31 23:59:59 UTC'";
  for (const auto& spec : specs) command += " '" + spec + "'";
  SystemdRun run;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return run;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p)) run.text += buf;
  run.ok = pclose(p) == 0;
  // A block per spec: "Original form:" (when it differs), "Normalized form:",
  // then each elapse; in a zone other than UTC each elapse has an "(in UTC):" line.
  std::size_t line_start = 0;
  bool after_original = false;
  while (line_start < run.text.size()) {
    auto line_end = run.text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = run.text.size();
    const std::string line = run.text.substr(line_start, line_end - line_start);
    line_start = line_end + 1;
    if (line.find("Original form:") != std::string::npos) {
      run.elapses.emplace_back();
      after_original = true;
    } else if (line.find("Normalized form:") != std::string::npos) {
      if (!after_original) run.elapses.emplace_back();
      after_original = false;
    } else if (line.size() > 24 && line.ends_with(" UTC") && !run.elapses.empty()) {
      // "...: Tue 2026-03-31 00:30:00 UTC"
      const std::string stamp = line.substr(line.size() - 23, 19);
      if (const auto t = parse_rfc3339(stamp + "Z"))
        run.elapses.back().push_back(std::chrono::floor<std::chrono::seconds>(*t).time_since_epoch().count());
    }
  }
  return run;
}

TEST(Targets, SystemdAnalyzeAgrees) {
  if (std::system("command -v systemd-analyze >/dev/null 2>&1") != 0) GTEST_SKIP() << "systemd-analyze missing";
  const char* exprs_standard[] = {"30 2 * * *",       "7 3 13 * 5", "*/15 9-17 * * 1-5", "0 0 1,15 * *", "45 1 * * 0",
                                  "0 */6 * 2-11/3 *", "5 4 29 2 *", "0 12 * * 6,0",      "59 23 31 * *"};
  const char* exprs_quartz[] = {"0 0 12 ? * 6#3", "0 0 12 ? * 6L",      "0 0 12 L-3 * ?",   "0 0 12 LW * ?",
                                "0 0 12 15W * ?", "0 30 1 1W * ?",      "15 30 2 L-2W * ?", "0 0 0 L * ?",
                                "0 0 12 ? * 2#5", "0 15 10 ? * MON-FRI"};
  const auto from = *parse_rfc3339("2025-12-31T23:59:59Z"), to = *parse_rfc3339("2027-01-01T00:00:00Z");
  const auto to_s = std::chrono::floor<std::chrono::seconds>(to).time_since_epoch().count();
  constexpr std::size_t kExactIterations = 6;  // of the spec as exported: one fork each
  int specs = 0, compared = 0;
  for (const std::string zone : {"UTC", "Europe/Berlin", "America/New_York"}) {
    struct Case {
      std::string expr;
      std::vector<std::int64_t> want;
      std::vector<std::size_t> specs;  // indices into `exported`
    };
    std::vector<Case> cases;
    std::vector<std::string> exported, zoneless;
    std::size_t most = 0;
    for (int q = 0; q < 2; ++q) {
      const auto& list = q ? std::vector<const char*>(std::begin(exprs_quartz), std::end(exprs_quartz))
                           : std::vector<const char*>(std::begin(exprs_standard), std::end(exprs_standard));
      for (const char* expr : list) {
        ParseOptions o = in(q ? Dialect::quartz : Dialect::standard, zone.c_str());
        o.dst = *target_dst_policy(Target::systemd);
        Case c{expr, {}, {}};
        for (auto t : parse(expr, o).fires(from + std::chrono::seconds{1}, to))
          c.want.push_back(std::chrono::floor<std::chrono::seconds>(t).time_since_epoch().count());
        most = std::max(most, c.want.size());
        for (const auto& spec : to_target(expr, o, Target::systemd).expressions) {
          ASSERT_TRUE(spec.ends_with(" " + zone)) << spec;
          c.specs.push_back(exported.size());
          exported.push_back(spec);
          zoneless.push_back(spec.substr(0, spec.size() - zone.size() - 1));
        }
        cases.push_back(std::move(c));
      }
    }
    const SystemdRun year = systemd_calendar(zone, zoneless, most + 5);
    const SystemdRun exact = systemd_calendar("UTC", exported, kExactIterations);
    EXPECT_TRUE(year.ok && exact.ok) << "systemd-analyze rejects a spec:\n" << year.text << exact.text;
    ASSERT_EQ(year.elapses.size(), exported.size()) << year.text;
    ASSERT_EQ(exact.elapses.size(), exported.size()) << exact.text;
    for (const auto& c : cases) {
      std::set<std::int64_t> got;
      for (std::size_t i : c.specs) {
        std::vector<std::int64_t> in_year;
        for (auto t : year.elapses[i])
          if (t < to_s) in_year.push_back(t);
        got.insert(in_year.begin(), in_year.end());
        // The spec as exported, with its zone, gives the same first elapses.
        const auto n = std::min(year.elapses[i].size(), kExactIterations);
        EXPECT_EQ(exact.elapses[i], std::vector<std::int64_t>(year.elapses[i].begin(),
                                                              year.elapses[i].begin() + static_cast<std::ptrdiff_t>(n)))
            << exported[i];
        ++specs;
      }
      EXPECT_EQ(std::vector<std::int64_t>(got.begin(), got.end()), c.want) << c.expr << " in " << zone;
      compared += static_cast<int>(c.want.size());
    }
  }
  std::cout << "[ systemd ] " << specs << " OnCalendar= specs, " << compared << " elapses compared over 2026\n";
}

}  // namespace
}  // namespace fuzzycron
