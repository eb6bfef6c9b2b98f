#include "runner/config.h"

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <iterator>

#include "fuzzycron/error.h"
#include "fuzzycron/options.h"
#include "fuzzycron/resolve.h"

namespace fuzzycron::runner {
namespace {

using std::chrono::milliseconds;

// A settings line: "# key: value" with a lower-case key ("# Note: ..." is prose).
struct Setting {
  std::string key, value;
  int key_column, value_column;
};

std::optional<Setting> setting_of(const std::string& line) {
  std::size_t at = 0;
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  if (at >= line.size() || line[at] != '#') return std::nullopt;
  ++at;
  while (at < line.size() && line[at] == ' ') ++at;
  const std::size_t key_start = at;
  while (at < line.size() && (std::islower(static_cast<unsigned char>(line[at])) || line[at] == '-')) ++at;
  if (at == key_start || at + 1 >= line.size() || line[at] != ':' || line[at + 1] != ' ') return std::nullopt;
  const std::string key = line.substr(key_start, at - key_start);
  std::size_t value_start = at + 1;
  while (value_start < line.size() && line[value_start] == ' ') ++value_start;
  std::string value = line.substr(value_start);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\r')) value.pop_back();
  return Setting{key, value, static_cast<int>(key_start) + 1, static_cast<int>(value_start) + 1};
}

[[noreturn]] void bad(const Setting& s, const std::string& line, int line_no, const std::string& message) {
  throw Error(ErrorKind::syntax, message, line, s.value_column, line_no);
}

void apply(const Setting& s, const std::string& text, int line_no, JobSettings& out) {
  auto duration = [&] {
    milliseconds d{0};
    try {
      d = parse_duration(s.value);
    } catch (const Error&) {  // said below, at the value's column
    }
    if (d.count() <= 0)
      bad(s, text, line_no, fmt::format("{}: '{}' is not a duration such as 10m, 90s or 1h30m", s.key, s.value));
    return d;
  };
  if (s.key == "name") return;  // the crontab reader takes it
  if (s.key == "timeout") {
    out.timeout = duration();
  } else if (s.key == "kill-grace") {
    out.kill_grace = duration();
  } else if (s.key == "starting-deadline") {
    out.starting_deadline = duration();
  } else if (s.key == "concurrency") {
    if (s.value == "forbid")
      out.concurrency = Concurrency::forbid;
    else if (s.value == "allow")
      out.concurrency = Concurrency::allow;
    else if (s.value == "replace")
      out.concurrency = Concurrency::replace;
    else if (s.value == "queue")
      out.concurrency = Concurrency::queue;
    else
      bad(s, text, line_no, "concurrency: '" + s.value + "': use forbid, allow, replace or queue");
  } else if (s.key == "catchup") {
    if (s.value == "skip") {
      out.catchup = Catchup::skip;
    } else if (s.value == "latest") {
      out.catchup = Catchup::latest;
    } else if (s.value.starts_with("all:")) {
      out.catchup = Catchup::all;
      try {
        std::size_t used = 0;
        out.catchup_max = std::stoi(s.value.substr(4), &used);
        if (used != s.value.size() - 4 || out.catchup_max < 1 || out.catchup_max > 1000) throw std::out_of_range("");
      } catch (const std::exception&) {
        bad(s, text, line_no, "catchup: 'all:N' takes N from 1 to 1000");
      }
    } else {
      bad(s, text, line_no, "catchup: '" + s.value + "': use skip, latest or all:N");
    }
  } else if (s.key == "retry") {
    try {
      std::size_t used = 0;
      out.retry = std::stoi(s.value, &used);
      if (used != s.value.size() || out.retry < 0 || out.retry > 100) throw std::out_of_range("");
    } catch (const std::exception&) {
      bad(s, text, line_no, "retry: takes a number of retries from 0 to 100");
    }
  } else if (s.key == "retry-on") {
    out.retry_on.clear();
    std::size_t at = 0;
    while (at <= s.value.size()) {
      const auto comma = s.value.find(',', at);
      const std::string item = s.value.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      try {
        std::size_t used = 0;
        const int code = std::stoi(item, &used);
        if (used != item.size() || code < 1 || code > 255) throw std::out_of_range("");
        out.retry_on.push_back(code);
      } catch (const std::exception&) {
        bad(s, text, line_no, "retry-on: a list of exit codes from 1 to 255, e.g. 75,11");
      }
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  } else if (s.key == "on-permanent-failure") {
    if (s.value.empty()) bad(s, text, line_no, "on-permanent-failure: give the command to run");
    out.on_permanent_failure = s.value;
  } else if (s.key == "dst") {
    out.dst = DstPolicy::from_name(s.value);
    if (!out.dst) bad(s, text, line_no, "dst: '" + s.value + "': use cron, wall, or GAP-OVERLAP (e.g. skip-first)");
  } else {
    throw Error(ErrorKind::syntax,
                "unknown job setting '" + s.key +
                    "': the settings are name, timeout, kill-grace, concurrency, catchup, starting-deadline, retry, "
                    "retry-on, on-permanent-failure, dst",
                text, s.key_column, line_no);
  }
}

}  // namespace

Config load_config(std::string_view text, const ParseOptions& base, const std::string& host) {
  Config out;
  const Crontab tab = parse_crontab(text, base.dialect);
  out.problems = tab.errors;
  for (const auto& entry : tab.entries) {
    Job job;
    job.name = entry.name;
    job.entry = entry;
    try {
      // The contiguous comment block above the entry, top to bottom.
      int first = entry.line - 1;
      while (first >= 1 && setting_of(tab.lines[static_cast<std::size_t>(first - 1)])) --first;
      for (int l = first + 1; l < entry.line; ++l) {
        const std::string& line = tab.lines[static_cast<std::size_t>(l - 1)];
        const Setting setting = *setting_of(line);
        if (setting.key == "name") {  // anywhere in the block, not only right above
          if (setting.value.empty()) bad(setting, line, l, "name: the job needs a name");
          job.name = job.entry.name = setting.value;
        }
        apply(setting, line, l, job.settings);
      }
      ParseOptions options = job.entry.options(base, host);
      if (job.settings.dst) options.dst = *job.settings.dst;
      if (!entry.reboot) {
        job.schedule = [&] {
          try {
            return parse(entry.schedule, options);
          } catch (const Error& x) {  // columns from the start of the line
            throw Error(x.kind(), x.message(), entry.text,
                        x.line() > 1 ? x.column() : entry.schedule_column - 1 + x.column(), entry.line);
          }
        }();
        job.resolved = resolve(entry.schedule, options);
      } else {
        job.resolved = "@reboot";
      }
      job.fingerprint = fmt::format("{}\n{}\n{}\n{}\n{}", job.name, entry.schedule, entry.command, entry.zone,
                                    options.dst_policy().name());
      for (const auto& [k, v] : entry.environment) job.fingerprint += "\n" + k + "=" + v;
      out.jobs.push_back(std::move(job));
    } catch (const Error& x) {
      out.problems.push_back(
          {Severity::error, "", x.line() > 0 ? x.line() : entry.line, std::max(x.column(), 1), x.message(), x.text()});
    }
  }
  // Two entries with one name would share state, metrics and H values.
  for (std::size_t i = 0; i < out.jobs.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (out.jobs[i].name == out.jobs[j].name) {
        out.problems.push_back({Severity::error, "", out.jobs[i].entry.line, 1,
                                fmt::format("job name '{}' is taken by line {}: give one of them '# name: OTHER'",
                                            out.jobs[i].name, out.jobs[j].entry.line),
                                out.jobs[i].entry.text});
        out.jobs.erase(out.jobs.begin() + static_cast<std::ptrdiff_t>(i--));
        break;
      }
  std::sort(out.problems.begin(), out.problems.end(), [](auto& a, auto& b) { return a.line < b.line; });
  return out;
}

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool in_shard(const Job& job, const std::optional<std::pair<int, int>>& shard) {
  return !shard || seed_offset(Seed({job.name, "shard"}), milliseconds{shard->second}).count() == shard->first;
}

}  // namespace fuzzycron::runner
