#include "runner/status_server.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <utility>

namespace fuzzycron::runner {

using std::chrono::steady_clock;

struct StatusServer::Impl {
  httplib::Server server;
  std::thread thread;
  std::mutex mutex;
  std::condition_variable published_cv;
  std::string metrics, status;
  bool ready = false, healthy = true;
  steady_clock::time_point ticked{};
  std::uint64_t asked = 0, built = 0;  // scrapes that asked for documents; the last one answered
  int want = 0;                        // Document bits asked since the last build
  int wake = -1;

  // Wakes the loop and waits (at most 2 s) for documents built after this request.
  void fresh(std::unique_lock<std::mutex>& lock, int document) {
    want |= document;
    const std::uint64_t mine = ++asked;
    const std::uint64_t one = 1;
    (void)!::write(wake, &one, sizeof one);
    published_cv.wait_for(lock, std::chrono::seconds(2), [&] { return built >= mine; });
  }
};

StatusServer::StatusServer() : impl_(std::make_unique<Impl>()) {
  impl_->wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

StatusServer::~StatusServer() {
  impl_->server.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
  if (impl_->wake >= 0) ::close(impl_->wake);
}

int StatusServer::wake_fd() const { return impl_->wake; }

int StatusServer::wanted() {
  std::uint64_t n = 0;
  (void)!::read(impl_->wake, &n, sizeof n);
  std::lock_guard lock(impl_->mutex);
  return std::exchange(impl_->want, 0);
}

bool StatusServer::start(const std::string& address, std::string& error) {
  const auto colon = address.rfind(':');
  if (colon == std::string::npos) {
    error = "expected HOST:PORT, e.g. 127.0.0.1:9100";
    return false;
  }
  const std::string host = colon == 0 ? "0.0.0.0" : address.substr(0, colon);
  int port = 0;
  try {
    port = std::stoi(address.substr(colon + 1));
  } catch (const std::exception&) {
    port = -1;
  }
  if (port <= 0 || port > 65535) {
    error = "the port must be 1-65535";
    return false;
  }
  Impl& s = *impl_;
  auto document = [&s](std::string Impl::*field, int which, const char* type) {
    return [&s, field, which, type](const httplib::Request&, httplib::Response& res) {
      std::unique_lock lock(s.mutex);
      s.fresh(lock, which);
      res.set_content(s.*field, type);
    };
  };
  s.server.Get("/metrics", document(&Impl::metrics, Document::metrics, "text/plain; version=0.0.4"));
  s.server.Get("/status", document(&Impl::status, Document::status, "application/json"));
  s.server.Get("/healthz", [&s](const httplib::Request&, httplib::Response& res) {
    std::lock_guard lock(s.mutex);
    const bool alive = steady_clock::now() - s.ticked < std::chrono::seconds(5);
    res.status = alive && s.healthy ? 200 : 503;
    res.set_content(!alive       ? "the scheduler loop is not ticking\n"
                    : !s.healthy ? "a job's last run failed\n"
                                 : "ok\n",
                    "text/plain");
  });
  s.server.Get("/readyz", [&s](const httplib::Request&, httplib::Response& res) {
    std::lock_guard lock(s.mutex);
    res.status = s.ready ? 200 : 503;
    res.set_content(s.ready ? "ready\n" : "no configuration loaded\n", "text/plain");
  });
  if (!s.server.bind_to_port(host, port)) {
    error = "cannot listen on " + address;
    return false;
  }
  s.thread = std::thread([&s] { s.server.listen_after_bind(); });
  return true;
}

void StatusServer::tick(bool ready, bool healthy) {
  std::lock_guard lock(impl_->mutex);
  impl_->ready = ready;
  impl_->healthy = healthy;
  impl_->ticked = steady_clock::now();
}

void StatusServer::publish(std::string metrics_text, std::string status_text) {
  {
    std::lock_guard lock(impl_->mutex);
    if (!metrics_text.empty()) impl_->metrics = std::move(metrics_text);
    if (!status_text.empty()) impl_->status = std::move(status_text);
    impl_->built = impl_->asked;
  }
  impl_->published_cv.notify_all();
}

}  // namespace fuzzycron::runner
