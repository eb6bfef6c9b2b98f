// Jenkins hudson.scheduler: one or more lines of exactly five fields; blank
// lines and '#' comments are ignored; "TZ=zone" is accepted on the first line;
// @aliases are hashed (@hourly = "H * * * *").
#include <fmt/format.h>

#include "syntax/dialects.h"
#include "syntax/layout.h"

namespace fuzzycron::syntax {
namespace {

constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"@yearly", "H H H H *"}, {"@annually", "H H H H *"},      {"@monthly", "H H H * *"}, {"@weekly", "H H * * H"},
    {"@daily", "H H * * *"},  {"@midnight", "H H(0-2) * * *"}, {"@hourly", "H * * * *"},
};

}  // namespace

Spec split_jenkins(std::string_view text) {
  Spec spec;
  int line_no = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t nl = text.find('\n', start);
    std::string_view raw = text.substr(start, nl == std::string_view::npos ? text.npos : nl - start);
    start = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    const std::string_view whole = raw;
    const std::string_view line = trim(raw);
    if (line_no == 1 && line.starts_with("TZ=")) {
      auto tokens = tokens_of(raw);
      take_zone_prefix(tokens, raw, {"TZ"}, spec, 1);
      if (!tokens.empty())
        fail("the TZ= line holds only the zone; put the schedule on the next line", whole, tokens[0].column, 1);
      continue;
    }
    if (line.empty() || line.starts_with('#')) continue;
    auto tokens = tokens_of(raw);
    if (tokens[0].text.starts_with('@')) {
      const Token alias = tokens[0];
      if (tokens.size() > 1)
        fail(fmt::format("unexpected '{}' after {}: an alias stands alone", tokens[1].text, alias.text), whole,
             tokens[1].column, line_no);
      bool found = false;
      for (auto [name, expansion] : kAliases) {
        if (alias.text != name) continue;
        const std::string expanded(expansion);
        auto expanded_tokens = tokens_of(expanded);
        for (auto& t : expanded_tokens) t.column = alias.column;
        add_line(spec, whole, line_no, expanded_tokens,
                 {FieldId::minute, FieldId::hour, FieldId::day_of_month, FieldId::month, FieldId::day_of_week},
                 Dialect::jenkins);
        found = true;
      }
      if (!found)
        fail(fmt::format("unknown alias '{}': Jenkins has @yearly @annually @monthly @weekly @daily @midnight "
                         "@hourly",
                         alias.text),
             whole, alias.column, line_no);
      continue;
    }
    if (tokens.size() != 5) {
      const int col = tokens.size() > 5 ? tokens[5].column : static_cast<int>(whole.size()) + 1;
      fail(fmt::format("expected exactly 5 fields (minute hour day-of-month month day-of-week); found {}",
                       tokens.size()),
           whole, col, line_no);
    }
    add_line(spec, whole, line_no, tokens,
             {FieldId::minute, FieldId::hour, FieldId::day_of_month, FieldId::month, FieldId::day_of_week},
             Dialect::jenkins);
  }
  // A single-line spec reports columns without a line number.
  if (line_no == 1)
    for (auto& l : spec.lines) l.line = 0;
  return spec;
}

const DialectRow kJenkinsRow{
    .dialect = Dialect::jenkins,
    .name = "jenkins",
    .aliases = {},
    .hash = HashScheme::jenkins,
    .dst = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both),  // Jenkins (docs/dst.md)
    .runs_on = "jenkins",
    .split = [](std::string_view text, const DialectOptions&, bool) { return split_jenkins(text); },
    .rules = [](FieldRules&, bool) {},
    .finish = nullptr,
    .day_or = false,
    .days_ored = days_never_ored,
    .seconds = SecondsField::none,
    .no_seconds = "Jenkins fires on whole minutes",
};

}  // namespace fuzzycron::syntax
