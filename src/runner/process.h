// Processes as the runner's loop sees them: launched in their own session and
// process group, signalled as a group, reaped. The real launcher uses
// posix_spawn; tests give the loop a fake one.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace fuzzycron::runner {

struct Process {
  pid_t pid = -1;
  int out = -1;  // the read end of its stdout+stderr (non-blocking), -1 when not captured
};

class Launcher {
 public:
  virtual ~Launcher() = default;
  // SHELL -c COMMAND with exactly `env`, in a new session and process group,
  // signals unblocked and default. stdin from `in` (-1: /dev/null); stdout and
  // stderr into a new pipe (`capture`) or the runner's stderr. 0 or an errno.
  virtual int launch(const std::string& shell, const std::string& command, const std::vector<std::string>& env, int in,
                     bool capture, Process& p) = 0;
  virtual void signal(pid_t group, int sig) = 0;
  // Whether any process of the group is left (a job's descendants).
  virtual bool alive(pid_t group) = 0;
  // Children that ended since the last call, with their wait status. Orphans
  // the runner inherited (as subreaper or PID 1) are reaped here too.
  virtual std::vector<std::pair<pid_t, int>> reap() = 0;
  // The runner's own living children (orphans it inherited included).
  virtual std::vector<pid_t> children() = 0;
};

std::unique_ptr<Launcher> make_process_launcher();

}  // namespace fuzzycron::runner
