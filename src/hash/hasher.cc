#include "hash/hasher.h"

namespace fuzzycron::hash {

std::unique_ptr<Hasher> make_hasher(HashScheme scheme, const Seed& seed, const FurikoOptions& furiko) {
  switch (scheme) {
    case HashScheme::fc1: return make_fc1(seed);
    case HashScheme::jenkins: return make_jenkins(seed);
    case HashScheme::furiko: return make_furiko(seed, furiko.hash_fields);
    case HashScheme::croniter: return make_croniter(seed);
    case HashScheme::cron_parser: return make_cron_parser(seed);
  }
  return make_fc1(seed);
}

}  // namespace fuzzycron::hash
