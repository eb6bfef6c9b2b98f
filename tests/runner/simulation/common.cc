#include "common.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string_view>

#include "fuzzycron/rfc3339.h"

namespace fuzzycron::simulation {

std::uint64_t mix(std::uint64_t seed, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  std::uint64_t x = seed * 0x9E3779B97F4A7C15ULL ^ (a + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
  x ^= (b + 0x94D049BB133111EBULL) * 0x94D049BB133111EBULL;
  x ^= (c + 0x2545F4914F6CDD1DULL) * 0x9E3779B97F4A7C15ULL;
  x ^= x >> 31;
  x *= 0xD6E8FEB86659FD93ULL;
  return x ^ (x >> 32);
}

std::vector<SimJob> make_jobs(const Params& p, bool whole_seconds) {
  std::mt19937_64 rng(mix(p.seed, 1));
  static constexpr std::int64_t kPeriods[] = {1'000, 1'000, 2'000, 2'000, 3'000, 5'000, 10'000, 30'000, 60'000};
  std::vector<SimJob> jobs;
  for (int j = 0; j < p.jobs; ++j) {
    SimJob job;
    job.name = fmt::format("job{}", j);
    job.period = kPeriods[rng() % std::size(kPeriods)];
    job.offset = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(job.period));
    if (whole_seconds) job.offset -= job.offset % 1'000;
    const int shape = static_cast<int>(rng() % 10);
    job.dur_max = shape < 6 ? job.period / 2 : shape < 9 ? job.period * 3 : 40'000;  // some outlive the lease
    job.fail_per_mille = static_cast<int>(rng() % 100);
    job.concurrency = rng() % 2 ? runner::Concurrency::forbid : runner::Concurrency::allow;
    job.rerun = rng() % 3 == 0;
    if (rng() % 4 == 0) job.deadline = 5'000 + static_cast<std::int64_t>(rng() % 30'000);
    jobs.push_back(job);
  }
  return jobs;
}

std::vector<std::string> lost_in_silence(const std::vector<SimJob>& jobs, const Fires& fires, std::int64_t from,
                                         std::int64_t to) {
  std::vector<std::string> out;
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const SimJob& job = jobs[j];
    const std::int64_t first =
        from < job.offset ? job.offset : job.offset + ((from - job.offset) / job.period + 1) * job.period;
    for (auto i = first; i < to; i += job.period) {
      const auto it = fires.find(key_of(static_cast<int>(j), i));
      if (it == fires.end() || (it->second.starts == 0 && !it->second.skipped))
        out.push_back(fmt::format("{} {} neither ran nor was skipped (lost in silence)", job.name, i));
    }
  }
  return out;
}

void StoreLink::attach(runner::MemoryClaimStore& s, const std::int64_t& now) {
  store = &s;
  refresh(now);
  s.faults.slow = [this, &now] {
    if (slow_calls > 0) {
      --slow_calls;
      busy_until = std::max(busy_until, now + slow_ms);
    }
  };
}

bool StoreLink::inject(const Fault& f, std::int64_t now) {
  switch (f.kind) {
    case FaultKind::partition: unreachable_until = std::max(unreachable_until, now + f.arg); return true;
    case FaultKind::lose_reply:
      if (store) store->faults.lose_replies = 1;
      return true;
    case FaultKind::slow:
      slow_calls = 3;
      slow_ms = f.arg;
      if (store && f.arg > kSlowMax * 2 / 3) store->faults.time_outs = 3;
      return true;
    default: return false;
  }
}

SkipSink::int_type SkipSink::overflow(int_type c) {
  if (c == '\n') {
    if (line_.find("\"job.skip\"") != std::string::npos && on_line) on_line(line_);
    if (line_.find("\"config.reload\"") != std::string::npos && on_reload) on_reload(line_);
    line_.clear();
  } else if (c != traits_type::eof()) {
    line_.push_back(static_cast<char>(c));
  }
  return c;
}

std::streamsize SkipSink::xsputn(const char* s, std::streamsize n) {
  for (std::streamsize i = 0; i < n; ++i) overflow(s[i]);
  return n;
}

// Read without a JSON parser: the hot path of a long simulation.
std::vector<std::int64_t> skipped_instants(const std::string& line, const std::vector<SimJob>& jobs, int& job) {
  auto field = [&](const char* key) -> std::string_view {
    const auto at = line.find(key);
    if (at == std::string::npos) return {};
    const auto from = at + std::strlen(key);
    return std::string_view(line).substr(from, line.find('"', from) - from);
  };
  std::vector<std::int64_t> out;
  const std::string_view name = field("\"job\":\"");
  if (!name.starts_with("job")) return out;
  job = std::stoi(std::string(name.substr(3)));
  if (job < 0 || static_cast<std::size_t>(job) >= jobs.size()) return out;
  auto instant = [&](std::string_view text) { return (*parse_rfc3339(text) - kEpoch).count(); };
  if (const auto t = field("\"scheduled_for\":\""); !t.empty()) out.push_back(instant(t));
  if (const auto first = field("\"first\":\""); !first.empty())
    for (auto i = instant(first); i <= instant(field("\"last\":\"")); i += jobs[static_cast<std::size_t>(job)].period)
      out.push_back(i);
  return out;
}

}  // namespace fuzzycron::simulation
