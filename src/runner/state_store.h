// The state directory: each job's cursor (every instant up to it was fired or
// skipped), so that a restarted runner catches up on what it missed.
// state.json is replaced whole (write, fsync, rename): a crash leaves the old
// file or the new one, never half of one.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace fuzzycron::runner {

class StateStore {
 public:
  explicit StateStore(std::string dir) : dir_(std::move(dir)) {}
  bool enabled() const { return !dir_.empty(); }
  std::string path() const { return dir_ + "/state.json"; }

  // Job name -> last fired (ms since the epoch). Empty when there is no file;
  // `unreadable` is set when there is one that is not ours.
  std::map<std::string, std::int64_t> load(bool& unreadable) const;
  // "" on success, else what failed.
  std::string save(const std::map<std::string, std::int64_t>& cursors) const;

 private:
  std::string dir_;
};

}  // namespace fuzzycron::runner
