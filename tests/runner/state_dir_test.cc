// The runner's state directory (StateStore, under the local ledger): the
// journal and snapshot, torn lines, one owner, unusable and full disks.
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "runner/state_store.h"

namespace fuzzycron::runner {
namespace {

class StateDir : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("fuzzycron-state-" + std::to_string(::getpid()) + "-" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(StateDir, JournalThenSnapshotRoundTrip) {
  std::vector<std::string> problems;
  {
    StateStore store(dir_.string(), "state");
    ASSERT_EQ(store.open(), "");  // creates the directory
    store.record("a", {1000, {}});
    store.record("b", {2000, {1500}});
    ASSERT_EQ(store.flush(), "");
    store.record("a", {3000, {}});  // the later record wins
    ASSERT_EQ(store.flush(), "");
  }
  {
    StateStore store(dir_.string(), "state");
    ASSERT_EQ(store.open(), "");
    const auto got = store.load(problems);
    EXPECT_EQ(got, (std::map<std::string, JobRecord>{{"a", {3000, {}}}, {"b", {2000, {1500}}}}));
    EXPECT_TRUE(problems.empty());
    ASSERT_EQ(store.snapshot({{"a", {4000, {}}}}), "");
    EXPECT_EQ(std::filesystem::file_size(store.journal_path()), 0u);  // folded into the snapshot
  }
  StateStore store(dir_.string(), "state");
  ASSERT_EQ(store.open(), "");
  EXPECT_EQ(store.load(problems), (std::map<std::string, JobRecord>{{"a", {4000, {}}}}));
}

TEST_F(StateDir, TornLineAndOldFormat) {
  std::filesystem::create_directories(dir_);
  std::ofstream(dir_ / "state.json") << R"({"jobs":{"old":{"last_fired":1234}}})";  // 0.4's format
  std::ofstream(dir_ / "state.journal") << "{\"job\":\"a\",\"cursor\":5,\"pending\":[]}\n{\"job\":\"b\",\"cur";
  StateStore store(dir_.string(), "state");
  ASSERT_EQ(store.open(), "");
  std::vector<std::string> problems;
  EXPECT_EQ(store.load(problems), (std::map<std::string, JobRecord>{{"old", {1234, {}}}, {"a", {5, {}}}}));
  ASSERT_EQ(problems.size(), 1u);  // the torn line, said
  std::ofstream(store.path()) << "not json";
  problems.clear();
  EXPECT_EQ(store.load(problems).count("old"), 0u);
  EXPECT_FALSE(problems.empty());
}

// Two runners on one directory (research/runner-faults.md D4): the second is refused.
TEST_F(StateDir, OneOwnerPerDirectoryAndShard) {
  StateStore first(dir_.string(), "state");
  ASSERT_EQ(first.open(), "");
  StateStore second(dir_.string(), "state");
  const std::string refused = second.open();
  EXPECT_NE(refused.find("in use by another runner"), std::string::npos) << refused;
  EXPECT_NE(refused.find(std::to_string(::getpid())), std::string::npos) << refused;
  StateStore shard(dir_.string(), "state-1of2");  // shards keep their own files
  EXPECT_EQ(shard.open(), "");
}

// A directory that cannot be made is said at open (D16), not at the first fire.
TEST_F(StateDir, UnusableDirectoryIsRefusedAtOpen) {
  StateStore store("/dev/null/state", "state");
  EXPECT_NE(store.open().find("cannot create the state directory"), std::string::npos);
}

// A full disk (D14): the error is returned and the old state stays whole.
TEST_F(StateDir, FullDiskKeepsTheOldState) {
  {
    StateStore store(dir_.string(), "state");
    ASSERT_EQ(store.open(), "");
    ASSERT_EQ(store.snapshot({{"a", {1000, {}}}}), "");
  }
  std::filesystem::remove(dir_ / "state.journal");
  std::filesystem::create_symlink("/dev/full", dir_ / "state.journal");
  std::filesystem::create_symlink("/dev/full", dir_ / "state.json.tmp");
  StateStore store(dir_.string(), "state");
  ASSERT_EQ(store.open(), "");
  store.record("a", {2000, {}});
  EXPECT_NE(store.flush().find("No space left"), std::string::npos);
  EXPECT_TRUE(store.dirty());  // kept, tried again at the next flush
  EXPECT_NE(store.snapshot({{"a", {2000, {}}}}).find("No space left"), std::string::npos);
  std::vector<std::string> problems;
  std::filesystem::remove(dir_ / "state.journal");
  EXPECT_EQ(store.load(problems), (std::map<std::string, JobRecord>{{"a", {1000, {}}}}));
}

}  // namespace
}  // namespace fuzzycron::runner
