// Pictures of a Spread: a terminal histogram and an SVG plot. Both show each
// screen column's busiest bucket, because a peak is what hurts a database and
// an average would hide it.
#include <date/date.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "fuzzycron/spread.h"

namespace fuzzycron {
namespace {

// Busiest bucket of each of at most `columns` equal spans of buckets (span c
// covers [c*n/columns, (c+1)*n/columns)).
std::vector<std::uint32_t> column_peaks(const std::vector<std::uint32_t>& buckets, std::size_t columns) {
  const std::size_t n = buckets.size();
  columns = std::min(columns, n);
  std::vector<std::uint32_t> out(columns, 0);
  for (std::size_t c = 0; c < columns; ++c)
    for (std::size_t i = c * n / columns; i < (c + 1) * n / columns; ++i) out[c] = std::max(out[c], buckets[i]);
  return out;
}

std::string unit_of(std::chrono::milliseconds r) {
  using namespace std::chrono_literals;
  if (r == 1s) return "second";
  if (r == 1min) return "minute";
  if (r == 1h) return "hour";
  if (r % 1min == 0ms) return fmt::format("{} minutes", r / 1min);
  if (r % 1s == 0ms) return fmt::format("{} seconds", r / 1s);
  return fmt::format("{} ms", r.count());
}

// A time label that fits the window: "12:00", "12:00:30" or "Nov 23 12:00".
std::string time_label(sys_milliseconds t, std::chrono::milliseconds window) {
  using namespace std::chrono_literals;
  const auto s = std::chrono::floor<std::chrono::seconds>(t);
  if (window > 24h) return date::format("%b %d %H:%M", s);
  if (window <= 10min) return date::format("%H:%M:%S", s);
  return date::format("%H:%M", s);
}

std::string xml_escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// 1, 2, 5 x 10^k at or above v.
double nice_ceiling(double v) {
  if (v <= 1) return 1;
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= v) return m * p;
  return 10 * p;
}

std::string figures(const Load& l) {
  return fmt::format("peak {}, mean {:.2f}, peak/mean {:.1f}, p99 {}", l.peak, l.mean,
                     l.mean > 0 ? l.peak / l.mean : 0.0, l.p99);
}

}  // namespace

