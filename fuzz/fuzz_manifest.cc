// In-place resolution of YAML (resolve_manifest, resolve_workflow) on any
// bytes: a rejection is an Error with a message; a result changes nothing
// but the reported schedules (with no change, the text comes back as it was),
// and running it again on its own output changes nothing more.
#include <string>

#include "fuzz_input.h"
#include "fuzzycron/manifest.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  const bool workflow = size > 0 && (data[0] & 1);
  if (size > 0) in.remove_prefix(1);
  ParseOptions o;
  o.dialect = workflow ? Dialect::standard : Dialect::kubernetes;
  auto run = [&](std::string_view text) {
    return workflow ? resolve_workflow(text, "octo/app", ".github/workflows/w.yml", o) : resolve_manifest(text, o);
  };
  try {
    const InPlaceResult r = run(in);
    if (r.changes.empty() && r.text != in) fuzz::violated("text changed without a reported change");
    if (!r.changes.empty()) {
      const InPlaceResult again = run(r.text);
      if (!again.changes.empty()) fuzz::violated("a resolved file still has hash forms to resolve");
      if (again.text != r.text) fuzz::violated("resolving a resolved file changed it");
    }
  } catch (const Error& e) {
    if (e.message().empty()) fuzz::violated("an Error has a message");
  }
  return 0;
}
