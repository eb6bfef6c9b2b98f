// JSON objects as schedules (docs/structured.md): each key becomes one field of a Line,
// then the normal compiler runs.
#include "fuzzycron/structured.h"
#include "engine/compiled_schedule.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "compiler/compile.h"
#include "fuzzycron/error.h"
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

}  // namespace

Schedule parse_structured(std::string_view json_text, const ParseOptions& options) {
  const std::string json(json_text);
  nlohmann::json obj;
  try {
    obj = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(ErrorKind::syntax, std::string("not valid JSON: ") + e.what(), json, static_cast<int>(e.byte));
  }
  if (!obj.is_object() || obj.empty())
    throw Error(ErrorKind::syntax,
                "a structured schedule is a non-empty JSON object with keys second minute hour "
                "day_of_month month day_of_week year",
                json, 1);
  std::array<std::optional<std::string>, syntax::kFieldCount> texts;
  int finest = 99;
  for (const auto& item : obj.items()) {
    const std::string& key = item.key();
    const auto& value = item.value();
    const auto it = std::find_if(std::begin(kKeys), std::end(kKeys), [&](auto& k) { return k.first == key; });
    if (it == std::end(kKeys))
      throw Error(ErrorKind::syntax,
                  fmt::format("unknown key '{}': use second minute hour day_of_month month day_of_week year", key),
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
  return engine::Access::make({&pattern, 1}, TimeZone::locate(options.time_zone), options.dst_policy());
}

}  // namespace fuzzycron
