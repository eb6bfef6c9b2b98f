#include "engine/zone.h"

#ifdef FUZZYCRON_TZIF_ZONES
#include "engine/embedded_zones.h"
#else
#include <date/tz.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace fuzzycron::engine {
namespace {

using std::chrono::seconds;
using std::chrono::sys_seconds;

// The table spans these instants; outside it the zone is asked directly.
constexpr std::int64_t kTableLo = -5364662400;  // 1800-01-01
constexpr std::int64_t kTableHi = 13569465600;  // 2400-01-01

[[maybe_unused]] std::int64_t count(sys_seconds t) { return t.time_since_epoch().count(); }
[[maybe_unused]] sys_seconds at(std::int64_t s) { return sys_seconds{seconds{s}}; }

#ifndef FUZZYCRON_TZIF_ZONES  // native: date/tz reads the zones, the footer from the file
// The zone's TZif file from $TZDIR (default /usr/share/zoneinfo), or "".
std::string zone_file(const std::string& zone_name) {
  const char* dir = std::getenv("TZDIR");
  std::ifstream in(std::string(dir && *dir ? dir : "/usr/share/zoneinfo") + "/" + zone_name, std::ios::binary);
  if (!in) return {};
  return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The POSIX TZ rule at the end of the zone's TZif file ("EST5EDT,M3.2.0,M11.1.0").
std::unique_ptr<PosixRule> footer_rule(const std::string& zone_name) {
  const auto tzif = read_tzif(zone_file(zone_name));
  return tzif && !tzif->footer.empty() ? PosixRule::parse(tzif->footer) : nullptr;
}
#endif

}  // namespace

RuleInterval Zone::info_at(std::int64_t t) const {
  if (rule_ && t >= rule_from_) {
    auto info = rule_->at(t);
    info.begin = std::max(info.begin, rule_from_);
    return info;
  }
  RuleInterval info = source_at(t);
  if (rule_) info.end = std::min(info.end, rule_from_);
  return info;
}

RuleInterval Zone::source_at(std::int64_t t) const {
  if (tzif_) return tzif_info(*tzif_, t);
#ifdef FUZZYCRON_TZIF_ZONES
  return {INT64_MIN / 2, INT64_MAX / 2, 0};
#else
  const auto d = tz_->get_info(at(t));
  return {count(d.begin), count(d.end), static_cast<std::int32_t>(d.offset.count())};
#endif
}

Zone::Zone(const date::time_zone* tz, std::string name)
    : tz_(tz), name_(std::move(name)), table_lo_(-kFar), table_hi_(kFar) {
  if (!tz_) {
    table_.push_back({-kFar, 0, 0});
    return;
  }
#ifndef FUZZYCRON_TZIF_ZONES
  build(footer_rule(tz_->name()));
#endif
}

Zone::Zone(std::shared_ptr<const Tzif> tzif, std::string name)
    : tzif_(std::move(tzif)), name_(std::move(name)), table_lo_(-kFar), table_hi_(kFar) {
  build(tzif_->footer.empty() ? nullptr : PosixRule::parse(tzif_->footer));
}

void Zone::build(std::unique_ptr<PosixRule> footer) {
  // Where the explicit transitions end, the footer rule takes over.
  if (footer) {
    const auto last = source_at(kTableHi);
    if (last.begin < kTableHi && last.end >= kTableHi) {
      rule_ = std::move(footer);
      rule_from_ = last.begin;
    }
  }
  table_lo_ = kTableLo;
  table_hi_ = kTableHi;
  std::int64_t t = kTableLo;
  while (t < kTableHi) {
    const auto info = info_at(t);
    const auto off = info.offset;
    if (table_.empty() || table_.back().offset != off)
      table_.push_back({t, off, off % 60 == 0 ? off / 60 : kNotWholeMinutes});
    t = std::max(info.end, t + 1);
  }
  if (table_.size() == 1 && info_at(kTableLo - 1).offset == table_[0].offset &&
      info_at(kTableHi).offset == table_[0].offset) {
    table_lo_ = -kFar;  // never changed: a fixed offset for all time
    table_hi_ = kFar;
    table_[0].begin = -kFar;
    return;
  }
  for (std::size_t k = 1; k + 1 < table_.size(); ++k)
    if (table_[k + 1].begin - table_[k].begin < kZoneSlack) long_intervals_ = false;
  offset_before_ = info_at(kTableLo - 1).offset;
  offset_after_ = info_at(kTableHi).offset;
  std::uint32_t i = 0;
  for (std::int64_t start = table_lo_; start < table_hi_; start += std::int64_t{1} << kBucketShift) {
    while (i + 1 < table_.size() && table_[i + 1].begin <= start) ++i;
    bucket_.push_back(i);
  }
  // Steady buckets: one interval covers the bucket and a day either side.
  for (std::int64_t start = kSteadyLoMs; start < kSteadyHiMs; start += std::int64_t{1} << kSteadyShift) {
    const std::int64_t lo = start / 1000 - 86400, hi = (start + (std::int64_t{1} << kSteadyShift)) / 1000 + 86400;
    const ZoneInterval z = interval_at(lo);
    steady_.push_back(z.end > hi && z.offset % 60 == 0 ? static_cast<std::int16_t>(z.offset / 60) : kUnsteady16);
  }
  i = 0;
  for (std::int64_t start = table_lo_ * 1000; start < table_hi_ * 1000; start += std::int64_t{1} << kBucketShiftMs) {
    while (i + 1 < table_.size() && table_[i + 1].begin * 1000 <= start) ++i;
    bucket_ms_.push_back(i);
  }
}

// Outside the table (before 1800, after 2400): ask date/tz. Neighbouring
// intervals with the same offset are not merged here, which only costs an
// extra step of the caller's loop.
ZoneInterval Zone::from_tzdb(std::int64_t t) const noexcept {
  const auto info = info_at(t);
  ZoneInterval z;
  z.begin = std::max(info.begin, kMinInstant - 86400 * 2);
  z.end = std::min(info.end, kMaxInstant + 86400 * 2);
  z.offset = info.offset;
  z.prev_offset = z.begin <= kMinInstant ? z.offset : info_at(z.begin - 1).offset;
  z.next_offset = z.end >= kMaxInstant ? z.offset : info_at(z.end).offset;
  if (t >= table_hi_ && z.begin < table_hi_) {
    z.begin = table_hi_;
    z.prev_offset = z.offset;
  }
  if (t < table_lo_ && z.end > table_lo_) {
    z.end = table_lo_;
    z.next_offset = z.offset;
  }
  return z;
}

const Zone* utc_zone() noexcept {
  static const Zone utc(nullptr, "UTC");
  return &utc;
}

const Zone* find_zone(const std::string& name) {
  if (name == "UTC" || name == "Etc/UTC" || name == "Z") return utc_zone();
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<const Zone>, std::less<>> zones;
  std::lock_guard lock(mutex);
  if (auto it = zones.find(name); it != zones.end()) return it->second.get();
  const auto unknown = [&] {
    return std::runtime_error("unknown time zone '" + name +
                              "': expected an IANA name such as Europe/Berlin or America/New_York");
  };
  // Not a zone of the database: a POSIX TZ rule ("EST5EDT,M3.2.0,M11.1.0",
  // "<+0530>-5:30") is a zone too, the rule alone for all time (as a TZif
  // file's footer carries a zone past its last transition).
  const auto posix = [&]() -> const Zone* {
    if (!PosixRule::parse(name)) throw unknown();
    Tzif rule;
    rule.footer = name;
    auto [it, ok] = zones.emplace(name, std::make_unique<const Zone>(std::make_shared<const Tzif>(rule), name));
    return it->second.get();
  };
#ifdef FUZZYCRON_TZIF_ZONES
  // The zone's own TZif file, carried in the build.
  auto tzif = read_tzif(embedded_zone(name));
  if (!tzif) return posix();
  auto [it, ok] =
      zones.emplace(name, std::make_unique<const Zone>(std::make_shared<const Tzif>(std::move(*tzif)), name));
#else
  const date::time_zone* tz = nullptr;
  try {
    tz = date::locate_zone(name);
  } catch (const std::exception&) {
    return posix();
  }
  auto [it, ok] = zones.emplace(name, std::make_unique<const Zone>(tz, name));
#endif
  return it->second.get();
}

}  // namespace fuzzycron::engine
