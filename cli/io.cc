#include "io.h"

#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include "fuzzycron/error.h"

namespace fuzzycron::cli {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::argument, "cannot read the file '" + path + "'", path, 1);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = std::min(text.find('\n', start), text.size());
    lines.emplace_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

static std::vector<std::string> read_host_list(const std::string& path) {
  std::vector<std::string> hosts;
  std::map<std::string, int> first_line;
  int line_no = 0;
  for (std::string line : lines_of(read_file(path))) {
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    line.erase(0, first);
    if (line.find('\0') != std::string::npos)
      throw Error(ErrorKind::argument, fmt::format("{}:{}: binary data (a NUL byte) in the host list", path, line_no),
                  line, 1, line_no);
    if (const auto [it, fresh] = first_line.try_emplace(line, line_no); !fresh)
      throw Error(ErrorKind::argument,
                  fmt::format("{}:{}: host '{}' is listed twice (first on line {}); each host runs each job once", path,
                              line_no, line, it->second),
                  line, 1, line_no);
    hosts.push_back(line);
  }
  if (hosts.empty())
    throw Error(ErrorKind::argument, fmt::format("{}: the host list names no hosts (one per line)", path), path, 1);
  return hosts;
}

std::vector<std::string> hosts_of(const std::optional<int>& count, const std::string& list) {
  std::vector<std::string> hosts;
  if (count) {
    if (*count < 1)
      throw Error(ErrorKind::argument,
                  "--hosts needs at least 1 host (hosts are named host-1 ... host-N), or give --host-list FILE",
                  std::to_string(*count), 1);
    if (*count > 1'000'000)
      throw Error(ErrorKind::argument, "--hosts is limited to 1,000,000", std::to_string(*count), 1);
    for (int i = 1; i <= *count; ++i) hosts.push_back(fmt::format("host-{}", i));
  } else if (!list.empty()) {
    hosts = read_host_list(list);
  }
  return hosts;
}

void write_file_atomically(const std::string& given, std::string_view text) {
  std::error_code ec;
  // A symlink's target is what changes (the link stays); a device, FIFO or
  // socket (-o /dev/null, /dev/stdout) is written to, never replaced by a file.
  const std::string path =
      std::filesystem::is_symlink(given, ec) ? std::filesystem::weakly_canonical(given, ec).string() : given;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    std::ofstream f(path, std::ios::binary);
    f << text;
    if (!f.flush()) throw Error(ErrorKind::argument, "cannot write '" + given + "'", given, 1);
    return;
  }
  const std::string temporary = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream f(temporary, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f.flush()) {
      std::remove(temporary.c_str());
      throw Error(ErrorKind::argument, "cannot write '" + temporary + "'", path, 1);
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw Error(ErrorKind::argument, "cannot replace '" + path + "'", path, 1);
  }
}

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

std::string format_distance(std::chrono::milliseconds d) {
  const long long ms = d.count();
  if (ms < 1000) return fmt::format("{}ms", ms);
  const std::array<std::pair<long long, const char*>, 5> units{
      {{365LL * 86400, "y"}, {86400, "d"}, {3600, "h"}, {60, "m"}, {1, "s"}}};
  std::string out;
  long long rest = ms / 1000;
  int shown = 0;
  for (const auto& [size, name] : units) {
    if (shown == 2) break;
    const long long n = rest / size;
    if (n == 0 && shown == 0) continue;
    rest -= n * size;
    if (n != 0) out += fmt::format("{}{}{}", out.empty() ? "" : " ", n, name);
    ++shown;
  }
  return out;
}

// ".github/workflows/x.yml" from any path that contains it, else the file name.
std::string workflow_path_of(const std::string& file) {
  const auto at = file.rfind(".github/workflows/");
  if (at != std::string::npos) return file.substr(at);
  const auto slash = file.rfind('/');
  return slash == std::string::npos ? file : file.substr(slash + 1);
}

}  // namespace fuzzycron::cli
