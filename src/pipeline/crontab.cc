#include "fuzzycron/crontab.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/error.h"
#include "fuzzycron/time_zone.h"
#include "pipeline/pipeline.h"
#include "syntax/interval.h"

namespace fuzzycron {
namespace {

constexpr std::size_t kMaxLine = 64 * 1024;

bool blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// "NAME=value" with a shell-style name; returns the name or "".
std::string_view variable_name(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  if (i == 0 || std::isdigit(static_cast<unsigned char>(line[0]))) return {};
  std::size_t j = i;
  while (j < line.size() && blank(line[j])) ++j;
  return j < line.size() && line[j] == '=' ? line.substr(0, i) : std::string_view{};
}

std::string unquote(std::string_view v) {
  v = trim(v);
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) v = v.substr(1, v.size() - 2);
  return std::string(v);
}

// "# key: value" with a lower-case key ("# Note: ..." and "# see: http://..."
// without the space are prose); lines over 64 KiB were reported already.
std::optional<CrontabSetting> setting_of(std::string_view line, int line_no) {
  if (line.size() > kMaxLine) return std::nullopt;
  std::size_t at = 0;
  while (at < line.size() && blank(line[at])) ++at;
  if (at >= line.size() || line[at] != '#') return std::nullopt;
  ++at;
  while (at < line.size() && line[at] == ' ') ++at;
  const std::size_t key_start = at;
  while (at < line.size() && ((line[at] >= 'a' && line[at] <= 'z') || line[at] == '-')) ++at;
  if (at == key_start || at >= line.size() || line[at] != ':') return std::nullopt;
  if (at + 1 < line.size() && !blank(line[at + 1])) return std::nullopt;
  std::size_t value_start = at + 1;
  while (value_start < line.size() && blank(line[value_start])) ++value_start;
  std::string value(line.substr(std::min(value_start, line.size())));
  while (!value.empty() && (value.back() == ' ' || value.back() == '\r' || value.back() == '\t')) value.pop_back();
  return CrontabSetting{std::string(line.substr(key_start, at - key_start)), std::move(value), line_no,
                        static_cast<int>(key_start) + 1, static_cast<int>(value_start) + 1};
}

// How many words an `@every` schedule takes: "@every STEP" (robfig's too) and,
// in the dialects that read anchored intervals, its clauses (from, between,
// on): the longest run of words the interval reader takes whole. 0: not `@every`.
int every_words(std::string_view line, Dialect dialect) {
  std::vector<std::size_t> ends;  // where each word ends
  for (std::size_t i = 0; i < line.size() && ends.size() < 12;) {
    while (i < line.size() && blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !blank(line[i])) ++i;
    if (i > start) ends.push_back(i);
  }
  if (ends.empty() || !syntax::is_every(line.substr(0, ends[0]))) return 0;
  if (pipeline::reads_intervals(dialect))
    for (std::size_t n = ends.size(); n > 2; --n) try {
        syntax::parse_interval(line.substr(0, ends[n - 1]));
        return static_cast<int>(n);
      } catch (const Error&) {  // not the whole schedule: one word fewer
      }
  return 2;
}

}  // namespace

Seed CrontabEntry::seed(const std::string& host) const {
  if (host.empty()) return Seed({name});
  return Seed({host, name});
}

ParseOptions CrontabEntry::options(const ParseOptions& base, const std::string& host) const {
  ParseOptions o = base;
  o.seed = seed(host);
  if (!zone.empty()) o.time_zone = zone;
  return o;
}

Diagnostic CrontabEntry::diagnostic(const Error& e) const {
  // parse() counts columns from the start of the line already (its error
  // carries this line); a bare expression's errors count from the schedule.
  const int column = e.line() == line ? e.column() : schedule_column - 1 + e.column();
  return {Severity::error, "", line, column, e.message(), text};
}

Schedule CrontabEntry::parse(const ParseOptions& base, const std::string& host) const {
  ParseOptions o;
  try {
    o = options(base, host);
  } catch (const Error& e) {  // the seed: a name (or host) that is not valid text
    const std::size_t command_at = text.find(command, static_cast<std::size_t>(schedule_column - 1) + schedule.size());
    throw Error(ErrorKind::bad_seed, "the job's seed [host, name] is not usable: " + e.message(), text,
                command_at == std::string::npos ? schedule_column : static_cast<int>(command_at) + 1, line);
  }
  if (!zone.empty()) {
    try {
      TimeZone::locate(zone);
    } catch (const Error&) {
      throw Error(ErrorKind::time_zone,
                  fmt::format("the entry runs in CRON_TZ={} (line {}), which is not a zone of the tz database", zone,
                              zone_line),
                  text, schedule_column, line);
    }
  }
  try {
    return fuzzycron::parse(schedule, o);
  } catch (const Error& e) {
    throw Error(e.kind(), e.message(), text, schedule_column - 1 + e.column(), line);
  }
}

namespace {

// "# fields: 6" (one entry) or CRON_FIELDS=6 (the entries below): how many
// schedule fields the entry has, so six fields are read as six, not as five
// and a command starting with the sixth. 0 when the value is not 5, 6 or 7.
int fields_value(std::string_view v) {
  v = trim(v);
  return v == "5" ? 5 : v == "6" ? 6 : v == "7" ? 7 : 0;
}

}  // namespace

