// fuzzycron/target.h — a schedule written for the schedulers that run jobs at
// scale: systemd timers, Kubernetes CronJobs, GitHub Actions, Nomad, AWS
// EventBridge Scheduler, Google Cloud Scheduler (docs/export.md).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/dst_policy.h"
#include "fuzzycron/error.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

enum class Target : unsigned char { systemd, kubernetes, github_actions, nomad, eventbridge, cloud_scheduler };

inline constexpr Target kAllTargets[] = {Target::systemd, Target::kubernetes,  Target::github_actions,
                                         Target::nomad,   Target::eventbridge, Target::cloud_scheduler};

FUZZYCRON_EXPORT std::string_view target_name(Target t) noexcept;  // "systemd", "github-actions", ...
FUZZYCRON_EXPORT std::optional<Target> target_from_name(std::string_view name) noexcept;
// Every target's name, in the order of kAllTargets: for messages, help and completion.
FUZZYCRON_EXPORT std::span<const std::string_view> target_names() noexcept;

// What the target does at DST changes, where its documentation or its code
// says so in full (systemd skip-first, Kubernetes and Nomad skip-both); nullopt
// where part is undocumented (GitHub Actions, EventBridge, Cloud Scheduler).
FUZZYCRON_EXPORT std::optional<DstPolicy> target_dst_policy(Target t) noexcept;

// The target's expressions for one schedule: their union fires at the
// schedule's fire times in `zone` (under the target's own DST behaviour).
struct TargetSchedule {
  // systemd: OnCalendar= values with the zone; EventBridge: cron(...) bodies
  // ("7 3 13 * ? *"); the others: cron lines.
  std::vector<std::string> expressions{};
  std::string zone{};  // the IANA zone the expressions are read in
};

// Throws fuzzycron::Error (unsupported) naming what the target cannot express
// (seconds on Kubernetes, L in GitHub Actions, a day-of-month AND day-of-week
// on a target that ORs them, ...), and like parse() for bad input.
FUZZYCRON_EXPORT TargetSchedule to_target(std::string_view expression, const ParseOptions& options, Target target);

// What the target's own parser rejects in a schedule written for it by hand,
// with its column; nullopt when it reads it. GitHub Actions: its isValidCron
// (exactly 5 fields, * , - / and names, day-of-week 0-6, no H, ? L W #);
// Kubernetes: robfig/cron's ParseStandard (5 fields or a descriptor, @every
// DURATION, no H). The other targets: nullopt (export writes their texts).
//
// Example:
//   // Day-of-week 7 is Sunday to cron, not to GitHub.
//   target_grammar_error("0 3 * * 7", Target::github_actions)->column();  // == 9
//   target_grammar_error("@every 2h", Target::kubernetes);                // == std::nullopt
FUZZYCRON_EXPORT std::optional<Error> target_grammar_error(std::string_view expression, Target target);

}  // namespace fuzzycron
