// fuzzycron_simulation: the runner's cluster ledger under injected faults in
// virtual time (world.h). Usage:
//   fuzzycron_simulation [--local | --runners] --seeds N [--first-seed S] [--replicas R] [--jobs J] [--hours H]
//   [--plant BUG]
//                        [--for-seconds CPU] [--min-fires N] [--min-faults N]
// One JSON summary line on stdout. A violation prints its seed, what broke and
// a shrunk fault schedule on stderr. Exit 0 when no seed broke an invariant;
// with --plant, exit 0 when the planted bug WAS caught (the checker can fail).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>

#include "world.h"

namespace {

using namespace fuzzycron::simulation;

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

bool broken(const Params& p, const std::vector<Fault>& faults) { return !simulate(p, faults).violations.empty(); }

// Fewer faults that still break it: chunks removed while the violation stays (ddmin, bounded).
std::vector<Fault> shrink(const Params& p, std::vector<Fault> faults) {
  std::size_t n = 2;
  for (int tries = 0; tries < 80 && !faults.empty();) {
    const std::size_t chunk = (faults.size() + n - 1) / n;
    bool removed = false;
    for (std::size_t start = 0; start < faults.size() && tries < 80; start += chunk, ++tries) {
      std::vector<Fault> rest(faults.begin(), faults.begin() + static_cast<std::ptrdiff_t>(start));
      rest.insert(rest.end(), faults.begin() + static_cast<std::ptrdiff_t>(std::min(faults.size(), start + chunk)),
                  faults.end());
      if (broken(p, rest)) {
        faults = std::move(rest);
        n = std::max<std::size_t>(n - 1, 2);
        removed = true;
        break;
      }
    }
    if (!removed) {
      if (chunk == 1) break;
      n = std::min(faults.size(), n * 2);
    }
  }
  return faults;
}

int usage() {
  std::fprintf(stderr,
               "usage: fuzzycron_simulation --seeds N [--first-seed S] [--replicas R] [--jobs J] [--hours H] "
               "[--plant unique-claim-off|fence-off] [--for-seconds CPU] [--min-fires N] [--min-faults N]\n"
               "       fuzzycron_simulation --local --seeds N [...] [--plant journal-before-spawn-off]: one host, "
               "its state directory, crashes that tear the journal\n"
               "       fuzzycron_simulation --runners --seeds N [...]: each replica the whole runner (its own "
               "loop, stepped), the same faults\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Params p;
  std::uint64_t seeds = 0;
  std::optional<std::uint64_t> first;
  double for_seconds = 0;
  std::uint64_t min_fires = 0, min_faults = 0;  // more seeds until these many (the CI's floor)
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--local") {  // one host and its state directory (local.cc)
      p.local = true;
      continue;
    }
    if (a == "--runners") {  // each replica a whole runner (runners.cc)
      p.runners = true;
      continue;
    }
    if (i + 1 >= argc) return usage();
    const std::string v = argv[++i];
    try {
      if (a == "--seeds")
        seeds = std::stoull(v);
      else if (a == "--first-seed")
        first = std::stoull(v);
      else if (a == "--replicas")
        p.replicas = std::stoi(v);
      else if (a == "--jobs")
        p.jobs = std::stoi(v);
      else if (a == "--hours")
        p.hours = std::stod(v);
      else if (a == "--plant")
        p.plant = v;
      else if (a == "--for-seconds")
        for_seconds = std::stod(v);
      else if (a == "--min-fires")
        min_fires = std::stoull(v);
      else if (a == "--min-faults")
        min_faults = std::stoull(v);
      else
        return usage();
    } catch (const std::exception&) {
      return usage();
    }
  }
  if (seeds == 0 || (p.local && p.runners) || p.replicas < 1 || p.jobs < 1 || p.jobs > 1000 || p.hours <= 0 ||
      !(p.plant.empty() || (!p.local && (p.plant == "unique-claim-off" || p.plant == "fence-off")) ||
        (p.local && p.plant == "journal-before-spawn-off")))
    return usage();
  // Fresh seeds each run unless one is given: printed, so any run can be repeated.
  const std::uint64_t first_seed =
      first ? *first
            : static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) % 1'000'000'000;
  std::uint64_t fires = 0, faults = 0, steps = 0, reruns = 0, skips = 0, done = 0;
  std::vector<std::uint64_t> failing;
  const double begin = cpu_seconds();
  for (std::uint64_t k = 0;
       k < seeds || cpu_seconds() - begin < for_seconds || fires < min_fires || faults < min_faults; ++k) {
    p.seed = first_seed + k;
    const std::vector<Fault> schedule = schedule_faults(p);
    const Outcome o = simulate(p, schedule);
    ++done;
    fires += o.fires;
    faults += o.faults;
    steps += o.steps;
    reruns += o.reruns;
    skips += o.skips;
    if (o.violations.empty()) continue;
    failing.push_back(p.seed);
    const std::vector<Fault> small = shrink(p, schedule);
    nlohmann::json trace = nlohmann::json::array();
    for (const auto& f : small)
      trace.push_back(fmt::format("t={}ms {} r{} {}", f.at, fault_name(f.kind), f.replica, f.arg));
    const Outcome again = simulate(p, small);
    std::cerr << nlohmann::json{{"seed", p.seed},
                                {"violations", o.violations},
                                {"shrunk_faults", small.size()},
                                {"shrunk_violations", again.violations},
                                {"trace", trace},
                                {"repeat",
                                 fmt::format("fuzzycron_simulation{}{} --seeds 1 --first-seed {} --replicas {} "
                                             "--jobs {} --hours {}{}",
                                             p.local ? " --local" : "", p.runners ? " --runners" : "", p.seed,
                                             p.replicas, p.jobs, p.hours,
                                             p.plant.empty() ? "" : " --plant " + p.plant)}}
                     .dump()
              << "\n";
    if (!p.plant.empty()) break;  // caught: that is all a plant asks
  }
  const double cpu = cpu_seconds() - begin;
  nlohmann::json summary{{"first_seed", first_seed},
                         {"seeds", done},
                         {"fires", fires},
                         {"faults", faults},
                         {"violations", failing.size()},
                         {"failing_seeds", failing},
                         {"reruns", reruns},
                         {"skips", skips},
                         {"steps", steps},
                         {"replicas", p.local ? 1 : p.replicas},
                         {"local", p.local},
                         {"runners", p.runners},
                         {"jobs", p.jobs},
                         {"hours", p.hours},
                         {"plant", p.plant},
                         {"cpu_seconds", cpu},
                         {"seeds_per_second", cpu > 0 ? static_cast<double>(done) / cpu : 0.0},
                         {"fires_per_second", cpu > 0 ? static_cast<double>(fires) / cpu : 0.0}};
  if (!p.plant.empty())
    summary["caught_at_seed"] = failing.empty() ? nlohmann::json(nullptr) : nlohmann::json(failing[0]);
  std::cout << summary.dump() << std::endl;
  return p.plant.empty() ? (failing.empty() ? 0 : 1) : (failing.empty() ? 1 : 0);
}
