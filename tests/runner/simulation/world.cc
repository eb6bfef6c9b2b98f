#include "common.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <random>
#include <streambuf>
#include <unordered_map>

#include "fuzzycron/rfc3339.h"
#include "runner/cluster_ledger.h"
#include "runner/memory_store.h"

namespace fuzzycron::simulation {
namespace {

using namespace runner;
using std::chrono::milliseconds;

// A replica's clock: the world's time, skewed; it does not move inside a store call
// (cluster_ledger_test.cc's StoreCallsThatTimeOut... has a clock that does).
struct Clock final : runner::Clock {
  const std::int64_t* t = nullptr;
  std::int64_t skew = 0;
  sys_milliseconds now() override { return kEpoch + milliseconds{*t + skew}; }
  std::int64_t mono() override { return *t; }
  void wait(std::optional<sys_milliseconds>, std::optional<std::int64_t>, const std::vector<int>&,
            std::vector<bool>&) override {}
  std::vector<ClockJump> jumps() override { return {}; }
  double rate() const override { return 1.0; }
};

struct SimRun {
  int job = 0;
  std::int64_t instant = 0;  // ms since kEpoch
  int claim = 1;
  std::int64_t end = 0;  // virtual ms (INT64_MAX: hangs)
  bool fail = false;
  std::uint64_t id = 0;
  bool frozen = false;  // its host is paused: it does not run
  bool forbid = false;  // started under `concurrency: forbid`
};

struct Replica {
  std::string name;
  Clock clock;
  SkipSink sink;
  std::unique_ptr<std::ostream> out;
  std::unique_ptr<Log> log;
  StoreLink link;
  std::unique_ptr<ClusterLedger> ledger;
  std::vector<std::shared_ptr<JobState>> states;
  std::vector<std::int64_t> next;  // per job, the next instant (ms since kEpoch)
  std::vector<SimRun> runs;
  bool up = false, opened = false;
  std::int64_t down_until = 0, paused_until = 0;
  std::vector<bool> hang_next;  // per job: its next run here hangs
};

class World {
 public:
  World(const Params& p, const std::vector<Fault>& faults) : p_(p), faults_(faults) {
    jobs_ = make_jobs(p, false);
    for (std::size_t j = 0; j < jobs_.size(); ++j) index_[jobs_[j].name] = static_cast<int>(j);
    active_.assign(jobs_.size(), 0);
    db_ = std::make_unique<MemoryDatabase>([this] { return kEpoch + milliseconds{t_}; });
    db_->unique_claim = p.plant != "unique-claim-off";
    replicas_.resize(static_cast<std::size_t>(p.replicas));
    for (int r = 0; r < p.replicas; ++r) start_replica(r, 0);
    end_ = static_cast<std::int64_t>(p.hours * 3'600'000);
    quiet_from_ = static_cast<std::int64_t>(static_cast<double>(end_) * 0.8) + 3 * kLease + kOnTimeSlack;
  }

  Outcome run() {
    std::size_t next_fault = 0;
    for (t_ = 0; t_ < end_ && out_.violations.size() < 5; t_ += kTick) {
      while (next_fault < faults_.size() && faults_[next_fault].at <= t_) inject(faults_[next_fault++]);
      for (std::size_t r = 0; r < replicas_.size(); ++r) step(static_cast<int>(r));
      ++out_.steps;
      if (out_.steps % 1024 == 0) prune();
    }
    check_complete();
    return out_;
  }

 private:
  void violation(std::string what) {
    if (out_.violations.size() < 5) out_.violations.push_back(fmt::format("t={}ms: {}", t_, what));
  }

  std::shared_ptr<JobState> state_of(const SimJob& j) {
    auto s = std::make_shared<JobState>();
    s->job.name = j.name;
    s->job.settings.concurrency = j.concurrency;
    s->job.settings.rerun_lost = j.rerun;
    if (j.deadline) s->job.settings.starting_deadline = milliseconds{*j.deadline};
    return s;
  }

