// The C API on any bytes: four option bytes (as the other targets read them,
// turned into the C options' names), then the expression with its length
// (NULs included). Every call returns a status; a success answers next/prev
// consistently with the C++ API; a freed handle is refused, never used.
#include <cstring>

#include "fuzz_input.h"
#include "fuzzycron/c.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  // Only what the C options carry (no furiko, croniter or cron-parser flags).
  const ParseOptions full = fuzz::options_from(in);
  ParseOptions p;
  p.dialect = full.dialect;
  p.time_zone = full.time_zone;
  p.dst = full.dst;
  p.seed = full.seed;
  p.hash = full.hash;
  const std::string dialect(dialect_name(p.dialect)), dst = p.dst_policy().name();
  const std::string hash = p.hash ? std::string(hash_scheme_name(*p.hash)) : std::string();
  const char* parts[] = {"fuzz-host", "fuzz-job"};
  fuzzycron_options o;
  fuzzycron_options_init(&o);
  o.dialect = dialect.c_str();
  o.time_zone = p.time_zone.c_str();
  o.dst = dst.c_str();
  o.hash = hash.empty() ? nullptr : hash.c_str();
  if (!p.seed.empty()) {
    o.seed_parts = parts;
    o.seed_count = 2;
  }
  fuzzycron_error e;
  fuzzycron_schedule* s = nullptr;
  const fuzzycron_status st = fuzzycron_parse(in.data(), in.size(), &o, &s, &e);
  if (st != FUZZYCRON_OK) {
    if (s) fuzz::violated("a failed parse leaves *out NULL");
    if (e.status != st || e.message[0] == '\0') fuzz::violated("a failed call fills the error");
    if (std::memchr(e.message, '\0', sizeof e.message) == nullptr) fuzz::violated("the message is NUL-terminated");
  } else {
    const Schedule cpp = parse(in, p);
    const std::int64_t from = 1'780'000'000'000;
    std::int64_t t = 0;
    const auto next = cpp.next(sys_milliseconds{std::chrono::milliseconds{from}});
    const fuzzycron_status n = fuzzycron_next(s, from, &t, &e);
    if ((n == FUZZYCRON_OK) != next.has_value() || (next && next->time_since_epoch().count() != t))
      fuzz::violated("fuzzycron_next agrees with Schedule::next");
    if (n == FUZZYCRON_OK) {
      std::int64_t back = 0;
      if (fuzzycron_prev(s, t, &back, &e) == FUZZYCRON_OK && back >= t) fuzz::violated("prev(next) < next");
    }
    char buf[256];
    std::size_t needed = 0;
    (void)fuzzycron_resolve(in.data(), in.size(), &o, buf, sizeof buf, &needed, &e);
    (void)fuzzycron_explain(in.data(), in.size(), &o, buf, sizeof buf, &needed, &e);
    if (fuzzycron_schedule_free(s) != FUZZYCRON_OK) fuzz::violated("a live handle frees");
    if (fuzzycron_schedule_free(s) != FUZZYCRON_ERROR_HANDLE) fuzz::violated("a second free is refused");
    if (fuzzycron_next(s, from, &t, &e) != FUZZYCRON_ERROR_HANDLE) fuzz::violated("a freed handle is refused");
  }
  return 0;
}
