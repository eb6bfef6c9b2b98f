#include "engine/compiled_schedule.h"
#include "tools/schedule_identity.h"

namespace fuzzycron::detail {

std::string schedule_identity(const Schedule& s) {
  std::string key;
  auto put = [&key](const auto& v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
  for (const detail::Pattern& p : detail::Access::patterns(s)) {
    put(p.seconds), put(p.minutes), put(p.hours), put(p.days), put(p.last_day_offsets);
    put(p.last_day_offsets_weekday), put(p.nearest_weekdays), put(p.months), put(p.weekdays);
    put(p.last_weekdays), put(p.nth_weekdays);
    const std::uint8_t flags = static_cast<std::uint8_t>(p.year_count | p.gap << 2 | p.overlap << 3 |
                                                         p.day_or << 5 | p.day_specials << 6 | p.never << 7);
    put(flags);
    for (int i = 0; i < p.year_count; ++i) put(p.year_terms[static_cast<std::size_t>(i)]);
  }
  const void* zone = &detail::Access::zone(s.zone());
  put(zone);
  put(s.spread_offset());
  return key;
}

}  // namespace fuzzycron::detail
