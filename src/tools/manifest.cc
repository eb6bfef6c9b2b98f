// Kubernetes manifests: every CronJob's spec.schedule of a YAML stream (a
// List's items included), listed or resolved in place, seeded with the
// CronJob's namespace and name.
#include "fuzzycron/manifest.h"

#include <fmt/format.h>

#include <algorithm>

#include "fuzzycron/error.h"
#include "fuzzycron/target.h"
#include "tools/yaml_document.h"

namespace fuzzycron {
namespace {

using tools::lookup;
using tools::place;
using tools::problem;
using tools::Scalar;
using tools::text_of;

// Every CronJob's spec.schedule of a stream; a CronJob without one is a problem.
void collect_manifest(std::string_view yaml, std::vector<Scalar>& found, std::vector<InPlaceProblem>& problems) {
  tools::each_document(yaml, [&](fy_node* root, int doc) {
    // A CronJob, or the items of a List (kubectl get -o yaml, some charts).
    auto cronjob = [&](fy_node* object) {
      const std::string api = text_of(yaml, object, "apiVersion"), kind = text_of(yaml, object, "kind");
      if (kind != "CronJob" || !api.starts_with("batch/")) return;
      fy_node* metadata = lookup(object, "metadata");
      std::string ns = text_of(yaml, metadata, "namespace"), name = text_of(yaml, metadata, "name");
      if (ns.empty()) ns = "default";
      const std::string shown = ns + "/" + (name.empty() ? "(no name)" : name);
      auto s = place(yaml, lookup(object, "spec"), "schedule", doc);
      if (!s || s->value.empty() || s->value == "~" || s->value == "null") {
        // schedule: ~, an empty schedule:, or none: said where the CronJob is.
        std::optional<Scalar> at = s ? s : place(yaml, object, "kind", doc);
        if (at) {
          InPlaceProblem p = problem(*at, at->column, "the CronJob has no spec.schedule");
          p.name = shown;
          problems.push_back(std::move(p));
        }
        return;
      }
      s->name = shown;
      if (!name.empty()) s->seed = Seed({ns, name});  // without one, hash forms are reported
      found.push_back(std::move(*s));
    };
    cronjob(root);
    if (text_of(yaml, root, "kind") == "List")
      if (fy_node* items = lookup(root, "items"); items && fy_node_get_type(items) == FYNT_SEQUENCE) {
        void* it = nullptr;
        while (fy_node* item = fy_node_sequence_iterate(items, &it)) cronjob(item);
      }
  });
}

}  // namespace

std::vector<FoundSchedule> manifest_schedules(std::string_view yaml) {
  std::vector<Scalar> found;
  std::vector<InPlaceProblem> problems;
  collect_manifest(yaml, found, problems);
  return tools::listed(found);
}

InPlaceResult resolve_manifest(std::string_view yaml, const ParseOptions& options) {
  std::vector<Scalar> found;
  std::vector<InPlaceProblem> problems;
  collect_manifest(yaml, found, problems);
  // A stream with no CronJob, or none with H, comes out as it went in (a Helm post-renderer).
  std::vector<Scalar> places = found;
  InPlaceResult out = tools::splice(yaml, std::move(found), options, std::move(problems));
  out.schedules = tools::listed(places);
  for (const auto& c : out.changes)  // what Kubernetes (robfig/cron) reads
    if (const auto e = target_grammar_error(c.after, Target::kubernetes)) {
      const auto s = std::find_if(places.begin(), places.end(),
                                  [&](const Scalar& p) { return p.line == c.line && p.column == c.column; });
      if (s != places.end())
        out.problems.push_back(problem(*s, s->column, fmt::format("resolved to '{}': {}", c.after, e->message())));
    }
  return out;
}

}  // namespace fuzzycron
