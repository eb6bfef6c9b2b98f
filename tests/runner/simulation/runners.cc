// fuzzycron_simulation --runners: the cluster world with each replica a whole
// runner (runner::Runner, src/runner/loop.cc): its planner calls, catch-up,
// overlap, clock steps, timeouts, reloads, its ledger turn and its fences,
// over one in-memory claim store, stepped one turn of its loop per tick of
// virtual time. The processes are simulated (SimLauncher); the crontab is a
// real file, read again through the runner's own inotify watch when a reload
// fault rewrites it. The faults and the invariants are world.cc's; that world
// drives the ledger from a loop of its own and is the faster (the CI's
// volume), this one checks the runner's own loop.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <ostream>
#include <unordered_map>
#include <utility>

#include "common.h"
#include "fuzzycron/rfc3339.h"
#include "runner/loop.h"
#include "runner/memory_store.h"

namespace fuzzycron::simulation {
namespace {

using namespace runner;
using std::chrono::milliseconds;

constexpr std::int64_t kTimeout = 45'000;  // every job's `# timeout:`: a hung run ends

// A replica's clock: the world's time, skewed. It does not wait: the world
// moves time. Readable descriptors (the crontab's inotify) are seen at once.
struct TurnClock final : Clock {
  const std::int64_t* t = nullptr;
  std::int64_t skew = 0;
  std::vector<ClockJump> steps;
  sys_milliseconds now() override { return kEpoch + milliseconds{*t + skew}; }
  std::int64_t mono() override { return *t; }
  void wait(std::optional<sys_milliseconds>, std::optional<std::int64_t>, const std::vector<int>& fds,
            std::vector<bool>& ready) override {
    std::vector<pollfd> p;
    for (const int fd : fds) p.push_back({fd, POLLIN, 0});  // -1 is ignored
    ready.assign(fds.size(), false);
    if (::poll(p.data(), p.size(), 0) > 0)
      for (std::size_t i = 0; i < p.size(); ++i) ready[i] = (p[i].revents & POLLIN) != 0;
  }
  std::vector<ClockJump> jumps() override { return std::exchange(steps, {}); }
  double rate() const override { return 1.0; }
};

struct Proc {
  int job = 0;
  std::int64_t instant = 0, end = 0;  // end: virtual ms (INT64_MAX: hangs)
  int claim = 1, status = 0;
  std::uint64_t id = 0;
  bool reaped = false, counted = false, frozen = false;  // counted: in the checker's runs going
  bool forbid = false;                                   // started under `concurrency: forbid`
};

class World;

// A replica's processes: each lasts and exits as the seed says for its (job, instant, claim).
class SimLauncher final : public Launcher {
 public:
  explicit SimLauncher(World& world) : world_(world) {}
  int launch(const std::string&, const std::string&, const std::vector<std::string>& env, int, bool,
             Process& p) override;
  void signal(pid_t group, int sig) override;
  bool alive(pid_t group) override {
    const auto it = procs.find(group);
    return it != procs.end() && !it->second.reaped;
  }
  std::vector<std::pair<pid_t, int>> reap() override;
  std::vector<pid_t> children() override { return {}; }

  std::map<pid_t, Proc> procs;

