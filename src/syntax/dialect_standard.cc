// Vixie cron / cronie: "min hour dom mon dow", or six fields with seconds first;
// lower-case @aliases; an optional CRON_TZ= or TZ= prefix.
#include <fmt/format.h>

#include "syntax/dialects.h"
#include "syntax/layout.h"

namespace fuzzycron::syntax {
namespace {

constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"@yearly", "0 0 1 1 *"}, {"@annually", "0 0 1 1 *"}, {"@monthly", "0 0 1 * *"}, {"@weekly", "0 0 * * 0"},
    {"@daily", "0 0 * * *"},  {"@midnight", "0 0 * * *"}, {"@hourly", "0 * * * *"},
};

}  // namespace

Spec split_standard(std::string_view text) {
  Spec spec;
  const std::string_view whole = text;
  auto tokens = tokens_of(text);
  take_zone_prefix(tokens, text, {"CRON_TZ", "TZ"}, spec, 0);
  if (!tokens.empty() && tokens[0].text.starts_with('@')) {
    const Token alias = tokens[0];
    if (tokens.size() > 1)
      fail(fmt::format("unexpected '{}' after {}: an alias stands alone", tokens[1].text, alias.text), whole,
           tokens[1].column, 0);
    if (alias.text == "@reboot")
      fail("@reboot runs at daemon start-up, not at a time: it is only accepted in crontab files", whole, alias.column,
           0);
    for (auto [name, expansion] : kAliases) {
      if (alias.text != name) continue;
      const std::string expanded(expansion);
      auto expanded_tokens = tokens_of(expanded);
      for (auto& t : expanded_tokens) t.column = alias.column;  // point errors at the alias
      add_line(spec, whole, 0, expanded_tokens,
               {FieldId::minute, FieldId::hour, FieldId::day_of_month, FieldId::month, FieldId::day_of_week},
               Dialect::standard);
      return spec;
    }
    fail(fmt::format("unknown alias '{}': the standard dialect has @yearly @annually @monthly @weekly "
                     "@daily @midnight @hourly (lower case)",
                     alias.text),
         whole, alias.column, 0);
  }
  if (tokens.size() == 5) {
    add_line(spec, whole, 0, tokens,
             {FieldId::minute, FieldId::hour, FieldId::day_of_month, FieldId::month, FieldId::day_of_week},
             Dialect::standard);
  } else if (tokens.size() == 6) {
    add_line(
        spec, whole, 0, tokens,
        {FieldId::second, FieldId::minute, FieldId::hour, FieldId::day_of_month, FieldId::month, FieldId::day_of_week},
        Dialect::standard);
  } else {
    const int col = tokens.size() > 6 ? tokens[6].column : static_cast<int>(whole.size()) + 1;
    fail(fmt::format("expected 5 fields (minute hour day-of-month month day-of-week) or 6 with seconds "
                     "first; found {}",
                     tokens.size()),
         whole, col, 0);
  }
  return spec;
}

namespace {

constexpr std::string_view kNames[] = {"vixie", "cron", "posix", "cronie"};

void standard_rules(FieldRules& r, bool) {
  const bool dow = r.id == FieldId::day_of_week;
  r.names = r.id == FieldId::month || dow;
  r.x_to_zero = dow;
  r.tilde = true;
}

}  // namespace

const DialectRow kStandardRow{
    .dialect = Dialect::standard,
    .name = "standard",
    .aliases = kNames,
    .hash = HashScheme::fc1,
    .dst = DstPolicy::cronie(),
    .runs_on = "cron",
    .split = [](std::string_view text, const DialectOptions&, bool) { return split_standard(text); },
    .rules = standard_rules,
    .finish = nullptr,
    .day_or = true,
    .days_ored = days_ored_unless_star_text,
    .seconds = SecondsField::first,
    .no_seconds = {},
    .star_step_unrestricts = true,
};

}  // namespace fuzzycron::syntax
