#include "runner/clock.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

namespace fuzzycron::runner {
namespace {

std::int64_t clock_ms(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
}

// poll() on fds (and an extra one) for at most `timeout_ms` (-1: forever).
void poll_fds(const std::vector<int>& fds, int extra, int timeout_ms, std::vector<bool>& ready, bool& extra_ready) {
  std::vector<pollfd> p;
  for (int fd : fds) p.push_back({fd, POLLIN, 0});
  if (extra >= 0) p.push_back({extra, POLLIN, 0});
  const int n = ::poll(p.data(), p.size(), timeout_ms);
  ready.assign(fds.size(), false);
  extra_ready = false;
  if (n <= 0) return;
  for (std::size_t i = 0; i < fds.size(); ++i) ready[i] = (p[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
  if (extra >= 0) extra_ready = (p.back().revents & (POLLIN | POLLHUP | POLLERR)) != 0;
}

int clamp_timeout(double ms) { return ms <= 0 ? 0 : ms >= INT_MAX ? INT_MAX : static_cast<int>(ms + 0.999); }

class RealClock final : public Clock {
 public:
  RealClock() {
    fd_ = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
    if (fd_ < 0) throw std::runtime_error(std::string("timerfd_create: ") + std::strerror(errno));
    remember();
  }
  ~RealClock() override { ::close(fd_); }

  sys_milliseconds now() override { return sys_milliseconds{std::chrono::milliseconds{clock_ms(CLOCK_REALTIME)}}; }
  std::int64_t mono() override { return clock_ms(CLOCK_MONOTONIC); }
  double rate() const override { return 1.0; }

  void wait(std::optional<sys_milliseconds> wall, std::optional<std::int64_t> mono, const std::vector<int>& fds,
            std::vector<bool>& ready) override {
    // The timer is armed even without a wall target: cancel-on-set then still
    // wakes us for a clock step. A minute's cap is the portable safety net.
    itimerspec spec{};
    const std::int64_t at = wall ? wall->time_since_epoch().count() : clock_ms(CLOCK_REALTIME) + 60'000;
    spec.it_value.tv_sec = at / 1000;
    spec.it_value.tv_nsec = (at % 1000) * 1'000'000;
    timerfd_settime(fd_, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, nullptr);
    int timeout = 60'000;
    if (mono) timeout = std::min(timeout, clamp_timeout(static_cast<double>(*mono - clock_ms(CLOCK_MONOTONIC))));
    bool fired = false;
    poll_fds(fds, fd_, timeout, ready, fired);
    if (fired) {
      std::uint64_t expirations;
      (void)!::read(fd_, &expirations, sizeof expirations);  // ECANCELED after a clock set: jumps() tells
    }
  }

  std::vector<ClockJump> jumps() override {
    std::vector<ClockJump> out;
    const std::int64_t real = clock_ms(CLOCK_REALTIME), boot = clock_ms(CLOCK_BOOTTIME),
                       mono = clock_ms(CLOCK_MONOTONIC);
    const std::int64_t suspended = (boot - mono) - boot_minus_mono_;
    const std::int64_t stepped = (real - boot) - real_minus_boot_;
    if (suspended > 1000) out.push_back({ClockJump::suspend, std::chrono::milliseconds{suspended}});
    if (stepped > 1000 || stepped < -1000) out.push_back({ClockJump::step, std::chrono::milliseconds{stepped}});
    if (!out.empty()) remember();
    return out;
  }

 private:
  void remember() {
    const std::int64_t real = clock_ms(CLOCK_REALTIME), boot = clock_ms(CLOCK_BOOTTIME),
                       mono = clock_ms(CLOCK_MONOTONIC);
    boot_minus_mono_ = boot - mono;
    real_minus_boot_ = real - boot;
  }
  int fd_ = -1;
  std::int64_t boot_minus_mono_ = 0, real_minus_boot_ = 0;
};

class SimClock final : public Clock {
 public:
  SimClock(sys_milliseconds start, double rate, const std::string& control)
      : start_(start.time_since_epoch().count()), rate_(rate), real_start_(clock_ms(CLOCK_MONOTONIC)) {
    if (!control.empty()) {
      // O_RDWR keeps the FIFO open with no writer, so poll() does not spin on POLLHUP.
      control_ = ::open(control.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
      if (control_ < 0) throw std::runtime_error("cannot open --sim-control " + control + ": " + std::strerror(errno));
    }
  }
  ~SimClock() override {
    if (control_ >= 0) ::close(control_);
  }

  bool jumping() const { return rate_ == 0; }
  std::int64_t elapsed() const {
    const auto real = static_cast<double>(clock_ms(CLOCK_MONOTONIC) - real_start_);
    return static_cast<std::int64_t>(jumping() ? real : real * rate_) + jumped_;
  }
  sys_milliseconds now() override {
    return sys_milliseconds{std::chrono::milliseconds{start_ + elapsed() + wall_offset_}};
  }
  std::int64_t mono() override { return clock_ms(CLOCK_MONOTONIC) + jumped_; }
  // A jumping clock's wall and monotonic clocks move together, as at rate 1.
  double rate() const override { return jumping() ? 1.0 : rate_; }
  void set_busy(bool busy) override { busy_ = busy; }

  void wait(std::optional<sys_milliseconds> wall, std::optional<std::int64_t> mono, const std::vector<int>& fds,
            std::vector<bool>& ready) override {
    double timeout = 60'000;
    const double speed = jumping() ? 1.0 : rate_;
    if (wall) timeout = std::min(timeout, static_cast<double>((*wall - now()).count()) / speed);
    if (mono) timeout = std::min(timeout, static_cast<double>(*mono - this->mono()));
    // Idle and jumping: only what is ready now, then the jump (without a
    // target, real time passes as at rate 1: nothing is owed meanwhile).
    const bool jump = jumping() && !busy_ && (wall || mono);
    bool control_ready = false;
    poll_fds(fds, control_, jump ? 0 : clamp_timeout(timeout), ready, control_ready);
    if (control_ready) read_control();
    const bool any = control_ready || std::find(ready.begin(), ready.end(), true) != ready.end();
    if (jump && !any && timeout > 0) jumped_ += static_cast<std::int64_t>(timeout + 0.999);
  }

  std::vector<ClockJump> jumps() override { return std::exchange(pending_, {}); }

 private:
  void read_control() {
    char buf[512];
    const ssize_t n = ::read(control_, buf, sizeof buf);
    if (n <= 0) return;
    text_.append(buf, static_cast<std::size_t>(n));
    for (std::size_t nl; (nl = text_.find('\n')) != std::string::npos; text_.erase(0, nl + 1)) {
      const std::string line = text_.substr(0, nl);
      const auto space = line.find(' ');
      if (space == std::string::npos) continue;
      const std::string verb = line.substr(0, space);
      std::int64_t ms = 0;
      try {
        ms = static_cast<std::int64_t>(std::stod(line.substr(space + 1)) * 1000);
      } catch (const std::exception&) {
        continue;
      }
      // A suspend moves the wall clock but not the monotonic one; a step, only the wall clock too,
      // but it is told apart by the boot clock, which a suspend advances.
      wall_offset_ += ms;
      pending_.push_back({verb == "suspend" ? ClockJump::suspend : ClockJump::step, std::chrono::milliseconds{ms}});
    }
  }

  std::int64_t start_;
  double rate_;
  std::int64_t real_start_;
  std::int64_t wall_offset_ = 0;
  std::int64_t jumped_ = 0;  // idle time jumped over (rate 0), on both clocks
  bool busy_ = false;
  int control_ = -1;
  std::string text_;
  std::vector<ClockJump> pending_;
};

}  // namespace

void ManualClock::wait(std::optional<sys_milliseconds> wall, std::optional<std::int64_t> mono,
                       const std::vector<int>& fds, std::vector<bool>& ready) {
  bool unused = false;
  poll_fds(fds, -1, 0, ready, unused);
  if (std::find(ready.begin(), ready.end(), true) != ready.end()) return;
  // An event due now (a fake process that was just signalled) is seen at once.
  if (std::erase_if(wakes_, [&](std::int64_t w) { return w <= mono_; }) > 0) return;
  std::int64_t target = mono_ + 60'000;
  if (wall) target = std::min(target, mono_ + (*wall - wall_).count());
  if (mono) target = std::min(target, *mono);
  for (std::int64_t w : wakes_)
    if (w > mono_) target = std::min(target, w);
  if (target > mono_) advance(std::chrono::milliseconds{target - mono_});
}

std::vector<ClockJump> ManualClock::jumps() { return std::exchange(jumps_, {}); }

void ManualClock::advance(std::chrono::milliseconds d) {
  wall_ += d;
  mono_ += d.count();
  std::erase_if(wakes_, [&](std::int64_t w) { return w <= mono_; });
}

void ManualClock::step(std::chrono::milliseconds d) {
  wall_ += d;
  jumps_.push_back({ClockJump::step, d});
}

void ManualClock::suspend(std::chrono::milliseconds d) {
  wall_ += d;
  jumps_.push_back({ClockJump::suspend, d});
}

void ManualClock::wake_at(std::int64_t mono) { wakes_.push_back(mono); }

std::unique_ptr<Clock> make_real_clock() { return std::make_unique<RealClock>(); }
std::unique_ptr<Clock> make_sim_clock(sys_milliseconds start, double rate, const std::string& control) {
  return std::make_unique<SimClock>(start, rate, control);
}

}  // namespace fuzzycron::runner
