// TZif files (the WebAssembly build's zone source): every byte sequence is a
// zone or none, never a crash; a zone read answers offsets at any instant, with
// transitions in order, and a Zone built on it searches without failing.
#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/tzif.h"
#include "engine/zone.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron::engine;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const auto tzif = read_tzif(in);
  if (!tzif) return 0;
  if (tzif->times.size() != tzif->offsets.size()) fuzzycron::fuzz::violated("one offset per transition");
  for (std::size_t i = 1; i < tzif->times.size(); ++i)
    if (tzif->times[i] <= tzif->times[i - 1]) fuzzycron::fuzz::violated("transitions in order");
  for (const std::int64_t t :
       {std::int64_t{-5000000000}, std::int64_t{0}, std::int64_t{1800000000}, std::int64_t{13000000000}}) {
    const RuleInterval r = tzif_info(*tzif, t);
    if (!(r.begin <= t && t < r.end)) fuzzycron::fuzz::violated("the interval holds the instant");
  }
  // Offsets past a day either way are not a zone's; the engine's search assumes less.
  for (const auto o : tzif->offsets)
    if (o < -86400 || o > 86400) return 0;
  if (tzif->initial < -86400 || tzif->initial > 86400) return 0;
  const Zone zone(std::make_shared<const Tzif>(*tzif), "fuzz");
  (void)zone.offset_at(0);
  (void)zone.offset_at(1800000000);
  return 0;
}
