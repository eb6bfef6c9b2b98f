#include "runner/log.h"

#include <fmt/format.h>

#include <limits.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <ostream>

#include "fuzzycron/rfc3339.h"

namespace fuzzycron::runner {

using json = nlohmann::json;

std::string iso(sys_milliseconds t) { return format_rfc3339(t, TimeZone::utc()); }

void Log::operator()(const char* level, const char* event, json fields) {
  if (json_) {
    json line{{"ts", iso(clock_.now())}, {"level", level}, {"event", event}};
    for (auto& [k, v] : fields.items()) line[k] = v;
    out_ << line.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
  } else {
    std::string text = fmt::format("{} {:<5} {}", iso(clock_.now()), level, event);
    for (auto& [k, v] : fields.items())
      text += " " + k + "=" +
              (v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, json::error_handler_t::replace));
    out_ << text << '\n';
  }
  out_.flush();
}

AsyncLineBuffer::AsyncLineBuffer(int fd, bool as_json, std::size_t capacity)
    : fd_(fd), json_(as_json), capacity_(capacity), writer_([this] { drain(); }) {}

AsyncLineBuffer::~AsyncLineBuffer() {
  sync();
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  cv_.notify_all();
  writer_.join();
}

std::uint64_t AsyncLineBuffer::dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

AsyncLineBuffer::int_type AsyncLineBuffer::overflow(int_type c) {
  if (c != traits_type::eof()) line_ += static_cast<char>(c);
  return c;
}

std::streamsize AsyncLineBuffer::xsputn(const char* s, std::streamsize n) {
  line_.append(s, static_cast<std::size_t>(n));
  return n;
}

int AsyncLineBuffer::sync() {
  if (line_.empty()) return 0;
  bool wake = false;
  {
    std::lock_guard lock(mutex_);
    if (queued_bytes_ + line_.size() > capacity_) {
      ++dropped_;
    } else {
      // The first line wakes the writer, which gathers for 10 ms (or 64 KiB) and
      // writes them at once; an idle runner's writer sleeps.
      wake = queue_.empty();
      queued_bytes_ += line_.size();
      queue_.push_back(std::move(line_));
    }
  }
  line_.clear();
  if (wake) cv_.notify_one();
  return 0;
}

void AsyncLineBuffer::drain() {
  const auto deadline_after_close = std::chrono::seconds(5);
  std::optional<std::chrono::steady_clock::time_point> give_up;
  std::unique_lock lock(mutex_);
  for (;;) {
    cv_.wait(lock, [&] { return closing_ || !queue_.empty() || dropped_ > dropped_said_; });
    cv_.wait_for(lock, std::chrono::milliseconds(10), [&] { return closing_ || queued_bytes_ >= kBatch; });
    if (closing_ && !give_up) give_up = std::chrono::steady_clock::now() + deadline_after_close;
    if (queue_.empty() && dropped_ == dropped_said_) {
      if (closing_) return;
      continue;
    }
    std::string text;
    if (dropped_ > dropped_said_ && queued_bytes_ < capacity_ / 2) {
      // The reader is back: say what it missed.
      const std::uint64_t n = dropped_ - dropped_said_;
      dropped_said_ = dropped_;
      const std::string ts =
          iso(std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now()));
      text =
          json_ ? fmt::format("{{\"ts\":\"{}\",\"level\":\"warning\",\"event\":\"log.dropped\",\"count\":{}}}\n", ts, n)
                : fmt::format("{} warning log.dropped count={}\n", ts, n);
    } else {
      text.reserve(std::min<std::size_t>(queued_bytes_, 1u << 20));
      while (!queue_.empty() && text.size() < (1u << 20)) {  // up to 1 MiB a write
        text += queue_.front();
        queued_bytes_ -= queue_.front().size();
        queue_.pop_front();
      }
    }
    lock.unlock();
    // At most PIPE_BUF bytes per write once poll says there is room: after
    // the runner is told to stop, a reader that never reads again holds it
    // up for 5 s at most, never forever.
    std::size_t done = 0;
    while (done < text.size()) {
      int timeout = -1;
      if (give_up) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(*give_up - std::chrono::steady_clock::now());
        if (left.count() <= 0) break;
        timeout = static_cast<int>(left.count());
      } else {
        std::lock_guard peek(mutex_);
        if (closing_) give_up = std::chrono::steady_clock::now() + deadline_after_close;
        timeout = 200;  // look at closing_ again now and then
      }
      pollfd p{fd_, POLLOUT, 0};
      const int ready = ::poll(&p, 1, timeout);
      if (ready == 0) continue;
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0 || (p.revents & (POLLERR | POLLNVAL))) break;
      const ssize_t n = ::write(fd_, text.data() + done, std::min<std::size_t>(text.size() - done, PIPE_BUF));
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n <= 0) break;  // the reader is gone (EPIPE): the line is lost with it
      done += static_cast<std::size_t>(n);
    }
    lock.lock();
    if (give_up && std::chrono::steady_clock::now() > *give_up) return;  // a reader that never reads again
  }
}

}  // namespace fuzzycron::runner
