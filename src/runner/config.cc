#include "runner/config.h"

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <iterator>
#include <unordered_map>

#include "fuzzycron/balance.h"
#include "fuzzycron/error.h"
#include "fuzzycron/options.h"
#include "fuzzycron/resolve.h"
#include "suggest.h"

namespace fuzzycron::runner {
namespace {

using std::chrono::milliseconds;

// The settings a comment above an entry can hold; any other "# word: text" is
// prose ("# owner: team-a"), and a near miss of one of these is a warning.
constexpr std::string_view kSettings[] = {
    "on-lost",           "name",  "timeout",  "kill-grace",           "concurrency", "catchup",
    "starting-deadline", "retry", "retry-on", "on-permanent-failure", "dst",         "fields"};

bool known_setting(std::string_view key) {
  return std::find(std::begin(kSettings), std::end(kSettings), key) != std::end(kSettings);
}

// A value as a message quotes it: at most 40 bytes, control bytes shown as '?'.
std::string quoted(std::string_view value) {
  std::string out;
  for (unsigned char c : value.substr(0, 40)) out += c < 0x20 || c == 0x7f ? '?' : static_cast<char>(c);
  return "'" + out + (value.size() > 40 ? "...'" : "'");
}

using Setting = CrontabSetting;

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
      bad(s, text, line_no, fmt::format("{}: {} is not a duration such as 10m, 90s or 1h30m", s.key, quoted(s.value)));
    return d;
  };
  if (s.key == "name" || s.key == "fields") return;  // the crontab reader takes them
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
      bad(s, text, line_no, "concurrency: " + quoted(s.value) + ": use forbid, allow, replace or queue");
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
      bad(s, text, line_no, "catchup: " + quoted(s.value) + ": use skip, latest or all:N");
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
  } else if (s.key == "on-lost") {
    if (s.value == "skip")
      out.rerun_lost = false;
    else if (s.value == "rerun")
      out.rerun_lost = true;
    else
      bad(s, text, line_no, "on-lost: " + quoted(s.value) + ": use skip (at most once) or rerun (idempotent jobs)");
  } else if (s.key == "dst") {
    out.dst = DstPolicy::from_name(s.value);
    if (!out.dst)
      bad(s, text, line_no, "dst: " + quoted(s.value) + ": use cron, wall, or GAP-OVERLAP (e.g. skip-first)");
  }
}

}  // namespace

Config load_config(std::string_view text, const ParseOptions& base, const std::string& host) {
  Config out;
  Crontab tab = parse_crontab(text, base.dialect);
  out.problems = std::move(tab.errors);
  out.jobs.reserve(tab.entries.size());
  for (auto& moved : tab.entries) {
    Job job;
    job.name = moved.name;
    job.entry = std::move(moved);
    const CrontabEntry& entry = job.entry;
    try {
      // The comment block above the entry (parse_crontab keeps its "# key: value" lines).
      int named_at = 0;
      for (const Setting& setting : entry.settings) {
        const int l = setting.line;
        const std::string& line = tab.lines[static_cast<std::size_t>(l - 1)];
        if (!known_setting(setting.key)) {
          if (const auto near = closest_name(setting.key, kSettings))
            out.problems.push_back(
                {Severity::warning, "", l, setting.key_column,
                 fmt::format("'{}' is not a job setting (read as a comment): did you mean '{}'?", setting.key, *near),
                 line});
          continue;
        }
        if (setting.key == "name") {  // anywhere in the block, not only right above
          if (setting.value.empty()) {
            out.problems.push_back({Severity::warning, "", l, setting.value_column,
                                    "an empty name: the job is named by its command", line});
            continue;
          }
          if (named_at > 0)
            out.problems.push_back({Severity::warning, "", l, setting.key_column,
                                    fmt::format("a second name for the job (line {} named it too): {} is used",
                                                named_at, quoted(setting.value)),
                                    line});
          named_at = l;
        }
        apply(setting, line, l, job.settings);
      }
      ParseOptions options = job.entry.options(base, host);
      if (job.settings.dst) options.dst = *job.settings.dst;
      if (!entry.reboot) {
        try {
          ParsedAndResolved parsed = parse_and_resolve(entry.schedule, options);
          job.schedule = std::move(parsed.schedule);
          job.resolved = std::move(parsed.resolved);
          if (missing_from_balance(entry.schedule, options))
            out.problems.push_back({Severity::warning, "", entry.line, entry.schedule_column,
                                    fmt::format("job {} is not in the balance lock: it runs at plain H ({})",
                                                quoted(job.name), job.resolved),
                                    entry.text});
        } catch (const Error& x) {  // columns from the start of the line
          throw Error(x.kind(), x.message(), entry.text,
                      x.line() > 1 ? x.column() : entry.schedule_column - 1 + x.column(), entry.line);
        }
      } else {
        job.resolved = "@reboot";
      }
      // The resolved text too: a balance lock that moves the job reschedules it.
      job.fingerprint = fmt::format("{}\n{}\n{}\n{}\n{}\n{}", job.name, entry.schedule, job.resolved, entry.command,
                                    entry.zone, options.dst_policy().name());
      for (const auto& [k, v] : entry.environment) job.fingerprint += "\n" + k + "=" + v;
      out.jobs.push_back(std::move(job));
    } catch (const Error& x) {
      out.problems.push_back(
          {Severity::error, "", x.line() > 0 ? x.line() : entry.line, std::max(x.column(), 1), x.message(), x.text()});
    }
  }
  // Two entries with one name would share state, metrics and H values.
  std::unordered_map<std::string, int> lines_of;
  lines_of.reserve(out.jobs.size());
  std::vector<Job> unique;
  unique.reserve(out.jobs.size());
  for (auto& job : out.jobs) {
    if (const auto [it, fresh] = lines_of.emplace(job.name, job.entry.line); !fresh) {
      out.problems.push_back({Severity::error, "", job.entry.line, 1,
                              fmt::format("job name {} is taken by line {}: give one of them '# name: OTHER'",
                                          quoted(job.name), it->second),
                              job.entry.text});
      continue;
    }
    unique.push_back(std::move(job));
  }
  out.jobs = std::move(unique);
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
