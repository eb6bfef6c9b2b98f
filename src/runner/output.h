// A job's output as records: one per line, a line longer than kMaxRecord
// split into records marked as continued, so a job that never writes a
// newline cannot grow the runner's memory.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace fuzzycron::runner {

class LineSplitter {
 public:
  static constexpr std::size_t kMaxRecord = 64 * 1024;
  using Emit = std::function<void(const std::string& record, bool continued)>;

  // Feeds bytes as they arrive; `emit` gets every complete record.
  void feed(std::string_view data, const Emit& emit);
  // The last line, when the output ended without a newline.
  void flush(const Emit& emit);

 private:
  std::string partial_;
};

}  // namespace fuzzycron::runner
