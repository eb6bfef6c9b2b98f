#include "runner/status_server.h"

#include <httplib.h>

#include <chrono>
#include <mutex>
#include <thread>

namespace fuzzycron::runner {

struct StatusServer::Impl {
  httplib::Server server;
  std::thread thread;
  std::mutex mutex;
  std::string metrics, status;
  bool ready = false, healthy = true;
  std::chrono::steady_clock::time_point published{};
};

StatusServer::StatusServer() : impl_(std::make_unique<Impl>()) {}

StatusServer::~StatusServer() {
  impl_->server.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
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
  auto text = [&s](std::string Impl::*field, const char* type) {
    return [&s, field, type](const httplib::Request&, httplib::Response& res) {
      std::lock_guard lock(s.mutex);
      res.set_content(s.*field, type);
    };
  };
  s.server.Get("/metrics", text(&Impl::metrics, "text/plain; version=0.0.4"));
  s.server.Get("/status", text(&Impl::status, "application/json"));
  s.server.Get("/healthz", [&s](const httplib::Request&, httplib::Response& res) {
    std::lock_guard lock(s.mutex);
    const bool alive = std::chrono::steady_clock::now() - s.published < std::chrono::seconds(5);
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

void StatusServer::publish(std::string metrics, std::string status, bool ready, bool healthy) {
  std::lock_guard lock(impl_->mutex);
  impl_->metrics = std::move(metrics);
  impl_->status = std::move(status);
  impl_->ready = ready;
  impl_->healthy = healthy;
  impl_->published = std::chrono::steady_clock::now();
}

}  // namespace fuzzycron::runner
