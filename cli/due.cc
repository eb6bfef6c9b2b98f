// fuzzycron due: is there a fire time in (at - window, at]? The guard that
// `fuzzycron export` puts before a job's command when the target cannot say
// the schedule itself (an interval, days without fires, bounds): the target
// fires a finer schedule, the guard lets through the fires that are the
// schedule's own. With a COMMAND it runs it (exec) when due and exits 0
// without running it when not; without one, the exit status answers.
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <memory>

#include "command.h"
#include "fuzzycron/options.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct Due {
  std::string expr, window = "1m", at = "now";
  std::vector<std::string> command;
  Flags flags;
};

int run(const Due& c, std::ostream& out, std::ostream& err) {
  const auto window = parse_duration(c.window);
  if (window.count() < 1)
    throw Error(ErrorKind::argument, "the window must be longer than zero, e.g. --window 1m", c.window, 1);
  const Schedule s = parse(c.expr, parse_options(c.flags));
  const sys_milliseconds at = parse_from(c.at);
  // The newest fire at or before `at` (prev is strict: ask from 1 ms later).
  const auto fire = s.prev(at + std::chrono::milliseconds{1});
  const bool due = fire && *fire > at - window;
  if (due) {
    if (c.command.empty()) {
      out << "due: " << format_rfc3339(*fire, s.zone()) << "\n";
      return kOk;
    }
    std::vector<char*> argv;
    for (const auto& a : c.command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::cout.flush();
    ::execvp(argv[0], argv.data());
    err << fmt::format("fuzzycron: cannot run {}: {}\n", c.command.front(), std::strerror(errno));
    return errno == ENOENT ? 127 : 126;  // the shell's statuses for "not found" and "not executable"
  }
  const auto next = s.next(at);
  const std::string why =
      fmt::format("not due at {}: the last fire time was {}, the next is {}", format_rfc3339(at, s.zone()),
                  fire ? format_rfc3339(*fire, s.zone()) : "none", next ? format_rfc3339(*next, s.zone()) : "none");
  if (c.command.empty()) {
    out << why << "\n";
    return kFailure;
  }
  err << "fuzzycron: " << why << " (not run)\n";
  return kOk;
}

}  // namespace

Command add_due(CommandLine& line) {
  auto c = std::make_shared<Due>();
  Subcommand sub = line.add("due", "whether a fire time fell in the last --window: the guard before a job's command");
  sub.option("EXPR", c->expr, "the schedule (quote it)").required();
  sub.option("COMMAND", c->command, "after --: run it when due (exec), exit 0 without running it when not");
  add_flags(sub, c->flags, kSchedule);
  sub.option("--at", c->at, "the instant asked about: now or RFC 3339").show_default();
  sub.option("-w,--window", c->window,
             "due when a fire time is in (at - window, at]: the target's shortest gap between fires")
      .show_default();
  sub.footer(
      "Exit status: 0 due (or, with a COMMAND, the command's own), 1 not due (without a COMMAND), 2 bad input.\n"
      "Example: fuzzycron due '@every 2w from 2026-01-06T09:00' -z Europe/Berlin --window 7d -- /bin/sh -c 'backup'\n"
      "  A target that fires every Tuesday at 09:00 runs the backup every other Tuesday.");
  return {sub, [c] { return run(*c, std::cout, std::cerr); }};
}

}  // namespace fuzzycron::cli
