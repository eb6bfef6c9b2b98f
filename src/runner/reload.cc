// The loop's configuration: watching the crontab, reading it once the writer
// is done, applying what changed (jobs that did not change keep their state).
#include <sys/inotify.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "fuzzycron/balance.h"
#include "runner/loop.h"
#include "runner/planner.h"

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;

// Up to `max` items of a list for one log line, and how many were left out.
json bounded(const std::vector<std::string>& items, std::size_t max = 20) {
  if (items.size() <= max) return items;
  json out = std::vector<std::string>(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(max));
  out.push_back(fmt::format("... and {} more", items.size() - max));
  return out;
}

}  // namespace

// ---- configuration
void Runner::watch() {
  inotify_fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  // The directories, so a rename over the file or a ConfigMap's ..data symlink swap is seen;
  // the balance lock's too (the same directory is watched once).
  for (const std::string& file : {o_.file, o_.balance}) {
    if (file.empty()) continue;
    const std::string dir = std::filesystem::path(file).parent_path().string();
    if (inotify_fd_ >= 0)
      inotify_add_watch(inotify_fd_, dir.empty() ? "." : dir.c_str(),
                        IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB);
  }
}

// Whether the directory's events name the crontab (or a ConfigMap's ..data
// swap): other files in its directory (a log, an editor's swap file) change
// nothing.
// Watches the directories of the jobs' calendar files (a directory watched already is not added twice).
void Runner::watch_calendars() {
  if (inotify_fd_ < 0) return;
  for (const auto& [path, text] : calendars_) {
    const std::string dir = std::filesystem::path(path).parent_path().string();
    inotify_add_watch(inotify_fd_, dir.empty() ? "." : dir.c_str(),
                      IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB);
  }
}

bool Runner::crontab_changed() {
  const std::string name = std::filesystem::path(o_.file).filename().string();
  const std::string lock = o_.balance.empty() ? "" : std::filesystem::path(o_.balance).filename().string();
  const auto is_calendar = [&](std::string_view changed) {
    return std::any_of(calendars_.begin(), calendars_.end(),
                       [&](const auto& c) { return std::filesystem::path(c.first).filename() == changed; });
  };
  alignas(inotify_event) char buf[16384];
  bool ours = false;
  for (ssize_t n; (n = ::read(inotify_fd_, buf, sizeof buf)) > 0;)
    for (char* p = buf; p < buf + n;) {
      const auto* e = reinterpret_cast<const inotify_event*>(p);
      const std::string_view changed = e->len ? std::string_view(e->name) : std::string_view();
      ours = ours || changed.empty() || changed == name || (!lock.empty() && changed == lock) ||
             changed.starts_with("..") || is_calendar(changed) || (e->mask & IN_Q_OVERFLOW);
      p += sizeof(inotify_event) + e->len;
    }
  return ours;
}

