#include "runner/state_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace fuzzycron::runner {

using json = nlohmann::json;

std::map<std::string, std::int64_t> StateStore::load(bool& unreadable) const {
  unreadable = false;
  std::map<std::string, std::int64_t> out;
  if (!enabled()) return out;
  std::ifstream in(path(), std::ios::binary);
  if (!in) return out;
  const json j = json::parse(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), nullptr, false);
  if (!j.is_object() || !j.contains("jobs") || !j["jobs"].is_object()) {
    unreadable = true;
    return out;
  }
  for (auto& [name, v] : j["jobs"].items())
    if (v.is_object() && v.contains("last_fired") && v["last_fired"].is_number_integer())
      out[name] = v["last_fired"].get<std::int64_t>();
  return out;
}

std::string StateStore::save(const std::map<std::string, std::int64_t>& cursors) const {
  if (!enabled()) return {};
  json jobs = json::object();
  for (const auto& [name, ms] : cursors) jobs[name] = {{"last_fired", ms}};
  const std::string file = path(), tmp = file + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << json{{"jobs", jobs}}.dump() << '\n';
    if (!out) return tmp + ": " + std::strerror(errno);
  }
  if (const int fd = ::open(tmp.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, file, ec);
  return ec ? file + ": " + ec.message() : std::string();
}

}  // namespace fuzzycron::runner