  void start_replica(int r, std::int64_t skew) {
    Replica& x = replicas_[static_cast<std::size_t>(r)];
    x.ledger.reset();  // before the log it writes to
    x.log.reset();
    x = Replica{};
    x.name = fmt::format("r{}", r);
    x.clock.t = &t_;
    x.clock.skew = skew;
    x.sink.on_line = [this](const std::string& line) { on_skip(line); };
    x.out = std::make_unique<std::ostream>(&x.sink);
    x.log = std::make_unique<Log>(*x.out, true, x.clock);
    auto store = std::make_unique<MemoryClaimStore>(*db_);
    x.link.attach(*store, t_);
    ClusterOptions o;
    o.replica = x.name;
    o.lease = milliseconds{kLease};
    o.max_skew = milliseconds{kEarly};
    o.retention = milliseconds{600'000};
    o.fence = p_.plant != "fence-off";
    x.ledger = std::make_unique<ClusterLedger>(o, std::move(store), x.clock, *x.log);
    for (const auto& j : jobs_) x.states.push_back(state_of(j));
    x.next.assign(jobs_.size(), 0);
    x.hang_next.assign(jobs_.size(), false);
    x.up = true;
  }

  // The instants of job j in (from, to], ms since kEpoch.
  std::int64_t first_after(const SimJob& j, std::int64_t from) const {
    const std::int64_t k = (from - j.offset) / j.period + 1;
    return std::max<std::int64_t>(j.offset, j.offset + k * j.period);
  }

  void open(Replica& x) {
    if (x.opened || x.link.unreachable_until > t_) return;
    x.link.refresh(t_);
    if (!x.ledger->open().empty()) return;
    x.opened = true;
    const auto now = x.clock.now();
    const std::int64_t now_ms = (now - kEpoch).count();
    for (std::size_t j = 0; j < jobs_.size(); ++j) {
      // As the runner at start: what the cluster last claimed, the instants since through catch-up (skip).
      if (const auto resume = x.ledger->resume(jobs_[j].name, now)) {
        const std::int64_t last = (resume->last - kEpoch).count();
        for (auto i = first_after(jobs_[j], last); i <= now_ms; i += jobs_[j].period) skip(static_cast<int>(j), i);
      }
      x.next[j] = first_after(jobs_[j], now_ms);
    }
  }

  void skip(int job, std::int64_t instant) {
    ++out_.skips;
    fires_[key_of(job, instant)].skipped = true;
  }

  void on_skip(const std::string& line) {
    int job = -1;
    for (const std::int64_t i : skipped_instants(line, jobs_, job)) skip(job, i);
  }

  void start_run(Replica& x, int r, const LedgerFire& f) {
    const int j = index_.at(f.state->job.name);
    const SimJob& job = jobs_[static_cast<std::size_t>(j)];
    const std::int64_t instant = (f.instant - kEpoch).count();
    FireLog& fl = fires_[key_of(j, instant)];
    // Invariants at a start: once per fire unless a lost run is rerun (a later
    // claim, the earlier run gone); never before the instant; a first attempt
    // within its starting deadline; a forbid job never beside another of its runs.
    if (fl.starts > 0 && !(f.state->job.settings.rerun_lost && f.claim > fl.last_claim))
      violation(fmt::format("{} {} started twice (claim {} after {}) on {}", job.name, instant, f.claim, fl.last_claim,
                            x.name));
    if (fl.active)
      violation(fmt::format("{} {} started on {} while its earlier run still runs", job.name, instant, x.name));
    if (t_ < instant - kEarly) violation(fmt::format("{} {} started {} ms early", job.name, instant, instant - t_));
    if (f.claim == 1 && job.deadline && t_ > instant + *job.deadline + kMaxSkew + kSlowMax + kTick)
      violation(fmt::format("{} {} started {} ms late, past its deadline", job.name, instant, t_ - instant));
    if (f.state->job.settings.concurrency == Concurrency::forbid && active_[j] > 0)
      violation(fmt::format("{} {}: forbid, and another run of it still runs", job.name, instant));
    ++fl.starts;
    fl.last_claim = f.claim;
    const std::uint64_t h = mix(p_.seed, static_cast<std::uint64_t>(j), static_cast<std::uint64_t>(instant),
                                static_cast<std::uint64_t>(f.claim));
    SimRun run{j,
               instant,
               f.claim,
               t_ + job.dur_min + static_cast<std::int64_t>(h % static_cast<std::uint64_t>(job.dur_max + 1)),
               static_cast<int>((h >> 20) % 1000) < job.fail_per_mille,
               ++run_ids_};
    run.forbid = f.state->job.settings.concurrency == Concurrency::forbid;
    if (x.hang_next[static_cast<std::size_t>(j)]) {
      x.hang_next[static_cast<std::size_t>(j)] = false;
      run.end = INT64_MAX;
    }
    fl.active = run.id;
    ++active_[j];
    ++out_.fires;
    (void)r;
    x.runs.push_back(run);
  }

  // A run is over (ended, killed, or gone with its host), or frozen with its host.
  void gone(const SimRun& run) {
    if (run.frozen) return;
    FireLog& fl = fires_[key_of(run.job, run.instant)];
    if (fl.active == run.id) fl.active = 0;
    --active_[run.job];
  }

  void step(int r) {
    Replica& x = replicas_[static_cast<std::size_t>(r)];
    if (!x.up) {
      if (t_ >= x.down_until) start_replica(r, x.clock.skew);
      return;
    }
    if (x.paused_until > t_ || x.link.busy_until > t_) return;
    x.link.refresh(t_);
    open(x);
    if (!x.opened) return;
    // Ends first (the loop retires runs before the next instants fire), recorded in one round trip.
    for (auto it = x.runs.begin(); it != x.runs.end();) {
      if (it->end > t_) {
        ++it;
        continue;
      }
      gone(*it);
      x.ledger->ended({jobs_[static_cast<std::size_t>(it->job)].name, kEpoch + milliseconds{it->instant}}, it->claim,
                      it->fail ? "failure" : "success", it->fail ? 1 : 0);
      it = x.runs.erase(it);
    }
    x.ledger->flush();
    // Due instants: the newest one at most a minute old is asked for, older ones go through catch-up (skip).
    const std::int64_t now = (x.clock.now() - kEpoch).count();
    for (std::size_t j = 0; j < jobs_.size(); ++j) {
      const SimJob& job = jobs_[j];
      if (x.next[j] > now) continue;
      const std::int64_t newest = job.offset + (now - job.offset) / job.period * job.period;
      for (auto i = x.next[j]; i < newest; i += job.period) skip(static_cast<int>(j), i);
      if (now - newest <= kOnTimeSlack)
        x.ledger->may_run(x.states[j], kEpoch + milliseconds{newest});
      else
        skip(static_cast<int>(j), newest);
      x.next[j] = newest + job.period;
    }
    std::vector<HeldRun> held;
    for (const auto& run : x.runs)
      held.push_back({{jobs_[static_cast<std::size_t>(run.job)].name, kEpoch + milliseconds{run.instant}}, run.claim});
    const LedgerTurn turn = x.ledger->turn(x.states, held);
    for (const Fence& f : turn.stop)
      std::erase_if(x.runs, [&](const SimRun& run) {
        const bool match = jobs_[static_cast<std::size_t>(run.job)].name == f.fire.job &&
                           kEpoch + milliseconds{run.instant} == f.fire.instant;
        if (match) gone(run);  // killed (SIGKILL): its end is never recorded, its lease runs out
        return match;
      });
    for (const auto& f : turn.start) start_run(x, r, f);
    for (const auto& f : turn.rerun) {
      ++out_.reruns;
      start_run(x, r, f);
    }
    // Runs of a host that resumed and that its ledger did not stop run again
    // (their leases held: no peer may have taken them over or, under forbid,
    // started another run of the job meanwhile; the lease check below says so).
    for (auto& run : x.runs)
      if (run.frozen) {
        run.frozen = false;
        FireLog& fl = fires_[key_of(run.job, run.instant)];
        const SimJob& job = jobs_[static_cast<std::size_t>(run.job)];
        if (fl.active)
          violation(fmt::format("{} {} resumed on {} beside another run of it", job.name, run.instant, x.name));
        else if (forbid_beside(run))
          violation(fmt::format("{} {} resumed on {} beside a run of it started under forbid", job.name, run.instant,
                                x.name));
        fl.active = run.id;
        ++active_[run.job];
      }
    // A run of a replica that is not paused never outlives its claim's lease (looked at each second).
    for (const auto& run : x.runs) {
      if (out_.steps % 5 != 0) break;
      const auto& rows = db_->fires[jobs_[static_cast<std::size_t>(run.job)].name];
      const auto row = rows.find((kEpoch + milliseconds{run.instant}).time_since_epoch().count());
      if (row != rows.end() && row->second.replica == x.name && row->second.lease_until &&
          *row->second.lease_until < kEpoch + milliseconds{t_})
        violation(fmt::format("{} {} runs on {} past its lease", jobs_[static_cast<std::size_t>(run.job)].name,
                              run.instant, x.name));
    }
  }

  // Whether a run of `run`'s job that started after it (ids grow), under forbid,
  // runs now: it started while `run` was frozen, and should have been refused
  // while `run` held its claim, or `run` should have been fenced first. (One
  // that started while `run` ran was judged at its start.)
  bool forbid_beside(const SimRun& run) const {
    for (const auto& y : replicas_)
      for (const auto& other : y.runs)
        if (other.job == run.job && other.id > run.id && !other.frozen && other.forbid) return true;
    return false;
  }

  void inject(const Fault& f) {
    ++out_.faults;
    Replica& x = replicas_[static_cast<std::size_t>(f.replica)];
    if (x.link.inject(f, t_)) return;
    switch (f.kind) {
      case FaultKind::crash:  // the host goes, with its runs; it comes back with no memory
        if (!x.up) return;
        for (const auto& run : x.runs) gone(run);
        x.runs.clear();
        x.ledger.reset();
        x.link.store = nullptr;
        x.up = false;
        x.down_until = t_ + f.arg;
        return;
      case FaultKind::pause:  // the whole host stops (VM pause): its runs stop too, and resume with it
        if (!x.up) return;
        x.paused_until = std::max(x.paused_until, t_ + f.arg);
        for (auto& run : x.runs) {
          if (run.end != INT64_MAX) run.end += f.arg;
          gone(run);
          run.frozen = true;
        }
        return;
      case FaultKind::skew: x.clock.skew = f.arg; return;
      case FaultKind::kill:
        if (!x.runs.empty()) x.runs[static_cast<std::size_t>(f.arg) % x.runs.size()].end = t_;  // ends now
        return;
      case FaultKind::hang: x.hang_next[static_cast<std::size_t>(f.arg % p_.jobs)] = true; return;
      case FaultKind::reload: {  // a job's settings change mid-run, on every replica
        SimJob& job = jobs_[static_cast<std::size_t>(f.arg % p_.jobs)];
        job.concurrency = job.concurrency == Concurrency::forbid ? Concurrency::allow : Concurrency::forbid;
        job.rerun = !job.rerun;
        for (auto& y : replicas_)
          if (y.up)
            y.states[static_cast<std::size_t>(f.arg % p_.jobs)]->job.settings.concurrency = job.concurrency,
                                                      y.states[static_cast<std::size_t>(f.arg % p_.jobs)]
                                                          ->job.settings.rerun_lost = job.rerun;
        return;
      }
      case FaultKind::partition:
      case FaultKind::lose_reply:
      case FaultKind::slow: return;  // the store's (StoreLink::inject)
      case FaultKind::torn: return;  // the local journal's (local.cc)
    }
  }

  // Every instant of the quiet end (faults over, leases and catch-up settled) ran or was skipped, said.
  void check_complete() {
    for (auto& what : lost_in_silence(jobs_, fires_, quiet_from_, end_ - kOnTimeSlack)) violation(std::move(what));
  }

  void prune() {
    // Past the store's retention (10 min): a fire started twice later than that is still seen.
    const std::int64_t before = std::min(t_ - 11 * 60'000, quiet_from_ - 60'000);
    std::erase_if(fires_, [&](const auto& kv) { return kv.first / 1024 < before && kv.second.active == 0; });
  }

  Params p_;
  std::vector<Fault> faults_;
  std::vector<SimJob> jobs_;
  std::unordered_map<std::string, int> index_;
  std::unique_ptr<MemoryDatabase> db_;
  std::vector<Replica> replicas_;
  Fires fires_;
  std::vector<int> active_;  // per job, its runs going
  std::int64_t t_ = 0, end_ = 0, quiet_from_ = 0;
  std::uint64_t run_ids_ = 0;
  Outcome out_;
};

}  // namespace

const char* fault_name(FaultKind k) {
  static constexpr const char* kNames[] = {"crash", "pause", "partition", "lose-reply", "slow",
                                           "skew",  "kill",  "hang",      "reload",     "torn"};
  return kNames[static_cast<int>(k)];
}

std::vector<Fault> schedule_faults(const Params& p) {
  if (p.local) return schedule_local_faults(p);
  std::mt19937_64 rng(mix(p.seed, 2));
  const auto end = static_cast<std::int64_t>(p.hours * 3'600'000 * 0.8);
  std::vector<Fault> out;
  // About one fault every 2.5 s of virtual time, across the replicas.
  for (std::int64_t t = 0; t < end; t += 1 + static_cast<std::int64_t>(rng() % 5'000)) {
    Fault f;
    f.at = t;
    f.replica = static_cast<int>(rng() % static_cast<std::uint64_t>(p.replicas));
    f.kind = static_cast<FaultKind>(rng() % 9);
    auto between = [&](std::int64_t lo, std::int64_t hi) {
      return lo + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
    };
    switch (f.kind) {
      case FaultKind::crash: f.arg = between(1'000, 60'000); break;
      case FaultKind::pause: f.arg = between(1'000, 40'000); break;  // past the lease (15 s) at times
      case FaultKind::partition: f.arg = between(1'000, 40'000); break;
      case FaultKind::slow: f.arg = between(10, kSlowMax); break;
      case FaultKind::skew: f.arg = between(-kMaxSkew, kMaxSkew); break;
      default: f.arg = static_cast<std::int64_t>(rng() % 1'000'000); break;
    }
    out.push_back(f);
  }
  return out;
}

Outcome simulate(const Params& p, const std::vector<Fault>& faults) {
  if (p.local) return simulate_local(p, faults);
  return p.runners ? simulate_runners(p, faults) : World(p, faults).run();
}

}  // namespace fuzzycron::simulation
