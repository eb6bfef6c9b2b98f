// Issue 32's measurements, each against its baseline in the same run:
// next() on an anchored interval vs a cron schedule of the same density,
// next() with a 100-holiday calendar vs without, and parsing a schedule
// whose `except` names a 1,000-event iCalendar file.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "fuzzycron/parse.h"
#include "fuzzycron/rfc3339.h"

namespace {

using namespace fuzzycron;
using namespace std::chrono;

// Chained next() over a year, as a scheduler walks it.
void walk(benchmark::State& state, const Schedule& s) {
  const auto start = *parse_rfc3339("2026-01-01T00:00:00Z");
  auto t = start;
  for (auto _ : state) {
    auto n = s.next(t);
    if (!n || *n > start + days{365}) n = start;
    t = *n;
    benchmark::DoNotOptimize(t);
  }
}

Schedule in_ny(const char* expr, std::string except = {}) {
  ParseOptions o;
  o.time_zone = "America/New_York";
  o.except = std::move(except);
  return parse(expr, o);
}

void BM_NextCronHourly(benchmark::State& state) { walk(state, in_ny("0 * * * *")); }
void BM_NextIntervalHourly(benchmark::State& state) { walk(state, in_ny("@every 1h from 2026-01-01T00:00Z")); }
void BM_NextCronDaily(benchmark::State& state) { walk(state, in_ny("30 9 * * *")); }
void BM_NextIntervalDaily(benchmark::State& state) { walk(state, in_ny("@every 1d from 2026-01-01T09:30")); }
void BM_NextCronWindow(benchmark::State& state) { walk(state, in_ny("*/20 9-16 * * 1-5")); }
void BM_NextIntervalWindow(benchmark::State& state) {
  walk(state, in_ny("@every 20m between 09:00 and 16:40 on mon-fri"));
}

// 100 holidays: every third or fourth day of 2026 (more than any real calendar).
std::string hundred_days() {
  std::string out;
  const auto start = *parse_rfc3339("2026-01-02T12:00:00Z");
  for (int i = 0; i < 100; ++i) {
    if (!out.empty()) out += ',';
    out += format_rfc3339(start + days{i * 365 / 100}, TimeZone::utc()).substr(0, 10);
  }
  return out;
}
void BM_NextDaily(benchmark::State& state) { walk(state, in_ny("0 9 * * *")); }
void BM_NextDaily100Holidays(benchmark::State& state) { walk(state, in_ny("0 9 * * *", hundred_days())); }

void BM_ParseIcal1000Events(benchmark::State& state) {
  const std::string path = "/tmp/fuzzycron-bench-1000.ics";
  {
    std::ofstream f(path);
    f << "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n";
    for (int i = 0; i < 1000; ++i) {
      const auto d = format_rfc3339(*parse_rfc3339("2026-01-01T00:00:00Z") + days{i}, TimeZone::utc());
      const std::string ymd = d.substr(0, 4) + d.substr(5, 2) + d.substr(8, 2);
      f << "BEGIN:VEVENT\r\nUID:" << i << "@bench\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:" << ymd
        << "\r\nSUMMARY:day " << i << "\r\nEND:VEVENT\r\n";
    }
    f << "END:VCALENDAR\r\n";
  }
  for (auto _ : state) benchmark::DoNotOptimize(in_ny("0 9 * * *", path));
  std::remove(path.c_str());
}

BENCHMARK(BM_NextCronHourly);
BENCHMARK(BM_NextIntervalHourly);
BENCHMARK(BM_NextCronDaily);
BENCHMARK(BM_NextIntervalDaily);
BENCHMARK(BM_NextCronWindow);
BENCHMARK(BM_NextIntervalWindow);
BENCHMARK(BM_NextDaily);
BENCHMARK(BM_NextDaily100Holidays);
BENCHMARK(BM_ParseIcal1000Events)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