 private:
  World& world_;
  pid_t next_pid_ = 1000;
};

struct Replica {
  std::string name;
  TurnClock clock;
  SkipSink sink;
  std::unique_ptr<std::ostream> out;
  RunnerOptions options;
  std::unique_ptr<SimLauncher> launcher;
  StoreLink link;                  // its store: the runner's (its ledger owns it)
  std::unique_ptr<Runner> runner;  // last: dropped first
  std::int64_t down_until = 0, paused_until = 0;
  std::vector<bool> hang_next;  // per job: its next run here hangs
  std::vector<SimJob> applied;  // the jobs as this replica last read the crontab (a paused one reads it late)
};

class World {
 public:
  World(const Params& p, const std::vector<Fault>& faults) : p_(p), faults_(faults) {
    jobs_ = make_jobs(p, true);
    for (auto& job : jobs_)
      if (job.deadline) *job.deadline -= *job.deadline % 1'000;  // a crontab says whole seconds
    active_.assign(jobs_.size(), 0);
    dir_ = std::filesystem::temp_directory_path() / fmt::format("fuzzycron-sim-{}-{}", ::getpid(), p.seed);
    std::filesystem::create_directories(dir_);
    write_crontab();
    db_ = std::make_unique<MemoryDatabase>([this] { return kEpoch + milliseconds{t_}; });
    db_->unique_claim = p.plant != "unique-claim-off";
    for (int r = 0; r < p.replicas; ++r) {
      replicas_.push_back(std::make_unique<Replica>());
      replicas_.back()->name = fmt::format("r{}", r);
      replicas_.back()->hang_next.assign(jobs_.size(), false);
      start_replica(r);
    }
    end_ = static_cast<std::int64_t>(p.hours * 3'600'000);
    quiet_from_ = static_cast<std::int64_t>(static_cast<double>(end_) * 0.8) + 3 * kLease + kOnTimeSlack;
  }
  ~World() {
    replicas_.clear();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  Outcome run() {
    std::size_t next_fault = 0;
    for (t_ = 0; t_ < end_ && out_.violations.size() < 5; t_ += kTick) {
      while (next_fault < faults_.size() && faults_[next_fault].at <= t_) inject(faults_[next_fault++]);
      settle();
      for (std::size_t r = 0; r < replicas_.size(); ++r) step(static_cast<int>(r));
      ++out_.steps;
      if (out_.steps % 1024 == 0) prune();
    }
    check_complete();
    if (out_.violations.empty()) stop_all();
    return out_;
  }

  // A process starts (SimLauncher::launch): the invariants of a start, then its fate.
  Proc started(const std::string& name, sys_milliseconds scheduled_for, int claim) {
    const int j = std::stoi(name.substr(3));
    // The settings the starting replica runs under: a reload reaches a replica when it reads the file.
    const SimJob& job = (starting_ ? starting_->applied : jobs_)[static_cast<std::size_t>(j)];
    const std::int64_t instant = (scheduled_for - kEpoch).count();
    FireLog& fl = fires_[key_of(j, instant)];
    // Once per fire unless a lost run is rerun (a later claim, the earlier run
    // gone); never before the instant; a first claim within its starting
    // deadline; a forbid job never beside another of its runs.
    if (stopping_) violation(fmt::format("{} {} started after the stop", job.name, instant));
    if (fl.starts > 0 && !(job.rerun && claim > fl.last_claim))
      violation(fmt::format("{} {} started twice (claim {} after {})", job.name, instant, claim, fl.last_claim));
    if (fl.active) violation(fmt::format("{} {} started while its earlier run still runs", job.name, instant));
    if (t_ < instant - kEarly) violation(fmt::format("{} {} started {} ms early", job.name, instant, instant - t_));
    if (claim == 1 && job.deadline && t_ > instant + *job.deadline + kMaxSkew + kSlowMax + kTick)
      violation(fmt::format("{} {} started {} ms late, past its deadline", job.name, instant, t_ - instant));
    if (job.concurrency == Concurrency::forbid && active_[static_cast<std::size_t>(j)] > 0)
      violation(fmt::format("{} {}: forbid, and another run of it still runs ({})", job.name, instant, runs_of(j)));
    ++fl.starts;
    fl.last_claim = claim;
    if (claim > 1) ++out_.reruns;
    ++out_.fires;
    const std::uint64_t h = mix(p_.seed, static_cast<std::uint64_t>(j), static_cast<std::uint64_t>(instant),
                                static_cast<std::uint64_t>(claim));
    Proc proc;
    proc.job = j;
    proc.instant = instant;
    proc.claim = claim;
    proc.end = t_ + job.dur_min + static_cast<std::int64_t>(h % static_cast<std::uint64_t>(job.dur_max + 1));
    proc.status = W_EXITCODE(static_cast<int>((h >> 20) % 1000) < job.fail_per_mille ? 1 : 0, 0);
    proc.id = ++run_ids_;
    proc.forbid = job.concurrency == Concurrency::forbid;
    if (starting_ && starting_->hang_next[static_cast<std::size_t>(j)]) {
      starting_->hang_next[static_cast<std::size_t>(j)] = false;
      proc.end = INT64_MAX;
    }
    count(proc);
    return proc;
  }

  // A run is over (ended, killed, or gone with its host), or frozen with its host.
  void gone(Proc& proc) {
    if (!proc.counted) return;
    proc.counted = false;
    FireLog& fl = fires_[key_of(proc.job, proc.instant)];
    if (fl.active == proc.id) fl.active = 0;
    --active_[static_cast<std::size_t>(proc.job)];
  }

  std::int64_t now() const { return t_; }

 private:
  // Where the runs of job j are going, for a violation's message.
  std::string runs_of(int j) {
    std::string out;
    for (const auto& x : replicas_)
      if (x->launcher)
        for (const auto& [pid, proc] : x->launcher->procs)
          if (proc.job == j && proc.counted)
            out += fmt::format("{}{} at {} claim {} until {}", out.empty() ? "" : "; ", x->name, proc.instant,
                               proc.claim, proc.end == INT64_MAX ? "hung" : std::to_string(proc.end));
    return out;
  }

  // Whether a run of `proc`'s job that started after it (ids grow), under
  // forbid, runs now: it started while `proc` was frozen, and should have been
  // refused while `proc` held its claim, or `proc` should have been fenced
  // first. (One that started while `proc` ran was judged at its start.)
  bool forbid_beside(const Proc& proc) const {
    for (const auto& x : replicas_)
      if (x->launcher)
        for (const auto& [pid, other] : x->launcher->procs)
          if (other.job == proc.job && other.id > proc.id && other.counted && other.forbid) return true;
    return false;
  }

  void count(Proc& proc) {
    proc.counted = true;
    fires_[key_of(proc.job, proc.instant)].active = proc.id;
    ++active_[static_cast<std::size_t>(proc.job)];
  }

  void violation(std::string what) {
    if (out_.violations.size() < 5) out_.violations.push_back(fmt::format("t={}ms: {}", t_, what));
  }

  // The cluster's crontab (one file, as a ConfigMap every replica mounts).
  void write_crontab() {
    std::string text = "CRON_FIELDS=6\n";
    for (const SimJob& job : jobs_) {
      const std::int64_t period = job.period / 1'000, offset = job.offset / 1'000;
      text += fmt::format("# name: {}\n# concurrency: {}\n# on-lost: {}\n# timeout: {}s\n", job.name,
                          job.concurrency == Concurrency::forbid ? "forbid" : "allow", job.rerun ? "rerun" : "skip",
                          kTimeout / 1'000);
      if (job.deadline) text += fmt::format("# starting-deadline: {}s\n", *job.deadline / 1'000);
      text += period == 60 ? fmt::format("{} * * * * * work {}\n", offset, job.name)
                           : fmt::format("{}-59/{} * * * * * work {}\n", offset, period, job.name);
    }
    std::ofstream(dir_ / "crontab") << text;
  }

  void start_replica(int r) {
    Replica& x = *replicas_[static_cast<std::size_t>(r)];
    x.runner.reset();
    x.launcher.reset();
    x.link.store = nullptr;
    x.clock.t = &t_;
    x.sink.on_line = [this](const std::string& line) {
      int job = -1;
      for (const std::int64_t i : skipped_instants(line, jobs_, job)) {
        ++out_.skips;
        fires_[key_of(job, i)].skipped = true;
      }
    };
    x.sink.on_reload = [this, &x](const std::string& line) {
      if (line.find("\"result\":\"success\"") != std::string::npos) x.applied = jobs_;
    };
    x.out = std::make_unique<std::ostream>(&x.sink);
    x.options.file = (dir_ / "crontab").string();
    x.options.host = x.name;
    x.options.cluster = "memory";
    x.options.fleet = "simulation";
    x.options.lease = milliseconds{kLease};
    x.options.cluster_retention = milliseconds{600'000};
    x.options.cluster_fence = p_.plant != "fence-off";
    x.launcher = std::make_unique<SimLauncher>(*this);
    auto store = std::make_unique<MemoryClaimStore>(*db_);
    x.link.attach(*store, t_);
    x.runner = std::make_unique<Runner>(x.options, x.clock, *x.launcher, *x.out, std::move(store));
    x.applied = jobs_;  // what open() reads
    const bool failed = x.runner->open().has_value();
    // open() blocks the stop signals for its signalfd: the simulator's own Ctrl-C stops the program.
    sigset_t stop;
    sigemptyset(&stop);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&stop, sig);
    sigprocmask(SIG_UNBLOCK, &stop, nullptr);
    if (failed) {  // it exits (the store cannot be reached); its supervisor starts it again
      x.runner.reset();
      x.link.store = nullptr;
      x.down_until = t_ + 1'000;
    }
  }

  // The end: every runner stops as at SIGTERM (Runner::turn's `until`): its
  // runs are signalled, nothing starts, the loop ends once they did, and
  // close() says what was still waiting. Within the grace (25 s) and a margin.
  void stop_all() {
    stopping_ = true;
    std::vector<sys_milliseconds> at;  // each runner stops by its own clock (a skewed one too)
    for (auto& x : replicas_) at.push_back(x->clock.now());
    for (const std::int64_t last = t_ + 120'000; t_ < last; t_ += kTick) {
      settle();
      bool left = false;
      for (std::size_t r = 0; r < replicas_.size(); ++r) {
        Replica* x = replicas_[r].get();
        if (!x->runner) continue;
        left = true;
        if (x->paused_until > t_ || x->link.busy_until > t_) continue;
        x->link.refresh(t_);
        starting_ = x;
        const bool going = x->runner->turn(at[r]);
        starting_ = nullptr;
        if (going) continue;
        x->runner->close();
        for (const Proc* proc : running(*x))
          violation(fmt::format("{} {} still runs on {} after its runner stopped",
                                jobs_[static_cast<std::size_t>(proc->job)].name, proc->instant, x->name));
        x->runner.reset();
      }
      if (!left) return;
    }
    violation("a runner did not stop within 2 minutes of the stop");
  }

  // Runs that ended by themselves are over now, whether or not their replica looks this turn.
  void settle() {
    for (auto& x : replicas_)
      if (x->launcher)
        for (auto& [pid, proc] : x->launcher->procs)
          if (proc.end <= t_ && !proc.frozen) gone(proc);
  }

  void step(int r) {
    Replica& x = *replicas_[static_cast<std::size_t>(r)];
    if (!x.runner) {
      if (t_ >= x.down_until) start_replica(r);
      return;
    }
    if (x.paused_until > t_ || x.link.busy_until > t_) return;
    x.link.refresh(t_);
    starting_ = &x;
    if (!x.runner->turn()) violation(fmt::format("{} stopped by itself", x.name));
    starting_ = nullptr;
    // A host that resumed: its runs its turn did not stop run again (their
    // leases held: no peer may have taken them over or, under forbid, started
    // another run of the job meanwhile).
    for (auto& [pid, proc] : x.launcher->procs)
      if (proc.frozen) {
        proc.frozen = false;
        if (proc.reaped || proc.end <= t_) continue;
        const SimJob& job = x.applied[static_cast<std::size_t>(proc.job)];
        if (fires_[key_of(proc.job, proc.instant)].active)
          violation(fmt::format("{} {} resumed on {} beside another run of it", job.name, proc.instant, x.name));
        else if (forbid_beside(proc))
          violation(fmt::format("{} {} resumed on {} beside a run of it started under forbid ({})", job.name,
                                proc.instant, x.name, runs_of(proc.job)));
        count(proc);
      }
    // A run of a replica that is not paused never outlives its claim's lease (looked at each second).
    if (out_.steps % 5 != 0) return;
    for (const auto& [pid, proc] : x.launcher->procs) {
      if (proc.reaped || proc.end <= t_) continue;
      const auto& rows = db_->fires[jobs_[static_cast<std::size_t>(proc.job)].name];
      const auto row = rows.find((kEpoch + milliseconds{proc.instant}).time_since_epoch().count());
      if (row != rows.end() && row->second.replica == x.name && row->second.lease_until &&
          *row->second.lease_until < kEpoch + milliseconds{t_})
        violation(fmt::format("{} {} runs on {} past its lease", jobs_[static_cast<std::size_t>(proc.job)].name,
                              proc.instant, x.name));
    }
  }

  std::vector<Proc*> running(Replica& x) {
    std::vector<Proc*> out;
    if (x.launcher)
      for (auto& [pid, proc] : x.launcher->procs)
        if (!proc.reaped && proc.end > t_) out.push_back(&proc);
    return out;
  }

  void inject(const Fault& f) {
    ++out_.faults;
    Replica& x = *replicas_[static_cast<std::size_t>(f.replica)];
    if (x.link.inject(f, t_)) return;
    switch (f.kind) {
      case FaultKind::crash:  // the host goes, with its runs; it comes back with no memory
        if (!x.runner) return;
        for (auto& [pid, proc] : x.launcher->procs) gone(proc);
        x.runner.reset();
        x.launcher.reset();
        x.link.store = nullptr;
        x.down_until = t_ + f.arg;
        return;
      case FaultKind::pause:  // the whole host stops (VM pause): its runs stop too, and resume with it
        if (!x.runner) return;
        x.paused_until = std::max(x.paused_until, t_ + f.arg);
        for (Proc* proc : running(x)) {
          if (proc->end != INT64_MAX) proc->end += f.arg;
          gone(*proc);
          proc->frozen = true;
        }
        return;
      case FaultKind::skew:  // the host's clock is stepped: the runner sees the step
        x.clock.steps.push_back({ClockJump::step, milliseconds{f.arg - x.clock.skew}});
        x.clock.skew = f.arg;
        return;
      case FaultKind::kill:  // someone kills one of its runs (kill -9)
        if (const auto procs = running(x); !procs.empty()) {
          Proc& proc = *procs[static_cast<std::size_t>(f.arg) % procs.size()];
          if (proc.frozen) return;
          proc.end = t_;
          proc.status = SIGKILL;
          gone(proc);
        }
        return;
      case FaultKind::hang: x.hang_next[static_cast<std::size_t>(f.arg % p_.jobs)] = true; return;
      case FaultKind::reload: {  // a job's settings change mid-run: the file every replica reads
        const auto j = static_cast<std::size_t>(f.arg % p_.jobs);
        SimJob& job = jobs_[j];
        job.concurrency = job.concurrency == Concurrency::forbid ? Concurrency::allow : Concurrency::forbid;
        job.rerun = !job.rerun;
        write_crontab();
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
    for (auto& x : replicas_)
      if (x->launcher) std::erase_if(x->launcher->procs, [&](const auto& kv) { return kv.second.reaped; });
  }

  Params p_;
  std::vector<Fault> faults_;
  std::vector<SimJob> jobs_;
  std::filesystem::path dir_;
  std::unique_ptr<MemoryDatabase> db_;
  std::vector<std::unique_ptr<Replica>> replicas_;
  Replica* starting_ = nullptr;  // the replica whose turn it is
  bool stopping_ = false;        // the end: the runners are stopping
  Fires fires_;
  std::vector<int> active_;  // per job, its runs going
  std::int64_t t_ = 0, end_ = 0, quiet_from_ = 0;
  std::uint64_t run_ids_ = 0;
  Outcome out_;
};

int SimLauncher::launch(const std::string&, const std::string&, const std::vector<std::string>& env, int, bool capture,
                        Process& p) {
  if (!capture) return ENOEXEC;  // a failure hook (its output is not captured) is not a run: none here
  std::string job;
  std::optional<sys_milliseconds> scheduled_for;
  int claim = 1;
  for (const std::string& kv : env) {
    if (kv.starts_with("FUZZYCRON_JOB=")) job = kv.substr(14);
    if (kv.starts_with("FUZZYCRON_SCHEDULED_FOR=")) scheduled_for = parse_rfc3339(kv.substr(24));
    if (kv.starts_with("FUZZYCRON_ATTEMPT=")) claim = std::stoi(kv.substr(18));  // no retries: the claim
  }
  if (!job.starts_with("job") || !scheduled_for) return EINVAL;
  p.pid = next_pid_++;
  p.out = -1;
  procs[p.pid] = world_.started(job, *scheduled_for, claim);
  return 0;
}

void SimLauncher::signal(pid_t group, int sig) {
  const auto it = procs.find(group);
  if (sig == 0 || it == procs.end() || it->second.reaped) return;
  Proc& proc = it->second;
  if (proc.end <= world_.now()) return;
  // KILL ends it now; TERM within 0-2 s (a job cleaning up), so a run's end
  // can lag its signal as a real one does. The run's status says the signal.
  const std::int64_t lag = sig == SIGKILL ? 0 : static_cast<std::int64_t>(mix(proc.id, 7) % 2'001);
  proc.end = std::min(proc.end, world_.now() + lag);
  proc.status = sig;
  if (lag == 0) world_.gone(proc);
}

std::vector<std::pair<pid_t, int>> SimLauncher::reap() {
  std::vector<std::pair<pid_t, int>> out;
  for (auto& [pid, proc] : procs)
    if (!proc.reaped && !proc.frozen && proc.end <= world_.now()) {
      proc.reaped = true;
      world_.gone(proc);
      out.emplace_back(pid, proc.status);
    }
  return out;
}

}  // namespace

Outcome simulate_runners(const Params& p, const std::vector<Fault>& faults) { return World(p, faults).run(); }

}  // namespace fuzzycron::simulation
