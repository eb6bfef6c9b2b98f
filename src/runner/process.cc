#include "runner/process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>

namespace fuzzycron::runner {
namespace {

class ProcessLauncher final : public Launcher {
 public:
  // posix_spawn is a vfork underneath: no copy of the runner's pages, which
  // keeps 60 starts in the same second quick.
  int launch(const std::string& shell, const std::string& command, const std::vector<std::string>& env, int in,
             bool capture, Process& p) override {
    int pipe_fds[2] = {-1, -1};
    if (capture && ::pipe2(pipe_fds, O_CLOEXEC) != 0) return errno;
    // posix_spawn takes char* const[] but writes nothing through them.
    char dash_c[] = "-c";
    std::vector<char*> argv{const_cast<char*>(shell.c_str()), dash_c, const_cast<char*>(command.c_str()), nullptr};
    std::vector<char*> envp;
    envp.reserve(env.size() + 1);
    for (const auto& kv : env) envp.push_back(const_cast<char*>(kv.c_str()));
    envp.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (in < 0)
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    else
      posix_spawn_file_actions_adddup2(&actions, in, 0);
    const int out = capture ? pipe_fds[1] : 2;
    posix_spawn_file_actions_adddup2(&actions, out, 1);
    posix_spawn_file_actions_adddup2(&actions, out, 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGPIPE}) sigaddset(&defaults, sig);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid = -1;
    const int error = ::posix_spawn(&pid, argv[0], &actions, &attr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (capture) ::close(pipe_fds[1]);
    if (error != 0) {
      if (capture) ::close(pipe_fds[0]);
      return error;
    }
    p.pid = pid;
    p.out = capture ? pipe_fds[0] : -1;
    if (p.out >= 0) ::fcntl(p.out, F_SETFL, O_NONBLOCK);
    return 0;
  }

  void signal(pid_t group, int sig) override {
    if (group > 0) ::kill(-group, sig);
  }

  bool alive(pid_t group) override { return group > 0 && ::kill(-group, 0) == 0; }

  std::vector<pid_t> children() override {
    std::vector<pid_t> out;
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec)) {
      std::ifstream in(task.path() / "children");
      for (pid_t pid; in >> pid;) out.push_back(pid);
    }
    return out;
  }

  std::vector<std::pair<pid_t, int>> reap() override {
    std::vector<std::pair<pid_t, int>> out;
    int status = 0;
    for (pid_t pid; (pid = ::waitpid(-1, &status, WNOHANG)) > 0;) out.emplace_back(pid, status);
    return out;
  }
};

}  // namespace

std::unique_ptr<Launcher> make_process_launcher() { return std::make_unique<ProcessLauncher>(); }

}  // namespace fuzzycron::runner
