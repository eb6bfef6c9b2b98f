// fuzzycron/seed.h — what hash forms are derived from (docs/fc1.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzzycron/error.h"
#include "fuzzycron/hash_scheme.h"
#include "fuzzycron/visibility.h"

namespace fuzzycron {

// An ordered list of non-empty UTF-8 parts without NUL, e.g. {"backup-db"} or
// {"web-07.example.com", "backup-db"} (host, then job).
class FUZZYCRON_EXPORT Seed {
 public:
  Seed() = default;
  // Throws fuzzycron::Error naming the bad part (empty, NUL, invalid UTF-8).
  explicit Seed(std::vector<std::string> parts);
  Seed(std::initializer_list<std::string> parts) : Seed(std::vector<std::string>(parts)) {}
  // Parts taken as bytes (any byte, NUL included; none empty), for a drop-in
  // that hashes what its origin hashes: croniter's hash_id may be any bytes.
  // Throws fuzzycron::Error for an empty part.
  static Seed bytes(std::vector<std::string> parts);

  bool empty() const noexcept { return parts_.empty(); }
  const std::vector<std::string>& parts() const noexcept { return parts_; }
  // Parts joined with '/', for schemes that take one string (jenkins, furiko).
  std::string joined() const;

  friend bool operator==(const Seed&, const Seed&) = default;

 private:
  std::vector<std::string> parts_;
};

}  // namespace fuzzycron
