// The benchmark set of shared/bench/SPEC.md: parse, and next/prev iteration
// from 2026-01-01 to 2099-01-01 (wrapping to the start at the horizon), in UTC
// and America/New_York. Figures are ns per call.
#include <benchmark/benchmark.h>

#include "fuzzycron/resolve.h"

#include <chrono>
#include <memory>

#include "engine/compiled_schedule.h"
#include "fuzzycron/tools.h"
#include "minimal_loop.h"

namespace {

using fuzzycron::Dialect;
using std::chrono::sys_seconds;

struct Case {
  const char* standard;  // nullptr: not expressible
  const char* quartz;
};
constexpr Case kCases[] = {
    {"* * * * *", "0 * * * * ?"},
    {"*/5 * * * *", "0 */5 * * * ?"},
    {"0 0 * * *", "0 0 0 * * ?"},
    {"30 2 * * 0", "0 30 2 ? * 1"},
    {"0 9-17 * * 1-5", "0 0 9-17 ? * 2-6"},
    {"15,45 */2 1-10 * *", "0 15,45 */2 1-10 * ?"},
    {"0 0 1,15 * *", "0 0 0 1,15 * ?"},
    {"0 0 29 2 *", "0 0 0 29 2 ?"},
    {"0 0 31 * *", "0 0 0 31 * ?"},
    {nullptr, "0 0 12 ? * 6#3"},
    {nullptr, "0 0 0 L * ?"},
    {"0 0 30 2 *", "0 0 0 30 2 ?"},
};

constexpr sys_seconds kStart{std::chrono::seconds{1767225600}};    // 2026-01-01T00:00:00Z
constexpr sys_seconds kHorizon{std::chrono::seconds{4070908800}};  // 2099-01-01T00:00:00Z

fuzzycron::Schedule compile(int i, const char* zone) {
  fuzzycron::ParseOptions o;
  o.time_zone = zone;
  const Case& c = kCases[i];
  if (c.standard) return fuzzycron::parse(c.standard, o);
  o.dialect = Dialect::quartz;
  return fuzzycron::parse(c.quartz, o);
}

void BM_Next(benchmark::State& state, const char* zone) {
  const auto s = compile(static_cast<int>(state.range(0)), zone);
  fuzzycron::sys_milliseconds t = kStart;
  for (auto _ : state) {
    const auto r = s.next(t);
    t = (!r || *r >= kHorizon) ? kStart : *r;
    benchmark::DoNotOptimize(t);
  }
}

void BM_Prev(benchmark::State& state, const char* zone) {
  const auto s = compile(static_cast<int>(state.range(0)), zone);
  fuzzycron::sys_milliseconds t = kHorizon;
  for (auto _ : state) {
    const auto r = s.prev(t);
    t = (!r || *r < kStart) ? kHorizon : *r;
    benchmark::DoNotOptimize(t);
  }
}

void BM_Parse(benchmark::State& state, Dialect d) {
  const Case& c = kCases[state.range(0)];
  const char* text = d == Dialect::standard && c.standard ? c.standard : c.quartz;
  fuzzycron::ParseOptions o;
  o.dialect = d == Dialect::standard && c.standard ? Dialect::standard : Dialect::quartz;
  for (auto _ : state) benchmark::DoNotOptimize(fuzzycron::parse(text, o));
}

// The same iteration with the minimal loop of peers.md (standard expressions
// 1-9, UTC): the baseline the figures above are read against.
void BM_MinimalLoop(benchmark::State& state) {
  const int i = static_cast<int>(state.range(0));
  const auto s = compile(i, "UTC");
  const auto& p = fuzzycron::engine::Access::first(s);
  const baseline::Masks m{p.minutes, p.hours, p.days, p.months, p.weekdays, p.day_or != 0};
  std::int64_t t = kStart.time_since_epoch().count();
  for (auto _ : state) {
    const std::int64_t r = baseline::next(m, t);
    t = (r < 0 || r >= kHorizon.time_since_epoch().count()) ? kStart.time_since_epoch().count() : r;
    benchmark::DoNotOptimize(t);
  }
}

// Parse with hashing (issue target: <= 5 us): every field a hash form, fc1 and jenkins.
void BM_ParseHashed(benchmark::State& state, Dialect d, const char* text) {
  fuzzycron::ParseOptions o;
  o.dialect = d;
  o.seed = fuzzycron::Seed({"web-07.example.com", "backup-db"});
  for (auto _ : state) benchmark::DoNotOptimize(fuzzycron::parse(text, o));
}

// Walking consecutive fire times with fires(): ns per fire time.
void BM_Fires(benchmark::State& state, const char* zone) {
  const auto& c = kCases[state.range(0)];
  fuzzycron::ParseOptions o;
  o.time_zone = zone;
  const fuzzycron::Schedule s = fuzzycron::parse(c.standard, o);
  const auto from = *fuzzycron::parse_rfc3339("2026-01-01T00:00:00Z");
  const auto to = *fuzzycron::parse_rfc3339("2099-01-01T00:00:00Z");
  std::int64_t walked = 0;
  for (auto _ : state) {
    int n = 0;
    for (auto t : s.fires(from, to)) {
      benchmark::DoNotOptimize(t);
      if (++n == 1000) break;
    }
    walked += n;
  }
  state.SetItemsProcessed(walked);
}

// The same expressions resolved for the same seed, parsed without hashing:
// the baseline the hashed parse is compared with (issue target: <= 2x).
void BM_ParseResolved(benchmark::State& state, Dialect d, const char* text) {
  fuzzycron::ParseOptions o;
  o.dialect = d;
  o.seed = fuzzycron::Seed({"web-07.example.com", "backup-db"});
  const std::string resolved = fuzzycron::resolve(text, o);
  o.seed = {};
  for (auto _ : state) benchmark::DoNotOptimize(fuzzycron::parse(resolved, o));
}

// A crontab of `entries` Quartz jobs drawn from eight common shapes (SPEC §6
// spread target: 100,000 jobs over one week at 1 s resolution in <= 1 s).
fuzzycron::Crontab fleet(int entries) {
  using namespace fuzzycron;
  static const char* shapes[] = {
      "H * * * * ?",    "H H/5 * * * ?",       "H H H * * ?", "H H/15 * * * ?", "H H H(9-17) ? * MON-FRI",
      "0 0/10 * * * ?", "H H(0-29) */2 * * ?", "H H H H * ?"};
  std::string text;
  for (int i = 0; i < entries; ++i) text += "# name: job-" + std::to_string(i) + "\n" + shapes[i % 8] + " /bin/job\n";
  return parse_crontab(text, Dialect::quartz);
}

fuzzycron::SpreadOptions week_at_one_second(int hosts) {
  using namespace fuzzycron;
  SpreadOptions o;
  o.parse.dialect = Dialect::quartz;
  for (int h = 1; h <= hosts; ++h) o.hosts.push_back("host-" + std::to_string(h));
  o.from = *parse_rfc3339("2026-03-07T00:00:00Z");
  o.window = std::chrono::days{7};
  o.resolution = std::chrono::seconds{1};
  return o;
}

// args: entries, hosts (jobs = entries x hosts).
void BM_Spread(benchmark::State& state) {
  using namespace fuzzycron;
  const Crontab tab = fleet(static_cast<int>(state.range(0)));
  const SpreadOptions o = week_at_one_second(static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(spread(tab, o));
  state.counters["jobs"] = static_cast<double>(state.range(0) * state.range(1));
}

// The same-run baseline for spread: each of 1,000 jobs walked on its own with
// fires() into the buckets, no grouping of identical schedules.
void BM_SpreadUngrouped(benchmark::State& state) {
  using namespace fuzzycron;
  const Crontab tab = fleet(1000);
  const SpreadOptions o = week_at_one_second(1);
  for (auto _ : state) {
    std::vector<std::uint32_t> buckets(7 * 86400);
    for (const auto& e : tab.entries) {
      const Schedule s = e.parse(o.parse);
      for (auto t : s.fires(o.from, o.from + o.window))
        ++buckets[static_cast<std::size_t>((t - o.from) / o.resolution)];
    }
    benchmark::DoNotOptimize(buckets.data());
  }
}

// `balance` of a fleet's jobs (issue 21 target: 100,000 jobs in <= 1 s),
// drawn from the same eight shapes as spread's fleet on `hosts` hosts.
std::vector<fuzzycron::BalanceJob> balance_fleet(int entries, int hosts) {
  using namespace fuzzycron;
  std::vector<std::string> names;
  for (int h = 1; h <= hosts; ++h) names.push_back("host-" + std::to_string(h));
  ParseOptions base;
  base.dialect = Dialect::quartz;
  return balance_jobs(fleet(entries), base, names);
}

void BM_Balance(benchmark::State& state) {
  const auto jobs = balance_fleet(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(fuzzycron::balance(jobs, {}));
  state.counters["jobs"] = static_cast<double>(jobs.size());
}

// resolve() of one job of a 100,000-job lock, against plain H in the same run
// (issue 21 target: within 1.5x).
void BM_ResolveBalanced(benchmark::State& state) {
  using namespace fuzzycron;
  static const auto lock = std::make_shared<const BalanceLock>(fuzzycron::balance(balance_fleet(1000, 100), {}).lock);
  ParseOptions o;
  o.dialect = Dialect::quartz;
  o.seed = Seed({"host-42", "job-17"});
  if (state.range(0) == 1) o.balance = lock;
  for (auto _ : state) benchmark::DoNotOptimize(resolve("H H/5 * * * ?", o));
}

void cases(benchmark::internal::Benchmark* b) {
  for (int i = 0; i < 12; ++i) b->Arg(i);
}

}  // namespace

BENCHMARK_CAPTURE(BM_Next, utc, "UTC")->Apply(cases);
BENCHMARK_CAPTURE(BM_Next, new_york, "America/New_York")->Apply(cases);
BENCHMARK_CAPTURE(BM_Prev, utc, "UTC")->Apply(cases);
BENCHMARK_CAPTURE(BM_Prev, new_york, "America/New_York")->Apply(cases);
BENCHMARK(BM_MinimalLoop)->DenseRange(0, 8);
BENCHMARK_CAPTURE(BM_Parse, standard, Dialect::standard)->Apply(cases);
BENCHMARK_CAPTURE(BM_Parse, quartz, Dialect::quartz)->Apply(cases);

BENCHMARK_CAPTURE(BM_ParseHashed, fc1_standard, Dialect::standard, "H/15 H(9-17) H * H");
BENCHMARK_CAPTURE(BM_ParseHashed, fc1_quartz, Dialect::quartz, "# #/10 #[9-17] ? * MON-FRI");
BENCHMARK_CAPTURE(BM_ParseHashed, jenkins, Dialect::jenkins, "H H(0-7) H * H");
BENCHMARK_CAPTURE(BM_ParseHashed, furiko, Dialect::furiko, "H H/6 * * * * *");
BENCHMARK_CAPTURE(BM_Fires, utc, "UTC")->DenseRange(0, 2);
BENCHMARK_CAPTURE(BM_Fires, new_york, "America/New_York")->DenseRange(0, 2);
BENCHMARK_CAPTURE(BM_ParseResolved, fc1_standard, Dialect::standard, "H/15 H(9-17) H * H");
BENCHMARK_CAPTURE(BM_ParseResolved, fc1_quartz, Dialect::quartz, "# #/10 #[9-17] ? * MON-FRI");

BENCHMARK(BM_Spread)->Args({1000, 1})->Args({1000, 100})->Args({100000, 1})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SpreadUngrouped)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Balance)->Args({1000, 10})->Args({1000, 100})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ResolveBalanced)->Arg(0)->Arg(1);

BENCHMARK_MAIN();
