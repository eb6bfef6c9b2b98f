// Collisions in three passes with memory bounded by the instants of the week,
// not by jobs x fires: (1) entries with identical schedules form one group;
// (2) every group's fires add the group to a per-instant slot, as a job count
// and an order-free signature (XOR of a mix of the group's index); (3) slots
// with two or more jobs are gathered by signature, and each signature's groups
// are found again by asking which of them fire at its first instant.
#include "tools/collisions.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <unordered_map>

#include "fuzzycron/rfc3339.h"
#include "tools/finding.h"

namespace fuzzycron::tools {
namespace {

constexpr std::size_t kFireBudget = 5'000'000;  // fire times walked, at most
constexpr std::size_t kReported = 50;           // collision groups reported, at most
constexpr std::size_t kLinesShown = 12;         // lines named in one message

// SplitMix64's finalizer: spreads group indexes over 64 bits so that XORs of
// different sets of groups differ.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

struct Group {
  const Schedule* schedule;
  std::vector<int> lines;
};

struct Slot {
  std::uint64_t signature = 0;
  std::uint32_t jobs = 0;
};

struct Collision {
  std::uint32_t jobs = 0;
  std::size_t instants = 0;
  std::int64_t first = INT64_MAX;
};

std::string lines_text(const std::vector<int>& lines) {
  if (lines.size() <= kLinesShown) return fmt::format("{}", fmt::join(lines, ", "));
  return fmt::format("{}, ... and {} more", fmt::join(lines.begin(), lines.begin() + kLinesShown - 1, ", "),
                     lines.size() - (kLinesShown - 1));
}

}  // namespace

std::vector<Finding> collisions(const std::vector<CompiledEntry>& entries, sys_milliseconds from, std::string_view hint,
                                std::vector<int>* colliding) {
  std::vector<Group> groups;
  std::unordered_map<Schedule, std::size_t> by_schedule;  // equal schedules fire alike
  for (const auto& e : entries) {
    const auto [it, fresh] = by_schedule.try_emplace(e.schedule, groups.size());
    if (fresh) groups.push_back({&e.schedule, {}});
    groups[it->second].lines.push_back(e.line);
  }

  const auto to = from + std::chrono::days{7};
  std::unordered_map<std::int64_t, Slot> at;
  std::size_t walked = 0, checked = 0;
  for (; checked < groups.size() && walked < kFireBudget; ++checked) {
    const Group& g = groups[checked];
    const std::uint64_t signature = mix(checked);
    for (const auto t : g.schedule->fires(from, to)) {
      Slot& slot = at[t.time_since_epoch().count()];
      slot.signature ^= signature;
      slot.jobs += static_cast<std::uint32_t>(g.lines.size());
      ++walked;  // a group is walked whole: at most one fire a second, 604,800 a week
    }
  }

  std::map<std::pair<std::uint64_t, std::uint32_t>, Collision> by_signature;
  for (const auto& [t, slot] : at) {
    if (slot.jobs < 2) continue;
    Collision& c = by_signature[{slot.signature, slot.jobs}];
    c.jobs = slot.jobs;
    ++c.instants;
    c.first = std::min(c.first, t);
  }
  std::vector<Collision> found;
  for (const auto& [key, c] : by_signature) found.push_back(c);
  std::sort(found.begin(), found.end(), [](const Collision& a, const Collision& b) {
    return a.jobs != b.jobs ? a.jobs > b.jobs : a.instants != b.instants ? a.instants > b.instants : a.first < b.first;
  });

  std::vector<Finding> out;
  const std::string week = format_rfc3339(from, TimeZone::utc());
  for (std::size_t i = 0; i < std::min(found.size(), kReported); ++i) {
    const Collision& c = found[i];
    const sys_milliseconds first{std::chrono::milliseconds{c.first}};
    std::vector<int> lines;
    for (std::size_t g = 0; g < checked; ++g)
      if (groups[g].schedule->next(first - std::chrono::milliseconds{1}) == first)
        lines.insert(lines.end(), groups[g].lines.begin(), groups[g].lines.end());
    std::sort(lines.begin(), lines.end());
    if (colliding) colliding->insert(colliding->end(), lines.begin(), lines.end());
    out.push_back(tools::finding(
        "FC701", lines.size() >= 3 ? Severity::warning : Severity::info, lines.front(), 1,
        fmt::format("{} entries (lines {}) fire at the same instant {} time{} in the week from {} (first "
                    "{}); {}",
                    lines.size(), lines_text(lines), c.instants, c.instants == 1 ? "" : "s", week,
                    format_rfc3339(first, TimeZone::utc()), hint),
        ""));
  }
  if (found.size() > kReported)
    out.push_back(tools::finding("FC702", Severity::info, out.back().line, 1,
                                 fmt::format("{} more groups of colliding entries are not listed (the {} largest are)",
                                             found.size() - kReported, kReported),
                                 ""));
  if (checked < groups.size())
    out.push_back(
        tools::finding("FC702", Severity::info, groups[checked].lines.front(), 1,
                       fmt::format("the collision check stopped after {} fire times: entries from line {} on ({} "
                                   "distinct schedules) were not compared",
                                   kFireBudget, groups[checked].lines.front(), groups.size() - checked),
                       ""));
  return out;
}

}  // namespace fuzzycron::tools
