// croniter's hash (croniter 6): crc = CRC-32 (zlib) of the UTF-8 seed; the
// field with internal index idx (minute 0, hour 1, day-of-month 2, month 3,
// day-of-week 4, second 5, year 6) draws (crc >> idx) mod bound. Every hash
// form of a field draws the same value; fields share bits.

#include "hash/digest.h"
#include "hash/hasher.h"

namespace fuzzycron::hash {
namespace {

int croniter_index(syntax::FieldId field) {
  switch (field) {
    case syntax::FieldId::minute: return 0;
    case syntax::FieldId::hour: return 1;
    case syntax::FieldId::day_of_month: return 2;
    case syntax::FieldId::month: return 3;
    case syntax::FieldId::day_of_week: return 4;
    case syntax::FieldId::second: return 5;
    case syntax::FieldId::year: return 6;
  }
  return 0;
}

class Croniter final : public Hasher {
 public:
  explicit Croniter(const Seed& seed) {
    const std::string text = seed.joined();
    crc_ = crc32(text);
  }
  std::uint64_t draw(syntax::FieldId field, int, std::uint64_t bound) override {
    return (crc_ >> croniter_index(field)) % bound;
  }

 private:
  std::uint32_t crc_ = 0;
};

}  // namespace

std::unique_ptr<Hasher> make_croniter(const Seed& seed) { return std::make_unique<Croniter>(seed); }

}  // namespace fuzzycron::hash
