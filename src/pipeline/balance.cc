// The balance lock (fuzzycron/balance.h): its text, read and written, and the
// lookup parse() makes for a job. What goes in it is tools/balancer.cc's.
#include "fuzzycron/balance.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

namespace fuzzycron {
namespace {

using json = nlohmann::json;

[[noreturn]] void bad(const std::string& message, int line = 0, int column = 0, std::string text = {}) {
  throw Error(ErrorKind::lock, message, std::move(text), column, line);
}

// The line and column of a byte offset, and that line's text.
std::tuple<int, int, std::string> position(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const std::size_t start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  const std::size_t from = start == std::string_view::npos || offset == 0 ? 0 : start + 1;
  const std::size_t end = std::min(text.find('\n', from), text.size());
  const int line =
      static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(from), '\n')) + 1;
  return {line, static_cast<int>(offset - from) + 1, std::string(text.substr(from, end - from))};
}

template <typename T>
T field(const json& object, const char* key, const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end()) bad(fmt::format("{}has no \"{}\"", where, key));
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    bad(fmt::format("{}\"{}\" is {}, not the expected type", where, key, it->dump().substr(0, 40)));
  }
}

}  // namespace

std::string balance_shape(std::string_view expression) {
  std::string out;
  bool space = false;
  for (const char c : expression) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string balance_key(const Seed& seed) {
  std::string out;
  for (const auto& part : seed.parts()) {
    if (!out.empty()) out += '/';
    for (const char c : part) {
      if (c == '/')
        out += "%2F";
      else if (c == '%')
        out += "%25";
      else
        out += c;
    }
  }
  return out;
}

bool missing_from_balance(std::string_view expression, const ParseOptions& options) {
  if (!options.balance || options.seed.empty()) return false;
  if (is_every(expression)) {  // a hashed phase the lock does not name
    const auto phase = interval_phase(expression, options);
    return phase && !options.balance->find(expression, phase->zone, options.seed);
  }
  const Syntax syntax = syntax_of(expression, options);
  if (syntax.lines.size() != 1) return false;
  bool hashed = false;
  for (const auto& field : syntax.lines[0].fields)
    if (field)
      for (const Term& t : field->terms) hashed = hashed || t.kind == Term::Kind::hash;
  return hashed && !options.balance->find(syntax.lines[0].text, syntax.zone.value_or(options.time_zone), options.seed);
}

BalanceLock::BalanceLock(Dialect dialect, HashScheme hash, double epsilon, std::vector<BalanceGroup> groups)
    : dialect_(dialect), hash_(hash), epsilon_(epsilon), groups_(std::move(groups)) {
  std::sort(groups_.begin(), groups_.end(), [](const BalanceGroup& a, const BalanceGroup& b) {
    return std::tie(a.shape, a.zone) < std::tie(b.shape, b.zone);
  });
}

const BalanceGroup* BalanceLock::group(std::string_view shape, std::string_view zone) const {
  const auto it = std::lower_bound(groups_.begin(), groups_.end(), std::pair{shape, zone},
                                   [](const BalanceGroup& g, const std::pair<std::string_view, std::string_view>& k) {
                                     return std::pair<std::string_view, std::string_view>(g.shape, g.zone) < k;
                                   });
  return it != groups_.end() && it->shape == shape && it->zone == zone ? &*it : nullptr;
}

const std::vector<int>* BalanceLock::find(std::string_view shape, std::string_view zone, const Seed& seed) const {
  const BalanceGroup* g = group(balance_shape(shape), zone);
  if (!g) return nullptr;
  const auto it = g->jobs.find(balance_key(seed));
  return it == g->jobs.end() ? nullptr : &it->second;
}

std::string BalanceLock::write() const {
  auto str = [](const std::string& s) { return json(s).dump(); };
  std::string out = fmt::format(
      "{{\n  \"fuzzycron_balance\": {},\n  \"dialect\": {},\n  \"hash\": {},\n  \"epsilon\": {},\n", kVersion,
      str(std::string(dialect_name(dialect_))), str(std::string(hash_scheme_name(hash_))), epsilon_);
  out += "  \"groups\": [";
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    const BalanceGroup& group = groups_[g];
    out += fmt::format("{}\n    {{\"shape\": {}, \"zone\": {}, \"slots\": {}, \"capacity\": {}, \"jobs\": {{",
                       g ? "," : "", str(group.shape), str(group.zone), group.slots, group.capacity);
    std::size_t j = 0;
    for (const auto& [key, values] : group.jobs)
      out += fmt::format("{}\n      {}: [{}]", j++ ? "," : "", str(key), fmt::join(values, ", "));
    out += group.jobs.empty() ? "}}" : "\n    }}";
  }
  out += groups_.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

BalanceLock BalanceLock::read_file(const std::string& path, Dialect dialect) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::lock, path + ": cannot read the balance lock", path, 1);
  std::ostringstream text;
  text << in.rdbuf();
  return read_file_text(text.str(), path, dialect);
}

