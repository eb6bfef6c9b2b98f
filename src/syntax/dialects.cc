// The table of dialects (each row lives in its dialect's file) and what is
// looked up in it by name.
#include "syntax/dialects.h"

namespace fuzzycron::syntax {
namespace {

constexpr const DialectRow* kRows[] = {&kStandardRow,   &kQuartzRow,   &kJenkinsRow,    &kFurikoRow,
                                       &kKubernetesRow, &kCroniterRow, &kCronParserRow, &kSpringRow};
static_assert(std::size(kRows) == std::size(kAllDialects), "every dialect has a row");

bool starts_with_star(const std::optional<Field>& f) { return !f || f->text.starts_with('*'); }

}  // namespace

const DialectRow& dialect_row(Dialect d) noexcept {
  const auto i = static_cast<std::size_t>(d);
  return *kRows[i < std::size(kRows) ? i : 0];
}

bool days_never_ored(const Line&) { return false; }

bool days_ored_unless_star_text(const Line& line) {
  return !starts_with_star(line.fields[static_cast<int>(FieldId::day_of_month)]) &&
         !starts_with_star(line.fields[static_cast<int>(FieldId::day_of_week)]);
}

}  // namespace fuzzycron::syntax

namespace fuzzycron {

std::string_view dialect_name(Dialect d) noexcept { return syntax::dialect_row(d).name; }

std::string_view dialect_runs_on(Dialect d) noexcept { return syntax::dialect_row(d).runs_on; }

std::optional<Dialect> dialect_from_name(std::string_view name) noexcept {
  for (const syntax::DialectRow* row : syntax::kRows) {
    if (row->name == name) return row->dialect;
    for (std::string_view alias : row->aliases)
      if (alias == name) return row->dialect;
  }
  return std::nullopt;
}

bool days_are_ored(const LineSyntax& line, Dialect d) noexcept { return syntax::dialect_row(d).days_ored(line); }

bool is_interval(const LineSyntax& line) noexcept {
  return syntax::starts_with_star(line.fields[static_cast<int>(FieldId::minute)]) ||
         syntax::starts_with_star(line.fields[static_cast<int>(FieldId::hour)]);
}

}  // namespace fuzzycron
