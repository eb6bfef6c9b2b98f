// The runner's opt-in HTTP endpoints (cpp-httplib, in a thread of its own):
// /metrics (Prometheus text), /status (JSON), /healthz (the loop published
// within the last 5 s), /readyz (a configuration is loaded). The loop
// publishes finished texts; the server only copies them out under a lock.
#pragma once

#include <memory>
#include <string>

namespace fuzzycron::runner {

class StatusServer {
 public:
  StatusServer();
  ~StatusServer();
  // HOST:PORT (":9100" = every address); false with a reason when it cannot listen.
  bool start(const std::string& address, std::string& error);
  // `healthy`: false makes /healthz 503 (strict mode: a job's last run failed).
  void publish(std::string metrics, std::string status, bool ready, bool healthy = true);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fuzzycron::runner
