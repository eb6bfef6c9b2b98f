#include "runner/state_store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace fuzzycron::runner {
namespace {

using json = nlohmann::json;

std::string errno_text(int error) { return std::strerror(error); }

// Writes all of `text` (a short write on a full disk is an error, not a truncated file).
int write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

std::optional<std::string> read_all(const std::string& path, int& error) {
  error = 0;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = errno == ENOENT ? 0 : errno;
    return std::nullopt;
  }
  std::string out;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = errno;
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

json to_json(const JobRecord& r) { return {{"cursor", r.cursor}, {"pending", r.pending}}; }

std::optional<JobRecord> from_json(const json& v) {
  if (!v.is_object()) return std::nullopt;
  JobRecord r;
  if (v.contains("cursor") && v["cursor"].is_number_integer())
    r.cursor = v["cursor"].get<std::int64_t>();
  else if (v.contains("last_fired") && v["last_fired"].is_number_integer())  // the format before 0.5
    r.cursor = v["last_fired"].get<std::int64_t>();
  else
    return std::nullopt;
  if (v.contains("pending") && v["pending"].is_array())
    for (const auto& t : v["pending"])
      if (t.is_number_integer()) r.pending.push_back(t.get<std::int64_t>());
  return r;
}

void sync_dir(const std::string& dir) {
  if (const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

}  // namespace

StateStore::StateStore(std::string dir, std::string name) : dir_(std::move(dir)), name_(std::move(name)) {}

StateStore::~StateStore() {
  if (journal_fd_ >= 0) ::close(journal_fd_);
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the lock
}

std::string StateStore::open() {
  if (!enabled()) return {};
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec) return fmt::format("cannot create the state directory {}: {}", dir_, ec.message());
  if (!std::filesystem::is_directory(dir_, ec)) return fmt::format("the state directory {} is not a directory", dir_);
  const std::string lock = dir_ + "/" + name_ + ".lock";
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) return fmt::format("cannot write in the state directory {}: {}", dir_, errno_text(errno));
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    int error = 0;
    std::string owner = read_all(lock, error).value_or("");
    while (!owner.empty() && (owner.back() == '\n' || owner.back() == ' ')) owner.pop_back();
    ::close(lock_fd_);
    lock_fd_ = -1;
    return fmt::format(
        "the state directory {} is in use by another runner{} ({}): give each runner (or each --shard) its own "
        "runner, or stop the other one",
        dir_, owner.empty() ? "" : " (pid " + owner + ")", lock);
  }
  (void)!::ftruncate(lock_fd_, 0);
  (void)!write_all(lock_fd_, std::to_string(::getpid()) + "\n");
  journal_fd_ = ::open(journal_path().c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (journal_fd_ < 0) return fmt::format("cannot write {}: {}", journal_path(), errno_text(errno));
  return {};
}

std::map<std::string, JobRecord> StateStore::load(std::vector<std::string>& problems) {
  std::map<std::string, JobRecord> out;
  if (!enabled()) return out;
  int error = 0;
  if (const auto text = read_all(path(), error)) {
    const json j = json::parse(*text, nullptr, false);
    if (!j.is_object() || !j.contains("jobs") || !j["jobs"].is_object()) {
      problems.push_back(path() + ": not a state file of fuzzycron; ignored");
    } else {
      if (j.contains("version") && j["version"].is_number_integer() && j["version"].get<int>() > 2)
        problems.push_back(fmt::format("{}: version {} is newer than this runner's (2); read as far as understood",
                                       path(), j["version"].get<int>()));
      for (auto& [name, v] : j["jobs"].items())
        if (const auto r = from_json(v)) out[name] = *r;
    }
  } else if (error != 0) {
    problems.push_back(path() + ": " + errno_text(error));
  }
  if (const auto text = read_all(journal_path(), error)) {
    std::istringstream lines(*text);
    std::size_t n = 0, bad = 0;
    for (std::string line; std::getline(lines, line);) {
      ++n;
      const json j = json::parse(line, nullptr, false);
      const auto r = j.is_object() && j.contains("job") && j["job"].is_string() ? from_json(j) : std::nullopt;
      if (!r) {
        ++bad;  // a line torn by a crash or a full disk
        continue;
      }
      out[j["job"].get<std::string>()] = *r;
    }
    journal_records_ = n;
    if (bad > 0) problems.push_back(fmt::format("{}: {} unreadable line(s) ignored", journal_path(), bad));
  } else if (error != 0) {
    problems.push_back(journal_path() + ": " + errno_text(error));
  }
  return out;
}

void StateStore::record(const std::string& job, JobRecord r) {
  if (enabled()) queued_[job] = std::move(r);
}

std::string StateStore::flush() {
  if (!enabled() || queued_.empty() || journal_fd_ < 0) return {};
  std::string text;
  for (const auto& [job, r] : queued_) {
    json line = to_json(r);
    line["job"] = job;
    text += line.dump(-1, ' ', false, json::error_handler_t::replace);
    text += '\n';
  }
  struct stat before {};
  ::fstat(journal_fd_, &before);
  int error = write_all(journal_fd_, text);
  if (error == 0 && ::fdatasync(journal_fd_) != 0) error = errno;
  if (error != 0) {
    // No torn line stays behind for the next write to glue onto.
    (void)!::ftruncate(journal_fd_, before.st_size);
    return fmt::format("{}: {}", journal_path(), errno_text(error));
  }
  journal_records_ += queued_.size();
  queued_.clear();
  return {};
}

std::string StateStore::snapshot(const std::map<std::string, JobRecord>& all) {
  if (!enabled() || journal_fd_ < 0) return {};
  json jobs = json::object();
  for (const auto& [name, r] : all) jobs[name] = to_json(r);
  const std::string text =
      json{{"version", 2}, {"jobs", jobs}}.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  const std::string file = path(), tmp = file + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return fmt::format("{}: {}", tmp, errno_text(errno));
  int error = write_all(fd, text);
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  ::close(fd);
  if (error == 0 && ::rename(tmp.c_str(), file.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(tmp.c_str());  // the old snapshot and the journal stay as they were
    return fmt::format("{}: {}", file, errno_text(error));
  }
  sync_dir(dir_);
  // The snapshot holds everything the journal said: empty it. A crash before
  // this replays records the snapshot already has, which changes nothing.
  if (::ftruncate(journal_fd_, 0) == 0) {
    ::fdatasync(journal_fd_);
    journal_records_ = 0;
  }
  queued_.clear();
  return {};
}

}  // namespace fuzzycron::runner
