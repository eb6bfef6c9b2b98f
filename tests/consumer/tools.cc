// Links fuzzycron::tools from an installed package: one lint finding and one
// explanation, printed for the consumer test to compare with the build tree.
#include <fuzzycron/tools.h>

#include <iostream>

int main() {
  fuzzycron::LintOptions options;
  options.from = *fuzzycron::parse_rfc3339("2026-03-01T00:00:00Z");
  for (const auto& f : fuzzycron::lint("*/15 * * * *", options))
    std::cout << f.code << " " << f.column << " " << f.suggestion << "\n";
  std::cout << fuzzycron::explain("H(0-29) 3 * * *", {}).sentences.at(0) << "\n";
  std::cout << fuzzycron::version() << " " << fuzzycron::kVersion << "\n";
}
