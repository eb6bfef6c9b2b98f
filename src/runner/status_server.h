// The runner's opt-in HTTP endpoints (cpp-httplib, in a thread of its own):
// /metrics (Prometheus text), /status (JSON), /healthz (the loop ticked within
// the last 5 s), /readyz (a configuration is loaded). The documents are built
// by the loop only when a scrape asks for them (the server wakes it through
// wake_fd()), so idle jobs cost nothing however many there are.
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
  // Readable when a scrape waits for fresh documents; wanted() says which.
  enum Document { metrics = 1, status = 2 };
  int wake_fd() const;
  int wanted();
  // The loop is alive; `healthy` false makes /healthz 503 (strict mode: a job's last run failed).
  void tick(bool ready, bool healthy);
  // Fresh documents for the scrapes that wait (only those wanted() named are built).
  void publish(std::string metrics_text, std::string status_text);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fuzzycron::runner
