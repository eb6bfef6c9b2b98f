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
  // Milliseconds of a clock that never jumps: durations, timeouts, grace
  // periods, backoffs. Real time for the real and rate clocks.
  virtual std::int64_t mono() = 0;
  // Waits until the wall clock reaches `wall` or mono() reaches `mono` (either
  // may be absent), or one of `fds` is readable (their indexes in `ready`).
  // Returns early on a clock change; check jumps() after.
  virtual void wait(std::optional<sys_milliseconds> wall, std::optional<std::int64_t> mono, const std::vector<int>& fds,
                    std::vector<bool>& ready) = 0;
  // Steps and suspends since the last call.
  virtual std::vector<ClockJump> jumps() = 0;
  // Clock milliseconds per real millisecond (1 for the real clock and for a
  // simulated clock that jumps over idle time).
  virtual double rate() const = 0;
  // Whether runs are running (told before each wait): a jumping clock moves
  // at real speed while they do and jumps only when the runner is idle.
  virtual void set_busy(bool) {}
};

std::unique_ptr<Clock> make_real_clock();

// A clock that moves only when the runner waits or a test says so, as absl's
// SimulatedClock: wait() returns at once when an fd is readable, else jumps to
// the earliest instant asked for (or wake_at()), at most a minute. Steps and
// suspends are injected. For tests that drive the runner without sleeping.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(sys_milliseconds start) : wall_(start) {}
  sys_milliseconds now() override { return wall_; }
  std::int64_t mono() override { return mono_; }
  void wait(std::optional<sys_milliseconds> wall, std::optional<std::int64_t> mono, const std::vector<int>& fds,
            std::vector<bool>& ready) override;
  std::vector<ClockJump> jumps() override;
  double rate() const override { return 1.0; }

  void advance(std::chrono::milliseconds d);  // both clocks
  void step(std::chrono::milliseconds d);     // the wall clock only: a clock set (signed)
  void suspend(std::chrono::milliseconds d);  // the wall clock only: the machine slept
  void wake_at(std::int64_t mono);            // an event the runner must see then (a fake process ending)

 private:
  sys_milliseconds wall_;
  std::int64_t mono_ = 0;
  std::vector<std::int64_t> wakes_;
  std::vector<ClockJump> jumps_;
};
// `control`: a FIFO read for lines "step SECONDS" (signed) and "suspend SECONDS".
// Rate 0: virtual time for end-to-end tests that must not race the machine —
// real speed while runs run; when none does, a wait with nothing ready jumps
// straight to the instant or deadline it waits for (wall and monotonic clocks
// both), so each fire starts exactly at its instant however slow the machine.
std::unique_ptr<Clock> make_sim_clock(sys_milliseconds start, double rate, const std::string& control);

}  // namespace fuzzycron::runner
