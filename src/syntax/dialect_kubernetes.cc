// robfig/cron v3 ParseStandard, the grammar of Kubernetes CronJobs: exactly
// five fields (no seconds), an optional TZ= or CRON_TZ= prefix, the
// descriptors in lower case. '?' is '*' everywhere and N/s is N-max/s
// (FieldRules); day-of-week is 0-6.
#include <fmt/format.h>

#include "syntax/dialects.h"
#include "syntax/layout.h"

namespace fuzzycron::syntax {
namespace {

constexpr std::pair<std::string_view, std::string_view> kDescriptors[] = {
    {"@yearly", "0 0 1 1 *"}, {"@annually", "0 0 1 1 *"}, {"@monthly", "0 0 1 * *"}, {"@weekly", "0 0 * * 0"},
    {"@daily", "0 0 * * *"},  {"@midnight", "0 0 * * *"}, {"@hourly", "0 * * * *"},
};

constexpr std::initializer_list<FieldId> kLayout = {FieldId::minute, FieldId::hour, FieldId::day_of_month,
                                                    FieldId::month, FieldId::day_of_week};
constexpr std::initializer_list<FieldId> kSecondsLayout = {
    FieldId::second, FieldId::minute, FieldId::hour, FieldId::day_of_month, FieldId::month, FieldId::day_of_week};

}  // namespace

Spec split_kubernetes(std::string_view text, const KubernetesOptions& options) {
  Spec spec;
  const std::string_view whole = text;
  auto tokens = tokens_of(text);
  if (tokens.empty())
    fail("empty schedule: expected 5 fields (minute hour day-of-month month day-of-week)", whole, 1, 0);
  take_zone_prefix(tokens, text, {"CRON_TZ", "TZ"}, spec, 0);
  if (!tokens.empty() && tokens[0].text.starts_with('@')) {
    const Token descriptor = tokens[0];
    if (descriptor.text == "@every")
      fail(
          "@every DURATION repeats at a distance from whenever the schedule was loaded, not at times of the "
          "clock, so it has no fire times of its own; write the interval as fields (@every 15m: */15 * * * *)",
          whole, descriptor.column, 0);
    if (tokens.size() > 1)
      fail(fmt::format("unexpected '{}' after {}: a descriptor stands alone", tokens[1].text, descriptor.text), whole,
           tokens[1].column, 0);
    for (auto [name, expansion] : kDescriptors) {
      if (descriptor.text != name) continue;
      auto expanded = tokens_of(expansion);
      for (auto& t : expanded) t.column = descriptor.column;  // point errors at the descriptor
      add_line(spec, whole, 0, expanded, kLayout, Dialect::kubernetes);
      return spec;
    }
    fail(fmt::format("unknown descriptor '{}': robfig/cron has @yearly @annually @monthly @weekly @daily "
                     "@midnight @hourly (lower case)",
                     descriptor.text),
         whole, descriptor.column, 0);
  }
  if (options.seconds) {  // robfig's cron.WithSeconds()
    if (tokens.size() != 6) {
      const int col = tokens.size() > 6 ? tokens[6].column : static_cast<int>(whole.size()) + 1;
      fail(fmt::format("expected exactly 6 fields (second minute hour day-of-month month day-of-week), as robfig/cron "
                       "reads them with seconds; found {}",
                       tokens.size()),
           whole, col, 0);
    }
    add_line(spec, whole, 0, tokens, kSecondsLayout, Dialect::kubernetes);
    return spec;
  }
  if (tokens.size() != 5) {
    const int col = tokens.size() > 5 ? tokens[5].column : static_cast<int>(whole.size()) + 1;
    fail(fmt::format("expected exactly 5 fields (minute hour day-of-month month day-of-week), as Kubernetes "
                     "CronJobs read them; found {}",
                     tokens.size()),
         whole, col, 0);
  }
  add_line(spec, whole, 0, tokens, kLayout, Dialect::kubernetes);
  return spec;
}

namespace {

constexpr std::string_view kNames[] = {"robfig", "k8s"};

void kubernetes_rules(FieldRules& r, bool) {
  const bool dow = r.id == FieldId::day_of_week;
  r.names = r.id == FieldId::month || dow;
  r.question = true;
  r.question_is_star = true;
  r.value_step = true;  // N/s = N-max/s
  if (dow) {
    r.max = r.hash_hi = 6;  // robfig: 0-6, no 7
    r.range_text = "0-6";
  }
}

// robfig: AND once either field has an item '*' or '?' (read as '*') whose step is at most 1.
bool has_star_item(const std::optional<Field>& f) {
  if (!f) return true;
  for (const Term& t : f->terms)
    if (t.kind == Term::Kind::all && t.step <= 1) return true;
  return false;
}

}  // namespace

const DialectRow kKubernetesRow{
    .dialect = Dialect::kubernetes,
    .name = "kubernetes",
    .aliases = kNames,
    .hash = HashScheme::fc1,
    .dst = DstPolicy::of(DstPolicy::Gap::skip, DstPolicy::Overlap::both),  // robfig/cron v3 (docs/dst.md)
    .runs_on = "kubernetes",
    .split = [](std::string_view text, const DialectOptions& o, bool) { return split_kubernetes(text, o.kubernetes); },
    .rules = kubernetes_rules,
    .finish = nullptr,
    .day_or = true,
    .days_ored =
        [](const Line& line) {
          return !has_star_item(line.fields[static_cast<int>(FieldId::day_of_month)]) &&
                 !has_star_item(line.fields[static_cast<int>(FieldId::day_of_week)]);
        },
    .seconds = SecondsField::none,
    .no_seconds = "Kubernetes CronJobs fire on whole minutes",
};

}  // namespace fuzzycron::syntax
