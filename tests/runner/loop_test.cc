// The runner's loop driven in C++: a ManualClock that jumps to each instant
// the loop waits for, and a fake launcher whose processes end when the test
// says, so every behaviour below takes no real time and no real process.
// (The end-to-end tests with real processes and signals are test_runner.py.)
#include <sys/wait.h>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "fuzzycron/rfc3339.h"
#include "runner/loop.h"
#include "runner/output.h"
#include "runner/state_store.h"
#include "testing.h"

namespace fuzzycron::runner {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

using testing::at;

// Processes that last as long as their command says ("sleep-ms N" exits 0
// after N ms of the clock, "fail" exits 1 at once, anything else 0 at once).
class FakeLauncher final : public Launcher {
 public:
  explicit FakeLauncher(ManualClock& clock) : clock_(clock) {}

  struct Launch {
    std::string shell, command;
    std::map<std::string, std::string> env;
    sys_milliseconds wall;
  };
  std::vector<Launch> launches;
  std::vector<std::pair<pid_t, int>> signals;
  std::function<void(const Launch&)> on_launch;  // what a test looks at while the process starts

  int launch(const std::string& shell, const std::string& command, const std::vector<std::string>& env, int, bool,
             Process& p) override {
    Launch l{shell, command, {}, clock_.now()};
    for (const auto& kv : env) l.env[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
    if (on_launch) on_launch(l);
    launches.push_back(std::move(l));
    std::int64_t lasts = 0;
    int status = W_EXITCODE(0, 0);
    if (command.starts_with("sleep-ms ")) lasts = std::stoll(command.substr(9));
    // "stall-ms N": the loop is held up N ms (a slow machine, a stopped process).
    if (command.starts_with("stall-ms ")) clock_.advance(std::chrono::milliseconds{std::stoll(command.substr(9))});
    if (command == "fail") status = W_EXITCODE(1, 0);
    p.pid = next_pid_++;
    p.out = -1;
    procs_[p.pid] = {clock_.mono() + lasts, status, false};
    clock_.wake_at(clock_.mono() + lasts);
    return 0;
  }
  void signal(pid_t group, int sig) override {
    signals.emplace_back(group, sig);
    auto it = procs_.find(group);
    if (it == procs_.end() || it->second.reaped || sig == 0) return;
    it->second.end = clock_.mono();
    it->second.status = sig;  // killed by it
    clock_.wake_at(clock_.mono());
  }
  bool alive(pid_t group) override {
    const auto it = procs_.find(group);
    return it != procs_.end() && !it->second.reaped;
  }
  std::vector<pid_t> children() override { return {}; }
  std::vector<std::pair<pid_t, int>> reap() override {
    std::vector<std::pair<pid_t, int>> out;
    for (auto& [pid, p] : procs_)
      if (!p.reaped && p.end <= clock_.mono()) {
        p.reaped = true;
        out.emplace_back(pid, p.status);
      }
    return out;
  }

 private:
  struct Proc {
    std::int64_t end;
    int status;
    bool reaped;
  };
  ManualClock& clock_;
  pid_t next_pid_ = 1000;
  std::map<pid_t, Proc> procs_;
};

class RunnerLoop : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("fuzzycron-loop-" + std::to_string(::getpid()) + "-" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
    options_.file = (dir_ / "crontab").string();
    options_.host = "web-07";
    options_.catchup_window = 0ms;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Runs `crontab` from `start` until `until`; the log's events, in order.
  std::vector<json> run(const std::string& crontab, const char* start, const char* until,
                        std::function<void(const FakeLauncher::Launch&)> on_launch = {}) {
    std::ofstream(options_.file) << crontab;
    clock_ = std::make_unique<ManualClock>(at(start));
    launcher_ = std::make_unique<FakeLauncher>(*clock_);
    launcher_->on_launch = std::move(on_launch);
    std::ostringstream log;
    Runner runner(options_, *clock_, *launcher_, log);
    status_ = runner.run(at(until));
    std::vector<json> events;
    std::istringstream lines(log.str());
    for (std::string line; std::getline(lines, line);) events.push_back(json::parse(line));
    return events;
  }
  static std::vector<json> of(const std::vector<json>& events, const std::string& name) {
    std::vector<json> out;
    for (const auto& e : events)
      if (e["event"] == name) out.push_back(e);
    return out;
  }

  std::filesystem::path dir_;
  RunnerOptions options_;
  std::unique_ptr<ManualClock> clock_;
  std::unique_ptr<FakeLauncher> launcher_;
  int status_ = -1;
};

TEST_F(RunnerLoop, EveryInstantOnceOnTime) {
  const auto events = run("*/5 * * * * echo hi\n", "2026-03-01T10:00:00Z", "2026-03-01T11:00:00Z");
  EXPECT_EQ(status_, 0);
  ASSERT_EQ(launcher_->launches.size(), 11u);  // 10:05 ... 10:55: after the start, before `until`
  auto t = at("2026-03-01T10:05:00Z");
  for (const auto& l : launcher_->launches) {
    EXPECT_EQ(l.wall, t) << format_rfc3339(l.wall, TimeZone::utc());
    EXPECT_EQ(l.env.at("FUZZYCRON_SCHEDULED_FOR"), format_rfc3339(t, TimeZone::utc()));
    EXPECT_EQ(l.env.at("FUZZYCRON_JOB"), "echo hi");
    t += 5min;
  }
  for (const auto& e : of(events, "job.start")) EXPECT_EQ(e["late_ms"], 0);
  EXPECT_EQ(of(events, "job.end").size(), 11u);
}

TEST_F(RunnerLoop, HashedScheduleIsSeededByHostAndName) {
  run("# name: backup\nH * * * * backup.sh\n", "2026-03-01T10:00:00Z", "2026-03-01T13:00:00Z");
  ParseOptions o;
  o.seed = Seed({"web-07", "backup"});
  const Schedule s = parse("H * * * *", o);
  ASSERT_EQ(launcher_->launches.size(), 3u);
  auto t = s.next(at("2026-03-01T10:00:00Z"));
  for (const auto& l : launcher_->launches) {
    EXPECT_EQ(l.wall, *t);
    t = s.next(*t);
  }
}

TEST_F(RunnerLoop, OverlapForbidSkipsAndCounts) {
  // Each run lasts 7 minutes: of */5, every other instant finds it running.
  const auto events = run("*/5 * * * * sleep-ms 420000\n", "2026-03-01T10:00:00Z", "2026-03-01T10:30:00Z");
  const auto starts = of(events, "job.start");
  ASSERT_EQ(starts.size(), 3u);  // 10:05, 10:15, 10:25
  EXPECT_EQ(starts[1]["scheduled_for"], "2026-03-01T10:15:00Z");
  const auto skips = of(events, "job.skip");
  ASSERT_FALSE(skips.empty());
  EXPECT_EQ(skips[0]["reason"], "overlap");
  EXPECT_EQ(skips[0]["scheduled_for"], "2026-03-01T10:10:00Z");
}

TEST_F(RunnerLoop, TimeoutTermsTheGroup) {
  const auto events = run("# timeout: 1m\n0 * * * * sleep-ms 600000\n", "2026-03-01T10:30:00Z", "2026-03-01T11:30:00Z");
  const auto ends = of(events, "job.end");
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_EQ(ends[0]["outcome"], "timeout");
  EXPECT_EQ(ends[0]["duration_ms"], 60000);
  EXPECT_EQ(ends[0]["signal"], "TERM");
  ASSERT_FALSE(launcher_->signals.empty());
  EXPECT_EQ(launcher_->signals[0].second, SIGTERM);
}

TEST_F(RunnerLoop, RetriesWithBackoffThenTheHook) {
  const auto events = run("# retry: 2\n# on-permanent-failure: notify\n0 * * * * fail\n", "2026-03-01T10:30:00Z",
                          "2026-03-01T11:10:00Z");
  std::vector<std::string> commands;
  for (const auto& l : launcher_->launches) commands.push_back(l.command);
  ASSERT_EQ(commands, (std::vector<std::string>{"fail", "fail", "fail", "notify"}));
  // Backoff 1 s, then 2 s; every attempt is for the 11:00 instant.
  EXPECT_EQ(launcher_->launches[1].wall - launcher_->launches[0].wall, 1s);
  EXPECT_EQ(launcher_->launches[2].wall - launcher_->launches[1].wall, 2s);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(launcher_->launches[i].env.at("FUZZYCRON_SCHEDULED_FOR"), "2026-03-01T11:00:00Z");
  const auto ends = of(events, "job.end");
  ASSERT_EQ(ends.size(), 3u);
  EXPECT_EQ(ends[2]["attempt"], 3);
}

TEST_F(RunnerLoop, StateDirCatchesUpAfterDowntime) {
  options_.state_dir = (dir_ / "state").string();
  std::filesystem::create_directories(options_.state_dir);
  run("# catchup: latest\n0 * * * * job\n", "2026-03-01T10:30:00Z", "2026-03-01T11:30:00Z");
  ASSERT_EQ(launcher_->launches.size(), 1u);  // 11:00
  // Down from 11:30 to 14:30: 12:00, 13:00 and 14:00 were missed; "latest" runs 14:00 once.
  const auto events = run("# catchup: latest\n0 * * * * job\n", "2026-03-01T14:30:00Z", "2026-03-01T14:45:00Z");
  ASSERT_EQ(launcher_->launches.size(), 1u);
  EXPECT_EQ(launcher_->launches[0].env.at("FUZZYCRON_SCHEDULED_FOR"), "2026-03-01T14:00:00Z");
  const auto skips = of(events, "job.skip");
  ASSERT_EQ(skips.size(), 1u);
  EXPECT_EQ(skips[0]["count"], 2);
}

TEST_F(RunnerLoop, CatchUpUnderAllowDoesNotWaitForIdle) {
  // Every minute, each run lasting 90 s: under `allow` the job is never idle.
  // The 10 minutes of downtime are caught up at once, beside the on-time runs.
  options_.state_dir = (dir_ / "state").string();
  std::filesystem::create_directories(options_.state_dir);
  const std::string crontab = "# name: busy\n# concurrency: allow\n# catchup: all:100\n* * * * * sleep-ms 90000\n";
  run(crontab, "2026-03-01T10:00:00Z", "2026-03-01T10:05:30Z");
  ASSERT_EQ(launcher_->launches.size(), 5u);  // 10:01 ... 10:05
  run(crontab, "2026-03-01T10:15:30Z", "2026-03-01T10:20:30Z");
  std::set<std::string> started;
  for (const auto& l : launcher_->launches) started.insert(l.env.at("FUZZYCRON_SCHEDULED_FOR"));
  for (int minute = 6; minute <= 20; ++minute)
    EXPECT_EQ(started.count(fmt::format("2026-03-01T10:{:02}:00Z", minute)), 1u) << minute;
  EXPECT_EQ(started.size(), 15u);
}

TEST_F(RunnerLoop, RunsWaitingAtShutdownAreCounted) {
  // forbid: the catch-up runs wait for an idle job, which a 1-hour run never leaves.
  options_.state_dir = (dir_ / "state").string();
  std::filesystem::create_directories(options_.state_dir);
  const std::string crontab = "# name: slow\n# catchup: all:5\n*/10 * * * * sleep-ms 3600000\n";
  run(crontab, "2026-03-01T10:00:00Z", "2026-03-01T10:15:00Z");  // fires 10:10, cursor 10:15
  const auto events = run(crontab, "2026-03-01T11:05:00Z", "2026-03-01T11:07:00Z");
  ASSERT_EQ(launcher_->launches.size(), 1u);  // the first of the five missed (10:20 ... 11:00)
  EXPECT_EQ(launcher_->launches[0].env.at("FUZZYCRON_SCHEDULED_FOR"), "2026-03-01T10:20:00Z");
  const auto skips = of(events, "job.skip");
  ASSERT_EQ(skips.size(), 1u);
  EXPECT_EQ(skips[0]["reason"], "shutdown");
  EXPECT_EQ(skips[0]["count"], 4);
  EXPECT_EQ(skips[0]["first"], "2026-03-01T10:30:00Z");
  EXPECT_EQ(skips[0]["last"], "2026-03-01T11:00:00Z");
}

TEST(LineSplitter, LinesAndLongRecords) {
  LineSplitter s;
  std::vector<std::pair<std::string, bool>> got;
  const auto emit = [&](const std::string& r, bool continued) { got.emplace_back(r, continued); };
  s.feed("a\nb", emit);
  s.feed("c\n", emit);
  s.feed(std::string(LineSplitter::kMaxRecord + 10, 'x'), emit);
  s.flush(emit);
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[0], (std::pair<std::string, bool>{"a", false}));
  EXPECT_EQ(got[1], (std::pair<std::string, bool>{"bc", false}));
  EXPECT_EQ(got[2].first.size(), LineSplitter::kMaxRecord);
  EXPECT_TRUE(got[2].second);
  EXPECT_EQ(got[3].first.size(), 10u);
}

// The defects of research/runner-faults.md, each driven on the manual clock.

// D8: a run that ended is retired before the next instant fires; a per-second
// job whose runs last exactly a second starts every second.
TEST_F(RunnerLoop, EndedRunIsRetiredBeforeTheNextFire) {
  const auto events = run("CRON_FIELDS=6\n* * * * * * sleep-ms 1000\n", "2026-03-01T10:00:00Z", "2026-03-01T10:00:10Z");
  EXPECT_EQ(launcher_->launches.size(), 9u);  // :01 ... :09
  EXPECT_TRUE(of(events, "job.skip").empty()) << of(events, "job.skip")[0];
}

// D20: after a stall the newest instant runs; the older ones go through the
// job's catch-up policy (skip: counted, logged), not one run per missed second.
TEST_F(RunnerLoop, StallRunsTheNewestAndCatchesUpTheRest) {
  const auto events =
      run("CRON_FIELDS=6\n# name: stall\n0 0 * * * * stall-ms 10500\n# name: tick\n# concurrency: allow\n"
          "* * * * * * sleep-ms 100\n",
          "2026-03-01T09:59:58Z", "2026-03-01T10:00:13Z");
  std::vector<std::string> ticks;
  for (const auto& l : launcher_->launches)
    if (l.env.at("FUZZYCRON_JOB") == "tick") ticks.push_back(l.env.at("FUZZYCRON_SCHEDULED_FOR"));
  // 09:59:59 and 10:00:00 on time; the stall ends at 10:00:10.5: :10 runs, :01-:09 are skipped; then :11, :12.
  EXPECT_EQ(ticks, (std::vector<std::string>{"2026-03-01T09:59:59Z", "2026-03-01T10:00:00Z", "2026-03-01T10:00:10Z",
                                             "2026-03-01T10:00:11Z", "2026-03-01T10:00:12Z"}));
  const auto skips = of(events, "job.skip");
  ASSERT_EQ(skips.size(), 1u);
  EXPECT_EQ(skips[0]["reason"], "missed");
  EXPECT_EQ(skips[0]["cause"], "late");
  EXPECT_EQ(skips[0]["count"], 9);
}

// D9: when the next slot comes before the retry, the retry is dropped (said)
// and the failure is permanent: the hook runs.
TEST_F(RunnerLoop, RetryOutlastedByThePeriodRunsTheHook) {
  const auto more = run("CRON_FIELDS=6\n# retry: 2\n# on-permanent-failure: notify\n*/2 * * * * * fail\n",
                        "2026-03-01T10:00:00Z", "2026-03-01T10:00:05Z");
  std::vector<std::string> commands;
  for (const auto& l : launcher_->launches) commands.push_back(l.command);
  // :02 fails, its retry at :03 fails; the next retry (+2 s) would come after the :04 slot: dropped, the hook runs.
  EXPECT_EQ(commands, (std::vector<std::string>{"fail", "fail", "notify", "fail"}));
  const auto dropped = of(more, "job.retry");
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_EQ(dropped[0]["scheduled_for"], "2026-03-01T10:00:02Z");
  EXPECT_EQ(dropped[0]["attempt"], 3);
}

// D11: /bin/sh unless the crontab sets SHELL; the caller's $SHELL is not the jobs'.
TEST_F(RunnerLoop, JobsRunUnderBinShUnlessTheCrontabSetsShell) {
  ::setenv("SHELL", "/usr/bin/fish", 1);
  run("0 * * * * a\nSHELL=/bin/bash\n0 * * * * b\n", "2026-03-01T10:30:00Z", "2026-03-01T11:30:00Z");
  ::unsetenv("SHELL");
  ASSERT_EQ(launcher_->launches.size(), 2u);
  for (const auto& l : launcher_->launches) EXPECT_EQ(l.shell, l.env.at("SHELL"));
  EXPECT_EQ(launcher_->launches[0].shell, "/bin/sh");
  EXPECT_EQ(launcher_->launches[1].shell, "/bin/bash");
}

// D6: the start is in the state directory before the process exists.
TEST_F(RunnerLoop, StartIsRecordedBeforeTheSpawn) {
  options_.state_dir = (dir_ / "state").string();
  std::vector<std::string> seen;
  clock_ = nullptr;
  const std::string crontab = "# name: report\n0 * * * * report\n";
  std::ofstream(options_.file) << crontab;
  ManualClock clock(at("2026-03-01T10:30:00Z"));
  FakeLauncher launcher(clock);
  launcher.on_launch = [&](const FakeLauncher::Launch& l) {
    std::ifstream in(options_.state_dir + "/state.journal");
    std::string last;
    for (std::string line; std::getline(in, line);) last = line;
    const json j = json::parse(last);
    seen.push_back(
        l.env.at("FUZZYCRON_SCHEDULED_FOR") + " " +
        format_rfc3339(sys_milliseconds{std::chrono::milliseconds{j["cursor"].get<std::int64_t>()}}, TimeZone::utc()));
  };
  std::ostringstream log;
  Runner runner(options_, clock, launcher, log);
  runner.run(at("2026-03-01T12:30:00Z"));
  EXPECT_EQ(seen, (std::vector<std::string>{"2026-03-01T11:00:00Z 2026-03-01T11:00:00Z",
                                            "2026-03-01T12:00:00Z 2026-03-01T12:00:00Z"}));
}

// D7: a catch-up run chosen but not started when the runner stops runs after the restart.
TEST_F(RunnerLoop, PendingCatchUpSurvivesARestart) {
  options_.state_dir = (dir_ / "state").string();
  const std::string crontab = "# name: hourly-report\n# catchup: latest\n0 * * * * report\n";
  run(crontab, "2026-03-01T04:30:00Z", "2026-03-01T04:30:02Z");
  options_.catchup_window = 10min;  // 05:00 is queued for later than this run lasts
  run(crontab, "2026-03-01T05:20:00Z", "2026-03-01T05:20:02Z");
  ASSERT_TRUE(launcher_->launches.empty());
  options_.catchup_window = 0ms;
  run(crontab, "2026-03-01T05:21:00Z", "2026-03-01T05:21:03Z");
  ASSERT_EQ(launcher_->launches.size(), 1u);
  EXPECT_EQ(launcher_->launches[0].env.at("FUZZYCRON_SCHEDULED_FOR"), "2026-03-01T05:00:00Z");
}

// D1: with a state directory, a wake-up writes one short record per job it
// fired, not the whole state once per job.
TEST_F(RunnerLoop, StateCostPerFireIsOneRecord) {
  options_.state_dir = (dir_ / "state").string();
  std::string crontab = "CRON_FIELDS=6\n";
  for (int i = 0; i < 300; ++i) crontab += fmt::format("# name: j{}\n* * * * * * true\n", i);
  run(crontab, "2026-03-01T10:00:00Z", "2026-03-01T10:00:03.500Z");
  EXPECT_EQ(launcher_->launches.size(), 900u);
  // Three wake-ups of 300 records, folded into the snapshot at stop.
  std::vector<std::string> problems;
  StateStore store(options_.state_dir, "state");
  ASSERT_EQ(store.open(), "");
  const auto saved = store.load(problems);
  ASSERT_EQ(saved.size(), 300u);
  EXPECT_EQ(saved.at("j7").cursor, at("2026-03-01T10:00:03Z").time_since_epoch().count());
}

// D17: SIGTERM during a burst of starts stops the burst; the rest are counted.
TEST_F(RunnerLoop, TermDuringABurstStopsIt) {
  std::string crontab;
  for (int i = 0; i < 2000; ++i) crontab += fmt::format("# name: j{}\n0 * * * * true\n", i);
  std::ofstream(options_.file) << crontab;
  ManualClock clock(at("2026-03-01T10:59:59Z"));
  FakeLauncher launcher(clock);
  launcher.on_launch = [&](const FakeLauncher::Launch&) {
    if (launcher.launches.size() == 10) ::raise(SIGTERM);  // blocked by the runner: pending, read from its signalfd
  };
  std::ostringstream log;
  {
    Runner runner(options_, clock, launcher, log);
    runner.run(at("2026-03-01T11:30:00Z"));
  }
  sigset_t term;
  sigemptyset(&term);
  sigaddset(&term, SIGTERM);
  sigprocmask(SIG_UNBLOCK, &term, nullptr);
  EXPECT_LE(launcher.launches.size(), 10u + kCheckSignalsEvery);
  std::size_t skipped = 0;
  std::istringstream lines(log.str());
  for (std::string line; std::getline(lines, line);) {
    const json e = json::parse(line);
    if (e["event"] == "job.skip" && e["reason"] == "shutdown") ++skipped;
  }
  EXPECT_EQ(skipped + launcher.launches.size(), 2000u);
}

// Item 8: a host name a container gets anew at each start is said at start.
TEST_F(RunnerLoop, GeneratedHostNameIsSaid) {
  options_.host = "3f4e5d6c7b8a";
  auto events = run("0 * * * * a\n", "2026-03-01T10:30:00Z", "2026-03-01T10:31:00Z");
  ASSERT_EQ(of(events, "runner.host").size(), 1u);
  EXPECT_EQ(of(events, "runner.host")[0]["looks_like"], "a container id");
  options_.host = "web-6d4cf56db6-x7k2p";
  events = run("0 * * * * a\n", "2026-03-01T10:30:00Z", "2026-03-01T10:31:00Z");
  ASSERT_EQ(of(events, "runner.host").size(), 1u);
  options_.host = "cron-0";  // a StatefulSet's pod: stable
  events = run("0 * * * * a\n", "2026-03-01T10:30:00Z", "2026-03-01T10:31:00Z");
  EXPECT_TRUE(of(events, "runner.host").empty());
}

// Item 5: CRON_FIELDS=6 reads six fields, seconds first.
TEST_F(RunnerLoop, SixFieldsWhereTheCrontabSaysSo) {
  run("CRON_FIELDS=6\n*/20 * * * * * tick\n", "2026-03-01T10:00:00Z", "2026-03-01T10:01:00Z");
  ASSERT_EQ(launcher_->launches.size(), 2u);  // :20, :40
  EXPECT_EQ(launcher_->launches[0].command, "tick");
  EXPECT_EQ(launcher_->launches[1].env.at("FUZZYCRON_SCHEDULED_FOR"), "2026-03-01T10:00:40Z");
}

// Jobs know their fire: attempt and replica too.
TEST_F(RunnerLoop, JobsKnowTheirFire) {
  run("# retry: 1\n0 * * * * fail\n", "2026-03-01T10:30:00Z", "2026-03-01T11:30:00Z");
  ASSERT_EQ(launcher_->launches.size(), 2u);
  EXPECT_EQ(launcher_->launches[0].env.at("FUZZYCRON_ATTEMPT"), "1");
  EXPECT_EQ(launcher_->launches[1].env.at("FUZZYCRON_ATTEMPT"), "2");
  EXPECT_EQ(launcher_->launches[1].env.at("FUZZYCRON_REPLICA"), "web-07");
  EXPECT_FALSE(launcher_->launches[1].env.at("FUZZYCRON_RUN_ID").empty());
}

// Issue 32: days without fires and bounds as per-job settings.
TEST_F(RunnerLoop, ExceptAndBoundsFromTheSettings) {
  run("# name: daily\n# except: 2026-03-03, 2026-03-05..2026-03-06\n# not-after: 2026-03-08T00:00:00Z\n"
      "0 9 * * * daily.sh\n",
      "2026-03-01T00:00:00Z", "2026-03-10T00:00:00Z");
  std::vector<std::string> days;
  for (const auto& l : launcher_->launches) days.push_back(format_rfc3339(l.wall, TimeZone::utc()).substr(0, 10));
  EXPECT_EQ(days, (std::vector<std::string>{"2026-03-01", "2026-03-02", "2026-03-04", "2026-03-07"}));
  // An anchored interval in a crontab line reads to the end of its clauses, and is limited alike.
  run("# name: daily\n# except: 2026-03-03, 2026-03-05..2026-03-06\n# not-after: 2026-03-08T00:00:00Z\n"
      "@every 1d from 2026-02-01T09:00 on mon-sat daily.sh --now\n",
      "2026-03-01T00:00:00Z", "2026-03-10T00:00:00Z");
  days.clear();
  for (const auto& l : launcher_->launches) days.push_back(format_rfc3339(l.wall, TimeZone::utc()).substr(0, 10));
  EXPECT_EQ(days, (std::vector<std::string>{"2026-03-02", "2026-03-04", "2026-03-07"}));  // 03-01 is a Sunday
  ASSERT_FALSE(launcher_->launches.empty());
  EXPECT_EQ(launcher_->launches[0].command, "daily.sh --now");
}

// A cron calendar (no weekends) and a holiday moved to the next day the
// calendars allow, per job.
TEST_F(RunnerLoop, CronCalendarsAndMovedFiresFromTheSettings) {
  run("# name: first\n# except: 2026-06-01\n# except-move: following\n# except-cron: * * * * 0,6\n"
      "0 9 1,6 * * first.sh\n",
      "2026-05-01T00:00:00Z", "2026-07-10T00:00:00Z");
  std::vector<std::string> days;
  for (const auto& l : launcher_->launches) days.push_back(format_rfc3339(l.wall, TimeZone::utc()).substr(0, 10));
  // 05-01 a Friday; 05-06 a Wednesday; 06-01 a holiday, moved to 06-02; 06-06 a Saturday;
  // 07-01 a Wednesday; 07-06 a Monday.
  EXPECT_EQ(days, (std::vector<std::string>{"2026-05-01", "2026-05-06", "2026-06-02", "2026-07-01", "2026-07-06"}));
}

// A holiday file beside the crontab (a relative name), read again when it
// changes; one that no longer reads leaves the running schedule, said once.
TEST_F(RunnerLoop, ACalendarFileIsReadAgainWhenItChanges) {
  const auto ics = [&](const char* day, const char* next_day) {
    std::ofstream(dir_ / "holidays.ics") << "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzzycron//test//EN\r\n"
                                         << "BEGIN:VEVENT\r\nUID:h@test\r\nDTSTAMP:20260101T000000Z\r\n"
                                         << "DTSTART;VALUE=DATE:" << day << "\r\nDTEND;VALUE=DATE:" << next_day
                                         << "\r\nSUMMARY:Holiday\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
  };
  ics("20260303", "20260304");
  int launched = 0;
  const auto events = run("# name: daily\n# except: holidays.ics\n0 9 * * * daily.sh\n", "2026-03-01T00:00:00Z",
                          "2026-03-06T00:00:00Z", [&](const FakeLauncher::Launch&) {
                            if (++launched == 1) ics("20260304", "20260305");  // the holiday moves a day
                            if (launched == 2) std::ofstream(dir_ / "holidays.ics") << "not a calendar\n";
                          });
  std::vector<std::string> days;
  for (const auto& l : launcher_->launches) days.push_back(format_rfc3339(l.wall, TimeZone::utc()).substr(0, 10));
  // 03-03 runs (no longer a holiday), 03-04 does not (the moved one, kept when the file broke).
  EXPECT_EQ(days, (std::vector<std::string>{"2026-03-01", "2026-03-02", "2026-03-03", "2026-03-05"}));
  const auto reloads = of(events, "config.reload");
  ASSERT_EQ(reloads.size(), 2u);
  EXPECT_EQ(reloads[0]["result"], "success");
  EXPECT_EQ(reloads[1]["result"], "error");
  EXPECT_EQ(reloads[1]["kept"], "the running configuration");
  EXPECT_NE(reloads[1].dump().find("not an iCalendar file"), std::string::npos) << reloads[1];
}

}  // namespace
}  // namespace fuzzycron::runner