BalanceLock BalanceLock::read_file_text(std::string_view text, const std::string& path, Dialect dialect) {
  BalanceLock lock;
  try {
    lock = read(text);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::lock) throw;
    throw Error(e.kind(), path + (e.line() ? ":" + std::to_string(e.line()) : "") + ": " + e.message(), e.text(),
                e.column(), e.line());
  }
  if (lock.dialect() != dialect)
    throw Error(ErrorKind::lock,
                path + ": the balance lock is for the " + std::string(dialect_name(lock.dialect())) +
                    " dialect, and the schedules are read as " + std::string(dialect_name(dialect)),
                path, 1);
  return lock;
}

BalanceLock BalanceLock::read(std::string_view text) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    const auto [line, column, at] = position(text, e.byte == 0 ? 0 : e.byte - 1);
    std::string what = e.what();
    if (const auto colon = what.find("error: "); colon != std::string::npos) what = what.substr(colon + 7);
    bad("the balance lock is not valid JSON: " + what, line, column, at);
  } catch (const json::exception& e) {  // a number too large for any type (out_of_range 406), found by fuzz_balance
    std::string what = e.what();
    if (const auto bracket = what.find("] "); bracket != std::string::npos) what = what.substr(bracket + 2);
    bad("the balance lock is not valid JSON: " + what.substr(0, 120));
  }
  if (!doc.is_object()) bad("the balance lock is not a JSON object");
  if (!doc.contains("fuzzycron_balance")) bad("not a balance lock: it has no \"fuzzycron_balance\" version");
  const int version = field<int>(doc, "fuzzycron_balance", "the lock ");
  if (version > kVersion)
    bad(fmt::format("the balance lock has version {}, newer than this fuzzycron's {}: upgrade fuzzycron", version,
                    kVersion));
  if (version < 1) bad(fmt::format("the balance lock's version {} is not one fuzzycron wrote", version));
  const std::string dialect_text = field<std::string>(doc, "dialect", "the lock ");
  const auto dialect = dialect_from_name(dialect_text);
  if (!dialect) bad(fmt::format("the balance lock's dialect \"{}\" is unknown", dialect_text));
  const std::string hash_text = field<std::string>(doc, "hash", "the lock ");
  const auto hash = hash_scheme_from_name(hash_text);
  if (!hash) bad(fmt::format("the balance lock's hash scheme \"{}\" is unknown", hash_text));
  const double epsilon = field<double>(doc, "epsilon", "the lock ");
  if (!(epsilon > 0) || !std::isfinite(epsilon))
    bad(fmt::format("the balance lock's epsilon {} is not above 0", epsilon));
  const json groups = field<json>(doc, "groups", "the lock ");
  if (!groups.is_array()) bad("the balance lock's \"groups\" is not a list");
  std::vector<BalanceGroup> out;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const json& g = groups[i];
    std::string where = fmt::format("group {} of the balance lock ", i + 1);
    if (!g.is_object()) bad(where + "is not an object");
    BalanceGroup group;
    group.shape = field<std::string>(g, "shape", where);
    where = fmt::format("group {} (\"{}\") of the balance lock ", i + 1, group.shape);
    group.zone = field<std::string>(g, "zone", where);
    group.slots = field<std::uint64_t>(g, "slots", where);
    group.capacity = field<std::uint32_t>(g, "capacity", where);
    if (group.slots == 0 || group.capacity == 0) bad(where + "has no slots or a capacity of 0");
    const json jobs = field<json>(g, "jobs", where);
    if (!jobs.is_object()) bad(where + "\"jobs\" is not an object");
    for (const auto& [key, values] : jobs.items()) {
      if (!values.is_array() || values.empty() ||
          !std::all_of(values.begin(), values.end(), [](const json& v) { return v.is_number_integer(); }))
        bad(fmt::format("{}job \"{}\": its slot {} is not a list of whole numbers", where, key,
                        values.dump().substr(0, 40)));
      group.jobs[key] = values.get<std::vector<int>>();
    }
    if (!out.empty() && out.back().shape == group.shape && out.back().zone == group.zone)
      bad(where + "repeats the group before it");
    out.push_back(std::move(group));
  }
  return BalanceLock(*dialect, *hash, epsilon, std::move(out));
}

}  // namespace fuzzycron
