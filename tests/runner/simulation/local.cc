// fuzzycron_simulation --local: one host, the runner's real local ledger
// (src/runner/local_ledger.cc over a state directory in a temporary folder)
// and its real catch-up planner, in virtual time. The host crashes, now and
// then in the middle of the journal write that records its next starts (the
// journal is cut at a random byte of what that write appended, and nothing of
// that step starts). Checked: no (job, instant) starts twice, none before its
// instant, and every instant is started, skipped by the job's catch-up policy,
// or lost in a crash after its start was recorded (at most once).
// --plant journal-before-spawn-off starts the runs before they are recorded:
// the checker must catch it.
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>

#include "runner/local_ledger.h"
#include "runner/planner.h"
#include "world.h"

namespace fuzzycron::simulation {
namespace {

using namespace runner;
using std::chrono::milliseconds;

constexpr std::int64_t kTick = 200;
constexpr std::int64_t kSlack = 60'000;  // the runner's on-time slack
const sys_milliseconds kEpoch{milliseconds{1'772'323'200'000}};

sys_milliseconds at(std::int64_t ms) { return kEpoch + milliseconds{ms}; }
std::int64_t ms_of(sys_milliseconds t) { return (t - kEpoch).count(); }

struct WorldClock final : Clock {
  const std::int64_t* t = nullptr;
  sys_milliseconds now() override { return at(*t); }
  std::int64_t mono() override { return *t; }
  void wait(std::optional<sys_milliseconds>, std::optional<std::int64_t>, const std::vector<int>&,
            std::vector<bool>&) override {}
  std::vector<ClockJump> jumps() override { return {}; }
  double rate() const override { return 1.0; }
};

struct LocalJob {
  std::int64_t period = 1'000, offset = 0;
  JobSettings settings;
};

class Host {
 public:
  Host(const Params& p, const std::vector<Fault>& faults) : p_(p), faults_(faults) {
    std::mt19937_64 rng(p.seed * 0x9E3779B97F4A7C15ULL + 11);
    static constexpr std::int64_t kPeriods[] = {1'000, 2'000, 5'000, 10'000, 30'000, 60'000};
    for (int j = 0; j < p.jobs; ++j) {
      LocalJob job;
      job.period = kPeriods[rng() % std::size(kPeriods)];
      job.offset = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(job.period));
      const int policy = static_cast<int>(rng() % 3);
      job.settings.catchup = policy == 0 ? Catchup::skip : policy == 1 ? Catchup::latest : Catchup::all;
      job.settings.catchup_max = 1 + static_cast<int>(rng() % 5);
      if (rng() % 4 == 0)
        job.settings.starting_deadline = milliseconds{5'000 + static_cast<std::int64_t>(rng() % 30'000)};
      jobs_.push_back(job);
    }
    dir_ = std::filesystem::temp_directory_path() / fmt::format("fuzzycron-sim-{}-{}", ::getpid(), p.seed);
    std::filesystem::remove_all(dir_);
    clock_.t = &t_;
    end_ = static_cast<std::int64_t>(p.hours * 3'600'000);
  }
  ~Host() {
    ledger_.reset();
    std::filesystem::remove_all(dir_);
  }

  Outcome run() {
    restart();
    std::size_t next_fault = 0;
    for (t_ = 0; t_ < end_ && out_.violations.size() < 5; t_ += kTick) {
      bool torn = false;
      while (next_fault < faults_.size() && faults_[next_fault].at <= t_) {
        const Fault& f = faults_[next_fault++];
        if (!ledger_) continue;  // down already
        ++out_.faults;
        if (f.kind == FaultKind::torn)
          torn = true;  // this step's journal write is cut short
        else
          crash(f.arg);
      }
      if (!ledger_ && t_ >= down_until_) restart();
      if (ledger_) step(torn);
      ++out_.steps;
    }
    check_complete();
    return out_;
  }

 private:
  std::int64_t key(int j, std::int64_t instant) const { return instant * 1024 + j; }
  void violation(std::string what) {
    if (out_.violations.size() < 5) out_.violations.push_back(fmt::format("t={}ms: {}", t_, what));
  }
  // The job's instants in (after, upto].
  std::vector<sys_milliseconds> instants(int j, std::int64_t after, std::int64_t upto) const {
    const LocalJob& job = jobs_[static_cast<std::size_t>(j)];
    std::vector<sys_milliseconds> out;
    std::int64_t first =
        after < job.offset ? job.offset : job.offset + ((after - job.offset) / job.period + 1) * job.period;
    for (std::int64_t i = first; i <= upto; i += job.period) out.push_back(at(i));
    return out;
  }
  // Missed instants through the real planner: pending (to start), the rest skipped.
  void catch_up(int j, JobState& s, std::vector<sys_milliseconds> missed) {
    if (missed.empty()) return;
    const CatchUpPlan plan = plan_catch_up(s.job.settings, missed, clock_.now());
    for (auto t : missed)
      if (std::find(plan.run.begin(), plan.run.end(), t) == plan.run.end()) handled_.insert(key(j, ms_of(t)));
    out_.skips += plan.skipped;
    for (auto t : plan.run) s.pending.emplace_back(t, 0);
  }

