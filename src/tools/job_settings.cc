#include "tools/job_settings.h"

#include <fmt/format.h>

#include <charconv>

#include "fuzzycron/error.h"
#include "fuzzycron/options.h"

namespace fuzzycron::tools {

JobSettings read_job_settings(const std::vector<CrontabSetting>& settings, std::vector<std::string>& problems) {
  JobSettings out;
  for (const auto& s : settings) {
    auto duration = [&]() -> std::optional<std::chrono::milliseconds> {
      try {
        const auto d = parse_duration(s.value);
        if (d.count() > 0) return d;
      } catch (const Error&) {
      }
      problems.push_back(fmt::format("{}: '{}' is not a duration such as 10m", s.key, s.value.substr(0, 40)));
      return std::nullopt;
    };
    if (s.key == "timeout") {
      out.timeout = duration();
    } else if (s.key == "kill-grace") {
      out.kill_grace = duration();
    } else if (s.key == "starting-deadline") {
      out.starting_deadline = duration();
    } else if (s.key == "concurrency") {
      out.concurrency = s.value;
    } else if (s.key == "catchup") {
      out.catchup = s.value;
    } else if (s.key == "retry") {
      int n = 0;
      const auto [end, ec] = std::from_chars(s.value.data(), s.value.data() + s.value.size(), n);
      if (ec == std::errc() && end == s.value.data() + s.value.size() && n >= 0)
        out.retry = n;
      else
        problems.push_back(fmt::format("retry: '{}' is not a number of retries", s.value.substr(0, 40)));
    } else if (s.key != "retry-on" && s.key != "on-permanent-failure" && s.key != "dst") {
      continue;  // name, fields, and prose such as "# owner: team-a"
    }
    out.given.emplace_back(s.key, s.value);
  }
  return out;
}

bool runs_repository_file(const std::string& command) {
  const std::string word = command.substr(0, command.find_first_of(" \t"));
  return !word.empty() && word[0] != '/' && word[0] != '~' && word[0] != '$' && word.find('/') != std::string::npos;
}

}  // namespace fuzzycron::tools
