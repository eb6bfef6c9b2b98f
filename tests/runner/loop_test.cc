// The runner's loop driven in C++: a ManualClock that jumps to each instant
// the loop waits for, and a fake launcher whose processes end when the test
// says, so every behaviour below takes no real time and no real process.
// (The end-to-end tests with real processes and signals are test_runner.py.)
#include <sys/wait.h>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
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
    std::string command;
    std::map<std::string, std::string> env;
    sys_milliseconds wall;
  };
  std::vector<Launch> launches;
  std::vector<std::pair<pid_t, int>> signals;

  int launch(const std::string&, const std::string& command, const std::vector<std::string>& env, int, bool,
             Process& p) override {
    Launch l{command, {}, clock_.now()};
    for (const auto& kv : env) l.env[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
    launches.push_back(std::move(l));
    std::int64_t lasts = 0;
    int status = W_EXITCODE(0, 0);
    if (command.starts_with("sleep-ms ")) lasts = std::stoll(command.substr(9));
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
    options_.catchup_spread = 0ms;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Runs `crontab` from `start` until `until`; the log's events, in order.
  std::vector<json> run(const std::string& crontab, const char* start, const char* until) {
    std::ofstream(options_.file) << crontab;
    clock_ = std::make_unique<ManualClock>(at(start));
    launcher_ = std::make_unique<FakeLauncher>(*clock_);
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

TEST(StateStore, RoundTripAndUnreadable) {
  const auto dir = std::filesystem::temp_directory_path() / ("fuzzycron-state-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  StateStore store(dir.string());
  EXPECT_EQ(store.save({{"a", 1}, {"b", 2}}), "");
  bool unreadable = true;
  EXPECT_EQ(store.load(unreadable), (std::map<std::string, std::int64_t>{{"a", 1}, {"b", 2}}));
  EXPECT_FALSE(unreadable);
  std::ofstream(store.path()) << "not json";
  EXPECT_TRUE(store.load(unreadable).empty());
  EXPECT_TRUE(unreadable);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace fuzzycron::runner
