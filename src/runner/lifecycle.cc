// The runner's start and end around the loop: a host name that reseeds H at
// each start, and the processes runs left behind.
#include <fmt/format.h>

#include <algorithm>
#include <csignal>

#include "runner/loop.h"

namespace fuzzycron::runner {

// Processes the runs left behind: groups of ended runs whose descendants live
// on, and children that left their run's group (their own session) and came
// to the runner as subreaper. SIGTERM, the rest of the grace (at most 5 s),
// then SIGKILL: nothing of the runner's outlives it.
void Runner::stop_lingering() {
  std::vector<pid_t> groups;
  for (pid_t g : lingering_)
    if (launcher_.alive(g)) groups.push_back(g);
  for (pid_t child : launcher_.children()) groups.push_back(child);
  std::sort(groups.begin(), groups.end());
  groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
  if (groups.empty()) return;
  log_("info", "runner.orphans", {{"groups", groups.size()}, {"signal", "TERM"}});
  for (pid_t g : groups) launcher_.signal(g, SIGTERM);
  const std::int64_t deadline = clock_.mono() + std::min<std::int64_t>(5'000, o_.shutdown_grace.count());
  std::vector<bool> ready;
  while (clock_.mono() < deadline &&
         std::any_of(groups.begin(), groups.end(), [&](pid_t g) { return launcher_.alive(g); })) {
    clock_.wait(std::nullopt, clock_.mono() + 50, {}, ready);
    reap();
  }
  for (pid_t g : groups)
    if (launcher_.alive(g)) launcher_.signal(g, SIGKILL);
  reap();
}

// A host name that a container or pod gets anew at each start reseeds every
// job's H: said at start, with what to do about it.
void Runner::warn_about_host() {
  const std::string& h = o_.host;
  auto all_of = [](std::string_view s, auto pred) { return !s.empty() && std::all_of(s.begin(), s.end(), pred); };
  auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); };
  auto alnum = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'); };
  const char* why = nullptr;
  if ((h.size() == 12 || h.size() == 64) && all_of(h, hex)) {
    why = "a container id";
  } else if (const auto last = h.rfind('-'); last != std::string::npos && last > 0) {
    // name-<pod-template-hash, 6-10>-<5>: a Deployment's pod, new at every rollout or restart.
    const auto before = h.rfind('-', last - 1);
    const std::string_view suffix = std::string_view(h).substr(last + 1);
    const std::string_view hash =
        before == std::string::npos ? std::string_view() : std::string_view(h).substr(before + 1, last - before - 1);
    if (before != std::string::npos && before > 0 && suffix.size() == 5 && all_of(suffix, alnum) && hash.size() >= 6 &&
        hash.size() <= 10 && all_of(hash, alnum))
      why = "a Deployment's pod name (ReplicaSet hash and a random suffix)";
  }
  if (!why) return;
  log_("warning", "runner.host",
       {{"host", h},
        {"looks_like", why},
        {"message",
         "H is seeded by the host name, and this one changes with every restart, so every job moves each time: "
         "give a stable --host (or FUZZYCRON_HOST), e.g. a StatefulSet pod name or the node name from the "
         "Kubernetes downward API"}});
}

}  // namespace fuzzycron::runner
