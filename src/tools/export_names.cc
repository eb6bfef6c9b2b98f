#include "tools/export_names.h"

#include <fmt/format.h>

#include <cstdint>

namespace fuzzycron::tools {

// FNV-1a, 32 bits, as 8 hex digits: a short stable suffix for derived names.
std::string short_hash(std::string_view s) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return fmt::format("{:08x}", h);
}

// A DNS-1123 label (Kubernetes names, Nomad job ids): lower-case letters,
// digits and '-', starting and ending alphanumeric, at most `max`; a name that
// had to change gets the hash of the original, so different jobs stay apart.
std::string dns_label(std::string_view job, std::size_t max) {
  std::string out;
  for (unsigned char c : job) {
    const char l = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    const bool ok = (l >= 'a' && l <= 'z') || (l >= '0' && l <= '9');
    if (ok)
      out += l;
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  if (out == job && !out.empty() && out.size() <= max) return out;
  const std::string suffix = "-" + short_hash(job);
  if (out.size() + suffix.size() > max) out.resize(max - suffix.size());
  while (!out.empty() && out.back() == '-') out.pop_back();
  return (out.empty() ? "job" : out) + suffix;
}

// A unit name as systemd escapes one: [A-Za-z0-9:_.-] stay (a leading '.'
// does not), '/' is '-', every other byte \xNN.
std::string systemd_escape(std::string_view job) {
  std::string out;
  // Leading slashes go, as systemd-escape --path drops them: "/bin/poll" is
  // "bin-poll", not "-bin-poll", which systemctl would read as an option.
  const auto first = job.find_first_not_of('/');
  if (first != std::string_view::npos) job.remove_prefix(first);
  for (std::size_t i = 0; i < job.size(); ++i) {
    const auto c = static_cast<unsigned char>(job[i]);
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':' ||
                      c == '_' || c == '-' || (c == '.' && i > 0);
    if (keep)
      out += static_cast<char>(c);
    else if (c == '/')
      out += '-';
    else
      out += fmt::format("\\x{:02x}", c);
  }
  if (out.empty()) out = "job";
  if (out.size() > 200) out = out.substr(0, 190) + "-" + short_hash(job);
  return out;
}

// Names made of [A-Za-z0-9-_.] (EventBridge, at most 64) or [A-Za-z0-9-_] (Cloud Scheduler).
std::string plain_name(std::string_view job, bool dots, std::size_t max) {
  std::string out;
  for (unsigned char c : job) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || (dots && c == '.');
    out += ok ? static_cast<char>(c) : '-';
  }
  // No leading '-': such a name reads as an option on command lines (aws, gcloud).
  out.erase(0, out.find_first_not_of('-'));
  if (out == job && !out.empty() && out.size() <= max) return out;
  const std::string suffix = "-" + short_hash(job);
  if (out.size() + suffix.size() > max) out.resize(max - suffix.size());
  return (out.empty() ? "job" : out) + suffix;
}

}  // namespace fuzzycron::tools