  void restart() {
    log_ = std::make_unique<Log>(log_text_, true, clock_);
    ledger_ = std::make_unique<LocalLedger>(dir_.string(), "state", clock_, *log_);
    if (const std::string error = ledger_->open(); !error.empty()) {
      violation("the state directory cannot be opened after a crash: " + error);
      return;
    }
    states_.clear();
    for (int j = 0; j < p_.jobs; ++j) {
      auto s = std::make_shared<JobState>();
      s->job.name = fmt::format("job{}", j);
      s->job.settings = jobs_[static_cast<std::size_t>(j)].settings;
      s->cursor = clock_.now();  // a job the directory does not know starts from now
      if (const auto r = ledger_->resume(s->job.name, clock_.now())) {
        s->cursor = r->last;
        for (auto t : r->pending) s->pending.emplace_back(t, 0);
      }
      // What went by while the host was down: the catch-up policy decides.
      catch_up(j, *s, instants(j, ms_of(s->cursor), t_));
      s->cursor = std::max(s->cursor, clock_.now());
      ledger_->changed(s);
      states_.push_back(s);
    }
    ledger_->checkpoint(states_);
  }

  void crash(std::int64_t down_for) {
    ledger_.reset();  // all memory lost; the lock goes with the process
    down_until_ = t_ + down_for;
  }

  void step(bool torn) {
    std::vector<std::pair<int, sys_milliseconds>> starts;
    for (int j = 0; j < p_.jobs; ++j) {
      JobState& s = *states_[static_cast<std::size_t>(j)];
      auto due = instants(j, ms_of(s.cursor), t_);
      if (!due.empty()) {
        const sys_milliseconds newest = due.back();
        if (clock_.now() - newest <= milliseconds{kSlack}) {
          due.pop_back();
          starts.emplace_back(j, newest);
        }
        catch_up(j, s, std::move(due));
        s.cursor = newest;
        ledger_->changed(states_[static_cast<std::size_t>(j)]);
      }
      for (const auto& [t, not_before] : s.pending) starts.emplace_back(j, t);
      if (!s.pending.empty()) ledger_->changed(states_[static_cast<std::size_t>(j)]);
      s.pending.clear();
    }
    if (starts.empty()) return;
    const bool plant = p_.plant == "journal-before-spawn-off";
    if (plant) spawn(starts);
    const auto journal = std::filesystem::path(dir_) / "state.journal";
    std::error_code ec;
    const auto before = std::filesystem::file_size(journal, ec);
    ledger_->commit(states_);
    if (torn) {
      // The host dies in the write: a random prefix of what it appended is on disk, nothing started.
      const auto after = std::filesystem::file_size(journal, ec);
      if (!ec && after > before) {
        std::mt19937_64 rng(p_.seed ^ static_cast<std::uint64_t>(t_));
        std::filesystem::resize_file(journal, before + rng() % (after - before), ec);
      }
      for (const auto& [j, t] : starts) lost_.insert(key(j, ms_of(t)));
      crash(1'000 + static_cast<std::int64_t>(static_cast<std::uint64_t>(t_) % 30'000));
      return;
    }
    if (!plant) spawn(starts);
  }

  void spawn(const std::vector<std::pair<int, sys_milliseconds>>& starts) {
    for (const auto& [j, t] : starts) {
      const std::int64_t k = key(j, ms_of(t));
      if (++started_[k] == 2) violation(fmt::format("job{} {}: started twice", j, ms_of(t)));
      if (ms_of(t) > t_) violation(fmt::format("job{} {}: started before its instant", j, ms_of(t)));
      handled_.insert(k);
      ++out_.fires;
    }
  }

  // Every instant up to a minute before the end: started, skipped, or lost in a crash.
  void check_complete() {
    for (int j = 0; j < p_.jobs; ++j)
      for (auto t : instants(j, -1, end_ - kSlack - kTick)) {
        const std::int64_t k = key(j, ms_of(t));
        if (!handled_.count(k) && !lost_.count(k))
          violation(fmt::format("job{} {}: neither started nor skipped", j, ms_of(t)));
      }
  }

  Params p_;
  std::vector<Fault> faults_;
  std::vector<LocalJob> jobs_;
  std::filesystem::path dir_;
  WorldClock clock_;
  std::ostringstream log_text_;
  std::unique_ptr<Log> log_;
  std::unique_ptr<LocalLedger> ledger_;
  std::vector<std::shared_ptr<JobState>> states_;
  std::map<std::int64_t, int> started_;
  std::set<std::int64_t> handled_, lost_;
  std::int64_t t_ = 0, end_ = 0, down_until_ = 0;
  Outcome out_;
};

}  // namespace

std::vector<Fault> schedule_local_faults(const Params& p) {
  std::mt19937_64 rng(p.seed * 0x9E3779B97F4A7C15ULL + 12);
  const auto end = static_cast<std::int64_t>(p.hours * 3'600'000 * 0.8);
  std::vector<Fault> out;
  // About one crash every 30 s of virtual time; a third of them in a journal write.
  for (std::int64_t t = 1'000; t < end; t += 1 + static_cast<std::int64_t>(rng() % 60'000)) {
    Fault f;
    f.at = t;
    f.kind = rng() % 3 == 0 ? FaultKind::torn : FaultKind::crash;
    f.arg = 1'000 + static_cast<std::int64_t>(rng() % 90'000);
    out.push_back(f);
  }
  return out;
}

Outcome simulate_local(const Params& p, const std::vector<Fault>& faults) { return Host(p, faults).run(); }

}  // namespace fuzzycron::simulation
