#include "fuzzycron/seed.h"

#include <fmt/format.h>

#include "fuzzycron/error.h"

namespace fuzzycron {
namespace {

// Length of the valid UTF-8 sequence at s[i], or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n;
  unsigned min;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, min = 0x10000;
  else
    return 0;
  if (i + n > s.size()) return 0;
  unsigned cp = c & (0xff >> (n + 1));
  for (std::size_t k = 1; k < n; ++k) {
    const auto cc = static_cast<unsigned char>(s[i + k]);
    if ((cc & 0xc0) != 0x80) return 0;
    cp = cp << 6 | (cc & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}

}  // namespace

Seed::Seed(std::vector<std::string> parts) : parts_(std::move(parts)) {
  for (std::size_t p = 0; p < parts_.size(); ++p) {
    const std::string& part = parts_[p];
    const std::string shown = part.size() > 60 ? part.substr(0, 60) + "..." : part;
    if (part.empty())
      throw Error(ErrorKind::bad_seed,
                  fmt::format("seed part {} is empty: every part (host, job name, ...) needs text", p + 1), "''", 1);
    for (std::size_t i = 0; i < part.size();) {
      if (part[i] == '\0')
        throw Error(ErrorKind::bad_seed, fmt::format("seed part {} contains a NUL byte at byte {}", p + 1, i + 1),
                    shown, static_cast<int>(i) + 1);
      const std::size_t n = utf8_length(part, i);
      if (n == 0)
        throw Error(ErrorKind::bad_seed, fmt::format("seed part {} is not valid UTF-8 at byte {}", p + 1, i + 1), shown,
                    static_cast<int>(i) + 1);
      i += n;
    }
  }
}

Seed Seed::bytes(std::vector<std::string> parts) {
  for (std::size_t p = 0; p < parts.size(); ++p)
    if (parts[p].empty())
      throw Error(ErrorKind::bad_seed, fmt::format("seed part {} is empty: every part needs at least one byte", p + 1),
                  "''", 1);
  Seed seed;
  seed.parts_ = std::move(parts);
  return seed;
}

std::string Seed::joined() const {
  std::string out;
  for (const auto& p : parts_) {
    if (!out.empty()) out += '/';
    out += p;
  }
  return out;
}

}  // namespace fuzzycron
