// The state directory: what a restarted runner needs to catch up without
// running an instant twice. Per job: the cursor (every instant up to it was
// started or skipped) and the instants chosen for catch-up that have not
// started yet.
//
// Changes are appended to a journal (one JSON line per changed job), written
// and fsynced once per wake-up, before the runs they record start: a fire costs
// one short line whatever the number of jobs. The journal is folded into a
// snapshot (write, fsync, rename) when it grows and at stop. A lock file makes
// one runner the directory's owner (per shard: each shard has its own files).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fuzzycron::runner {

struct JobRecord {
  std::int64_t cursor = 0;            // ms since the epoch
  std::vector<std::int64_t> pending;  // catch-up instants not started yet, ms

  friend bool operator==(const JobRecord&, const JobRecord&) = default;
};

class StateStore {
 public:
  // `name`: the files' stem ("state", or "state-1of3" for a shard).
  StateStore(std::string dir, std::string name);
  ~StateStore();
  StateStore(const StateStore&) = delete;
  StateStore& operator=(const StateStore&) = delete;

  bool enabled() const { return !dir_.empty(); }
  std::string path() const { return dir_ + "/" + name_ + ".json"; }
  std::string journal_path() const { return dir_ + "/" + name_ + ".journal"; }

  // Creates the directory if needed, takes its lock and checks that it can
  // write there. "" on success, else why not (the runner refuses to start).
  std::string open();

  // The saved state: the snapshot with the journal replayed over it (a torn
  // last line is ignored). `problems`: what could not be read.
  std::map<std::string, JobRecord> load(std::vector<std::string>& problems);

  // A job's new record, written by the next flush().
  void record(const std::string& job, JobRecord r);
  bool dirty() const { return !queued_.empty(); }
  // Appends the queued records and fsyncs once. "" or what failed (the records
  // stay queued and are tried again).
  std::string flush();
  // Replaces the snapshot with `all` and empties the journal. "" or what failed
  // (the old files are kept).
  std::string snapshot(const std::map<std::string, JobRecord>& all);
  // Whether the journal has grown enough to be folded into a snapshot.
  bool wants_snapshot(std::size_t jobs) const { return journal_records_ > std::max<std::size_t>(4096, 2 * jobs); }

 private:
  std::string dir_, name_;
  int lock_fd_ = -1, journal_fd_ = -1;
  std::size_t journal_records_ = 0;
  std::map<std::string, JobRecord> queued_;
};

}  // namespace fuzzycron::runner
