// `fuzzycron batch`: JSON Lines in, JSON Lines out (SPEC §6). One bad line
// produces an error object and the stream goes on.
#include <nlohmann/json.hpp>

#include <istream>
#include <optional>
#include <string>
#include <unordered_map>
#include <ostream>

#include "commands.h"

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

ParseOptions options_of(const json& line) {
  ParseOptions p;
  if (line.contains("dialect")) {
    const auto name = line["dialect"].get<std::string>();
    const auto d = dialect_from_name(name);
    if (!d) throw Error(ErrorKind::argument, "unknown dialect '" + name + "': use " + dialect_list(), name, 1);
    p.dialect = *d;
  }
  if (line.contains("tz")) p.time_zone = line["tz"].get<std::string>();
  if (line.contains("seed")) {
    const json& seed = line["seed"];
    p.seed = Seed(seed.is_array() ? seed.get<std::vector<std::string>>() : std::vector{seed.get<std::string>()});
  }
  if (line.contains("hash")) {
    const auto name = line["hash"].get<std::string>();
    const auto scheme = hash_scheme_from_name(name);
    if (!scheme) throw Error(ErrorKind::argument, "unknown hash scheme '" + name + "': use " + hash_scheme_list(), name, 1);
    p.hash = scheme;
  }
  if (line.contains("options") && line["options"].is_object()) {
    const json& o = line["options"];
    if (o.contains("dst")) {
      const auto name = o["dst"].get<std::string>();
      const auto dst = DstPolicy::from_name(name);
      if (!dst) throw Error(ErrorKind::argument, "unknown DST policy '" + name + "'", name, 1);
      p.dst = *dst;
    }
    if (o.contains("format")) p.furiko.quartz_day_of_week = o["format"].get<std::string>() == "quartz";
    if (o.contains("hash_fields")) p.furiko.hash_fields = o["hash_fields"].get<bool>();
    if (o.contains("hash_seconds_by_default"))
      p.furiko.hash_seconds_by_default = o["hash_seconds_by_default"].get<bool>();
    if (o.contains("hash_names")) p.furiko.hash_names = o["hash_names"].get<bool>();
    if (o.contains("strict")) p.cron_parser.strict = o["strict"].get<bool>();
    if (o.contains("second_at_beginning")) p.croniter.second_at_beginning = o["second_at_beginning"].get<bool>();
    if (o.contains("spread_ms")) p.spread = std::chrono::milliseconds{o["spread_ms"].get<long long>()};
  }
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
                 {"error", {{"message", in_batch_terms(e.message())}, {"column", e.column()}}}};
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

}  // namespace fuzzycron::cli
