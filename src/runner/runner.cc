// The runner's loop: one thread owns every job, process and file descriptor;
// it sleeps in Clock::wait until the next fire instant, a process deadline, a
// signal (signalfd), output from a job or a change of the crontab (inotify).
#include "runner/runner.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "fuzzycron/lint.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/rfc3339.h"
#include "runner/clock.h"
#include "runner/config.h"
#include "runner/status_server.h"

extern char** environ;

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;
using std::chrono::milliseconds;

constexpr std::size_t kMaxRecord = 64 * 1024;     // a longer line is split into records (continued)
constexpr std::int64_t kDrainGraceMs = 2000;      // output read after the job's own process ended
constexpr std::int64_t kStuckWarningEveryMs = 60'000;
constexpr int kMaxCatchupEnumeration = 100'000;   // instants looked at for one catch-up

std::string iso(sys_milliseconds t) { return format_rfc3339(t, TimeZone::utc()); }
std::int64_t ms_of(sys_milliseconds t) { return t.time_since_epoch().count(); }
sys_milliseconds at_ms(std::int64_t ms) { return sys_milliseconds{milliseconds{ms}}; }

std::string read_whole(const std::string& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  return ok ? std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()} : std::string();
}

class Logger {
 public:
  Logger(std::ostream& out, bool as_json, Clock& clock) : out_(out), json_(as_json), clock_(clock) {}
  void operator()(const char* level, const char* event, json fields = json::object()) {
    if (json_) {
      json line{{"ts", iso(clock_.now())}, {"level", level}, {"event", event}};
      for (auto& [k, v] : fields.items()) line[k] = v;
      out_ << line.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    } else {
      std::string text = fmt::format("{} {:<5} {}", iso(clock_.now()), level, event);
      for (auto& [k, v] : fields.items())
        text += " " + k + "=" + (v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, json::error_handler_t::replace));
      out_ << text << '\n';
    }
    out_.flush();
  }

 private:
  std::ostream& out_;
  bool json_;
  Clock& clock_;
};

struct Counters {
  std::map<std::string, std::uint64_t> runs;     // by outcome
  std::map<std::string, std::uint64_t> skipped;  // by reason
  std::optional<sys_milliseconds> last_start, last_success;
  std::array<std::uint64_t, 8> late_buckets{};   // <= 0.01, 0.05, 0.1, 0.5, 1, 5, 60, +Inf seconds
  double late_sum = 0;
  std::uint64_t late_count = 0;
};
constexpr std::array<double, 7> kLateBounds{0.01, 0.05, 0.1, 0.5, 1, 5, 60};

struct JobState {
  Job job;
  sys_milliseconds cursor{};                    // every instant up to here was fired or skipped
  std::optional<sys_milliseconds> next;         // the next engine instant after cursor
  std::optional<sys_milliseconds> last_fired;
  bool never_logged = false;
  int running = 0;
  std::deque<std::pair<sys_milliseconds, std::int64_t>> pending;  // (scheduled_for, not before mono)
  std::optional<std::int64_t> last_overlap_log;  // mono
  int retry_attempt = 0;
  std::optional<std::int64_t> retry_at;         // mono
  sys_milliseconds retry_for{};
  Counters counters;
  bool removed = false;
  bool last_failed = false;  // the last run's outcome was not success
};

struct Run {
  std::string id;
  std::shared_ptr<JobState> state;
  pid_t pid = -1;
  int out = -1;                // the read end of the job's stdout+stderr
  std::string partial;         // a line not yet ended (bounded by kMaxRecord)
  sys_milliseconds scheduled_for{};
  std::int64_t started_mono = 0;
  int attempt = 1;
  std::optional<std::int64_t> term_at, kill_at, drain_until;
  bool exited = false;
  int status = 0;
  bool timed_out = false, stopped = false;  // stopped: by shutdown or replace
  std::string failure;                       // why it could not start
};

// --shard I/N: the job's stable hash picks one of N replicas.
bool in_shard(const Job& job, const std::optional<std::pair<int, int>>& shard) {
  return !shard || offset(Seed({job.name, "shard"}), milliseconds{shard->second}).count() == shard->first;
}

// The crontab read and loaded, or nullopt (said on `out`) when it cannot be read.
std::optional<std::pair<std::string, Config>> read_config(const RunnerOptions& options, std::ostream& out) {
  bool ok = false;
  std::string text = read_whole(options.file, ok);
  if (!ok) {
    out << fmt::format("{}: cannot read the file\n", options.file);
    return std::nullopt;
  }
  Config config = load_config(text, options.parse, options.host);
  return std::pair{std::move(text), std::move(config)};
}

sigset_t handled_signals() {
  sigset_t s;
  sigemptyset(&s);
  for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGCHLD}) sigaddset(&s, sig);
  return s;
}