Crontab parse_crontab(std::string_view text, Dialect dialect) {
  Crontab tab;
  const int dialect_fields = dialect == Dialect::quartz ? 6 : 5;
  int fields = dialect_fields, pending_fields = 0;
  std::string zone, pending_name;
  std::vector<CrontabSetting> pending_settings;  // the comment block above the next entry
  std::vector<std::pair<std::string, std::string>> environment;
  int zone_line = 0;
  int line_no = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view raw = text.substr(start, nl - start);
    start = nl + 1;
    ++line_no;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    tab.lines.emplace_back(raw);
    auto error = [&](int column, std::string message) {
      // The line as shown under the message: control bytes visible, long lines cut.
      std::string shown;
      for (unsigned char c : raw.substr(0, 200)) shown += c < 0x20 || c == 0x7f ? '?' : static_cast<char>(c);
      if (raw.size() > 200) shown += "...";
      tab.errors.push_back({Severity::error, "", line_no, column, std::move(message), std::move(shown)});
    };
    if (raw.size() > kMaxLine) {
      error(1, fmt::format("the line is {} bytes long; crontab lines are limited to {} bytes", raw.size(), kMaxLine));
      pending_name.clear();
      pending_settings.clear();
      continue;
    }
    if (raw.find('\0') != std::string_view::npos) {
      error(static_cast<int>(raw.find('\0')) + 1, "binary data (a NUL byte): not a crontab line");
      pending_name.clear();
      pending_settings.clear();
      continue;
    }
    const std::string_view line = trim(raw);
    const int indent = static_cast<int>(line.data() - raw.data());
    if (line.empty()) {
      pending_name.clear();
      pending_fields = 0;
      pending_settings.clear();
      continue;
    }
    if (line.front() == '#') {
      if (auto setting = setting_of(raw, line_no))
        pending_settings.push_back(std::move(*setting));
      else
        pending_settings.clear();  // prose ends the block (as seen from the entry upwards)
      const std::string_view body = trim(line.substr(1));
      pending_name = body.starts_with("name:") ? std::string(trim(body.substr(5))) : std::string();
      if (body.starts_with("fields:")) {
        pending_fields = fields_value(body.substr(7));
        if (pending_fields == 0)
          error(static_cast<int>(raw.find(':')) + 2,
                "fields: give 5, 6 (seconds first) or 7 (seconds first, year last)");
      }
      continue;
    }
    if (const auto name = variable_name(line); !name.empty()) {
      if (name == "CRON_FIELDS") {
        const std::string value = unquote(line.substr(line.find('=') + 1));
        fields = value.empty() ? dialect_fields : fields_value(value);
        if (fields == 0) {
          error(static_cast<int>(raw.find('=')) + 2,
                "CRON_FIELDS: give 5, 6 (seconds first) or 7 (seconds first, year last) for the entries below");
          fields = dialect_fields;
        }
      } else if (name == "CRON_TZ") {
        zone = unquote(line.substr(line.find('=') + 1));
        zone_line = line_no;
        try {
          if (!zone.empty()) TimeZone::locate(zone);
        } catch (const Error&) {
          error(static_cast<int>(raw.find('=')) + 2,
                fmt::format("unknown time zone '{}' for CRON_TZ: use an IANA name such as Europe/Berlin; the "
                            "entries below it are reported too",
                            zone));
        }
      } else {
        std::string value = unquote(line.substr(line.find('=') + 1));
        const auto same =
            std::find_if(environment.begin(), environment.end(), [&](auto& v) { return v.first == name; });
        if (same != environment.end())
          same->second = std::move(value);
        else
          environment.emplace_back(name, std::move(value));
      }
      pending_name.clear();
      pending_settings.clear();
      continue;
    }
    CrontabEntry e;
    e.line = line_no;
    e.zone = zone;
    e.zone_line = zone_line;
    e.environment = environment;
    e.text = std::string(raw);
    e.schedule_column = indent + 1;
    // The schedule: an @alias, or the dialect's number of fields.
    std::size_t i = 0;
    int taken = 0;
    const int entry_fields = pending_fields ? pending_fields : fields;
    pending_fields = 0;
    const int every = every_words(line, dialect);
    const int want = every ? every : line.front() == '@' ? 1 : entry_fields;
    while (taken < want && i < line.size()) {
      while (i < line.size() && blank(line[i])) ++i;
      while (i < line.size() && !blank(line[i])) ++i;
      ++taken;
    }
    e.schedule = std::string(trim(line.substr(0, i)));
    e.command = std::string(trim(line.substr(i)));
    e.reboot = e.schedule == "@reboot";
    e.fields = line.front() == '@' ? 0 : entry_fields;
    if (taken < want) {
      error(indent + static_cast<int>(line.size()) + 1,
            every ? std::string("an @every schedule needs its step (and each clause its words) and a command")
                  : fmt::format("an entry needs {} schedule fields and a command; found {} field{}", entry_fields,
                                taken, taken == 1 ? "" : "s"));
      pending_name.clear();
      continue;
    }
    if (e.command.empty()) {
      error(indent + static_cast<int>(line.size()) + 1, "the entry has no command after its schedule");
      pending_name.clear();
      continue;
    }
    e.name = pending_name.empty() ? e.command : pending_name;
    for (const auto& setting : pending_settings)  // "# name:" anywhere in the block, the last one
      if (setting.key == "name" && !setting.value.empty()) e.name = setting.value;
    e.settings = std::move(pending_settings);
    pending_settings.clear();
    pending_name.clear();
    tab.entries.push_back(std::move(e));
  }
  return tab;
}

}  // namespace fuzzycron
