// `fuzzycron batch`: JSON Lines in, JSON Lines out (README.md, "Command line"). One bad line
// produces an error object and the stream goes on.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <istream>
#include <iterator>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <unordered_map>

#include "command.h"
#include "fuzzycron/options.h"
#include "options.h"
#include "suggest.h"

namespace fuzzycron::cli {
namespace {

using nlohmann::json;

// An option by name; an old spelling's warning once per stream.
void set_one(OptionNames& names, const std::string& key, const std::string& value, std::set<std::string>& warned) {
  const std::string warning = names.set(key, value);
  if (!warning.empty() && warned.insert(key).second) std::cerr << "fuzzycron batch: warning: " << warning << "\n";
}

// A count, or (so a conformance vector can be fed as it is) a list whose length is the count.
int count_of(const json& line, const char* key) {
  if (!line.contains(key)) return 0;
  const json& v = line[key];
  if (v.is_array()) return static_cast<int>(v.size());
  if (v.is_number_integer() && v.get<long long>() >= 0 && v.get<long long>() <= 100000) return v.get<int>();
  throw Error(ErrorKind::argument, std::string("\"") + key + "\" must be a count from 0 to 100000", v.dump(), 1);
}

// The keys of a line that are not options: the request, and a conformance
// vector's annotations (so a vector can be fed as it is).
constexpr std::string_view kRequestKeys[] = {"id",      "expr",   "from", "next", "prev",
                                             "options", "source", "note", "error"};

// A JSON value as an option's text: strings as they are, true/false, numbers as written.
std::string text_of(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// A line's options through the library's schema (fuzzycron/options.h): each
// option by its snake_case name at the top level or in "options" (the older
// layout); an unknown key is refused with the closest name. Old spellings warn
// once per stream on `warnings`.
ParseOptions options_of(const json& line, std::set<std::string>& warned) {
  OptionNames names;
  auto set = [&](const std::string& key, const json& v) {
    if (v.is_null()) return;  // the option's default
    if (v.is_array() && key == "seed") {
      for (const json& part : v) set_one(names, key, text_of(part), warned);
    } else if (v.is_object() || v.is_array()) {
      throw Error(ErrorKind::argument, "\"" + key + "\" takes a string, a number or true/false", v.dump(), 1);
    } else {
      set_one(names, key, text_of(v), warned);
    }
  };
  for (const auto& [key, v] : line.items()) {
    if (std::find(std::begin(kRequestKeys), std::end(kRequestKeys), key) != std::end(kRequestKeys)) continue;
    if (!find_option(key)) {
      std::vector<std::string_view> known(std::begin(kRequestKeys), std::end(kRequestKeys));
      for (const OptionSpec& o : option_schema()) known.push_back(o.name);
      if (const auto near = closest_name(key, known))
        throw Error(ErrorKind::argument, "unknown key \"" + key + "\" (did you mean \"" + *near + "\"?)", key, 1);
    }
    set(key, v);
  }
  if (const auto o = line.find("options"); o != line.end()) {
    if (!o->is_object()) throw Error(ErrorKind::argument, "\"options\" must be an object", o->dump(), 1);
    for (const auto& [key, v] : o->items()) set(key, v);
  }
  return options_from_names(names);
}

// Compiled schedules by what shapes them (expression, dialect, zone, seed,
// hash, options): a stream asks about the same few schedules again and again.
class ScheduleCache {
 public:
  const Schedule& get(const json& line, const std::string& expr) {
    key_ = expr;
    for (const auto& [key, v] : line.items()) {  // everything but the request's own keys shapes it
      if (key == "id" || key == "from" || key == "next" || key == "prev" || key == "note" || key == "source") continue;
      key_ += '\x1f';
      key_ += key;
      key_ += '=';
      key_ += v.dump();
    }
    if (const auto it = map_.find(key_); it != map_.end()) return it->second;
    if (map_.size() >= kCapacity) map_.clear();
    return map_.emplace(key_, parse(expr, options_of(line, warned_))).first->second;
  }

 private:
  std::set<std::string> warned_;
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
      line.add("batch", "JSON Lines in, JSON Lines out: {id, expr, from, next: N, prev: N, and any option}");
  sub.footer(
      "Each input line: {\"id\":\"x\",\"expr\":\"0 9 * * *\",\"dialect\":\"standard\",\"zone\":\"UTC\",\n"
      "  \"dst\":\"cron\",\"from\":\"2026-03-08T01:59:30Z\",\"next\":5,\"prev\":2}: every option of\n"
      "  `fuzzycron next --help` by its snake_case name (offset_window, hash_scheme, ...), at the top level\n"
      "  or in \"options\"; an unknown key is an error. \"source\", \"note\" and \"error\" (a test\n"
      "  vector's) are read as annotations.\n"
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
