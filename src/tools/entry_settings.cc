#include "tools/entry_settings.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <iterator>

#include "fuzzycron/error.h"
#include "fuzzycron/options.h"
#include "fuzzycron/rfc3339.h"
#include "list_items.h"
#include "suggest.h"

namespace fuzzycron::tools {
namespace {

using std::chrono::milliseconds;

// A whole number in [lo, hi], all of `text`.
std::optional<int> number(std::string_view text, int lo, int hi) {
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < lo || n > hi) return std::nullopt;
  return n;
}

// One setting into `out`; what does not read, as the message to give.
std::optional<std::string> apply(const CrontabSetting& s, EntrySettings& out) {
  const std::string_view v = s.value;
  auto duration = [&](std::optional<milliseconds>& into) -> std::optional<std::string> {
    try {
      if (const auto d = parse_duration(s.value); d.count() > 0) {
        into = d;
        return std::nullopt;
      }
    } catch (const Error&) {  // said here, at the value's column
    }
    return fmt::format("{}: {} is not a duration such as 10m, 90s or 1h30m", s.key, quoted(v));
  };
  if (s.key == "timeout") return duration(out.timeout);
  if (s.key == "kill-grace") return duration(out.kill_grace);
  if (s.key == "starting-deadline") return duration(out.starting_deadline);
  if (s.key == "concurrency") {
    constexpr std::pair<std::string_view, Concurrency> kNames[] = {{"forbid", Concurrency::forbid},
                                                                   {"allow", Concurrency::allow},
                                                                   {"replace", Concurrency::replace},
                                                                   {"queue", Concurrency::queue}};
    for (const auto& [name, c] : kNames)
      if (v == name) {
        out.concurrency = c;
        return std::nullopt;
      }
    return "concurrency: " + quoted(v) + ": use forbid, allow, replace or queue";
  }
  if (s.key == "catchup") {
    if (v == "skip" || v == "latest") {
      out.catchup = v == "skip" ? Catchup::skip : Catchup::latest;
      return std::nullopt;
    }
    if (!v.starts_with("all:")) return "catchup: " + quoted(v) + ": use skip, latest or all:N";
    const auto n = number(v.substr(4), 1, 1000);
    if (!n) return "catchup: 'all:N' takes N from 1 to 1000";
    out.catchup = Catchup::all;
    out.catchup_max = *n;
    return std::nullopt;
  }
  if (s.key == "retry") {
    out.retry = number(v, 0, 100);
    if (!out.retry) return "retry: takes a number of retries from 0 to 100";
    return std::nullopt;
  }
  if (s.key == "retry-on") {
    out.retry_on.clear();
    for (std::size_t at = 0;;) {
      const auto comma = v.find(',', at);
      const auto code = number(v.substr(at, comma == std::string_view::npos ? v.npos : comma - at), 1, 255);
      if (!code) return "retry-on: a list of exit codes from 1 to 255, e.g. 75,11";
      out.retry_on.push_back(*code);
      if (comma == std::string_view::npos) return std::nullopt;
      at = comma + 1;
    }
  }
  if (s.key == "on-permanent-failure") {
    if (v.empty()) return "on-permanent-failure: give the command to run";
    out.on_permanent_failure = s.value;
    return std::nullopt;
  }
  if (s.key == "on-lost") {
    if (v == "skip" || v == "rerun") {
      out.rerun_lost = v == "rerun";
      return std::nullopt;
    }
    return "on-lost: " + quoted(v) + ": use skip (at most once) or rerun (idempotent jobs)";
  }
  if (s.key == "except") {
    if (v.empty()) return "except: give dates (YYYY-MM-DD, YYYY-MM-DD..YYYY-MM-DD) or an iCalendar file";
    out.except = v;
    return std::nullopt;
  }
  if (s.key == "except-cron") {
    if (v.empty()) return "except-cron: give cron expressions, ';' between two (e.g. * * * * 0,6)";
    out.except_cron = v;
    return std::nullopt;
  }
  if (s.key == "except-move") {
    const auto values = find_option("except-move")->values;
    const auto at = std::find(values.begin(), values.end(), v);
    if (at == values.end()) return "except-move: " + quoted(v) + ": use " + join(values);
    out.except_move = static_cast<ParseOptions::Move>(at - values.begin());
    return std::nullopt;
  }
  if (s.key == "not-before" || s.key == "not-after") {
    if (!parse_rfc3339(v))
      return s.key + ": " + quoted(v) + ": write RFC 3339 with an offset, e.g. 2026-03-02T00:00:00Z";
    (s.key == "not-before" ? out.not_before : out.not_after) = v;
    return std::nullopt;
  }
  if (s.key == "dst") {
    out.dst = DstPolicy::from_name(s.value);
    if (!out.dst) return "dst: " + quoted(v) + ": use cron, wall, or GAP-OVERLAP (e.g. skip-first)";
  }
  return std::nullopt;
}

}  // namespace

bool is_entry_setting(std::string_view key) {
  return std::find(std::begin(kEntrySettingKeys), std::end(kEntrySettingKeys), key) != std::end(kEntrySettingKeys);
}

std::string quoted(std::string_view value) {
  std::string out;
  for (unsigned char c : value.substr(0, 40)) out += c < 0x20 || c == 0x7f ? '?' : static_cast<char>(c);
  return "'" + out + (value.size() > 40 ? "...'" : "'");
}

EntrySettings read_entry_settings(const std::vector<CrontabSetting>& settings, std::vector<Diagnostic>& problems) {
  EntrySettings out;
  for (const auto& s : settings) {
    if (!is_entry_setting(s.key)) {  // prose ("# owner: team-a"), or a typo
      if (const auto near = closest_name(s.key, kEntrySettingKeys))
        problems.push_back(
            {Severity::warning, "", s.line, s.key_column,
             fmt::format("'{}' is not a job setting (read as a comment): did you mean '{}'?", s.key, *near), ""});
      continue;
    }
    if (s.key == "name" || s.key == "fields") continue;  // the crontab reader's
    if (auto message = apply(s, out))
      problems.push_back({Severity::error, "", s.line, s.value_column, std::move(*message), ""});
    else
      out.given.emplace_back(s.key, s.value);
  }
  return out;
}

bool runs_repository_file(const std::string& command) {
  const std::string word = command.substr(0, command.find_first_of(" \t"));
  return !word.empty() && word[0] != '/' && word[0] != '~' && word[0] != '$' && word.find('/') != std::string::npos;
}

std::string calendar_paths(std::string_view except, const std::string& dir, std::vector<std::string>* files) {
  std::string out;
  for (const ListItem& item : list_items(except, ',')) {
    std::string path(item.text);
    if (!path.empty() && !is_date_item(path)) {
      if (!dir.empty() && path.front() != '/') path = dir + "/" + path;
      if (files) files->push_back(path);
    }
    out += (out.empty() ? "" : ",") + path;
  }
  return out;
}

void apply_limits(const EntrySettings& settings, const std::string& except, ParseOptions& options) {
  if (!except.empty()) options.except = except;
  if (!settings.except_cron.empty()) options.except_cron = settings.except_cron;
  if (settings.except_move) options.except_move = *settings.except_move;
  if (!settings.not_before.empty()) options.not_before = parse_rfc3339(settings.not_before);
  if (!settings.not_after.empty()) options.not_after = parse_rfc3339(settings.not_after);
}

}  // namespace fuzzycron::tools