bool Runner::reload(bool first) {
  const std::optional<std::string> read = read_text(o_.file);
  if (!read) {
    log_("error", first ? "runner.start" : "config.reload",
         {{"result", "error"},
          {"file", o_.file},
          {"error", "cannot read the file"},
          {"kept", "the running configuration"}});
    if (!first) ++counters_.reloads["error"];
    return false;
  }
  const std::string& text = *read;
  // The balance lock is read with the crontab: a changed lock moves its jobs.
  std::string lock_text;
  if (!o_.balance.empty()) {
    std::string why;
    if (const auto lock = read_text(o_.balance)) {
      lock_text = *lock;
      if (first || lock_text != lock_text_) try {
          auto read_lock = std::make_shared<const BalanceLock>(BalanceLock::read(lock_text));
          if (read_lock->dialect() != o_.parse.dialect)
            why = fmt::format("the lock is for the {} dialect, and the schedules are read as {}",
                              dialect_name(read_lock->dialect()), dialect_name(o_.parse.dialect));
          else
            balance_ = std::move(read_lock);
        } catch (const Error& e) {
          why = e.line() ? fmt::format("line {}: {}", e.line(), e.message()) : e.message();
        }
    } else {
      why = "cannot read the file";
    }
    if (!why.empty()) {
      log_("error", first ? "runner.start" : "config.reload",
           {{"result", "error"}, {"file", o_.balance}, {"error", why}, {"kept", "the running configuration"}});
      if (first) return false;
      ++counters_.reloads["error"];
      lock_text_ = lock_text;  // reported once; a fixed lock reloads
      return false;
    }
  }
  // The calendars the jobs name, as a holiday file changes: each one read again.
  const bool calendars_same = std::all_of(calendars_.begin(), calendars_.end(),
                                          [](const auto& c) { return read_text(c.first).value_or("") == c.second; });
  if (!first && text == text_ && lock_text == lock_text_ && calendars_same) return true;
  ParseOptions parse = o_.parse;
  if (!o_.balance.empty()) parse.balance = balance_;
  Config config = load_config(text, parse, o_.seed_host(), std::filesystem::path(o_.file).parent_path().string());
  calendars_ = config.calendars;  // reported once when bad; a fixed calendar reloads
  watch_calendars();
  std::vector<std::string> problems;  // one line each, for the log and /status
  std::size_t errors = 0;
  for (Diagnostic p : config.problems) {
    errors += p.severity == Severity::error;
    p.text.clear();
    problems.push_back(format_diagnostic(o_.file, p));
    problems.back().pop_back();  // its newline
  }
  const ReloadVerdict verdict = plan_reload_verdict(first, errors, config.jobs.size());
  if (verdict == ReloadVerdict::keep_running) {
    // A file with a problem, or with no job at all (an editor's truncate-then-write,
    // an empty ConfigMap): the running configuration stays, as at start.
    ++counters_.reloads["error"];
    log_("error", "config.reload",
         {{"result", "error"},
          {"problems", bounded(errors > 0 ? problems : std::vector<std::string>{o_.file + ": no job to run"})},
          {"kept", "the running configuration"}});
    text_ = text;  // reported once; a fixed file reloads
    return false;
  }
  std::size_t logged = 0;
  for (const auto& p : config.problems)
    if (++logged <= 100)  // every problem is in /status; the log keeps its lines bounded
      log_(p.severity == Severity::error ? "error" : "warning", "config.problem",
           {{"file", o_.file}, {"line", p.line}, {"column", p.column}, {"message", p.message}});
  if (logged > 100) log_("error", "config.problem", {{"file", o_.file}, {"more", logged - 100}});
  if (verdict == ReloadVerdict::fail_start) {
    log_("error", "runner.start", {{"error", "no job to run"}, {"problems", bounded(problems)}});
    return false;
  }
  problems_ = problems;
  text_ = text;
  lock_text_ = lock_text;
  apply(std::move(config), first);
  if (!first) {
    ++counters_.reloads["success"];
    log_("info", "config.reload", {{"result", "success"}, {"jobs", planner_.states().size()}});
  }
  return true;
}

void Runner::apply(Config config, bool first) {
  // At start, instants from the runner's first moment on are due (a fast
  // simulated clock may pass some while the file is read).
  planner_.configure(std::move(config), first, first ? started_ : clock_.now());
  const auto& states = planner_.states();
  // Each job's line, up to a thousand (the log stays readable at 100,000 jobs; /status has them all).
  constexpr std::size_t kScheduledLines = 1000;
  for (std::size_t i = 0; i < states.size() && i < kScheduledLines; ++i) {
    const auto& s = states[i];
    log_("info", "job.scheduled",
         {{"job", s->job.name},
          {"line", s->job.entry.line},
          {"schedule", s->job.entry.schedule},
          {"resolved", s->job.resolved},
          {"next", s->next ? json(iso(*s->next)) : json(nullptr)}});
  }
  if (states.size() > kScheduledLines)
    log_("info", "job.scheduled", {{"more", states.size() - kScheduledLines}, {"see", "/status"}});
  if (first) ledger_->checkpoint(states);  // the state of this configuration, from its first moment
}

}  // namespace fuzzycron::runner
