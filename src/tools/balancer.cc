// `fuzzycron balance` (fuzzycron/balancer.h): bounded loads in a canonical
// order (Mirrokni, Thorup, Zadimoghaddam: consistent hashing with bounded
// loads). Within a group every job prefers its plain-H slot; jobs are placed
// in the order of a hash of their own, each in the first slot from its
// preferred one (walking the slot ring: the next second, minute, ... of the
// group's period) that holds fewer than the capacity. The result depends on
// the set alone, not on the order of the input.
#include "fuzzycron/balancer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "fuzzycron/resolve.h"

namespace fuzzycron {
namespace {

constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << 50;

// A job as the balancer sees it: where its hash forms may land and where plain H puts them.
struct Entry {
  std::string key;
  const BalanceJob* job = nullptr;
  std::vector<int> base, size, plain;
  std::uint64_t order = 0;
};

struct Group {
  std::string shape, zone;
  std::vector<Entry> entries;
};

HashScheme scheme_of(const ParseOptions& o) { return o.hash.value_or(default_hash_scheme(o.dialect)); }

// Where each hash term of the one line may land: its lowest value and how many
// values (H/n: its n starts; jenkins reads H/1 as H).
void terms_of(const LineSyntax& line, HashScheme scheme, Entry& e) {
  for (const auto& field : line.fields) {
    if (!field) continue;
    for (const Term& t : field->terms) {
      if (t.kind != Term::Kind::hash) continue;
      const bool step = t.step > 1 || (t.step == 1 && scheme == HashScheme::fc1);
      e.base.push_back(t.lo);
      e.size.push_back(step ? t.step : t.hi - t.lo + 1);
    }
  }
}

std::vector<int> drawn_values(const LineSyntax& drawn, const LineSyntax& written) {
  std::vector<int> out;
  for (int f = 0; f < kFieldCount; ++f) {
    if (!written.fields[f]) continue;
    const auto& terms = written.fields[f]->terms;
    for (std::size_t i = 0; i < terms.size(); ++i)
      if (terms[i].kind == Term::Kind::hash) out.push_back(drawn.fields[f]->terms[i].lo);
  }
  return out;
}

std::uint64_t index_of(const Entry& e, const std::vector<int>& values) {
  std::uint64_t index = 0, scale = 1;
  for (std::size_t k = 0; k < values.size(); ++k) {
    index += static_cast<std::uint64_t>(values[k] - e.base[k]) * scale;
    scale *= static_cast<std::uint64_t>(e.size[k]);
  }
  return index;
}

std::vector<int> values_of(const Entry& e, std::uint64_t index) {
  std::vector<int> out;
  for (std::size_t k = 0; k < e.size.size(); ++k) {
    const auto size = static_cast<std::uint64_t>(e.size[k]);
    out.push_back(e.base[k] + static_cast<int>(index % size));
    index /= size;
  }
  return out;
}

bool fits(const Entry& e, const std::vector<int>& values) {
  if (values.size() != e.base.size()) return false;
  for (std::size_t k = 0; k < values.size(); ++k)
    if (values[k] < e.base[k] || values[k] >= e.base[k] + e.size[k]) return false;
  return true;
}

std::string said(const std::vector<int>& v) { return fmt::format("[{}]", fmt::join(v, ", ")); }

using Read = std::optional<std::pair<std::pair<std::string, std::string>, Entry>>;

// The entry completed with the job's key and its place in the group's order.
Read entry_of(const BalanceJob& job, const ParseOptions& o, std::string shape, std::string zone, Entry e) {
  e.key = balance_key(o.seed);
  e.job = &job;
  std::vector<std::string> parts = o.seed.parts();
  parts.insert(parts.end(), {"fuzzycron-balance", shape, zone});
  e.order = static_cast<std::uint64_t>(seed_offset(Seed(parts), std::chrono::milliseconds{kMaxSlots}).count());
  return std::pair{std::pair{std::move(shape), std::move(zone)}, std::move(e)};
}

// The job read: its group and its entry, or nullopt (nothing hashed, an
// anchored interval, or a multi-line spec).
Read read_job(const BalanceJob& job) {
  ParseOptions o = job.options;
  o.balance.reset();
  try {
    if (is_every(job.expression) && o.dialect != Dialect::kubernetes) {  // a hashed phase: one slot per phase
      const auto phase = interval_phase(job.expression, o);
      if (!phase) return std::nullopt;
      Entry e;
      e.base = {0};
      e.size = {static_cast<int>(phase->slots)};
      e.plain = {static_cast<int>(phase->drawn)};
      return entry_of(job, o, balance_shape(job.expression), phase->zone, std::move(e));
    }
    const Syntax written = syntax_of(job.expression, o);
    if (written.lines.size() != 1) return std::nullopt;
    Entry e;
    terms_of(written.lines[0], scheme_of(o), e);
    if (e.base.empty()) return std::nullopt;
    Syntax drawn = written;
    resolve_hash_forms(drawn, o);
    e.plain = drawn_values(drawn.lines[0], written.lines[0]);
    return entry_of(job, o, balance_shape(written.lines[0].text), written.zone.value_or(o.time_zone), std::move(e));
  } catch (const Error& x) {
    if (job.line == 0) throw;
    throw Error(x.kind(), x.message(), job.text, job.column - 1 + x.column(), job.line);
  }
}

}  // namespace

std::vector<BalanceJob> balance_jobs(const Crontab& crontab, const ParseOptions& base,
                                     const std::vector<std::string>& hosts) {
  std::vector<BalanceJob> out;
  const std::vector<std::string> each = hosts.empty() ? std::vector<std::string>{""} : hosts;
  for (const auto& entry : crontab.entries) {
    if (entry.reboot) continue;
    for (const auto& host : each) {
      ParseOptions options;
      try {
        options = entry.options(base, host);
      } catch (const Error& e) {  // a name (or host) that cannot be a seed
        throw Error(e.kind(), "the job's seed is not usable: " + e.message(), entry.text, 1, entry.line);
      }
      out.push_back({entry.schedule, std::move(options), entry.line, entry.text, entry.schedule_column});
    }
  }
  return out;
}

BalanceResult balance(const std::vector<BalanceJob>& jobs, const BalanceOptions& options) {
  if (!(options.epsilon > 0) || options.epsilon > 10)
    throw Error(ErrorKind::argument,
                fmt::format("epsilon {} is outside (0, 10]: each slot may carry (1+epsilon) times the mean, and "
                            "0.25 is a good start",
                            options.epsilon),
                fmt::format("{}", options.epsilon), 1);
  BalanceResult result;
  Dialect dialect = jobs.empty() ? Dialect::standard : jobs.front().options.dialect;
  HashScheme scheme = jobs.empty() ? default_hash_scheme(dialect) : scheme_of(jobs.front().options);
  if (options.previous && jobs.empty()) {
    dialect = options.previous->dialect();
    scheme = options.previous->hash();
  }
  std::map<std::pair<std::string, std::string>, Group> groups;
  for (const auto& job : jobs) {
    if (job.options.dialect != dialect || scheme_of(job.options) != scheme)
      throw Error(ErrorKind::argument,
                  fmt::format("one lock holds jobs of one dialect and hash scheme: {} ({}) and {} ({}) are mixed",
                              dialect_name(dialect), hash_scheme_name(scheme), dialect_name(job.options.dialect),
                              hash_scheme_name(scheme_of(job.options))),
                  job.text, job.column, job.line);
    if (scheme != HashScheme::fc1 && scheme != HashScheme::jenkins)
      throw Error(ErrorKind::argument,
                  fmt::format("balancing places H values as the fc1 and jenkins schemes draw them; {} draws H/n "
                              "differently, so its jobs cannot be balanced",
                              hash_scheme_name(scheme)),
                  job.text, job.column, job.line);
    auto read = read_job(job);
    if (!read) {
      ++result.unbalanced;
      continue;
    }
    Group& g = groups[read->first];
    g.shape = read->first.first;
    g.zone = read->first.second;
    g.entries.push_back(std::move(read->second));
  }
  const BalanceLock* previous = options.previous ? &*options.previous : nullptr;
  if (previous && !options.rebalance && (previous->dialect() != dialect || previous->hash() != scheme))
    throw Error(ErrorKind::lock,
                fmt::format("the lock was made for {} ({}), and these jobs are {} ({}): make a new one with "
                            "--rebalance",
                            dialect_name(previous->dialect()), hash_scheme_name(previous->hash()),
                            dialect_name(dialect), hash_scheme_name(scheme)));

  std::vector<BalanceGroup> out;
  for (auto& [where, g] : groups) {
    auto& entries = g.entries;
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return std::tie(a.order, a.key) < std::tie(b.order, b.key); });
    for (std::size_t i = 1; i < entries.size(); ++i)
      if (entries[i].key == entries[i - 1].key)  // the same seed sorts next to itself
        throw Error(ErrorKind::argument,
                    fmt::format("job '{}' is in the set twice with the schedule '{}'{}: the lock cannot tell them "
                                "apart; give each its own '# name:'",
                                entries[i].key, g.shape,
                                entries[i].job->line ? fmt::format(" (line {})", entries[i].job->line) : ""),
                    entries[i].job->text, entries[i].job->column, entries[i].job->line);
    std::uint64_t slots = 1;
    for (const int s : entries.front().size) {
      if (slots > kMaxSlots / static_cast<std::uint64_t>(s))
        throw Error(
            ErrorKind::argument,
            fmt::format("the schedule '{}' has more than 2^50 slot tuples: too many hash forms to balance", g.shape),
            entries.front().job->text, entries.front().job->column, entries.front().job->line);
      slots *= static_cast<std::uint64_t>(s);
    }
    const std::size_t m = entries.size();
    const BalanceGroup* locked = previous ? previous->group(g.shape, g.zone) : nullptr;
    const bool keep = locked && !options.rebalance;
    if (keep && locked->slots != slots)
      throw Error(ErrorKind::lock,
                  fmt::format("the lock's group '{}' in {} has {} slots, and the schedule now has {}: rebalance",
                              g.shape, g.zone, locked->slots, slots));
    const auto capacity =
        keep ? locked->capacity
             : static_cast<std::uint32_t>(std::max<double>(
                   1, std::ceil((1 + options.epsilon) * static_cast<double>(m) / static_cast<double>(slots) - 1e-9)));
    if (static_cast<double>(capacity) * static_cast<double>(slots) < static_cast<double>(m))
      throw Error(ErrorKind::lock,
                  fmt::format("the lock's group '{}' in {} holds {} jobs at most ({} slots of capacity {}), and there "
                              "are {}: make room with --rebalance",
                              g.shape, g.zone, static_cast<std::uint64_t>(capacity) * slots, slots, capacity, m));
    std::unordered_map<std::uint64_t, std::uint32_t> load, plain_load;
    BalanceGroup lock{g.shape, g.zone, slots, capacity, {}};
    BalanceGroupReport report{g.shape, g.zone, slots, capacity, m, 0, 0, {}, 0};
    std::vector<bool> placed(m, false);
    // Kept jobs first: they stay where the lock has them.
    if (keep)
      for (std::size_t i = 0; i < m; ++i) {
        const auto it = locked->jobs.find(entries[i].key);
        if (it == locked->jobs.end() || !fits(entries[i], it->second)) continue;
        std::uint32_t& l = load[index_of(entries[i], it->second)];
        if (l >= capacity) continue;  // an edited lock: placed afresh below
        ++l;
        lock.jobs[entries[i].key] = it->second;
        placed[i] = true;
      }
    for (std::size_t i = 0; i < m; ++i) {
      const Entry& e = entries[i];
      const std::uint64_t preferred = index_of(e, e.plain);
      const std::uint32_t here = ++plain_load[preferred];
      if (here > report.plain_peak || (here == report.plain_peak && e.plain < report.plain_busiest)) {
        report.plain_peak = here;
        report.plain_busiest = e.plain;
      }
      if (placed[i]) continue;
      std::uint64_t at = preferred;
      while (load[at] >= capacity) at = (at + 1) % slots;
      ++load[at];
      lock.jobs[e.key] = values_of(e, at);
    }
    for (const auto& [slot, l] : load) report.peak = std::max(report.peak, l);
    for (std::size_t i = 0; i < m; ++i) {
      const Entry& e = entries[i];
      const std::vector<int>& to = lock.jobs[e.key];
      if (to != e.plain) ++report.off_plain;
      const std::vector<int>* from = nullptr;
      if (locked)
        if (const auto it = locked->jobs.find(e.key); it != locked->jobs.end()) from = &it->second;
      std::string reason;
      if (from && *from == to) continue;
      if (from)
        reason = options.rebalance ? fmt::format("rebalanced (capacity {} -> {})", locked->capacity, capacity)
                                   : "its slot in the lock no longer fits";
      else if (to != e.plain)
        reason = fmt::format("{}its plain-H slot {} was full (capacity {})", locked ? "new job; " : "", said(e.plain),
                             capacity);
      else if (locked)
        reason = "new job, at its plain-H slot";
      else
        continue;
      result.moves.push_back({g.shape, g.zone, e.key, e.plain, from ? *from : std::vector<int>{}, to, reason});
    }
    if (locked)
      for (const auto& [key, values] : locked->jobs)
        if (!lock.jobs.count(key)) result.dropped.push_back(fmt::format("{} @ {}: {}", g.shape, g.zone, key));
    result.groups.push_back(report);
    out.push_back(std::move(lock));
  }
  if (previous)
    for (const auto& g : previous->groups())
      if (!groups.count({g.shape, g.zone}))
        for (const auto& [key, values] : g.jobs)
          result.dropped.push_back(fmt::format("{} @ {}: {}", g.shape, g.zone, key));
  const double epsilon = previous && !options.rebalance ? previous->epsilon() : options.epsilon;
  result.lock = BalanceLock(dialect, scheme, epsilon, std::move(out));
  return result;
}

}  // namespace fuzzycron
