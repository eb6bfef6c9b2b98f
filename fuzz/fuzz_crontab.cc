// Crontab files: every byte sequence reads into entries and errors with valid
// line numbers; entries compile or fail with a Error; lint and a small
// spread run over whatever was read.
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  const ParseOptions o = fuzz::options_from(in);
  const Crontab tab = parse_crontab(in, o.dialect);
  for (const auto& e : tab.errors)
    if (e.line < 1 || e.line > static_cast<int>(tab.lines.size()) || e.column < 1) fuzz::violated("error position");
  for (const auto& e : tab.entries) {
    if (e.line < 1 || e.line > static_cast<int>(tab.lines.size())) fuzz::violated("entry line");
    if (e.reboot) continue;
    try {
      (void)e.parse(o, "host-1");
    } catch (const Error& x) {
      if (x.line() != e.line) fuzz::violated("an entry's error carries its line");
    }
  }
  LintOptions lo;
  lo.parse = o;
  lo.from = sys_milliseconds{std::chrono::milliseconds{1'780'000'000'000}};
  (void)lint(tab, lo);
  SpreadOptions so;
  so.parse = o;
  so.hosts = {"a", "b"};
  so.from = lo.from;
  so.window = std::chrono::hours{1};
  const Spread s = spread(tab, so);
  (void)spread_histogram(s, 60);
  (void)spread_svg(s);
  return 0;
}
