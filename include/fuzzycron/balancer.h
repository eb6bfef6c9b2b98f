// fuzzycron/balancer.h — `fuzzycron balance`: given the whole set of jobs,
// each group's slots assigned so that no slot carries more than
// ⌈(1+ε)·m/S⌉ of its m jobs (S slots), nearly every job keeping the value
// plain H gives it (docs/balance.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/balance.h"
#include "fuzzycron/crontab.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// One job of the set: its schedule and everything parse() needs (the seed
// names it in the lock; the zone and dialect place it in a group).
struct BalanceJob {
  std::string expression{};
  ParseOptions options{};  // seed, zone, dialect; `balance` is ignored
  int line = 0;            // where it came from, for messages (0: unknown)
  std::string text{};      // that line; the expression starts at `column` (1-based)
  int column = 1;
  std::string source{};  // the file, for the caller's messages
};

struct BalanceOptions {
  double epsilon = 0.25;  // capacity ⌈(1+ε)·m/S⌉; 0 < ε <= 10
  // The lock so far: its jobs keep their slots and its groups their capacity
  // (jobs no longer in the set are dropped, new ones placed). Unset or
  // `rebalance`: every group placed afresh, capacities recomputed.
  std::optional<BalanceLock> previous{};
  bool rebalance = false;
};

// A job whose slot is not its plain-H value, or changed from the lock.
struct BalanceMove {
  std::string shape{}, zone{}, job{};      // group and job key
  std::vector<int> plain{}, from{}, to{};  // from: the lock's slot ("" for a new job)
  std::string reason{};                    // "new job, its plain-H slot is full", ...
};

struct BalanceGroupReport {
  std::string shape{}, zone{};
  std::uint64_t slots = 0;
  std::uint32_t capacity = 0;
  std::size_t jobs = 0;
  std::uint32_t peak = 0, plain_peak = 0;  // the busiest slot, balanced and with plain H
  std::vector<int> plain_busiest{};        // the values of plain H's busiest slot (the lowest such slot)
  std::size_t off_plain = 0;               // jobs not at their plain-H value
};

struct BalanceResult {
  BalanceLock lock{};
  std::vector<BalanceGroupReport> groups{};
  std::vector<BalanceMove> moves{};    // jobs that moved from the lock (or, without one, off plain H)
  std::vector<std::string> dropped{};  // "shape @ zone: job" of the lock, no longer in the set
  std::size_t unbalanced = 0;          // jobs without hash forms or a hashed phase, in multi-line specs: as drawn
};

// Throws fuzzycron::Error: kind argument for ε out of range or jobs of
// several dialects or hash schemes (one lock per dialect), kind lock for a
// previous lock of another dialect or scheme, or a group whose fixed capacity
// no longer holds its jobs (capacity × slots < jobs: rebalance); a job's
// schedule error carries its column (and `line` of the job).
//
// Example:
//   std::vector<BalanceJob> jobs;
//   for (const char* host : {"a", "b", "c"}) {
//     BalanceJob j{.expression = "H * * * *"};
//     j.options.seed = Seed({host, "sync"});
//     jobs.push_back(j);
//   }
//   const BalanceResult r = balance(jobs, {});
//   // Three jobs in 60 minutes: one a minute at most.
//   r.groups[0].peak;  // == 1u
FUZZYCRON_EXPORT BalanceResult balance(const std::vector<BalanceJob>& jobs, const BalanceOptions& options);

// The jobs of crontabs, each entry on each host seeded [host, name] as
// `spread` runs them ([name] without hosts); @reboot entries are left out.
// Throws fuzzycron::Error at the entry's line for a name that cannot be a seed.
FUZZYCRON_EXPORT std::vector<BalanceJob> balance_jobs(const Crontab& crontab, const ParseOptions& base,
                                                      const std::vector<std::string>& hosts);

}  // namespace fuzzycron
