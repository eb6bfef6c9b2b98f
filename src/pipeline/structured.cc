// JSON objects as schedules (docs/structured.md): each key becomes one field of a Line,
// then the normal compiler runs.
#include "fuzzycron/structured.h"
#include "engine/compiled_schedule.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "compiler/compile.h"
#include "fuzzycron/error.h"
#include "fuzzycron/options.h"
#include "fuzzycron/rfc3339.h"
#include "pipeline/pipeline.h"
#include "syntax/field.h"

namespace fuzzycron {
namespace {

using syntax::FieldId;

constexpr std::pair<std::string_view, FieldId> kKeys[] = {
    {"second", FieldId::second}, {"minute", FieldId::minute},
    {"hour", FieldId::hour},     {"day_of_month", FieldId::day_of_month},
    {"month", FieldId::month},   {"day_of_week", FieldId::day_of_week},
    {"year", FieldId::year},
};

// Order from fine to coarse; day_of_week sits with day_of_month.
int rank(FieldId f) {
  switch (f) {
    case FieldId::second: return 0;
    case FieldId::minute: return 1;
    case FieldId::hour: return 2;
    case FieldId::day_of_month:
    case FieldId::day_of_week: return 3;
    case FieldId::month: return 4;
    case FieldId::year: return 5;
  }
  return 0;
}

std::string field_text(const nlohmann::json& v, std::string_view key, const std::string& json) {
  auto bad = [&](const std::string& why) { throw Error(ErrorKind::syntax, fmt::format("{}: {}", key, why), json, 1); };
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_string()) {
    const auto s = v.get<std::string>();
    if (s.empty()) bad("an empty string is not a field");
    return s;
  }
  if (v.is_array()) {
    if (v.empty()) bad("an empty list matches nothing");
    std::string out;
    for (const auto& item : v) {
      if (!item.is_number_integer()) bad("list items must be integers");
      if (!out.empty()) out += ',';
      out += std::to_string(item.get<long long>());
    }
    return out;
  }
  bad("expected an integer, a list of integers or a field string such as \"1-5\" or \"*/15\"");
  return {};
}

// The keys of issue 32 besides the fields: an interval, days without fires, bounds.
constexpr std::string_view kLimitKeys[] = {"every",  "from",        "between",     "on",
                                           "except", "except_cron", "except_move", "bounds"};
bool is_limit_key(std::string_view key) {
  return std::find(std::begin(kLimitKeys), std::end(kLimitKeys), key) != std::end(kLimitKeys);
}

std::string text_of(const nlohmann::json& v, std::string_view key, const std::string& json) {
  if (!v.is_string() || v.get<std::string>().empty())
    throw Error(ErrorKind::syntax, fmt::format("{}: expected a non-empty string", key), json, 1);
  return v.get<std::string>();
}

// `given`, then the string or list of strings under `key`, joined with `separator`.
std::string joined(const nlohmann::json& obj, const char* key, const char* separator, std::string given,
                   const std::string& json) {
  const auto e = obj.find(key);
  if (e == obj.end()) return given;
  std::vector<std::string> items;
  if (e->is_array())
    for (const auto& item : *e) items.push_back(text_of(item, key, json));
  else
    items.push_back(text_of(*e, key, json));
  for (const auto& item : items) given += (given.empty() ? "" : separator) + item;
  return given;
}

// "except": a string or a list of strings (dates, ranges, iCalendar files), joined
// with the options' own; "bounds": {"not_before": T, "not_after": T}, RFC 3339.
ParseOptions with_limit_keys(const nlohmann::json& obj, ParseOptions o, const std::string& json) {
  o.except = joined(obj, "except", ",", o.except, json);
  // "except_cron": a cron calendar or a list of them; "except_move": skip, following, ...
  o.except_cron = joined(obj, "except_cron", ";", o.except_cron, json);
  if (const auto m = obj.find("except_move"); m != obj.end()) {
    OptionNames names;
    try {
      names.set("except-move", text_of(*m, "except_move", json));
    } catch (const Error& e) {
      throw Error(ErrorKind::syntax, e.message(), json, 1);
    }
    o.except_move = options_from_names(names).except_move;
  }
  if (const auto b = obj.find("bounds"); b != obj.end()) {
    if (!b->is_object())
      throw Error(ErrorKind::syntax, "bounds: expected {\"not_before\": T, \"not_after\": T}", json, 1);
    for (const auto& [key, value] : b->items()) {
      if (key != "not_before" && key != "not_after")
        throw Error(ErrorKind::syntax, fmt::format("bounds: unknown key '{}': use not_before and not_after", key), json,
                    1);
      const auto t = parse_rfc3339(text_of(value, "bounds." + key, json));
      if (!t)
        throw Error(ErrorKind::syntax, fmt::format("bounds.{}: not an instant: write RFC 3339 with an offset", key),
                    json, 1);
      (key == "not_before" ? o.not_before : o.not_after) = *t;
    }
  }
  return o;
}

// {"every": "2w", "from": "2026-01-06T09:00", "between": ["09:00", "17:00"], "on": "mon-fri"}
// as the text `@every 2w from 2026-01-06T09:00 between 09:00 and 17:00 on mon-fri`.
std::string interval_text(const nlohmann::json& obj, const std::string& json) {
  std::string out = "@every " + text_of(obj.at("every"), "every", json);
  if (const auto f = obj.find("from"); f != obj.end()) out += " from " + text_of(*f, "from", json);
  if (const auto b = obj.find("between"); b != obj.end()) {
    if (!b->is_array() || b->size() != 2)
      throw Error(ErrorKind::syntax, "between: expected [\"HH:MM\", \"HH:MM\"]", json, 1);
    out += " between " + text_of((*b)[0], "between", json) + " and " + text_of((*b)[1], "between", json);
  }
  if (const auto d = obj.find("on"); d != obj.end()) out += " on " + text_of(*d, "on", json);
  return out;
}

}  // namespace

