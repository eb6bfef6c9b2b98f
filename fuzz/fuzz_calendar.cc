// Calendars (docs/calendars.md): an iCalendar file's bytes, or a cron
// calendar's text (`except-cron`), with moves (`except-move`) on a schedule.
// Reading refuses or compiles (bounded expansion, never a hang); a compiled
// schedule keeps next()/prev()'s invariants.
// Input: option bytes, 8 bytes of instant, 1 byte of mode, then
//   mode & 4: the iCalendar file's bytes (excluded from "0 9 * * *");
//   else: "SCHEDULE\nEXCEPT_CRON" (dates 2026-03-08, 2026-10-25..2026-11-02 excluded too when mode & 8).
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <string>

#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzzycron;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  ParseOptions o = fuzz::options_from(in);
  std::int64_t raw = 0;
  const std::size_t n = std::min<std::size_t>(8, in.size());
  std::memcpy(&raw, in.data(), n);
  in.remove_prefix(n);
  // 2000..2100: where calendars hold days.
  constexpr std::int64_t lo = 946'684'800'000, hi = 4'102'444'800'000;
  const sys_milliseconds t{std::chrono::milliseconds{
      lo + static_cast<std::int64_t>(static_cast<std::uint64_t>(raw) % static_cast<std::uint64_t>(hi - lo))}};
  const std::uint8_t mode = fuzz::take(in);
  o.except_move = static_cast<ParseOptions::Move>(mode & 3);
  std::string schedule = "0 9 * * *";
  std::string path;
  if (mode & 4) {
    static const std::string file = "/tmp/fuzz_calendar." + std::to_string(::getpid()) + ".ics";
    std::ofstream(file, std::ios::binary | std::ios::trunc).write(in.data(), static_cast<std::streamsize>(in.size()));
    o.except = file;
    o.dialect = Dialect::standard;
  } else {
    const std::size_t nl = in.find('\n');
    schedule = std::string(in.substr(0, nl));
    if (nl != std::string_view::npos) o.except_cron = std::string(in.substr(nl + 1));
    if (mode & 8) o.except = "2026-03-08,2026-10-25..2026-11-02";
  }
  try {
    const Schedule s = parse(schedule, o);
    fuzz::check_invariants(s, t);
  } catch (const Error&) {
  }
  return 0;
}
