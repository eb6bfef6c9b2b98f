// `fuzzycron batch`: JSON Lines in, JSON Lines out (README.md, "Command line"). One bad line
// produces an error object and the stream goes on.
#include <nlohmann/json.hpp>

#include <iostream>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>

#include "command.h"
#include "fuzzycron/options.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

using nlohmann::json;

// A count, or (so a conformance vector can be fed as it is) a list whose length is the count.
int count_of(const json& line, const char* key) {
  if (!line.contains(key)) return 0;
  const json& v = line[key];
  if (v.is_array()) return static_cast<int>(v.size());
  if (v.is_number_integer() && v.get<long long>() >= 0 && v.get<long long>() <= 100000) return v.get<int>();
  throw Error(ErrorKind::argument, std::string("\"") + key + "\" must be a count from 0 to 100000", v.dump(), 1);
}

// A line's options through the library's adapter (fuzzycron/options.h).
ParseOptions options_of(const json& line) {
  OptionNames names;
  std::chrono::milliseconds window{0};
  if (line.contains("dialect")) names.dialect = line["dialect"].get<std::string>();
  if (line.contains("tz")) names.time_zone = line["tz"].get<std::string>();
  if (line.contains("seed")) {
    const json& seed = line["seed"];
    names.seed = seed.is_array() ? seed.get<std::vector<std::string>>() : std::vector{seed.get<std::string>()};
  }
  if (line.contains("hash")) names.hash = line["hash"].get<std::string>();
  if (line.contains("options") && line["options"].is_object()) {
    const json& o = line["options"];
    if (o.contains("dst")) names.dst = o["dst"].get<std::string>();
    if (o.contains("format")) names.furiko.quartz_day_of_week = o["format"].get<std::string>() == "quartz";
    if (o.contains("hash_fields")) names.furiko.hash_fields = o["hash_fields"].get<bool>();
    if (o.contains("hash_seconds_by_default"))
      names.furiko.hash_seconds_by_default = o["hash_seconds_by_default"].get<bool>();
    if (o.contains("hash_names")) names.furiko.hash_names = o["hash_names"].get<bool>();
    if (o.contains("strict")) names.cron_parser.strict = o["strict"].get<bool>();
    if (o.contains("second_at_beginning")) names.croniter.second_at_beginning = o["second_at_beginning"].get<bool>();
    // The offset window in milliseconds (0: none; parse() rejects a negative one).
    if (o.contains("spread_ms")) window = std::chrono::milliseconds{o["spread_ms"].get<long long>()};
  }
  ParseOptions p = options_from_names(names);
  p.offset_window = window;
  return p;
}

// Compiled schedules by what shapes them (expression, dialect, zone, seed,
// hash, options): a stream asks about the same few schedules again and again.
class ScheduleCache {
 public:
  const Schedule& get(const json& line, const std::string& expr) {
    key_ = expr;
    for (const char* field : {"dialect", "tz", "seed", "hash", "options"}) {
      key_ += '\x1f';
      if (const auto it = line.find(field); it != line.end()) key_ += it->dump();
    }
    if (const auto it = map_.find(key_); it != map_.end()) return it->second;
    if (map_.size() >= kCapacity) map_.clear();
    return map_.emplace(key_, parse(expr, options_of(line))).first->second;
  }

 private:
  static constexpr std::size_t kCapacity = 4096;
  std::unordered_map<std::string, Schedule> map_;
  std::string key_;
};

// The reply, written as nlohmann::json would dump it (keys in order, the times
// need no escaping) without building a json value.
void answer(const json& line, ScheduleCache& cache, std::string& reply) {
  const auto id = line.find("id");
  if (!line.contains("expr") || !line["expr"].is_string())
    throw Error(ErrorKind::syntax, "each line needs \"expr\": the cron expression as a string", line.dump(), 1);
  const std::string& expr = line["expr"].get_ref<const std::string&>();
  const int n_next = count_of(line, "next"), n_prev = count_of(line, "prev");
  const auto from_field = line.find("from");
  const sys_milliseconds from = parse_from(from_field == line.end() ? "now" : from_field->get<std::string>());
  const Schedule& s = cache.get(line, expr);
  reply = "{\"id\":";
  reply += id == line.end() ? "null" : id->dump(-1, ' ', false, json::error_handler_t::replace);
  auto times = [&](const char* key, int n, bool forward) {
    reply += key;
    std::optional<sys_milliseconds> t;
    for (int i = 0; i < n; ++i) {
      t = forward ? s.next(i == 0 ? from : *t) : s.prev(i == 0 ? from : *t);
      if (!t) break;
      if (i > 0) reply += ',';
      reply += '"';
      reply += format_rfc3339(*t, s.zone());
      reply += '"';
    }
    reply += ']';
  };
  times(",\"next\":[", n_next, true);
  if (line.contains("prev")) times(",\"prev\":[", n_prev, false);
  reply += '}';
}

}  // namespace

int run_batch(std::istream& in, std::ostream& out) {
  std::string text, reply;
  ScheduleCache cache;
  while (std::getline(in, text)) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    json line;
    try {
      line = json::parse(text);
      if (!line.is_object()) throw Error(ErrorKind::syntax, "each batch line must be a JSON object", text, 1);
      answer(line, cache, reply);
    } catch (const json::parse_error& e) {
      reply = json{{"id", nullptr},
                   {"error", {{"message", std::string("not a JSON object: ") + e.what()}, {"column", e.byte}}}}
                  .dump(-1, ' ', false, json::error_handler_t::replace);
    } catch (const json::exception& e) {
      reply = json{{"id", line.is_object() && line.contains("id") ? line["id"] : json(nullptr)},
                   {"error", {{"message", std::string("wrong field type: ") + e.what()}, {"column", 0}}}}
                  .dump(-1, ' ', false, json::error_handler_t::replace);
    } catch (const Error& e) {
      json error{{"id", line.is_object() && line.contains("id") ? line["id"] : json(nullptr)},
                 {"error",
                  {{"message", e.kind() == ErrorKind::missing_seed ? e.message() + "; give \"seed\"" : e.message()},
                   {"column", e.column()}}}};
      if (e.line() > 0) error["error"]["line"] = e.line();
      reply = error.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    out << reply << '\n';
    // Flush when the client has nothing more in flight: one answer per line
    // without waiting, and no flush per line when a stream is piped in.
    if (in.rdbuf()->in_avail() <= 0) out.flush();
  }
  out.flush();
  // Per-line errors are answers, not failures of the stream.
  return kOk;
}

Command add_batch(CommandLine& line) {
  Subcommand sub =
      line.add("batch", "JSON Lines in, JSON Lines out: {id, expr, dialect, tz, from, next: N, prev: N, options}");
  sub.footer(
      "Each input line: {\"id\":\"x\",\"expr\":\"0 9 * * *\",\"dialect\":\"standard\",\"tz\":\"UTC\",\n"
      "  \"from\":\"2026-03-08T01:59:30Z\",\"next\":5,\"prev\":2,\"options\":{\"dst\":\"cron\"}}\n"
      "Each output line: {\"id\":\"x\",\"next\":[...],\"prev\":[...]} or\n"
      "  {\"id\":\"x\",\"error\":{\"message\":\"...\",\"column\":7}}. A bad line never stops the stream.");
  return {sub, [] {
            // Buffered standard streams of their own: no character-by-character
            // reads through stdio; run_batch flushes when no input is waiting.
            std::ios::sync_with_stdio(false);
            return run_batch(std::cin, std::cout);
          }};
}

}  // namespace fuzzycron::cli
