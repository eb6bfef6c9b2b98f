// fuzzycron/balance.h — a balance lock: for each group of jobs whose hash
// forms compete (the same schedule shape in the same zone), the slot each job
// was given so that no slot carries more than the group's capacity
// (docs/balance.md). Plain H is a function of the job alone; a balanced job's
// values come from the lock, which `fuzzycron balance` writes from the set.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/dialect.h"
#include "fuzzycron/error.h"
#include "fuzzycron/hash_scheme.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/seed.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// Jobs whose hash forms compete: one schedule shape (the expression as
// written, whitespace collapsed) in one zone.
struct BalanceGroup {
  std::string shape{};         // "H H * * *"
  std::string zone{};          // "UTC", "Europe/Berlin"
  std::uint64_t slots = 0;     // the distinct value tuples its hash forms can take
  std::uint32_t capacity = 0;  // the most jobs one slot may carry
  // Job (its seed's parts joined by '/', '/' and '%' in a part written %2F and
  // %25) -> the value of each hash form in reading order: the value of H or
  // H(a-b), the first value of H/n.
  std::map<std::string, std::vector<int>> jobs{};
};

class FUZZYCRON_EXPORT BalanceLock {
 public:
  static constexpr int kVersion = 1;

  BalanceLock() = default;
  BalanceLock(Dialect dialect, HashScheme hash, double epsilon, std::vector<BalanceGroup> groups);

  // A lock as `write()` makes it. Throws fuzzycron::Error (kind lock) with
  // the line and column of a syntax error, or naming the group and job of a
  // value that does not fit; a newer version is refused with both named.
  static BalanceLock read(std::string_view text);
  // The lock in a file, for schedules read as `dialect`: errors (kind lock)
  // name the file, and a lock written for another dialect is refused.
  static BalanceLock read_file(const std::string& path, Dialect dialect);
  // A file's text read by the caller (JavaScript reads it with Node's fs: the
  // WebAssembly library has no file system), with read_file's checks and messages.
  static BalanceLock read_file_text(std::string_view text, const std::string& path, Dialect dialect);
  // Deterministic text: groups by shape and zone, jobs by key, one per line.
  std::string write() const;

  // The values of `seed`'s job in the group of `shape` (as written) and
  // `zone`, or nullopt: not in the lock (plain H applies).
  //
  // Example:
  //   const BalanceLock lock = BalanceLock::read(R"({"fuzzycron_balance": 1, "dialect": "standard",
  //       "hash": "fc1", "epsilon": 0.25, "groups": [{"shape": "H * * * *", "zone": "UTC",
  //       "slots": 60, "capacity": 1, "jobs": {"web-1/backup": [17]}}]})");
  //   *lock.find("H  * * * *", "UTC", Seed({"web-1", "backup"}));  // == std::vector{17}
  //   // Not in the lock: plain H.
  //   lock.find("H * * * *", "UTC", Seed({"web-2", "backup"}));  // == nullptr
  //   ParseOptions o;
  //   o.seed = Seed({"web-1", "backup"});
  //   o.balance = std::make_shared<const BalanceLock>(lock);
  //   resolve("H * * * *", o);  // == "17 * * * *"
  const std::vector<int>* find(std::string_view shape, std::string_view zone, const Seed& seed) const;

  Dialect dialect() const noexcept { return dialect_; }
  HashScheme hash() const noexcept { return hash_; }
  double epsilon() const noexcept { return epsilon_; }
  const std::vector<BalanceGroup>& groups() const noexcept { return groups_; }
  const BalanceGroup* group(std::string_view shape, std::string_view zone) const;

 private:
  Dialect dialect_ = Dialect::standard;
  HashScheme hash_ = HashScheme::fc1;
  double epsilon_ = 0.25;
  std::vector<BalanceGroup> groups_;  // sorted by (shape, zone)
};

// Whether options.balance is set and names no slot for this job although its
// schedule has hash forms: it then runs at plain H (callers warn).
FUZZYCRON_EXPORT bool missing_from_balance(std::string_view expression, const ParseOptions& options);

// An interval without `from` or a window (`@every 6h`, docs/intervals.md)
// has a phase drawn from the seed; a lock names its index in place of the
// draw, as [index] in the group of its shape and `zone`. `slots`: how many
// phases it can take (minutes, or seconds for a step that is not whole
// minutes; for `mo` and `y`: month * 40320 + day * 1440 + minute; whole weeks
// `on` some days: the minutes of those days); `drawn`: the seed's. `zone`: UTC
// for exact durations (their fires are the same instants in every zone), else
// the schedule's.
struct IntervalPhase {
  std::uint64_t slots = 0, drawn = 0;
  std::string zone{};
};
// nullopt: not such an interval in this dialect, no seed, or one that is not
// balanced (exact whole weeks `on` some days: a moved phase could leave them).
//
// Example:
//   ParseOptions o;
//   o.seed = Seed({"web-1", "backup"});
//   // A minute of the 6 hours:
//   interval_phase("@every 6h", o)->slots;  // == 360u
//   interval_phase("@every 6h from 2026-01-01T00:00Z", o);  // == std::nullopt
FUZZYCRON_EXPORT std::optional<IntervalPhase> interval_phase(std::string_view expression, const ParseOptions& options);

// The shape of an expression as a lock names it: whitespace runs as one space, trimmed.
FUZZYCRON_EXPORT std::string balance_shape(std::string_view expression);
// A seed as a lock names its job: parts joined by '/' ('/' -> %2F, '%' -> %25).
FUZZYCRON_EXPORT std::string balance_key(const Seed& seed);

}  // namespace fuzzycron