// SHELL -c COMMAND with posix_spawn (a vfork underneath: no copy of the
// runner's pages, which keeps 60 starts in the same second quick), in a new
// session and process group, signals unblocked and default. `in`: the child's
// stdin (-1: /dev/null); `out`: its stdout and stderr. 0 or an errno.
int spawn_shell(const std::string& shell, const std::string& command, std::vector<std::string>& env, int in, int out,
                pid_t& pid) {
  std::string shell_arg = shell, dash_c = "-c", command_arg = command;
  std::vector<char*> argv{shell_arg.data(), dash_c.data(), command_arg.data(), nullptr};
  std::vector<char*> envp;
  for (auto& kv : env) envp.push_back(kv.data());
  envp.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (in < 0) posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  else posix_spawn_file_actions_adddup2(&actions, in, 0);
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  posix_spawn_file_actions_adddup2(&actions, out, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults = handled_signals();
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const int error = ::posix_spawn(&pid, argv[0], &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  return error;
}

class Runner {
 public:
  Runner(const RunnerOptions& o, std::ostream& log)
      : o_(o),
        clock_(o.sim_start ? make_sim_clock(*o.sim_start, o.sim_rate, o.sim_control) : make_real_clock()),
        log_(log, o.json, *clock_),
        started_(clock_->now()) {}

  int run() {
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    const sigset_t mask = handled_signals();
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    signal_fd_ = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
    watch();
    if (!reload(true)) return 1;
    if (!o_.metrics_address.empty()) {
      server_ = std::make_unique<StatusServer>();
      std::string error;
      if (!server_->start(o_.metrics_address, error)) {
        log_("error", "runner.metrics", {{"address", o_.metrics_address}, {"error", error}});
        return 3;
      }
    }
    log_("info", "runner.start", {{"file", o_.file}, {"host", o_.host}, {"jobs", states_.size()},
                                  {"pid", ::getpid()}, {"clock", o_.sim_start ? "simulated" : "real"}});
    for (auto& s : states_)
      if (s->job.entry.reboot) start(s, clock_->now(), 1);  // @reboot: once per runner start
    loop();
    return stop_status_;
  }

 private:
  // ---- configuration
  void watch() {
    inotify_fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    const std::string dir = std::filesystem::path(o_.file).parent_path().string();
    // The directory, so a rename over the file or a ConfigMap's ..data symlink swap is seen.
    if (inotify_fd_ >= 0)
      inotify_add_watch(inotify_fd_, dir.empty() ? "." : dir.c_str(),
                        IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB);
  }

  bool reload(bool first) {
    bool ok = false;
    const std::string text = read_whole(o_.file, ok);
    if (!ok) {
      log_("error", first ? "runner.start" : "config.reload",
           {{"result", "error"}, {"file", o_.file}, {"error", "cannot read the file"}});
      if (!first) ++reloads_["error"];
      return false;
    }
    if (!first && text == text_) return true;
    Config config = load_config(text, o_.parse, o_.host);
    json problems = json::array();
    for (const auto& p : config.problems)
      problems.push_back(fmt::format("{}:{}:{}: {}", o_.file, p.line, p.column, p.message));
    if (!first && !config.problems.empty()) {
      ++reloads_["error"];
      log_("error", "config.reload", {{"result", "error"}, {"problems", problems}, {"kept", "the running configuration"}});
      text_ = text;  // reported once; a fixed file reloads
      return false;
    }
    for (const auto& p : config.problems)
      log_("error", "config.problem", {{"file", o_.file}, {"line", p.line}, {"column", p.column}, {"message", p.message}});
    if (first && config.jobs.empty()) {
      log_("error", "runner.start", {{"error", "no job to run"}, {"problems", problems}});
      return false;
    }
    problems_ = problems;
    text_ = text;
    apply(std::move(config), first);
    if (!first) {
      ++reloads_["success"];
      log_("info", "config.reload", {{"result", "success"}, {"jobs", states_.size()}});
    }
    return true;
  }

  void apply(Config config, bool first) {
    std::vector<std::shared_ptr<JobState>> next_states;
    // At start, instants from the runner's first moment on are due (a fast
    // simulated clock may pass some while the file is read).
    const auto now = first ? started_ : clock_->now();
    const auto saved = first ? load_state() : std::map<std::string, std::int64_t>{};
    for (auto& job : config.jobs) {
      if (!in_shard(job, o_.shard)) continue;
      const auto old = std::find_if(states_.begin(), states_.end(),
                                    [&](const auto& s) { return s->job.fingerprint == job.fingerprint; });
      if (old != states_.end()) {  // unchanged: keeps its state, runs and counters
        next_states.push_back(*old);
        continue;
      }
      auto s = std::make_shared<JobState>();
      s->job = std::move(job);
      s->cursor = now;
      if (const auto it = saved.find(s->job.name); it != saved.end() && s->job.schedule) {
        auto last = at_ms(it->second);
        if (last > now) {
          log_("warning", "state.future", {{"job", s->job.name}, {"last_fired", iso(last)}, {"clamped_to", iso(now)}});
          last = now;
        }
        s->last_fired = last;
        catch_up(*s, last, now, "downtime");
      }
      next_states.push_back(std::move(s));
    }
    for (auto& s : states_)
      if (std::find(next_states.begin(), next_states.end(), s) == next_states.end()) s->removed = true;
    states_ = std::move(next_states);
    for (auto& s : states_)
      if (s->job.schedule && !s->next) advance(*s);
    for (auto& s : states_)
      log_("info", "job.scheduled", {{"job", s->job.name}, {"line", s->job.entry.line}, {"schedule", s->job.entry.schedule},
                                     {"resolved", s->job.resolved},
                                     {"next", s->next ? json(iso(*s->next)) : json(nullptr)}});
  }

  // ---- state (catch-up after downtime)
  std::map<std::string, std::int64_t> load_state() {
    std::map<std::string, std::int64_t> out;
    if (o_.state_dir.empty()) return out;
    bool ok = false;
    const std::string text = read_whole(o_.state_dir + "/state.json", ok);
    if (!ok) return out;
    const json j = json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("jobs") || !j["jobs"].is_object()) {
      log_("warning", "state.unreadable", {{"file", o_.state_dir + "/state.json"}});
      return out;
    }
    for (auto& [name, v] : j["jobs"].items())
      if (v.is_object() && v.contains("last_fired") && v["last_fired"].is_number_integer())
        out[name] = v["last_fired"].get<std::int64_t>();
    return out;
  }

  void save_state() {
    if (o_.state_dir.empty()) return;
    json jobs = json::object();
    for (const auto& s : states_) jobs[s->job.name] = {{"last_fired", ms_of(s->cursor)}};
    const std::string path = o_.state_dir + "/state.json", tmp = path + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      out << json{{"jobs", jobs}}.dump() << '\n';
      if (!out) {
        log_("error", "state.write", {{"file", tmp}, {"error", std::strerror(errno)}});
        return;
      }
    }
    if (const int fd = ::open(tmp.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
    std::filesystem::rename(tmp, path);
  }

  // ---- schedule
  void advance(JobState& s) {
    s.next = s.job.schedule->next(s.cursor);
    if (!s.next && !s.never_logged) {
      s.never_logged = true;  // once, not in a loop
      log_("warning", "job.never", {{"job", s.job.name}, {"after", iso(s.cursor)}});
    }
  }

  // Missed instants in (from, to]: through the job's catch-up policy, spread by its hash.
  void catch_up(JobState& s, sys_milliseconds from, sys_milliseconds to, const char* cause) {
    std::vector<sys_milliseconds> missed;
    int looked = 0;
    for (auto t = s.job.schedule->next(from); t && *t <= to && looked < kMaxCatchupEnumeration;
         t = s.job.schedule->next(*t), ++looked)
      missed.push_back(*t);
    s.cursor = to;
    if (missed.empty()) return;
    std::vector<sys_milliseconds> kept;
    for (auto t : missed)
      if (!s.job.settings.starting_deadline || to - t <= *s.job.settings.starting_deadline) kept.push_back(t);
    std::vector<sys_milliseconds> run;
    if (s.job.settings.catchup == Catchup::latest && !kept.empty()) run.push_back(kept.back());
    if (s.job.settings.catchup == Catchup::all) {
      const std::size_t n = std::min(kept.size(), static_cast<std::size_t>(s.job.settings.catchup_max));
      run.assign(kept.end() - static_cast<std::ptrdiff_t>(n), kept.end());
    }
    const std::size_t skipped = missed.size() - run.size();
    if (skipped > 0) {
      s.counters.skipped["missed"] += skipped;
      log_("warning", "job.skip", {{"job", s.job.name}, {"reason", "missed"}, {"cause", cause}, {"count", skipped},
                                   {"first", iso(missed.front())}, {"last", iso(missed.back())},
                                   {"enumeration_capped", looked >= kMaxCatchupEnumeration}});
    }
    const std::int64_t spread = o_.catchup_spread.count() > 0
                                    ? offset(Seed({o_.host, s.job.name, "catchup"}), o_.catchup_spread).count()
                                    : 0;
    // Catch-up runs wait for the job's offset (in clock time, so the simulated clock scales it too).
    const auto not_before = monotonic_ms() + static_cast<std::int64_t>(static_cast<double>(spread) / clock_->rate());
    for (auto t : run) s.pending.emplace_back(t, not_before);
  }

  // ---- processes
  void start(const std::shared_ptr<JobState>& s, sys_milliseconds scheduled_for, int attempt) {
    if (stopping_) return;
    auto r = std::make_unique<Run>();
    r->id = fmt::format("{}-{}", ms_of(clock_->now()), ++run_counter_);
    r->state = s;
    r->scheduled_for = scheduled_for;
    r->attempt = attempt;
    r->started_mono = monotonic_ms();
    const auto now = clock_->now();
    const std::int64_t late = std::max<std::int64_t>(0, (now - scheduled_for).count());
    s->counters.last_start = now;
    const double late_s = static_cast<double>(late) / 1000.0;
    s->counters.late_sum += late_s;
    ++s->counters.late_count;
    ++s->counters.late_buckets[static_cast<std::size_t>(
        std::lower_bound(kLateBounds.begin(), kLateBounds.end(), late_s) - kLateBounds.begin())];
    log_("info", "job.start", {{"job", s->job.name}, {"run_id", r->id}, {"scheduled_for", iso(scheduled_for)},
                               {"late_ms", late}, {"attempt", attempt}});
    spawn(*r);
    ++s->running;
    runs_.push_back(std::move(r));
  }

  void spawn(Run& r) {
    const CrontabEntry& e = r.state->job.entry;
    // The runner's environment, then the crontab's assignments in order (Vixie's positional rule).
    std::map<std::string, std::string> env;
    for (char** p = environ; *p; ++p) {
      const std::string kv = *p;
      const auto eq = kv.find('=');
      if (eq != std::string::npos) env[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    for (const auto& [k, v] : e.environment) env[k] = v;
    if (!e.zone.empty()) env["CRON_TZ"] = e.zone;
    env["FUZZYCRON_JOB"] = r.state->job.name;
    env["FUZZYCRON_RUN_ID"] = r.id;
    env["FUZZYCRON_SCHEDULED_FOR"] = iso(r.scheduled_for);
    std::vector<std::string> env_text;
    for (const auto& [k, v] : env) env_text.push_back(k + "=" + v);
    const std::string shell = env.count("SHELL") ? env["SHELL"] : "/bin/sh";
    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0) {
      r.exited = true;
      r.failure = std::string("cannot create a pipe: ") + std::strerror(errno);
      return;
    }
    pid_t pid = -1;
    const int spawned = spawn_shell(shell, e.command, env_text, -1, out[1], pid);
    ::close(out[1]);
    if (spawned != 0) {
      ::close(out[0]);
      r.exited = true;
      r.failure = fmt::format("cannot execute {}: {}", shell, std::strerror(spawned));
      return;
    }
    r.pid = pid;
    r.out = out[0];
    ::fcntl(r.out, F_SETFL, O_NONBLOCK);
    if (r.state->job.settings.timeout) r.term_at = r.started_mono + r.state->job.settings.timeout->count();
  }

  // The on-permanent-failure hook: SHELL -c HOOK with FUZZYCRON_* in its
  // environment and the run's job.end as JSON on stdin; its output goes to the
  // runner's stderr. Reaped like any other child.
  void run_hook(const Run& r, const json& end) {
    const Job& job = r.state->job;
    std::vector<std::string> env_text;
    for (char** p = environ; *p; ++p) env_text.emplace_back(*p);
    for (const auto& [k, v] : job.entry.environment) env_text.push_back(k + "=" + v);
    env_text.push_back("FUZZYCRON_JOB=" + job.name);
    env_text.push_back("FUZZYCRON_RUN_ID=" + r.id);
    env_text.push_back("FUZZYCRON_SCHEDULED_FOR=" + iso(r.scheduled_for));
    env_text.push_back("FUZZYCRON_OUTCOME=" + end["outcome"].get<std::string>());
    env_text.push_back("FUZZYCRON_EXIT_CODE=" + (end.contains("exit_code") ? std::to_string(end["exit_code"].get<int>()) : ""));
    std::string shell = "/bin/sh";
    for (const auto& [k, v] : job.entry.environment)
      if (k == "SHELL") shell = v;
    int in[2];
    if (::pipe2(in, O_CLOEXEC) != 0) return;
    pid_t pid = -1;
    const int spawned = spawn_shell(shell, job.settings.on_permanent_failure, env_text, in[0], 2, pid);
    ::close(in[0]);
    json input = end;
    const std::string text = input.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
    if (spawned == 0) (void)!::write(in[1], text.data(), std::min<std::size_t>(text.size(), 60'000));  // within the pipe's buffer
    ::close(in[1]);
    log_(spawned == 0 ? "info" : "error", "job.hook",
         spawned == 0 ? json{{"job", job.name}, {"run_id", r.id}, {"hook", "on-permanent-failure"}, {"pid", pid}}
                      : json{{"job", job.name}, {"run_id", r.id}, {"hook", "on-permanent-failure"},
                             {"error", fmt::format("cannot execute {}: {}", shell, std::strerror(spawned))}});
  }

  void signal_group(Run& r, int sig) {
    if (r.pid > 0) ::kill(-r.pid, sig);
  }

  void read_output(Run& r, bool all) {
    char buf[65536];
    for (int rounds = 0; r.out >= 0 && (all || rounds < 16); ++rounds) {
      const ssize_t n = ::read(r.out, buf, sizeof buf);
      if (n > 0) {
        split_lines(r, std::string_view(buf, static_cast<std::size_t>(n)));
        continue;
      }
      if (n == 0) {  // every writer is gone
        flush_partial(r);
        ::close(r.out);
        r.out = -1;
      }
      return;
    }
  }

  void split_lines(Run& r, std::string_view data) {
    while (!data.empty()) {
      const auto nl = data.find('\n');
      const std::size_t take = nl == std::string_view::npos ? data.size() : nl;
      const std::size_t room = kMaxRecord - r.partial.size();
      if (take > room || (nl == std::string_view::npos && r.partial.size() + take >= kMaxRecord)) {
        r.partial.append(data.substr(0, std::min(take, room)));
        emit(r, true);
        data.remove_prefix(std::min(take, room));
        continue;
      }
      r.partial.append(data.substr(0, take));
      if (nl == std::string_view::npos) return;
      emit(r, false);
      data.remove_prefix(nl + 1);
    }
  }
  void flush_partial(Run& r) {
    if (!r.partial.empty()) emit(r, false);
  }
  void emit(Run& r, bool continued) {
    json fields{{"job", r.state->job.name}, {"run_id", r.id}, {"scheduled_for", iso(r.scheduled_for)}, {"line", r.partial}};
    if (continued) fields["continued"] = true;
    log_("info", "job.output", std::move(fields));
    r.partial.clear();
  }

  void reap() {
    int status = 0;
    pid_t pid;
    while ((pid = ::waitpid(-1, &status, WNOHANG)) > 0) {
      for (auto& r : runs_)
        if (r->pid == pid && !r->exited) {
          r->exited = true;
          r->status = status;
          r->drain_until = monotonic_ms() + kDrainGraceMs;
        }
      // Anything else is an orphan we inherited as subreaper (or PID 1): reaped, nothing to report.
    }
  }

  void finish(std::unique_ptr<Run>& r) {
    read_output(*r, true);
    if (r->out >= 0) {  // a descendant still holds the pipe: the run is over anyway
      flush_partial(*r);
      ::close(r->out);
      r->out = -1;
    }
    JobState& s = *r->state;
    --s.running;
    const auto duration = monotonic_ms() - r->started_mono;
    std::string outcome;
    json fields{{"job", s.job.name}, {"run_id", r->id}, {"scheduled_for", iso(r->scheduled_for)},
                {"duration_ms", duration}, {"attempt", r->attempt}};
    if (!r->failure.empty()) {
      outcome = "failure";
      fields["reason"] = r->failure;
    } else if (WIFEXITED(r->status)) {
      fields["exit_code"] = WEXITSTATUS(r->status);
      outcome = r->timed_out ? "timeout" : WEXITSTATUS(r->status) == 0 ? "success" : "failure";
    } else if (WIFSIGNALED(r->status)) {
      const char* name = ::sigabbrev_np(WTERMSIG(r->status));
      fields["signal"] = name ? name : std::to_string(WTERMSIG(r->status));
      outcome = r->timed_out ? "timeout" : r->stopped ? "killed" : "failure";
    }
    if (r->pid > 0 && ::kill(-r->pid, 0) == 0) fields["descendants_alive"] = true;
    fields["outcome"] = outcome;
    ++s.counters.runs[outcome];
    const auto now = clock_->now();
    if (outcome == "success") s.counters.last_success = now;
    s.last_failed = outcome != "success";
    log_(outcome == "success" ? "info" : "warning", "job.end", fields);  // fields are read again below
    // Retries with backoff 1 s, 2 s, 4 s, ...; never after a stop; only the
    // listed exit codes when retry-on is set. A failure with no retry left
    // runs the on-permanent-failure hook.
    if (outcome == "failure" || outcome == "timeout") {
      const auto& codes = s.job.settings.retry_on;
      const int code = fields.contains("exit_code") ? fields["exit_code"].get<int>() : -1;
      const bool retryable = codes.empty() || std::find(codes.begin(), codes.end(), code) != codes.end();
      if (!stopping_ && !s.removed && retryable && r->attempt <= s.job.settings.retry) {
        s.retry_attempt = r->attempt + 1;
        s.retry_for = r->scheduled_for;
        s.retry_at = monotonic_ms() + (1000LL << std::min(r->attempt - 1, 20));
      } else if (!s.job.settings.on_permanent_failure.empty()) {
        run_hook(*r, fields);
      }
    }
    r.reset();
  }

  // ---- the loop
  void fire_due(sys_milliseconds now) {
    // Clock-time slack: a wake-up this late is still on time (the simulated clock scales it).
    const milliseconds slack{std::max<std::int64_t>(60'000, static_cast<std::int64_t>(50 * clock_->rate()))};
    for (auto& sp : states_) {
      JobState& s = *sp;
      if (!s.job.schedule) continue;
      if (!s.next || *s.next > now) continue;
      // Instants within the slack fire in order (each through the overlap
      // policy); older ones (a jump, downtime, a long stall) go through catch-up.
      if (now - *s.next > slack) {
        const auto recent = s.job.schedule->prev(now - slack + milliseconds{1});
        catch_up(s, s.cursor, recent ? std::max(*recent, s.cursor) : s.cursor, "late");
        advance(s);
      }
      for (int fired = 0; s.next && *s.next <= now && fired < 1000; ++fired) {
        const auto t = *s.next;
        s.cursor = t;
        s.last_fired = t;
        on_time(sp, t);
        advance(s);
      }
      save_state();
    }
  }

  void on_time(const std::shared_ptr<JobState>& sp, sys_milliseconds t) {
    JobState& s = *sp;
    s.retry_at.reset();  // a retry never overlaps the next slot
    if (s.running == 0 && s.pending.empty()) return start(sp, t, 1);
    switch (s.job.settings.concurrency) {
      case Concurrency::allow: return start(sp, t, 1);
      case Concurrency::forbid: {
        ++s.counters.skipped["overlap"];
        const auto mono = monotonic_ms();
        if (!s.last_overlap_log || mono - *s.last_overlap_log >= kStuckWarningEveryMs) {  // rate-limited: a stuck job does not flood
          s.last_overlap_log = mono;
          log_("warning", "job.skip", {{"job", s.job.name}, {"reason", "overlap"}, {"scheduled_for", iso(t)},
                                       {"running", s.running}});
        }
        return;
      }
      case Concurrency::replace:
        for (auto& r : runs_)
          if (r && r->state == sp && !r->exited) {
            r->stopped = true;
            signal_group(*r, SIGTERM);
            r->kill_at = monotonic_ms() + s.job.settings.kill_grace.count();
          }
        s.pending.assign(1, {t, 0});
        return;
      case Concurrency::queue:
        if (s.pending.empty()) {
          s.pending.emplace_back(t, 0);
        } else {
          ++s.counters.skipped["queue-full"];
          log_("warning", "job.skip", {{"job", s.job.name}, {"reason", "queue-full"}, {"scheduled_for", iso(t)}});
        }
        return;
    }
  }

  void start_pending() {
    const auto mono = monotonic_ms();
    for (auto& sp : states_) {
      JobState& s = *sp;
      if (!s.pending.empty() && s.running == 0 && s.pending.front().second <= mono) {
        const auto t = s.pending.front().first;
        s.pending.pop_front();
        start(sp, t, 1);
      }
      if (s.retry_at && *s.retry_at <= mono && s.running == 0) {
        const int attempt = s.retry_attempt;
        s.retry_at.reset();
        start(sp, s.retry_for, attempt);
      }
    }
  }

  void handle_process_deadlines() {
    const auto mono = monotonic_ms();
    for (auto& r : runs_) {
      if (!r) continue;
      if (r->term_at && *r->term_at <= mono && !r->exited) {
        r->term_at.reset();
        r->timed_out = true;
        signal_group(*r, SIGTERM);
        r->kill_at = mono + r->state->job.settings.kill_grace.count();
        log_("warning", "job.timeout", {{"job", r->state->job.name}, {"run_id", r->id}, {"signal", "TERM"}});
      }
      if (r->kill_at && *r->kill_at <= mono) {
        r->kill_at.reset();
        signal_group(*r, SIGKILL);
        if (r->timed_out) log_("warning", "job.timeout", {{"job", r->state->job.name}, {"run_id", r->id}, {"signal", "KILL"}});
      }
    }
  }

  void end_finished() {
    const auto mono = monotonic_ms();
    for (auto& r : runs_)
      if (r && r->exited && (r->out < 0 || (r->drain_until && *r->drain_until <= mono) || r->pid < 0)) finish(r);
    runs_.erase(std::remove(runs_.begin(), runs_.end(), nullptr), runs_.end());
  }

  void begin_shutdown(int sig) {
    if (stopping_) {  // a second signal: no more grace
      for (auto& r : runs_) signal_group(*r, SIGKILL);
      log_("warning", "runner.kill", {{"signal", ::sigabbrev_np(sig)}});
      return;
    }
    stopping_ = true;
    shutdown_signal_ = sig;
    shutdown_deadline_ = monotonic_ms() + o_.shutdown_grace.count();
    const int first = o_.shutdown == RunnerOptions::Shutdown::term   ? SIGTERM
                      : o_.shutdown == RunnerOptions::Shutdown::kill ? SIGKILL
                                                                     : 0;
    for (auto& r : runs_) {
      r->stopped = true;
      if (first) signal_group(*r, first);
    }
    log_("info", "runner.stopping",
         {{"signal", ::sigabbrev_np(sig)}, {"running", runs_.size()}, {"grace_ms", o_.shutdown_grace.count()},
          {"shutdown", first == SIGTERM ? "term" : first == SIGKILL ? "kill" : "wait"}});
  }

  void publish() {
    if (!server_) return;
    const auto now = clock_->now();
    std::string metrics;
    auto line = [&](const std::string& s) { metrics += s + "\n"; };
    auto label = [](const std::string& v) {
      std::string out;
      for (char c : v) out += c == '"' ? std::string("\\\"") : c == '\\' ? std::string("\\\\") : c == '\n' ? std::string("\\n") : std::string(1, c);
      return out;
    };
    line("# HELP fuzzycron_job_runs_total Runs that ended, by outcome.");
    line("# TYPE fuzzycron_job_runs_total counter");
    for (const auto& s : states_)
      for (const char* outcome : {"success", "failure", "timeout", "killed"})
        line(fmt::format("fuzzycron_job_runs_total{{job=\"{}\",outcome=\"{}\"}} {}", label(s->job.name), outcome,
                         s->counters.runs.count(outcome) ? s->counters.runs.at(outcome) : 0));
    line("# TYPE fuzzycron_job_running gauge");
    for (const auto& s : states_) line(fmt::format("fuzzycron_job_running{{job=\"{}\"}} {}", label(s->job.name), s->running));
    auto stamp = [&](const char* name, auto get) {
      line(fmt::format("# TYPE {} gauge", name));
      for (const auto& s : states_)
        if (const std::optional<sys_milliseconds> t = get(*s))
          line(fmt::format("{}{{job=\"{}\"}} {:.3f}", name, label(s->job.name), static_cast<double>(ms_of(*t)) / 1000.0));
    };
    stamp("fuzzycron_job_last_start_timestamp_seconds", [](const JobState& s) { return s.counters.last_start; });
    stamp("fuzzycron_job_last_success_timestamp_seconds", [](const JobState& s) { return s.counters.last_success; });
    stamp("fuzzycron_job_next_scheduled_timestamp_seconds", [](const JobState& s) { return s.next; });
    line("# TYPE fuzzycron_job_late_seconds histogram");
    for (const auto& s : states_) {
      std::uint64_t cumulative = 0;
      for (std::size_t i = 0; i < kLateBounds.size(); ++i) {
        cumulative += s->counters.late_buckets[i];
        line(fmt::format("fuzzycron_job_late_seconds_bucket{{job=\"{}\",le=\"{}\"}} {}", label(s->job.name),
                         kLateBounds[i], cumulative));
      }
      line(fmt::format("fuzzycron_job_late_seconds_bucket{{job=\"{}\",le=\"+Inf\"}} {}", label(s->job.name),
                       s->counters.late_count));
      line(fmt::format("fuzzycron_job_late_seconds_sum{{job=\"{}\"}} {:.3f}", label(s->job.name), s->counters.late_sum));
      line(fmt::format("fuzzycron_job_late_seconds_count{{job=\"{}\"}} {}", label(s->job.name), s->counters.late_count));
    }
    line("# TYPE fuzzycron_job_skipped_total counter");
    for (const auto& s : states_)
      for (const char* reason : {"overlap", "missed", "queue-full"})
        line(fmt::format("fuzzycron_job_skipped_total{{job=\"{}\",reason=\"{}\"}} {}", label(s->job.name), reason,
                         s->counters.skipped.count(reason) ? s->counters.skipped.at(reason) : 0));
    line("# TYPE fuzzycron_clock_events_total counter");
    for (const char* kind : {"step", "suspend"})
      line(fmt::format("fuzzycron_clock_events_total{{kind=\"{}\"}} {}", kind, clock_events_.count(kind) ? clock_events_.at(kind) : 0));
    line("# TYPE fuzzycron_config_reloads_total counter");
    for (const char* result : {"success", "error"})
      line(fmt::format("fuzzycron_config_reloads_total{{result=\"{}\"}} {}", result, reloads_.count(result) ? reloads_.at(result) : 0));

    json jobs = json::array();
    for (const auto& s : states_)
      jobs.push_back({{"job", s->job.name}, {"line", s->job.entry.line}, {"schedule", s->job.entry.schedule},
                      {"resolved", s->job.resolved}, {"running", s->running},
                      {"next", s->next ? json(iso(*s->next)) : json(nullptr)},
                      {"last_fired", s->last_fired ? json(iso(*s->last_fired)) : json(nullptr)},
                      {"last_success", s->counters.last_success ? json(iso(*s->counters.last_success)) : json(nullptr)},
                      {"runs", s->counters.runs}, {"skipped", s->counters.skipped}});
    const json status{{"now", iso(now)}, {"file", o_.file}, {"jobs", jobs}, {"problems", problems_},
                      {"stopping", stopping_}};
    const bool healthy = !o_.strict_health || std::none_of(states_.begin(), states_.end(),
                                                          [](const auto& st) { return st->last_failed; });
    server_->publish(std::move(metrics), status.dump(-1, ' ', false, json::error_handler_t::replace), true, healthy);
  }

  void loop() {
    std::vector<bool> ready;
    for (;;) {
      for (const auto& j : clock_->jumps()) {
        const char* kind = j.kind == ClockJump::suspend ? "suspend" : "step";
        ++clock_events_[kind];
        log_("warning", j.kind == ClockJump::suspend ? "clock.suspend" : "clock.step",
             j.kind == ClockJump::suspend ? json{{"duration_s", static_cast<double>(j.delta.count()) / 1000.0}}
                                          : json{{"delta_s", static_cast<double>(j.delta.count()) / 1000.0}});
        // Forward: every instant jumped over goes through the job's catch-up
        // policy at once (at most the policy's runs, however long the jump).
        // Backward: the next fire is still the first instant after the cursor.
        const auto now = clock_->now();
        for (auto& s : states_) {
          if (!s->job.schedule) continue;
          if (j.delta.count() > 0 && s->cursor < now) catch_up(*s, s->cursor, now, kind);
          advance(*s);
        }
        save_state();
      }
      const auto now = clock_->now();
      if (!stopping_) {
        fire_due(now);
        start_pending();
      }
      handle_process_deadlines();
      end_finished();
      publish();
      if (stopping_) {
        if (runs_.empty()) break;
        if (monotonic_ms() >= shutdown_deadline_) {
          for (auto& r : runs_) {
            signal_group(*r, SIGKILL);
            r->kill_at.reset();
          }
          shutdown_deadline_ = INT64_MAX;  // killed: wait for the statuses
        }
      }
      // The next wall instant and the next process deadline.
      std::optional<sys_milliseconds> wall;
      if (!stopping_)
        for (const auto& s : states_)
          if (s->next && (!wall || *s->next < *wall)) wall = s->next;
      std::optional<std::int64_t> mono;
      auto earliest = [&](std::int64_t t) { mono = mono ? std::min(*mono, t) : t; };
      for (const auto& r : runs_) {
        if (r->term_at) earliest(*r->term_at);
        if (r->kill_at) earliest(*r->kill_at);
        if (r->drain_until) earliest(*r->drain_until);
      }
      for (const auto& s : states_) {
        if (!s->pending.empty() && s->running == 0) earliest(s->pending.front().second);
        if (s->retry_at) earliest(*s->retry_at);
      }
      if (stopping_ && shutdown_deadline_ != INT64_MAX) earliest(shutdown_deadline_);
      if (server_) earliest(monotonic_ms() + 1000);  // /healthz: the loop ticks at least every second
      std::vector<int> fds{signal_fd_, inotify_fd_};
      for (const auto& r : runs_)
        if (r->out >= 0) fds.push_back(r->out);
      clock_->wait(wall, mono, fds, ready);
      if (ready[0]) handle_signals();
      if (ready[1]) {
        char buf[4096];
        while (::read(inotify_fd_, buf, sizeof buf) > 0) {
        }
        if (!stopping_) reload(false);
      }
      std::size_t k = 2;
      for (auto& r : runs_)
        if (r->out >= 0) {
          if (ready[k]) read_output(*r, false);
          ++k;
        }
    }
    log_("info", "runner.stop", {{"signal", shutdown_signal_ ? ::sigabbrev_np(shutdown_signal_) : "none"},
                                 {"grace_ms", o_.shutdown_grace.count()}});
    save_state();
  }

  void handle_signals() {
    signalfd_siginfo info;
    while (::read(signal_fd_, &info, sizeof info) == sizeof info) {
      const int sig = static_cast<int>(info.ssi_signo);
      if (sig == SIGCHLD) reap();
      else if (sig == SIGHUP) {
        if (!stopping_) {
          text_.clear();  // SIGHUP rereads even an unchanged file
          reload(false);
        }
      } else begin_shutdown(sig);
    }
    reap();  // SIGCHLDs coalesce: reap whatever is there
  }

  const RunnerOptions& o_;
  std::unique_ptr<Clock> clock_;
  Logger log_;
  std::vector<std::shared_ptr<JobState>> states_;
  std::vector<std::unique_ptr<Run>> runs_;
  std::string text_;
  json problems_ = json::array();
  int signal_fd_ = -1, inotify_fd_ = -1;
  bool stopping_ = false;
  int shutdown_signal_ = 0;
  std::int64_t shutdown_deadline_ = INT64_MAX;
  std::uint64_t run_counter_ = 0;
  std::map<std::string, std::uint64_t> clock_events_, reloads_;
  std::unique_ptr<StatusServer> server_;
  int stop_status_ = 0;
  sys_milliseconds started_;
};

}  // namespace

int run(const RunnerOptions& options, std::ostream& log) {
  Runner r(options, log);
  return r.run();
}

int test_config(const RunnerOptions& options, std::ostream& out) {
  const auto loaded = read_config(options, out);
  if (!loaded) return 1;
  const auto& [text, config] = *loaded;
  for (const auto& p : config.problems)
    out << fmt::format("{}:{}:{}: error: {}\n  {}\n  {}^\n", options.file, p.line, p.column, p.message, p.text,
                       std::string(static_cast<std::size_t>(std::max(p.column - 1, 0)), ' '));
  LintOptions lint_options;
  lint_options.parse = options.parse;
  lint_options.host = options.host;
  lint_options.target = LintTarget::fuzzycron;
  lint_options.from = options.sim_start.value_or(
      std::chrono::time_point_cast<milliseconds>(std::chrono::system_clock::now()));
  for (const auto& f : lint(parse_crontab(text, options.parse.dialect), lint_options))
    if (f.severity >= Severity::warning && !f.code.starts_with("FC00"))
      out << fmt::format("{}:{}:{}: {} {}: {}\n", options.file, f.line, f.column, severity_name(f.severity), f.code,
                         f.message);
  out << fmt::format("{}: {} job{}, {} problem{}\n", options.file, config.jobs.size(), config.jobs.size() == 1 ? "" : "s",
                     config.problems.size(), config.problems.size() == 1 ? "" : "s");
  return config.problems.empty() && !config.jobs.empty() ? 0 : 1;
}

int dry_run(const RunnerOptions& options, sys_milliseconds from, int count, std::ostream& out) {
  const auto loaded = read_config(options, out);
  if (!loaded) return 1;
  const Config& config = loaded->second;
  for (const auto& p : config.problems) out << fmt::format("{}:{}:{}: error: {}\n", options.file, p.line, p.column, p.message);
  for (const auto& job : config.jobs) {
    if (!in_shard(job, options.shard)) continue;
    out << fmt::format("{} (line {}): {} -> {}\n", job.name, job.entry.line, job.entry.schedule, job.resolved);
    if (!job.schedule) {
      out << "  at each runner start\n";
      continue;
    }
    auto t = job.schedule->next(from);
    for (int i = 0; i < count && t; ++i, t = job.schedule->next(*t)) out << "  " << format_rfc3339(*t, job.schedule->zone()) << "\n";
    if (!job.schedule->next(from)) out << "  never fires after " << iso(from) << "\n";
  }
  return config.problems.empty() ? 0 : 1;
}

}  // namespace fuzzycron::runner
