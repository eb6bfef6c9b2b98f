// `fuzzycron batch`: JSON Lines in, JSON Lines out (SPEC §6). One bad line
// produces an error object and the stream goes on.
#include <nlohmann/json.hpp>

#include <istream>
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

json answer(const json& line) {
  json out;
  out["id"] = line.contains("id") ? line["id"] : json(nullptr);
  if (!line.contains("expr") || !line["expr"].is_string())
    throw Error(ErrorKind::syntax, "each line needs \"expr\": the cron expression as a string", line.dump(), 1);
  const std::string expr = line["expr"].get<std::string>();
  const ParseOptions options = options_of(line);
  const int n_next = count_of(line, "next"), n_prev = count_of(line, "prev");
  sys_milliseconds from = parse_from("now");
  if (line.contains("from")) from = parse_from(line["from"].get<std::string>());
  const Schedule s = parse(expr, options);
  json next = json::array(), prev = json::array();
  std::optional<sys_milliseconds> t;
  for (int i = 0; i < n_next; ++i) {
    t = i == 0 ? s.next(from) : s.next(*t);
    if (!t) break;
    next.push_back(format_rfc3339(*t, s.zone()));
  }
  for (int i = 0; i < n_prev; ++i) {
    t = i == 0 ? s.prev(from) : s.prev(*t);
    if (!t) break;
    prev.push_back(format_rfc3339(*t, s.zone()));
  }
  out["next"] = next;
  if (line.contains("prev")) out["prev"] = prev;
  return out;
}

}  // namespace

int run_batch(std::istream& in, std::ostream& out) {
  std::string text;
  while (std::getline(in, text)) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    json reply;
    json line;
    try {
      line = json::parse(text);
      if (!line.is_object()) throw Error(ErrorKind::syntax, "each batch line must be a JSON object", text, 1);
      reply = answer(line);
    } catch (const json::parse_error& e) {
      reply = {{"id", nullptr},
               {"error", {{"message", std::string("not a JSON object: ") + e.what()}, {"column", e.byte}}}};
    } catch (const json::exception& e) {
      reply = {{"id", line.is_object() && line.contains("id") ? line["id"] : json(nullptr)},
               {"error", {{"message", std::string("wrong field type: ") + e.what()}, {"column", 0}}}};
    } catch (const Error& e) {
      reply = {{"id", line.is_object() && line.contains("id") ? line["id"] : json(nullptr)},
               {"error", {{"message", in_batch_terms(e.message())}, {"column", e.column()}}}};
      if (e.line() > 0) reply["error"]["line"] = e.line();
    }
    out << reply.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
    out.flush();
  }
  // Per-line errors are answers, not failures of the stream.
  return kOk;
}

}  // namespace fuzzycron::cli
