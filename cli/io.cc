#include "io.h"

#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>

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

}  // namespace fuzzycron::cli
