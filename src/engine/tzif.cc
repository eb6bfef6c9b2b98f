#include "engine/tzif.h"

#include <algorithm>
#include <limits>

namespace fuzzycron::engine {
namespace {

// Big-endian integers of the file, with a bounds check on every read.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool has(std::size_t n) const { return n <= bytes_.size() - at_; }
  std::int64_t integer(int size) {
    std::uint64_t v = 0;
    for (int i = 0; i < size; ++i) v = v << 8 | static_cast<unsigned char>(bytes_[at_++]);
    if (size == 4) return static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
    return static_cast<std::int64_t>(v);
  }
  unsigned char byte() { return static_cast<unsigned char>(bytes_[at_++]); }
  void skip(std::size_t n) { at_ += n; }
  std::string_view rest() const { return bytes_.substr(at_); }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

struct Counts {
  std::size_t isut, isstd, leap, time, type, chars;
};

std::optional<Counts> header(Reader& r, char& version) {
  if (!r.has(44) || r.rest().substr(0, 4) != "TZif") return std::nullopt;
  r.skip(4);
  version = static_cast<char>(r.byte());
  r.skip(15);
  Counts c{};
  for (std::size_t* n : {&c.isut, &c.isstd, &c.leap, &c.time, &c.type, &c.chars})
    *n = static_cast<std::size_t>(static_cast<std::uint32_t>(r.integer(4)));
  if (c.type == 0 || c.type > 256 || c.time > 100000 || c.chars > 100000 || c.leap > 100000) return std::nullopt;
  return c;
}

std::size_t block_size(const Counts& c, int time_size) {
  return c.time * static_cast<std::size_t>(time_size) + c.time + c.type * 6 + c.chars +
         c.leap * static_cast<std::size_t>(time_size + 4) + c.isstd + c.isut;
}

}  // namespace

std::optional<Tzif> read_tzif(std::string_view bytes) {
  Reader r(bytes);
  char version = 0;
  auto counts = header(r, version);
  if (!counts) return std::nullopt;
  int time_size = 4;
  if (version >= '2') {  // skip the 32-bit block: the 64-bit one follows with its own header
    if (!r.has(block_size(*counts, 4))) return std::nullopt;
    r.skip(block_size(*counts, 4));
    counts = header(r, version);
    if (!counts) return std::nullopt;
    time_size = 8;
  }
  const Counts c = *counts;
  if (!r.has(block_size(c, time_size))) return std::nullopt;
  Tzif z;
  std::vector<std::int64_t> times(c.time);
  for (auto& t : times) t = r.integer(time_size);
  std::vector<unsigned char> types(c.time);
  for (auto& t : types) t = r.byte();
  std::vector<std::int32_t> type_offsets(c.type);
  for (auto& o : type_offsets) {
    o = static_cast<std::int32_t>(r.integer(4));
    r.skip(2);  // isdst, abbreviation index
  }
  r.skip(c.chars + c.leap * static_cast<std::size_t>(time_size + 4) + c.isstd + c.isut);
  for (std::size_t i = 0; i < c.time; ++i) {
    if (types[i] >= c.type || (i > 0 && times[i] <= times[i - 1])) return std::nullopt;
    z.times.push_back(times[i]);
    z.offsets.push_back(type_offsets[types[i]]);
  }
  z.initial = type_offsets[0];  // RFC 8536: type 0 before the first transition
  if (time_size == 8) {
    const std::string_view rest = r.rest();
    if (rest.size() >= 2 && rest.front() == '\n') {
      const auto end = rest.find('\n', 1);
      if (end != std::string_view::npos) z.footer = std::string(rest.substr(1, end - 1));
    }
  }
  return z;
}

RuleInterval tzif_info(const Tzif& z, std::int64_t t) noexcept {
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min() / 2;
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max() / 2;
  const auto after = std::upper_bound(z.times.begin(), z.times.end(), t);  // first transition after t
  const std::size_t i = static_cast<std::size_t>(after - z.times.begin());
  if (i == 0) return {kMin, z.times.empty() ? kMax : z.times.front(), z.initial};
  return {z.times[i - 1], i < z.times.size() ? z.times[i] : kMax, z.offsets[i - 1]};
}

}  // namespace fuzzycron::engine
