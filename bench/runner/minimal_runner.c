/* The machine's limit for the runner benchmark (scripts/bench-runner.py): at
 * each whole second, spawn N `sh -c true` in new sessions with a stdout pipe
 * (what fuzzycron does per run), read and reap them with poll. Prints one
 * lateness in milliseconds per start (its start minus the whole second).
 * Usage: minimal_runner N SECONDS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char** environ;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  const int n = atoi(argv[1]), seconds = atoi(argv[2]);
  int* fds = calloc((size_t)n * (size_t)seconds, sizeof(int));
  int open_fds = 0;
  for (int s = 0; s < seconds; ++s) {
    const double target = ((long long)(now_ms() / 1000.0) + 1) * 1000.0;
    while (now_ms() < target) {
      struct pollfd p[4096];
      int k = 0;
      for (int i = 0; i < open_fds && k < 4096; ++i)
        if (fds[i] >= 0) p[k++] = (struct pollfd){fds[i], POLLIN, 0};
      const double left = target - now_ms();
      poll(p, (nfds_t)k, left > 0 ? (int)left + 1 : 0);
      for (int i = 0; i < k; ++i)
        if (p[i].revents) {
          char buf[4096];
          if (read(p[i].fd, buf, sizeof buf) <= 0) {
            close(p[i].fd);
            for (int j = 0; j < open_fds; ++j)
              if (fds[j] == p[i].fd) fds[j] = -1;
          }
        }
      while (waitpid(-1, NULL, WNOHANG) > 0) {
      }
    }
    for (int i = 0; i < n; ++i) {
      int pipe_fds[2];
      if (pipe2(pipe_fds, O_CLOEXEC) != 0) return 1;
      posix_spawn_file_actions_t a;
      posix_spawn_file_actions_init(&a);
      posix_spawn_file_actions_adddup2(&a, pipe_fds[1], 1);
      posix_spawn_file_actions_adddup2(&a, pipe_fds[1], 2);
      posix_spawnattr_t attr;
      posix_spawnattr_init(&attr);
      posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
      char* args[] = {"/bin/sh", "-c", "true", NULL};
      pid_t pid;
      const double started = now_ms();
      posix_spawn(&pid, "/bin/sh", &a, &attr, args, environ);
      posix_spawn_file_actions_destroy(&a);
      posix_spawnattr_destroy(&attr);
      close(pipe_fds[1]);
      fcntl(pipe_fds[0], F_SETFL, O_NONBLOCK);
      fds[open_fds++] = pipe_fds[0];
      printf("%.3f\n", started - target);
    }
  }
  return 0;
}