Schedule parse_structured(std::string_view json_text, const ParseOptions& given) {
  const std::string json(json_text);
  nlohmann::json obj;
  try {
    obj = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(ErrorKind::syntax, std::string("not valid JSON: ") + e.what(), json, static_cast<int>(e.byte));
  } catch (const nlohmann::json::exception& e) {  // a number too large for any type (out_of_range 406)
    std::string what = e.what();
    throw Error(ErrorKind::syntax, "not valid JSON: " + what.substr(0, 160), json, 1);
  }
  if (!obj.is_object() || obj.empty())
    throw Error(ErrorKind::syntax,
                "a structured schedule is a non-empty JSON object with keys second minute hour "
                "day_of_month month day_of_week year",
                json, 1);
  const ParseOptions options = with_limit_keys(obj, given, json);
  if (obj.contains("every")) {
    for (const auto& item : obj.items())
      if (!is_limit_key(item.key()))
        throw Error(ErrorKind::syntax,
                    fmt::format("'{}' with 'every': an interval has no cron fields (keys: every from between on "
                                "except bounds)",
                                item.key()),
                    json, 1);
    if (!pipeline::reads_intervals(options.dialect))
      throw Error(ErrorKind::syntax,
                  fmt::format("every: the {} dialect has no anchored intervals (standard, quartz, jenkins, furiko do)",
                              dialect_name(options.dialect)),
                  json, 1);
    return pipeline::parse_interval(interval_text(obj, json), options);
  }
  for (const char* key : {"from", "between", "on"})
    if (obj.contains(key))
      throw Error(ErrorKind::syntax, fmt::format("'{}' belongs to an interval: give 'every' too", key), json, 1);
  std::array<std::optional<std::string>, syntax::kFieldCount> texts;
  int finest = 99;
  for (const auto& item : obj.items()) {
    const std::string& key = item.key();
    if (key == "except" || key == "except_cron" || key == "except_move" || key == "bounds") continue;
    const auto& value = item.value();
    const auto it = std::find_if(std::begin(kKeys), std::end(kKeys), [&](auto& k) { return k.first == key; });
    if (it == std::end(kKeys))
      throw Error(ErrorKind::syntax,
                  fmt::format("unknown key '{}': use second minute hour day_of_month month day_of_week year, or "
                              "every from between on; except, except_cron, except_move and bounds with either",
                              key),
                  json, 1);
    texts[static_cast<int>(it->second)] = field_text(value, key, json);
    finest = std::min(finest, rank(it->second));
  }
  syntax::Line line;
  for (int i = 0; i < syntax::kFieldCount; ++i) {
    const auto id = static_cast<FieldId>(i);
    const auto rules = syntax::rules_for(options.dialect, id, options.furiko.quartz_day_of_week);
    if (!texts[i] && rank(id) < finest && id != FieldId::day_of_week) texts[i] = std::to_string(rules.min);
    if (!texts[i]) continue;
    line.text = *texts[i];
    try {
      line.fields[i] = syntax::parse_field(*texts[i], 1, rules, line);
    } catch (const Error& e) {
      throw Error(e.kind(), fmt::format("{} (in \"{}\")", e.message(), kKeys[i].first), e.text(), e.column());
    }
  }
  line.text = json;
  syntax::Spec spec;
  spec.lines.push_back(std::move(line));
  pipeline::draw_hash_forms(spec, options);  // "H/15" with a seed, as in expressions
  // Both day fields given: both must match, in every dialect.
  const engine::Pattern pattern =
      compiler::compile_line(spec.lines[0], options.dialect_options(), options.dst_policy(), true);
  // Days without fires and bounds apply here as to any schedule (they were ignored before 0.5).
  return pipeline::with_limits(
      engine::Access::make({&pattern, 1}, TimeZone::locate(options.time_zone), options.dst_policy()), options);
}

}  // namespace fuzzycron
