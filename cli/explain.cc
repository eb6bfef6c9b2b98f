// fuzzycron explain: an expression in plain English, with its next fire times.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "command.h"
#include "fuzzycron/tools.h"
#include "io.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

struct Explain {
  std::string expr;
  Flags flags;
};

int run(const Explain& c, std::ostream& out) {
  const Flags& o = c.flags;
  if (o.count < 0)
    throw Error(ErrorKind::argument, "--count must be 0 (no fire times) or more", std::to_string(o.count), 1);
  const ParseOptions options = parse_options(o);
  const Explanation e = explain(c.expr, options);
  const auto from = parse_from(o.from);
  std::vector<std::pair<std::string, std::chrono::milliseconds>> times;
  // explain() accepted the text, so parse() fails only for hash forms without
  // a seed: then the description stands alone, without fire times.
  std::optional<Schedule> schedule;
  try {
    schedule = parse(c.expr, options);
  } catch (const Error&) {
  }
  if (schedule) {
    std::optional<sys_milliseconds> t = from;
    for (int i = 0; i < o.count && (t = schedule->next(*t)); ++i)
      times.emplace_back(format_rfc3339(*t, schedule->zone()), *t - from);
  }
  if (o.json) {
    nlohmann::json j{{"expr", c.expr}, {"description", e.sentences}, {"zone", e.zone}, {"dst", e.dst}};
    auto& fields = j["fields"] = nlohmann::json::array();
    for (const auto& f : e.fields)
      fields.push_back(
          {{"field", f.field}, {"text", f.text}, {"column", f.column}, {"line", f.line}, {"meaning", f.meaning}});
    if (e.resolved) j["resolved"] = *e.resolved;
    if (e.balanced) j["balanced"] = *e.balanced;
    if (!options.seed.empty()) j["seed"] = options.seed.parts();
    auto& next = j["next"] = nlohmann::json::array();
    for (const auto& [text, ahead] : times) next.push_back({{"time", text}, {"in_ms", ahead.count()}});
    out << j.dump() << "\n";
    return kOk;
  }
  for (const auto& s : e.sentences) out << s << "\n";
  out << "\n";
  std::size_t width = 0, text_width = 0;
  for (const auto& f : e.fields) {
    width = std::max(width, f.field.size());
    text_width = std::max(text_width, f.text.size());
  }
  for (const auto& f : e.fields)
    out << fmt::format("  {}{:<{}}  {:<{}}  {}\n", f.line > 0 ? fmt::format("line {}: ", f.line) : "", f.field, width,
                       f.text, text_width, f.meaning);
  if (!e.dst.empty()) out << "\n" << e.dst << "\n";
  if (e.resolved)
    out << fmt::format("\nResolved for seed [{}]: {}\n", fmt::join(options.seed.parts(), ", "), *e.resolved);
  if (e.balanced) out << *e.balanced << "\n";
  if (!schedule) {
    out << "\nGive a seed (--seed JOB, and --host NAME) to see the values and the fire times.\n";
    return kOk;
  }
  if (o.count == 0) return kOk;  // -n 0: the description alone
  out << fmt::format("\nNext {} fire time{} after {}:\n", times.size(), times.size() == 1 ? "" : "s",
                     format_rfc3339(from, schedule->zone()));
  for (const auto& [text, ahead] : times) out << fmt::format("  {}  in {}\n", text, format_distance(ahead));
  if (times.empty()) out << "  none (it never fires, or not before year 9999)\n";
  return kOk;
}

}  // namespace

Command add_explain(CommandLine& line) {
  auto c = std::make_shared<Explain>();
  Subcommand sub = line.add("explain", "describe an expression in plain English, with the next fire times");
  sub.option("EXPR", c->expr, "the cron expression (quote it)").required();
  add_flags(sub, c->flags, kSchedule | kFrom | kCount | kJson);
  sub.footer(
      "Example: fuzzycron explain 'H(0-29) * * * *' --seed db-sync\n"
      "  Once an hour, at a stable minute between :00 and :29 chosen from the job's name ...\n"
      "Example: fuzzycron explain -d quartz '0 15 10 ? * 6L 2027' -z Europe/Paris");
  return {sub, [c] { return run(*c, std::cout); }};
}

}  // namespace fuzzycron::cli
