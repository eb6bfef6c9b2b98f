// Fleet load: every job on every host, counted per time bucket. Jobs whose
// compiled schedules are identical are counted once with a multiplicity, so
// the cost grows with the number of distinct schedules, not of jobs.
#include "fuzzycron/spread.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "fuzzycron/error.h"
#include "fuzzycron/syntax.h"

namespace fuzzycron {
namespace {

// Schedules with how many jobs run each.
class Tally {
 public:
  // Returns the group's index, for add_to().
  std::size_t add(Schedule s, std::uint32_t count) {
    auto [it, fresh] = index_.try_emplace(s, groups_.size());
    if (fresh) groups_.emplace_back(std::move(s), 0);
    groups_[it->second].second += count;
    return it->second;
  }
  void add_to(std::size_t group, std::uint32_t count) { groups_[group].second += count; }

  Load count(sys_milliseconds from, std::chrono::milliseconds window, std::chrono::milliseconds resolution) const {
    Load load;
    load.buckets.assign(static_cast<std::size_t>(window / resolution), 0);
    const auto to = from + window;
    for (const auto& [schedule, jobs] : groups_)
      for (const auto t : schedule.fires(from, to)) {
        load.buckets[static_cast<std::size_t>((t - from) / resolution)] += jobs;
        load.fires += jobs;
      }
    summarize(load);
    return load;
  }

 private:
  static void summarize(Load& load) {
    const auto& b = load.buckets;
    if (b.empty()) return;
    load.peak = *std::max_element(b.begin(), b.end());
    load.mean = static_cast<double>(load.fires) / static_cast<double>(b.size());
    std::vector<std::uint32_t> sorted(b);
    const std::size_t rank = (b.size() * 99 + 99) / 100;  // nearest rank: ceil(0.99 n)
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(rank - 1), sorted.end());
    load.p99 = sorted[rank - 1];
    std::vector<std::size_t> order(b.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const std::size_t top = std::min<std::size_t>(5, b.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
                      [&](std::size_t x, std::size_t y) { return b[x] != b[y] ? b[x] > b[y] : x < y; });
    for (std::size_t i = 0; i < top && b[order[i]] > 0; ++i) load.busiest.push_back(order[i]);
  }

  std::unordered_map<Schedule, std::size_t> index_;  // equal schedules fire alike
  std::vector<std::pair<Schedule, std::uint32_t>> groups_;
};

// The entry as cron without H would run it: every hash form at its lowest value;
// an interval without `from` at the epoch itself (every such job in phase).
Schedule unhashed(const CrontabEntry& e, const ParseOptions& base) {
  const ParseOptions o = e.options(base);
  if (is_every(e.schedule) && o.dialect != Dialect::kubernetes) {
    const IntervalSyntax iv = interval_syntax_of(e.schedule);
    if (iv.from || iv.window) return e.parse(base);
    // "@every 6h ..." -> "@every 6h from EPOCH ...": the phase's epoch (docs/intervals.md), UTC for
    // exact durations, the wall clock for calendar units.
    const std::size_t step_end = e.schedule.find(' ', e.schedule.find_first_not_of(' ', 6));
    std::string text = e.schedule;
    text.insert(std::min(step_end, text.size()),
                iv.unit == IntervalSyntax::Unit::seconds ? " from 2000-01-03T00:00Z" : " from 2000-01-03T00:00");
    return parse(text, o);
  }
  Syntax syntax = syntax_of(e.schedule, o);
  lower_hash_forms(syntax, o);
  return compile(std::move(syntax), o);
}

}  // namespace

Spread spread(const Crontab& crontab, const SpreadOptions& options) {
  using std::chrono::milliseconds;
  if (options.window <= milliseconds{0}) throw Error(ErrorKind::argument, "the window must be longer than zero");
  if (options.resolution < milliseconds{1}) throw Error(ErrorKind::argument, "the resolution must be at least 1 ms");
  if (options.window / options.resolution > 50'000'000)
    throw Error(ErrorKind::argument,
                "the window holds more than 50 million buckets at this resolution: use a shorter "
                "window or a coarser resolution");
  if (options.window % options.resolution != milliseconds{0})
    throw Error(ErrorKind::argument, "the window must be a whole number of buckets (a multiple of the resolution)");
  std::set<std::string_view> seen;
  for (const auto& h : options.hosts)
    if (!seen.insert(h).second) throw Error(ErrorKind::argument, "the host '" + h + "' is listed twice");

  Spread out;
  out.from = options.from;
  out.resolution = options.resolution;
  out.hosts = std::max<std::size_t>(1, options.hosts.size());
  out.errors = crontab.errors;
  const auto hosts = static_cast<std::uint32_t>(out.hosts);
  Tally before, after, balanced;
  ParseOptions plain = options.parse;  // `after` is plain H, whatever the lock
  plain.balance.reset();
  const bool with_lock = options.parse.balance != nullptr;
  // Unhashed, entries with the same text and zone are the same schedule.
  std::unordered_map<std::string, std::size_t> before_group;
  for (const auto& e : crontab.entries) {
    if (e.reboot) continue;
    try {
      for (const auto& host : options.hosts.empty() ? std::vector<std::string>{""} : options.hosts) {
        after.add(e.parse(plain, host), 1);
        if (with_lock) balanced.add(e.parse(options.parse, host), 1);
      }
      const std::string text_key = e.schedule + '\0' + e.zone;
      if (const auto it = before_group.find(text_key); it != before_group.end())
        before.add_to(it->second, hosts);
      else
        before_group.emplace(text_key, before.add(unhashed(e, options.parse), hosts));
      ++out.entries;
    } catch (const Error& x) {
      out.errors.push_back(e.diagnostic(x));
    }
  }
  std::stable_sort(out.errors.begin(), out.errors.end(), [](auto& a, auto& b) { return a.line < b.line; });
  out.before = before.count(options.from, options.window, options.resolution);
  out.after = after.count(options.from, options.window, options.resolution);
  if (with_lock) out.balanced = balanced.count(options.from, options.window, options.resolution);
  return out;
}

}  // namespace fuzzycron
