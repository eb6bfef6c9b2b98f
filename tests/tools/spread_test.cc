// spread(): numbers against an independent computation, the figures, bad
// input, and both pictures (the SVG parsed as XML and rendered by Chromium).
#include "fuzzycron/spread.h"
#include "fuzzycron/error.h"

#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <png.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>

#include "fuzzycron/resolve.h"

namespace fuzzycron {
namespace {

using namespace std::chrono_literals;

const char* kFleet =
    "# name: sync-orders\n"
    "H * * * * ? /opt/sync-orders\n"
    "# name: cleanup\n"
    "H H/5 * * * ? /opt/cleanup\n"
    "0 * * * * ? /opt/fixed-every-minute\n"
    "@reboot /opt/warm-up\n";

SpreadOptions small_case(int hosts) {
  SpreadOptions o;
  o.parse.dialect = Dialect::quartz;
  for (int h = 1; h <= hosts; ++h) o.hosts.push_back("host-" + std::to_string(h));
  o.from = *parse_rfc3339("2026-03-07T12:00:00Z");
  o.window = 10min;
  o.resolution = 1s;
  return o;
}

TEST(FleetLoad, BeforeHashingMatchesAHandCount) {
  const Spread s = spread(parse_crontab(kFleet, Dialect::quartz), small_case(4));
  EXPECT_EQ(s.entries, 3u);  // @reboot has no times
  EXPECT_EQ(s.hosts, 4u);
  ASSERT_EQ(s.before.buckets.size(), 600u);
  // Unhashed: "0 * * * * ?" twice (H at 0) and "0 0/5 * * * ?", on 4 hosts.
  for (std::size_t i = 0; i < 600; ++i) {
    const std::uint32_t want = i % 60 != 0 ? 0 : (i % 300 == 0 ? 12 : 8);
    ASSERT_EQ(s.before.buckets[i], want) << "second " << i;
  }
  EXPECT_EQ(s.before.fires, 88u);
  EXPECT_EQ(s.before.peak, 12u);
  EXPECT_DOUBLE_EQ(s.before.mean, 88.0 / 600.0);
  EXPECT_EQ(s.before.p99, 8u);  // rank 594 of 600: 590 zeros, eight 8s, two 12s
  ASSERT_GE(s.before.busiest.size(), 3u);
  EXPECT_EQ(s.before.busiest[0], 0u);
  EXPECT_EQ(s.before.busiest[1], 300u);
  EXPECT_EQ(s.before.busiest[2], 60u);
}

// Intervals without `from` (issue 32): before hashing every one is in phase
// at the epoch; after, each job's drawn phase, as resolve() writes it out.
TEST(FleetLoad, IntervalPhasesSpreadLikeHashForms) {
  const std::string tab =
      "@every 6h /bin/a\n@every 6h /bin/b\n@every 6h /bin/c\n@every 6h from 2026-01-01T01:00Z /bin/d\n";
  SpreadOptions o;
  o.from = *parse_rfc3339("2026-03-07T00:00:00Z");
  o.window = std::chrono::hours{24};
  o.resolution = std::chrono::minutes{1};
  const Spread s = spread(parse_crontab(tab), o);
  EXPECT_EQ(s.before.fires, 16u);
  EXPECT_EQ(s.before.peak, 3u);  // a, b and c at 00:00, 06:00, ...; d an hour later
  EXPECT_EQ(s.before.buckets[0], 3u);
  EXPECT_EQ(s.before.buckets[60], 1u);
  EXPECT_EQ(s.after.fires, 16u);
  // After: each job where its resolved text fires.
  std::vector<std::uint32_t> want(s.after.buckets.size());
  for (const auto& e : parse_crontab(tab).entries) {
    ParseOptions seeded = e.options({});
    const Schedule r = parse(resolve(e.schedule, seeded), {});
    for (auto t : r.fires(o.from, o.from + o.window)) ++want[static_cast<std::size_t>((t - o.from) / o.resolution)];
  }
  EXPECT_EQ(s.after.buckets, want);
  EXPECT_LT(s.after.peak, 3u);
}

// After hashing, built another way: each job's resolved text (resolve()),
// parsed without hash forms, checked second by second.
TEST(FleetLoad, AfterHashingMatchesResolvedTextsSecondBySecond) {
  const Crontab tab = parse_crontab(kFleet, Dialect::quartz);
  const SpreadOptions o = small_case(5);
  const Spread s = spread(tab, o);
  std::vector<std::uint32_t> want(600, 0);
  for (const auto& e : tab.entries) {
    if (e.reboot) continue;
    for (const auto& host : o.hosts) {
      ParseOptions plain;
      plain.dialect = Dialect::quartz;
      const Schedule job = parse(resolve(e.schedule, e.options(o.parse, host)), plain);
      for (int i = 0; i < 600; ++i) {
        const auto t = o.from + std::chrono::seconds{i};
        if (job.next(t - 1ms) == t) ++want[static_cast<std::size_t>(i)];
      }
    }
  }
  EXPECT_EQ(s.after.buckets, want);
  const auto total = std::accumulate(want.begin(), want.end(), std::uint64_t{0});
  EXPECT_EQ(s.after.fires, total);
  EXPECT_EQ(s.after.peak, *std::max_element(want.begin(), want.end()));
  // The fixed entry still stacks 5 fires at second 0 of each minute; the
  // hashed ones spread, so the peak falls well below the unhashed one.
  EXPECT_LT(s.after.peak, s.before.peak);
  EXPECT_GE(s.after.buckets[0], 5u);
}

TEST(FleetLoad, OneMinuteResolutionAndZonesAcrossADstChange) {
  // 02:30 every day in New York across the spring-forward night: the shifted
  // run lands at 03:00 local = 07:00Z.
  SpreadOptions o;
  o.parse.time_zone = "America/New_York";
  o.from = *parse_rfc3339("2026-03-07T00:00:00Z");
  o.window = 72h;
  const Spread s = spread(parse_crontab("30 2 * * * /bin/nightly\n"), o);
  ASSERT_EQ(s.after.buckets.size(), 72u * 60);
  std::vector<std::size_t> fired;
  for (std::size_t i = 0; i < s.after.buckets.size(); ++i)
    if (s.after.buckets[i]) fired.push_back(i);
  EXPECT_EQ(fired, (std::vector<std::size_t>{7 * 60 + 30, (24 + 7) * 60, (48 + 6) * 60 + 30}));
}

TEST(FleetLoad, BadLinesAreReportedAndTheRestCounted) {
  const Spread s = spread(parse_crontab("0 * * * * /bin/ok\n0 0 * * 8 /bin/bad\n*/5 * * * *\n", Dialect::standard), [] {
    SpreadOptions o;
    o.from = *parse_rfc3339("2026-03-07T00:00:00Z");
    o.window = 1h;
    return o;
  }());
  EXPECT_EQ(s.entries, 1u);
  ASSERT_EQ(s.errors.size(), 2u);
  EXPECT_EQ(s.errors[0].line, 2);
  EXPECT_EQ(s.errors[0].column, 9);
  EXPECT_EQ(s.errors[1].line, 3);
  EXPECT_EQ(s.after.fires, 1u);
}

TEST(FleetLoad, RejectsEmptyWindowsDuplicateHostsAndTooManyBuckets) {
  const Crontab tab = parse_crontab("0 * * * * /bin/x\n");
  SpreadOptions o;
  o.window = 0ms;
  EXPECT_THROW(spread(tab, o), fuzzycron::Error);
  o.window = 1h;
  o.hosts = {"a", "b", "a"};
  EXPECT_THROW(spread(tab, o), fuzzycron::Error);
  o.hosts = {};
  o.resolution = 1ms;
  o.window = std::chrono::days{7};
  EXPECT_THROW(spread(tab, o), fuzzycron::Error);
  o.resolution = 7s;
  o.window = 1min;
  EXPECT_THROW(spread(tab, o), fuzzycron::Error);  // not a whole number of buckets
}

std::size_t display_width(std::string_view line) {
  std::size_t n = 0;
  for (unsigned char c : line) n += (c & 0xC0) != 0x80;  // UTF-8 code points
  return n;
}

TEST(FleetLoad, HistogramFitsTheWidthAndShowsBothLoads) {
  const Spread s = spread(parse_crontab(kFleet, Dialect::quartz), small_case(20));
  for (int width : {40, 80, 132})
    for (bool unicode : {true, false}) {
      const std::string h = spread_histogram(s, width, unicode);
      EXPECT_NE(h.find("before hashing"), std::string::npos);
      EXPECT_NE(h.find("after hashing"), std::string::npos);
      std::size_t start = 0, drawn = 0;
      while (start < h.size()) {
        const auto nl = h.find('\n', start);
        const std::string_view line(h.data() + start, (nl == std::string::npos ? h.size() : nl) - start);
        start = nl == std::string::npos ? h.size() : nl + 1;
        if (line.find(unicode ? "┤" : "|") == std::string::npos) continue;  // plot rows only
        ++drawn;
        EXPECT_LE(display_width(line), static_cast<std::size_t>(width)) << line;
      }
      EXPECT_EQ(drawn, 12u);
      if (!unicode) {
        EXPECT_TRUE(std::all_of(h.begin(), h.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
      }
    }
}

TEST(FleetLoad, PicturesOfASingleBucket) {
  SpreadOptions o = small_case(2);
  o.window = 1s;
  const Spread s = spread(parse_crontab(kFleet, Dialect::quartz), o);
  ASSERT_EQ(s.after.buckets.size(), 1u);
  for (int width : {1, 20, 80}) EXPECT_NE(spread_histogram(s, width).find("00:00"), std::string::npos);
  EXPECT_NE(spread_svg(s).find("</svg>"), std::string::npos);
}

// Found by fuzz_crontab: "before hashing" lowered a furiko quartz-format
// day-of-week H to 0 instead of 1 (Sunday).
TEST(FleetLoad, BeforeHashingUsesTheFormatsOwnLowestWeekday) {
  SpreadOptions o;
  o.parse.dialect = Dialect::furiko;
  o.parse.furiko.quartz_day_of_week = true;
  o.from = *parse_rfc3339("2026-03-01T00:00:00Z");  // a Sunday
  o.window = std::chrono::days{7};
  o.resolution = std::chrono::hours{1};
  const Spread s = spread(parse_crontab("0 0 * * H /bin/weekly\n", Dialect::furiko), o);
  ASSERT_EQ(s.before.fires, 1u);
  EXPECT_EQ(s.before.buckets[0], 1u);  // Sunday 00:00
}

// --- the SVG -------------------------------------------------------------

Spread fleet_spread() { return spread(parse_crontab(kFleet, Dialect::quartz), small_case(20)); }

TEST(FleetLoadSvg, IsWellFormedXmlWithAxesAndLegend) {
  const std::string svg = spread_svg(fleet_spread());
  xmlDocPtr doc = xmlReadMemory(svg.data(), static_cast<int>(svg.size()), "spread.svg", nullptr,
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  ASSERT_NE(doc, nullptr) << "not well-formed XML";
  const xmlNode* root = xmlDocGetRootElement(doc);
  ASSERT_NE(root, nullptr);
  EXPECT_STREQ(reinterpret_cast<const char*>(root->name), "svg");
  EXPECT_NE(root->ns, nullptr);
  std::map<std::string, int> elements;
  std::string text;
  for (const xmlNode* n = root->children; n; n = n->next) {
    if (n->type != XML_ELEMENT_NODE) continue;
    ++elements[reinterpret_cast<const char*>(n->name)];
    if (xmlChar* content = xmlNodeGetContent(n)) {
      text += reinterpret_cast<const char*>(content);
      text += '\n';
      xmlFree(content);
    }
  }
  xmlFreeDoc(doc);
  EXPECT_EQ(elements["path"], 2);   // before and after
  EXPECT_GE(elements["line"], 12);  // axes, grid, ticks
  EXPECT_NE(text.find("time (UTC)"), std::string::npos);
  EXPECT_NE(text.find("fires per second"), std::string::npos);
  EXPECT_NE(text.find("before hashing: peak 60"), std::string::npos) << text;
  EXPECT_NE(text.find("after hashing: peak"), std::string::npos);
  EXPECT_NE(text.find("3 entries on 20 hosts"), std::string::npos);
}

struct Png {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
};

Png read_png(const std::string& path) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  Png out;
  if (!png_image_begin_read_from_file(&image, path.c_str())) return out;
  image.format = PNG_FORMAT_RGBA;
  out.rgba.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.rgba.data(), 0, nullptr)) return {};
  out.width = static_cast<int>(image.width);
  out.height = static_cast<int>(image.height);
  return out;
}

// Chromium (Debian's package) renders the SVG to a PNG, which must show the
// plot: enough non-white pixels, and both series' colours.
TEST(FleetLoadSvg, RendersInHeadlessChromium) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("fuzzycron-svg-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                    std::to_string(std::rand()));
  std::filesystem::create_directories(dir);
  const auto svg_path = dir / "spread.svg", png_path = dir / "spread.png";
  std::ofstream(svg_path) << spread_svg(fleet_spread());
  const std::string command =
      "chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking "
      "--disable-component-update --disable-sync --user-data-dir='" +
      (dir / "profile").string() + "' --window-size=960,440 --screenshot='" + png_path.string() + "' 'file://" +
      svg_path.string() + "' >'" + (dir / "chromium.log").string() + "' 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_EQ(status, 0) << "chromium failed (is Debian's chromium installed? scripts/setup.sh installs it); see "
                       << (dir / "chromium.log");
  const Png png = read_png(png_path.string());
  ASSERT_EQ(png.width, 960);
  ASSERT_EQ(png.height, 440);
  std::size_t ink = 0, red = 0, blue = 0;
  for (std::size_t i = 0; i + 3 < png.rgba.size(); i += 4) {
    const int r = png.rgba[i], g = png.rgba[i + 1], b = png.rgba[i + 2];
    if (r < 240 || g < 240 || b < 240) ++ink;
    if (r > 200 && g < 150 && b < 150) ++red;  // before: #d62728 tones
    if (b > 150 && r < 150) ++blue;            // after: #1f77b4 tones
  }
  const std::size_t pixels = static_cast<std::size_t>(png.width) * static_cast<std::size_t>(png.height);
  EXPECT_GT(ink, pixels / 100) << "the render is (nearly) blank";
  EXPECT_GT(red, 50u);
  EXPECT_GT(blue, 50u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace fuzzycron
