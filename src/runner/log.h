// The runner's log: one event per line, JSON ({"ts","level","event",...}) or
// text ("TS LEVEL EVENT key=value ..."), stamped by the runner's clock.
#pragma once

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <iosfwd>
#include <mutex>
#include <streambuf>
#include <string>
#include <thread>

#include "runner/clock.h"

namespace fuzzycron::runner {

class Log {
 public:
  Log(std::ostream& out, bool as_json, Clock& clock) : out_(out), json_(as_json), clock_(clock) {}
  void operator()(const char* level, const char* event, nlohmann::json fields = nlohmann::json::object());

 private:
  std::ostream& out_;
  bool json_;
  Clock& clock_;
};

// The log's way to a file descriptor (stdout) that never blocks the loop: each
// line is handed to a writer thread (which writes within 10 ms, in batches); when more than `capacity` bytes wait (a
// reader that stopped reading), new lines are dropped and counted, and the
// count is written as its own line once the reader catches up. An ostream over
// it (std::ostream out(&buffer)) is what Log writes to.
class AsyncLineBuffer final : public std::streambuf {
 public:
  AsyncLineBuffer(int fd, bool as_json, std::size_t capacity = 16u << 20);
  ~AsyncLineBuffer() override;  // writes what waits, for at most 5 s
  std::uint64_t dropped() const;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  void drain();
  static constexpr std::size_t kBatch = 64 * 1024;
  int fd_;
  bool json_;
  std::size_t capacity_;
  std::string line_;  // being written by the loop
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::string> queue_;
  std::size_t queued_bytes_ = 0;
  std::uint64_t dropped_ = 0, dropped_said_ = 0;
  bool closing_ = false;
  std::thread writer_;
};

// An instant as the log writes it: RFC 3339 in UTC.
std::string iso(sys_milliseconds t);

}  // namespace fuzzycron::runner
