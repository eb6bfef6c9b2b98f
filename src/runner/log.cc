#include "runner/log.h"

#include <fmt/format.h>

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

}  // namespace fuzzycron::runner
