// GitHub Actions workflows: every cron of on.schedule, seeded with the
// repository, the workflow's path and the cron's position, listed or resolved
// in place; the scalars that name a cron (matrix values, if: conditions on
// github.event.schedule) are rewritten with it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "fuzzycron/error.h"
#include "fuzzycron/manifest.h"
#include "fuzzycron/target.h"
#include "tools/yaml_document.h"

namespace fuzzycron {
namespace {

using tools::in_style;
using tools::lookup;
using tools::place;
using tools::place_of;
using tools::problem;
using tools::Scalar;

// A scalar a person wrote as a cron: five fields of cron characters.
bool cron_like(std::string_view v) {
  int fields = 0;
  bool in = false;
  for (char c : v) {
    const bool space = c == ' ';
    if (!space && !std::isalnum(static_cast<unsigned char>(c)) &&
        std::string_view("*,/-?#()").find(c) == std::string_view::npos)
      return false;
    fields += !space && !in;
    in = !space;
  }
  return fields == 5;
}
// Every cron of a workflow's on.schedule, and the scalars that may name one
// (matrix values, if: conditions on github.event.schedule). False: none.
bool collect_workflow(std::string_view yaml, const std::string& repository, const std::string& path,
                      std::vector<Scalar>& found, std::vector<Scalar>& references) {
  bool schedule = false;
  tools::each_document(yaml, [&](fy_node* root, int doc) {
    fy_node* list = lookup(lookup(root, "on"), "schedule");
    if (!list || fy_node_get_type(list) != FYNT_SEQUENCE) return;
    schedule = true;
    void* it = nullptr;
    int position = 0;
    std::vector<fy_node*> crons;
    while (fy_node* item = fy_node_sequence_iterate(list, &it)) {
      ++position;
      auto s = place(yaml, item, "cron", doc);
      if (!s) continue;
      crons.push_back(lookup(item, "cron"));
      s->name = fmt::format("on.schedule[{}]", position);
      s->seed = Seed({repository, path, std::to_string(position)});
      found.push_back(std::move(*s));
    }
    // Other scalars of the workflow that name one of its crons: matrix values
    // and if: conditions compared with github.event.schedule.
    tools::each_scalar(root, false, [&](fy_node* n, bool in_flow) {
      if (std::find(crons.begin(), crons.end(), n) != crons.end()) return;
      if (auto s = place_of(yaml, n, in_flow, doc)) {
        if (s->value.find("github.event.schedule") != std::string::npos || cron_like(s->value))
          references.push_back(std::move(*s));
      }
    });
  });
  return schedule;
}

Error no_schedule(std::string_view yaml) {
  return Error(ErrorKind::argument, "the workflow has no on.schedule list of cron entries",
               std::string(yaml.substr(0, yaml.find('\n'))), 1, 1);
}

}  // namespace

std::vector<FoundSchedule> workflow_schedules(std::string_view yaml, const std::string& repository,
                                              const std::string& path) {
  std::vector<Scalar> found, references;
  if (!collect_workflow(yaml, repository, path, found, references)) throw no_schedule(yaml);
  return tools::listed(found);
}

InPlaceResult resolve_workflow(std::string_view yaml, const std::string& repository, const std::string& path,
                               const ParseOptions& options) {
  std::vector<Scalar> found, references;
  std::vector<InPlaceProblem> problems;
  const bool schedule = collect_workflow(yaml, repository, path, found, references);
  if (!schedule) throw no_schedule(yaml);
  InPlaceResult out = tools::splice(yaml, found, options, std::move(problems));
  out.schedules = tools::listed(found);
  // Every cron as GitHub reads it: 5 fields, day-of-week 0-6, no H left.
  std::vector<std::string> finals;
  for (const Scalar& s : found) {
    const auto change = std::find_if(out.changes.begin(), out.changes.end(),
                                     [&](const InPlaceChange& c) { return c.line == s.line && c.column == s.column; });
    const std::string final_text = change != out.changes.end() ? change->after : s.value;
    finals.push_back(final_text);
    if (const auto e = target_grammar_error(final_text, Target::github_actions))
      out.problems.push_back(problem(s, s.column,
                                     change != out.changes.end()
                                         ? fmt::format("resolved to '{}', which {}", final_text, e->message())
                                         : e->message()));
  }
  if (out.changes.empty()) return out;
  // References to a resolved cron are rewritten with it; one that names none of
  // the crons any more would make its job never run: an error at its line.
  std::vector<Scalar> rewrite;
  for (Scalar r : references) {
    std::vector<const InPlaceChange*> named;
    for (const auto& c : out.changes)
      if (r.value.find(c.before) != std::string::npos) named.push_back(&c);
    r.name = "a reference";
    if (named.size() > 1) {
      out.problems.push_back(problem(r, r.column,
                                     fmt::format("'{}' names crons that resolve to different values: write "
                                                 "each resolved cron here",
                                                 named.front()->before)));
      continue;
    }
    if (named.size() == 1) {
      r.name = named.front()->name;
      rewrite.push_back(std::move(r));
      continue;
    }
    if (cron_like(r.value) && std::find(finals.begin(), finals.end(), r.value) == finals.end() &&
        yaml.find("github.event.schedule") != std::string_view::npos)
      out.problems.push_back(problem(
          r, r.column,
          fmt::format("'{}' looks like a cron this workflow compares with github.event.schedule, and it is none of "
                      "its crons ({}): the job it guards would never run; write the resolved cron here",
                      r.value, fmt::format("'{}'", fmt::join(finals, "', '")))));
  }
  if (rewrite.empty()) return out;
  // Rewrite the references in the resolved text (positions after the crons shift).
  std::sort(rewrite.begin(), rewrite.end(), [](const Scalar& a, const Scalar& b) { return a.begin < b.begin; });
  std::string text;
  std::size_t at = 0;
  std::ptrdiff_t shift = 0;
  std::vector<std::pair<std::size_t, std::ptrdiff_t>> shifts;  // where the cron changes moved the text
  for (const auto& c : out.changes) {
    const auto s = std::find_if(found.begin(), found.end(),
                                [&](const Scalar& f) { return f.line == c.line && f.column == c.column; });
    if (s != found.end())
      shifts.emplace_back(s->end, static_cast<std::ptrdiff_t>(in_style(c.after, s->style, s->in_flow).size()) -
                                      static_cast<std::ptrdiff_t>(s->end - s->begin));
  }
  std::sort(shifts.begin(), shifts.end());
  for (Scalar& r : rewrite) {
    shift = 0;
    for (const auto& [end, delta] : shifts)
      if (end <= r.begin) shift += delta;
    const std::size_t begin = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.begin) + shift);
    const std::size_t end = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.end) + shift);
    const InPlaceChange& c = *std::find_if(out.changes.begin(), out.changes.end(), [&](const InPlaceChange& x) {
      return r.value.find(x.before) != std::string::npos;
    });
    // The cron's text as written inside the reference (quoted, plain or a block) is replaced.
    std::string raw = out.text.substr(begin, end - begin);
    const auto inside = raw.find(c.before);
    if (inside == std::string::npos) {
      out.problems.push_back(problem(r, r.column,
                                     fmt::format("names '{}' in a form this cannot rewrite: write '{}' "
                                                 "here",
                                                 c.before, c.after)));
      continue;
    }
    raw.replace(inside, c.before.size(), c.after);
    text.append(out.text.substr(at, begin - at));
    text += raw;
    at = end;
    std::string value = r.value;
    value.replace(value.find(c.before), c.before.size(), c.after);
    out.changes.push_back({r.document, r.line, r.column, r.name + " (a reference)", r.value, value});
  }
  text.append(out.text.substr(at));
  out.text = std::move(text);
  return out;
}

}  // namespace fuzzycron
