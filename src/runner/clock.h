// The runner's clocks. The real one waits for wall-clock instants with an
// absolute CLOCK_REALTIME timerfd that the kernel cancels when the clock is
// set, and tells suspends (CLOCK_BOOTTIME - CLOCK_MONOTONIC grows) from steps
// (CLOCK_REALTIME - CLOCK_BOOTTIME changes). The simulated one runs RATE
// simulated seconds per real second from a start instant; steps and suspends
// are injected through a control FIFO, so tests cover them in seconds.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/instant.h"

namespace fuzzycron::runner {

struct ClockJump {
  enum Kind { step, suspend } kind;
  std::chrono::milliseconds delta;  // signed for steps
};

class Clock {
 public:
  virtual ~Clock() = default;
  virtual sys_milliseconds now() = 0;  // the wall clock (simulated or real)
  // Waits until the wall clock reaches `wall` or the real CLOCK_MONOTONIC
  // reaches `mono` (monotonic_ms(); either may be absent), or one of `fds` is
  // readable (their indexes in `ready`). Returns early on a clock change; check
  // jumps() after. Process timing (timeouts, grace periods) is always real time.
  virtual void wait(std::optional<sys_milliseconds> wall, std::optional<std::int64_t> mono,
                    const std::vector<int>& fds, std::vector<bool>& ready) = 0;
  // Steps and suspends since the last call.
  virtual std::vector<ClockJump> jumps() = 0;
  // Clock milliseconds per real millisecond (1 for the real clock).
  virtual double rate() const = 0;
};

// CLOCK_MONOTONIC in milliseconds: durations, timeouts, grace periods.
std::int64_t monotonic_ms();

std::unique_ptr<Clock> make_real_clock();
// `control`: a FIFO read for lines "step SECONDS" (signed) and "suspend SECONDS".
std::unique_ptr<Clock> make_sim_clock(sys_milliseconds start, double rate, const std::string& control);

}  // namespace fuzzycron::runner
