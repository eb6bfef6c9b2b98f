// The ledger of one host: the state directory (runner/state_store.h). Every
// due fire may run; what matters is that its start is journaled before its
// process exists, so a crash never runs an instant twice. Without a state
// directory it records nothing (a restart starts from now).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runner/clock.h"
#include "runner/ledger.h"
#include "runner/log.h"
#include "runner/state_store.h"

namespace fuzzycron::runner {

class LocalLedger final : public Ledger {
 public:
  // `dir` "" for none; `name`: the files' stem (per shard).
  LocalLedger(std::string dir, std::string name, Clock& clock, Log& log);

  std::string open() override;
  std::optional<Resume> resume(const std::string& job, sys_milliseconds now) override;
  bool may_run(const std::shared_ptr<JobState>&, sys_milliseconds) override { return true; }
  bool decides_overlap() const override { return false; }
  void changed(const std::shared_ptr<JobState>& s) override;
  void commit(const std::vector<std::shared_ptr<JobState>>& states) override;
  LedgerTurn turn(const std::vector<std::shared_ptr<JobState>>&, const std::vector<HeldRun>&) override { return {}; }
  void ended(const FireKey&, int, const std::string&, std::optional<int>) override {}
  void flush() override {}
  void checkpoint(const std::vector<std::shared_ptr<JobState>>& states) override;
  std::optional<std::int64_t> next_wake() const override { return std::nullopt; }
  std::uint64_t errors() const override { return errors_; }

  bool enabled() const { return store_.enabled(); }
  std::string path() const { return store_.path(); }

 private:
  StateStore store_;
  Clock& clock_;
  Log& log_;
  std::map<std::string, JobRecord> saved_;
  std::vector<std::shared_ptr<JobState>> dirty_;  // to be written before the next start
  std::optional<std::int64_t> error_logged_;
  std::uint64_t errors_ = 0;
};

}  // namespace fuzzycron::runner