std::string spread_histogram(const Spread& s, int width, bool unicode) {
  constexpr int kRows = 6;
  const std::size_t n = s.before.buckets.size();
  const std::uint32_t scale = std::max({s.before.peak, s.after.peak, s.balanced ? s.balanced->peak : 0u, 1u});
  const std::string top_label = std::to_string(scale);
  const int gutter = static_cast<int>(top_label.size()) + 2;
  const auto columns = static_cast<std::size_t>(std::max(10, width - gutter - 1));
  const std::array<std::string_view, 9> blocks =
      unicode ? std::array<std::string_view, 9>{" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}
              : std::array<std::string_view, 9>{" ", ".", ".", ":", ":", "|", "|", "#", "#"};
  const std::string_view axis_tick = unicode ? "┤" : "|", corner = unicode ? "└" : "+", rule = unicode ? "─" : "-";
  const auto window = s.resolution * static_cast<std::int64_t>(n);
  std::string out;
  auto draw = [&](const Load& load, std::string_view title) {
    out += fmt::format("{}, fires per {} (times in UTC): {}\n", title, unit_of(s.resolution), figures(load));
    const auto peaks = column_peaks(load.buckets, columns);
    for (int row = kRows - 1; row >= 0; --row) {
      const std::string label = row == kRows - 1 ? top_label : "";
      out += fmt::format("{:>{}} {}", label, gutter - 1, axis_tick);
      for (std::uint32_t v : peaks) {
        // Eighths of a row, rounded up so any fire shows.
        const auto level = static_cast<int>((static_cast<std::uint64_t>(v) * kRows * 8 + scale - 1) / scale);
        out += blocks[static_cast<std::size_t>(std::clamp(level - row * 8, 0, 8))];
      }
      out += '\n';
    }
    out += fmt::format("{:>{}} {}", "0", gutter - 1, corner);
    for (std::size_t i = 0; i < peaks.size(); ++i) out += rule;
    out += '\n';
    // Labels at the start, the middle and the end of the axis, where they fit.
    const int cols = static_cast<int>(peaks.size());
    std::string labels(static_cast<std::size_t>(gutter + cols + 24), ' ');  // room for a first label
    int free_from = 0;                                                      // labels never overlap
    for (int k = 0; k <= 2; ++k) {
      const std::string text =
          time_label(s.from + std::chrono::duration_cast<std::chrono::milliseconds>(window * k / 2), window);
      const int len = static_cast<int>(text.size());
      const int pos = k == 0 ? gutter + 1 : k == 1 ? gutter + 1 + cols / 2 - len / 2 : gutter + 1 + cols - len;
      if (pos < free_from || (k > 0 && pos + len > gutter + 1 + cols)) continue;
      labels.replace(static_cast<std::size_t>(pos), text.size(), text);
      free_from = pos + len + 1;
    }
    while (!labels.empty() && labels.back() == ' ') labels.pop_back();
    out += labels + "\n";
  };
  draw(s.before, "before hashing (hash forms at their lowest value)");
  out += '\n';
  draw(s.after, "after hashing (each job on each host at its own stable value)");
  if (s.balanced) {
    out += '\n';
    draw(*s.balanced, "after balancing (each job at its slot in the balance lock)");
  }
  return out;
}

std::string spread_svg(const Spread& s) {
  constexpr int kWidth = 960, kHeight = 440, kLeft = 80, kRight = 24, kTop = 64, kBottom = 72;
  constexpr int kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;
  const std::size_t n = s.before.buckets.size();
  const auto window = s.resolution * static_cast<std::int64_t>(n);
  const double ymax = nice_ceiling(std::max({s.before.peak, s.after.peak, s.balanced ? s.balanced->peak : 0u, 1u}));
  const auto before = column_peaks(s.before.buckets, kPlotW);
  const auto after = column_peaks(s.after.buckets, kPlotW);
  const std::size_t columns = std::max<std::size_t>(1, after.size());
  const double dx = static_cast<double>(kPlotW) / static_cast<double>(columns);
  auto y_of = [&](double v) { return kTop + kPlotH - v / ymax * kPlotH; };
  // A step outline over the columns, closed along the x axis.
  auto area = [&](const std::vector<std::uint32_t>& peaks) {
    std::string d = fmt::format("M{},{:.1f}", kLeft, y_of(0));
    for (std::size_t i = 0; i < peaks.size(); ++i)
      d += fmt::format(" V{:.1f} H{:.1f}", y_of(peaks[i]), kLeft + dx * static_cast<double>(i + 1));
    d += fmt::format(" V{:.1f} Z", y_of(0));
    return d;
  };
  const std::string unit = unit_of(s.resolution);
  const double per = static_cast<double>(n) / static_cast<double>(columns);
  std::string svg;
  svg += fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" viewBox="0 0 {0} {1}" )"
                     R"(font-family="sans-serif" font-size="12">)"
                     "\n",
                     kWidth, kHeight);
  svg += fmt::format(R"(<rect width="{}" height="{}" fill="#ffffff"/>)"
                     "\n",
                     kWidth, kHeight);
  svg += fmt::format(R"(<text x="{}" y="24" font-size="16" font-weight="bold">{}</text>)"
                     "\n",
                     kLeft,
                     xml_escaped(fmt::format("Fleet load: {} entr{} on {} host{}, fires per {}", s.entries,
                                             s.entries == 1 ? "y" : "ies", s.hosts, s.hosts == 1 ? "" : "s", unit)));
  svg += fmt::format(
      R"(<text x="{}" y="44" fill="#555555">{}</text>)"
      "\n",
      kLeft,
      xml_escaped(fmt::format("{} to {}{}", format_rfc3339(s.from, TimeZone::utc()),
                              format_rfc3339(s.from + window, TimeZone::utc()),
                              per > 1 ? fmt::format("; each column shows the busiest of {:.3g} buckets", per) : "")));
  // Grid and y axis.
  for (int i = 0; i <= 5; ++i) {
    const double v = ymax * i / 5;
    const double y = y_of(v);
    svg += fmt::format(R"(<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#e0e0e0"/>)"
                       "\n",
                       kLeft, y, kLeft + kPlotW, y);
    svg += fmt::format(R"(<text x="{}" y="{:.1f}" text-anchor="end">{}</text>)"
                       "\n",
                       kLeft - 6, y + 4, fmt::format("{:g}", v));
  }
  svg += fmt::format(R"(<path d="{}" fill="#d62728" fill-opacity="0.35" stroke="#d62728" stroke-width="1"/>)"
                     "\n",
                     area(before));
  svg += fmt::format(R"(<path d="{}" fill="#1f77b4" fill-opacity="0.55" stroke="#1f77b4" stroke-width="1"/>)"
                     "\n",
                     area(after));
  if (s.balanced)
    svg += fmt::format(R"(<path d="{}" fill="#2ca02c" fill-opacity="0.55" stroke="#2ca02c" stroke-width="1"/>)"
                       "\n",
                       area(column_peaks(s.balanced->buckets, kPlotW)));
  svg += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#000000"/>)"
                     "\n",
                     kLeft, kTop, kTop + kPlotH);
  svg += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{2}" y2="{1}" stroke="#000000"/>)"
                     "\n",
                     kLeft, kTop + kPlotH, kLeft + kPlotW);
  // x axis ticks.
  for (int i = 0; i <= 6; ++i) {
    const double x = kLeft + static_cast<double>(kPlotW) * i / 6;
    const auto t = s.from + std::chrono::duration_cast<std::chrono::milliseconds>(window * i / 6);
    svg += fmt::format(R"(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#000000"/>)"
                       "\n",
                       x, kTop + kPlotH, kTop + kPlotH + 5);
    svg += fmt::format(R"(<text x="{:.1f}" y="{}" text-anchor="middle">{}</text>)"
                       "\n",
                       x, kTop + kPlotH + 20, xml_escaped(time_label(t, window)));
  }
  svg += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle">time (UTC)</text>)"
                     "\n",
                     kLeft + kPlotW / 2, kHeight - 20);
  svg += fmt::format(R"svg(<text transform="translate(22 {}) rotate(-90)" text-anchor="middle">fires per {}</text>)svg"
                     "\n",
                     kTop + kPlotH / 2, xml_escaped(unit));
  // Legend.
  const int lx = kLeft + kPlotW - 330, ly = kTop + 8;
  svg += fmt::format(R"(<rect x="{}" y="{}" width="322" height="{}" fill="#ffffff" stroke="#999999"/>)"
                     "\n",
                     lx, ly, s.balanced ? 68 : 48);
  svg +=
      fmt::format(R"(<rect x="{}" y="{}" width="14" height="10" fill="#d62728" fill-opacity="0.35" stroke="#d62728"/>)"
                  "\n",
                  lx + 8, ly + 9);
  svg += fmt::format(R"(<text x="{}" y="{}">{}</text>)"
                     "\n",
                     lx + 28, ly + 18,
                     xml_escaped(fmt::format("before hashing: peak {}, mean {:.2f}", s.before.peak, s.before.mean)));
  svg +=
      fmt::format(R"(<rect x="{}" y="{}" width="14" height="10" fill="#1f77b4" fill-opacity="0.55" stroke="#1f77b4"/>)"
                  "\n",
                  lx + 8, ly + 29);
  svg += fmt::format(R"(<text x="{}" y="{}">{}</text>)"
                     "\n",
                     lx + 28, ly + 38,
                     xml_escaped(fmt::format("after hashing: peak {}, mean {:.2f}", s.after.peak, s.after.mean)));
  if (s.balanced) {
    svg += fmt::format(
        R"(<rect x="{}" y="{}" width="14" height="10" fill="#2ca02c" fill-opacity="0.55" stroke="#2ca02c"/>)"
        "\n",
        lx + 8, ly + 49);
    svg += fmt::format(
        R"(<text x="{}" y="{}">{}</text>)"
        "\n",
        lx + 28, ly + 58,
        xml_escaped(fmt::format("after balancing: peak {}, mean {:.2f}", s.balanced->peak, s.balanced->mean)));
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace fuzzycron
