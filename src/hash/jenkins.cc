// Jenkins' Hash: MD5 of the seed (UTF-8) folded to 64 bits seeds a
// java.util.Random; every hash form draws one nextInt(bound) in reading order.

#include "hash/digest.h"
#include "hash/hasher.h"

namespace fuzzycron::hash {
namespace {

// java.util.Random, exactly (a 48-bit linear congruential generator).
class JavaRandom {
 public:
  explicit JavaRandom(std::int64_t seed) : state_((static_cast<std::uint64_t>(seed) ^ kMultiplier) & kMask) {}

  std::int32_t next_int(std::int32_t bound) {
    if ((bound & -bound) == bound)  // a power of two
      return static_cast<std::int32_t>((static_cast<std::int64_t>(bound) * next(31)) >> 31);
    std::int32_t bits, value;
    do {
      bits = next(31);
      value = bits % bound;
    } while (static_cast<std::int32_t>(static_cast<std::uint32_t>(bits) - static_cast<std::uint32_t>(value) +
                                       static_cast<std::uint32_t>(bound - 1)) < 0);
    return value;
  }

 private:
  static constexpr std::uint64_t kMultiplier = 0x5DEECE66DULL;
  static constexpr std::uint64_t kMask = (std::uint64_t{1} << 48) - 1;

  std::int32_t next(int bits) {
    state_ = (state_ * kMultiplier + 0xBULL) & kMask;
    return static_cast<std::int32_t>(static_cast<std::int64_t>(state_) >> (48 - bits));
  }

  std::uint64_t state_;
};

std::int64_t md5_fold(const std::string& text) {
  auto d = md5(text);
  for (int i = 8; i < 16; ++i) d[i % 8] ^= d[i];
  std::uint64_t l = 0;
  for (int i = 0; i < 8; ++i) l = (l << 8) + d[i];
  return static_cast<std::int64_t>(l);
}

class Jenkins final : public Hasher {
 public:
  explicit Jenkins(const Seed& seed) : random_(md5_fold(seed.joined())) {}
  std::uint64_t draw(syntax::FieldId, int, std::uint64_t bound) override {
    return static_cast<std::uint64_t>(random_.next_int(static_cast<std::int32_t>(bound)));
  }

 private:
  JavaRandom random_;
};

}  // namespace

std::unique_ptr<Hasher> make_jenkins(const Seed& seed) { return std::make_unique<Jenkins>(seed); }

}  // namespace fuzzycron::hash
