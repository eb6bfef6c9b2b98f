#include "options.h"

#include <fmt/format.h>

#include <memory>
#include <ostream>

#include "fuzzycron/options.h"
#include "fuzzycron/parse.h"
#include "io.h"

#include <iostream>

namespace fuzzycron::cli {
namespace {

// The group a schema option belongs to on the command line; the dialects' own
// options (and any new one) go with -d.
unsigned group_of(std::string_view name) {
  if (name == "dialect" || name == "hash-scheme") return kDialect;
  if (name == "zone" || name == "dst") return kZone;
  if (name == "seed") return kSeed;
  if (name == "host") return kHost;
  if (name == "offset-window") return kOffsetWindow;
  if (name == "balance-lock") return kBalance;
  return kDialect;
}

std::string help_of(const OptionSpec& o) {
  std::string help(o.help);
  if (o.type == OptionType::choice) help += " (" + join(o.values, " | ") + ")";
  if (o.name == "dst") {  // each dialect's own, from the library
    help += "; defaults:";
    for (const Dialect d : kAllDialects)
      help += std::string(d == kAllDialects[0] ? " " : ", ") + std::string(dialect_name(d)) + " " +
              default_dst_policy(d).name();
  }
  return help;
}

// An option's old spellings as flags ("tz,time-zone" -> --tz --time-zone), hidden.
std::vector<std::string> old_flags(const OptionSpec& o) {
  std::vector<std::string> out;
  for (const std::string_view old : old_option_names(o)) out.push_back("--" + std::string(old));
  return out;
}

}  // namespace

void add_flags(Subcommand& c, Flags& f, unsigned groups) {
  for (const OptionSpec& o : option_schema()) {
    if (!(groups & group_of(o.name))) continue;
    const std::string name(o.name), flag = "--" + name;
    if (o.name == "dialect") {
      f.dialect_flag = c.option("-d," + flag, f.dialect, help_of(o)).show_default();
    } else if (o.name == "zone") {
      c.option("-z," + flag, f.zone, help_of(o)).show_default();
    } else if (o.name == "seed") {
      c.option("-s," + flag, f.seeds, help_of(o));
    } else if (o.name == "host") {
      c.option(flag, f.host, help_of(o) + " (default for run: this machine's name)").env("FUZZYCRON_HOST");
    } else if (o.name == "balance-lock") {
      c.option(flag, f.balance, help_of(o));
      for (const std::string& old : old_flags(o)) c.option(old, f.old_balance, "").hidden();
      continue;
    } else if (o.type == OptionType::flag) {
      // --strict / --no-strict: the value the dialect does not assume by default.
      const std::string names = o.default_value == "true" ? "!--no-" + name + "," + flag : flag + ",!--no-" + name;
      f.switches[name] = o.default_value == "true";
      f.switched.emplace_back(name, c.flag(names, f.switches[name], help_of(o)));
      continue;
    } else {
      c.option(flag, f.values[name], help_of(o));
    }
    for (const std::string& old : old_flags(o)) {
      if (old == "--spread-ms") continue;  // a binding's old spelling, never a flag
      c.option(old, f.values["old:" + old.substr(2)], "").hidden();
    }
  }
  if (groups & kFrom)
    c.option("--from", f.from, "start instant: RFC 3339 (2026-03-08T01:59:30Z) or now").show_default();
  if (groups & kCount) c.option("-n,--count", f.count, "how many fire times").show_default();
  if (groups & kJson) c.flag("--json", f.json, "print JSON");
}

ParseOptions parse_options(const Flags& f, bool with_seed, std::ostream* warnings) {
  OptionNames names;
  auto set = [&](std::string_view name, const std::string& value) {
    const std::string warning = names.set(name, value);
    if (!warning.empty() && warnings) *warnings << "fuzzycron: warning: " << warning << "\n";
  };
  set("dialect", f.dialect);
  set("zone", f.zone);
  if (with_seed) {
    if (!f.host.empty()) set("host", f.host);
    for (const std::string& s : f.seeds) set("seed", s);
  }
  for (const auto& [name, value] : f.values)
    if (!value.empty()) set(name.starts_with("old:") ? name.substr(4) : name, value);
  for (const auto& [name, flag] : f.switched)
    if (flag.given()) set(name, f.switches.at(name) ? "true" : "false");
  if (!f.balance.empty()) set("balance-lock", f.balance);
  if (!f.old_balance.empty()) set("balance", f.old_balance);  // warns
  return options_from_names(names);
}

sys_milliseconds parse_from(const std::string& text) {
  if (text == "now") return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  if (auto t = parse_rfc3339(text)) return *t;
  throw Error(ErrorKind::argument,
              "--from is not an RFC 3339 time: expected e.g. 2026-03-08T01:59:30Z or 2026-03-08T01:59:30-05:00", text,
              1);
}

std::string_view hint(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::missing_seed: return "pass --seed JOB (and --host NAME for a per-host seed)";
    default: return "";
  }
}

void print_error(std::ostream& err, const Error& e) {
  const std::string_view h = hint(e.kind());
  const std::string message = h.empty() ? e.message() : e.message() + "; " + std::string(h);
  err << "fuzzycron: " << Error(e.kind(), message, e.text(), e.column(), e.line()).with_caret() << "\n";
}

}  // namespace fuzzycron::cli
