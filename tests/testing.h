// Helpers the tests share: instants from RFC 3339 text and files read whole.
#pragma once

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzzycron/rfc3339.h"

namespace fuzzycron::testing {

// The instant an RFC 3339 text names; throws on a bad text (a test's typo is not a nullopt).
inline sys_milliseconds at(const char* rfc3339) {
  const auto t = parse_rfc3339(rfc3339);
  if (!t) throw std::invalid_argument(std::string("not an RFC 3339 time: ") + rfc3339);
  return *t;
}

// A file's text; throws when it cannot be read.
inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A file's lines, without their line ends.
inline std::vector<std::string> read_lines(const std::string& path) {
  std::istringstream in(read_text(path));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace fuzzycron::testing
