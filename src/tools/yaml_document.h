// The YAML documents resolve --manifest and --workflow read: libfyaml finds
// the scalars and where they start and end in the text; the text is spliced
// there and nowhere else, in the scalar's own quoting style. Shared by
// manifest.cc (Kubernetes) and workflow.cc (GitHub Actions).
#pragma once

#include <libfyaml.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/manifest.h"
#include "fuzzycron/parse.h"

namespace fuzzycron::tools {

// A scalar found in a document, with its place in the text.
struct Scalar {
  int document;
  std::size_t begin, end;  // bytes of the scalar's text, quotes included
  int line, column;        // 1-based
  fy_node_style style;
  bool in_flow;  // inside a flow mapping ({...}): a plain scalar may not hold , [ ] { }
  std::string value;
  std::string name;
  Seed seed;
};

// The text without its leading and trailing blanks and line breaks.
std::string_view syntax_trim(std::string_view v);

// A problem at `s`'s line, at `column`.
InPlaceProblem problem(const Scalar& s, int column, std::string message);

// A scalar node's value (single-quoted ones read from the text: libfyaml leaks on some).
std::string scalar_of(std::string_view yaml, fy_node* n);
// `key`'s value node in `map`, or null when `map` is no mapping or has no `key`.
fy_node* lookup(fy_node* map, const char* key);
// The scalar value under `key`, or "" when there is none.
std::string text_of(std::string_view yaml, fy_node* map, const char* key);

// A scalar node's place in the text, or nullopt. `in_flow`: its parent is a flow mapping.
std::optional<Scalar> place_of(std::string_view yaml, fy_node* n, bool in_flow, int doc);
// The scalar under `key` of `map` in document `doc`, or nullopt when there is none.
std::optional<Scalar> place(std::string_view yaml, fy_node* map, const char* key, int doc);

// Every scalar under `n` (keys excluded), depth first, with whether its parent is a flow collection.
void each_scalar(fy_node* n, bool in_flow, const std::function<void(fy_node*, bool)>& f);

// Calls f(root, document number) for every document of the stream; throws
// fuzzycron::Error for text that is not printable Unicode or not YAML.
void each_document(std::string_view yaml, const std::function<void(fy_node*, int)>& f);

// The resolved text in the scalar's style: plain where YAML allows it, else
// quoted as it was (a plain scalar that may not stay plain becomes '...').
std::string in_style(const std::string& value, fy_node_style style, bool in_flow);

// `yaml` with every hashed scalar of `found` resolved in place (seeded with its
// own seed), and the problems of those that cannot be.
InPlaceResult splice(std::string_view yaml, std::vector<Scalar> found, const ParseOptions& base,
                     std::vector<InPlaceProblem> problems = {});

// The schedules found, as the public API lists them.
std::vector<FoundSchedule> listed(const std::vector<Scalar>& found);

}  // namespace fuzzycron::tools
