// The names export gives a job in each target: valid there, stable, and
// apart for different jobs (a name that had to change carries a hash of the job's).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fuzzycron::tools {

std::string short_hash(std::string_view s);  // 8 hex digits (FNV-1a, 32 bits)
// A DNS-1123 label (Kubernetes names, Nomad job ids) of at most `max` characters.
std::string dns_label(std::string_view job, std::size_t max);
// A unit name as systemd escapes one.
std::string systemd_escape(std::string_view job);
// [A-Za-z0-9-_.] (EventBridge, `dots`) or [A-Za-z0-9-_] (Cloud Scheduler), at most `max`.
std::string plain_name(std::string_view job, bool dots, std::size_t max);

}  // namespace fuzzycron::tools
