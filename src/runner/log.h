// The runner's log: one event per line, JSON ({"ts","level","event",...}) or
// text ("TS LEVEL EVENT key=value ..."), stamped by the runner's clock.
#pragma once

#include <nlohmann/json.hpp>

#include <iosfwd>

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

// An instant as the log writes it: RFC 3339 in UTC.
std::string iso(sys_milliseconds t);

}  // namespace fuzzycron::runner
