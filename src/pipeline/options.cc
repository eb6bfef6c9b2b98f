// This file's interface is fuzzycron/options.h: the options schema, and
// names to ParseOptions for every front end, with one message per mistake.
#include "fuzzycron/options.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <memory>

#include "fuzzycron/balance.h"
#include "fuzzycron/error.h"
#include "fuzzycron/rfc3339.h"
#include "fuzzycron/time_zone.h"
#include "suggest.h"

namespace fuzzycron {

namespace {

constexpr std::string_view kDialectNames[] = {"standard",   "quartz",   "jenkins",     "furiko",
                                              "kubernetes", "croniter", "cron-parser", "spring"};
static_assert(std::size(kDialectNames) == std::size(kAllDialects));
constexpr std::string_view kDstNames[] = {"cron",        "wall",        "skip-first",   "skip-last",    "skip-both",
                                          "skip-hourly", "shift-first", "shift-last",   "shift-both",   "shift-hourly",
                                          "later-first", "later-last",  "later-both",   "later-hourly", "hourly-first",
                                          "hourly-last", "hourly-both", "hourly-hourly"};
constexpr std::string_view kHashNames[] = {"fc1", "jenkins", "furiko", "croniter", "cron-parser"};
static_assert(std::size(kHashNames) == std::size(kAllHashSchemes));
constexpr std::string_view kFlagValues[] = {"true", "false"};
constexpr std::string_view kFurikoFormats[] = {"standard", "quartz"};
// In the order of ParseOptions::Move.
constexpr std::string_view kExceptMoveNames[] = {"skip", "following", "preceding", "modified-following"};

constexpr unsigned kSecondsFirstDialects = dialect_bit(Dialect::croniter) | dialect_bit(Dialect::kubernetes);

// The schema. Adding an option: one row here, its effect in apply() below,
// and every front end offers it (tests/agreement checks that they do).
constexpr OptionSpec kSchema[] = {
    {.name = "dialect",
     .type = OptionType::choice,
     .default_value = "standard",
     .values = kDialectNames,
     .dialects = kEveryDialect,
     .help = "how the text is read: the cron dialect it is written in",
     .example = "quartz"},
    {.name = "zone",
     .type = OptionType::text,
     .default_value = "UTC",
     .dialects = kEveryDialect,
     .help = "IANA time zone of the schedule, e.g. America/New_York",
     .old_names = "tz,time-zone",
     .example = "Europe/Berlin"},
    {.name = "dst",
     .type = OptionType::choice,
     .values = kDstNames,
     .dialects = kEveryDialect,
     .help = "what happens at DST changes (docs/dst.md); default: the dialect's own",
     .example = "skip-both"},
    {.name = "seed",
     .type = OptionType::list,
     .dialects = kEveryDialect,
     .help = "a part of the seed hash forms (H) draw from, e.g. the job name; give it again for more parts",
     .example = "backup-db"},
    {.name = "host",
     .type = OptionType::text,
     .dialects = kEveryDialect,
     .help = "a host name, put before the seed's parts",
     .example = "web-07"},
    {.name = "hash-scheme",
     .type = OptionType::choice,
     .values = kHashNames,
     .dialects = kEveryDialect,
     .help = "how hash forms draw their values; default: the dialect's own",
     .old_names = "hash",
     .example = "jenkins"},
    {.name = "offset-window",
     .type = OptionType::duration,
     .dialects = kEveryDialect,
     .help = "shift every fire time by the seed's stable offset in [0, window), e.g. 15m",
     .old_names = "spread,spread-ms",
     .example = "15m"},
    {.name = "balance-lock",
     .type = OptionType::path,
     .dialects = kEveryDialect,
     .help = "a balance lock (written by fuzzycron balance): the jobs it names take their H values from it",
     .old_names = "balance",
     .example = "jobs.lock"},
    {.name = "seconds-first",
     .type = OptionType::flag,
     .default_value = "false",
     .values = kFlagValues,
     .dialects = kSecondsFirstDialects,
     .help = "croniter: in 6 or 7 fields the seconds come first; kubernetes: exactly 6 fields, seconds first "
             "(robfig's WithSeconds)",
     .old_names = "second-at-beginning",
     .example = "true"},
    {.name = "day-or",
     .type = OptionType::flag,
     .default_value = "true",
     .values = kFlagValues,
     .dialects = dialect_bit(Dialect::croniter),
     .help = "croniter: false means both day fields, when restricted, must match",
     .example = "false"},
    {.name = "implement-cron-bug",
     .type = OptionType::flag,
     .default_value = "false",
     .values = kFlagValues,
     .dialects = dialect_bit(Dialect::croniter),
     .help = "croniter: Vixie cron's rule, both day fields must match when either starts with '*'",
     .example = "true"},
    {.name = "strict",
     .type = OptionType::flag,
     .default_value = "false",
     .values = kFlagValues,
     .dialects = dialect_bit(Dialect::cron_parser),
     .help = "cron-parser's strict mode: 6 fields, not both day fields restricted, H inside its field",
     .example = "true"},
    {.name = "format",
     .type = OptionType::choice,
     .default_value = "standard",
     .values = kFurikoFormats,
     .dialects = dialect_bit(Dialect::furiko),
     .help = "furiko: day-of-week numbering (quartz: 1-7 are SUN-SAT)",
     .example = "quartz"},
    {.name = "hash-fields",
     .type = OptionType::flag,
     .default_value = "true",
     .values = kFlagValues,
     .dialects = dialect_bit(Dialect::furiko),
     .help = "furiko: hash each field with its own name",
     .example = "false"},
    {.name = "hash-seconds-by-default",
     .type = OptionType::flag,
     .default_value = "false",
     .values = kFlagValues,
     .dialects = dialect_bit(Dialect::furiko),
     .help = "furiko: a 5-field expression fires at a hashed second",
     .example = "true"},
    {.name = "hash-names",
     .type = OptionType::flag,
     .default_value = "true",
     .values = kFlagValues,
     .dialects = dialect_bit(Dialect::furiko),
     .help = "furiko: H in a name's place (H in day-of-week) draws from the names",
     .example = "false"},
    {.name = "not-before",
     .type = OptionType::text,
     .dialects = kEveryDialect,
     .help = "no fire before this instant (RFC 3339, included), e.g. 2026-03-02T00:00:00Z",
     .example = "2026-03-02T00:00:00Z"},
    {.name = "not-after",
     .type = OptionType::text,
     .dialects = kEveryDialect,
     .help = "no fire after this instant (RFC 3339, included), e.g. 2026-12-31T23:59:59Z",
     .example = "2026-03-05T00:00:00Z"},
    {.name = "except",
     .type = OptionType::text,
     .dialects = kEveryDialect,
     .help = "local dates without fires: YYYY-MM-DD and YYYY-MM-DD..YYYY-MM-DD, comma-separated (docs/calendars.md)",
     .example = "2026-03-01,2026-03-03..2026-03-04"},
    {.name = "except-cron",
     .type = OptionType::text,
     .dialects = kEveryDialect,
     .help = "times without fires: cron expressions in the schedule's dialect, ';'-separated, e.g. '* * * * 0,6' "
             "(Quartz's CronCalendar; docs/calendars.md)",
     .example = "* * * * 0,6"},
    {.name = "except-move",
     .type = OptionType::choice,
     .default_value = "skip",
     .values = kExceptMoveNames,
     .dialects = kEveryDialect,
     .help = "a fire on a day of except: skipped, or moved to the next (following) or previous (preceding) day "
             "not excluded; modified-following stays in its month",
     .example = "following"},
};

// "offsetWindow", "offset_window", "OFFSET-WINDOW" -> "offsetwindow": names
// compare without case and separators (no two options collide this way).
std::string folded(std::string_view name) {
  std::string out;
  for (const char c : name)
    if (c != '-' && c != '_') out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

// folded(a) == folded(b) without building either: find_option runs for every
// option of every parse through the C API (the JVM's parse paid ~10 % for it).
bool same_folded(std::string_view a, std::string_view b) noexcept {
  const auto fold = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  std::size_t i = 0, j = 0;
  for (;;) {
    while (i < a.size() && (a[i] == '-' || a[i] == '_')) ++i;
    while (j < b.size() && (b[j] == '-' || b[j] == '_')) ++j;
    if (i == a.size() || j == b.size()) return i == a.size() && j == b.size();
    if (fold(a[i++]) != fold(b[j++])) return false;
  }
}

bool has_old_name(const OptionSpec& o, std::string_view typed) {
  // No allocation per name compared: find_option runs for every option of
  // every parse through the C API.
  for (std::string_view rest = o.old_names; !rest.empty();) {
    const auto comma = rest.find(',');
    if (same_folded(rest.substr(0, comma), typed)) return true;
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  return false;
}

Error bad_value(const OptionSpec& o, std::string_view value, std::string why, int column = 1) {
  return Error(ErrorKind::argument, std::string(o.name) + ": " + why, std::string(value), column);
}

void check_value(const OptionSpec& o, std::string_view value) {
  switch (o.type) {
    case OptionType::choice:
    case OptionType::flag:
      if (std::find(o.values.begin(), o.values.end(), value) == o.values.end()) {
        std::string why = "unknown value '" + std::string(value) + "': use " + join(o.values);
        if (const auto near = closest_name(value, o.values)) why += " (did you mean '" + *near + "'?)";
        if (o.name == "dst") why += " (GAP-OVERLAP: GAP skip|shift|later|hourly, OVERLAP first|last|both|hourly)";
        throw bad_value(o, value, std::move(why));
      }
      return;
    case OptionType::duration:
      try {
        if (parse_duration(value).count() < 1) throw bad_value(o, value, "must be longer than zero, e.g. 15m");
      } catch (const Error& e) {
        if (e.message().starts_with(std::string(o.name) + ":")) throw;
        throw bad_value(o, value, e.message(), e.column());
      }
      return;
    case OptionType::text:
    case OptionType::list:
    case OptionType::path:
      if (value.empty() && o.name != "seed") throw bad_value(o, value, "must not be empty");
      return;
  }
}

std::string name_list(unsigned dialects) {
  std::string out;
  for (std::size_t i = 0; i < std::size(kAllDialects); ++i)
    if (dialects & (1u << i)) out += (out.empty() ? "" : " and ") + std::string(kDialectNames[i]);
  return out;
}

// One option's effect on ParseOptions (the value was checked by set()).
void apply(ParseOptions& p, std::string_view name, const std::string& v) {
  const bool yes = v == "true";
  if (name == "zone") {
    TimeZone::locate(v);  // an unknown zone is reported here, not at the first next()
    p.time_zone = v;
  } else if (name == "dst") {
    p.dst = dst_policy_named(v);
  } else if (name == "hash-scheme") {
    p.hash = hash_scheme_named(v);
  } else if (name == "offset-window") {
    p.offset_window = parse_duration(v);
  } else if (name == "balance-lock") {
    p.balance = std::make_shared<const BalanceLock>(BalanceLock::read_file(v, p.dialect));
  } else if (name == "seconds-first") {
    p.croniter.second_at_beginning = yes;
    p.kubernetes.seconds = yes;
  } else if (name == "day-or") {
    p.croniter.day_or = yes;
  } else if (name == "implement-cron-bug") {
    p.croniter.implement_cron_bug = yes;
  } else if (name == "strict") {
    p.cron_parser.strict = yes;
  } else if (name == "format") {
    p.furiko.quartz_day_of_week = v == "quartz";
  } else if (name == "hash-fields") {
    p.furiko.hash_fields = yes;
  } else if (name == "hash-seconds-by-default") {
    p.furiko.hash_seconds_by_default = yes;
  } else if (name == "hash-names") {
    p.furiko.hash_names = yes;
  } else if (name == "not-before" || name == "not-after") {
    const auto t = parse_rfc3339(v);
    if (!t)
      throw Error(ErrorKind::argument,
                  std::string(name) + ": not an instant: write RFC 3339 with an offset, e.g. 2026-03-02T00:00:00Z", v,
                  1);
    (name == "not-before" ? p.not_before : p.not_after) = *t;
  } else if (name == "except") {
    p.except = v;
  } else if (name == "except-cron") {
    p.except_cron = v;
  } else if (name == "except-move") {
    const auto at = std::find(std::begin(kExceptMoveNames), std::end(kExceptMoveNames), v);
    p.except_move = static_cast<ParseOptions::Move>(at - std::begin(kExceptMoveNames));
  }
  // dialect, seed and host are read before the rest (options_from_names).
}

}  // namespace

std::span<const OptionSpec> option_schema() noexcept { return kSchema; }

std::string_view option_type_name(OptionType type) noexcept {
  switch (type) {
    case OptionType::choice: return "choice";
    case OptionType::text: return "text";
    case OptionType::list: return "list";
    case OptionType::flag: return "flag";
    case OptionType::duration: return "duration";
    case OptionType::path: return "path";
  }
  return "text";
}

const OptionSpec* find_option(std::string_view name) noexcept {
  for (const OptionSpec& o : kSchema)  // the canonical name, as bindings pass it: the cheap test first
    if (o.name == name) return &o;
  for (const OptionSpec& o : kSchema)
    if (same_folded(o.name, name)) return &o;
  for (const OptionSpec& o : kSchema)
    if (has_old_name(o, name)) return &o;
  return nullptr;
}

std::vector<std::string_view> old_option_names(const OptionSpec& o) {
  std::vector<std::string_view> out;
  for (std::string_view rest = o.old_names; !rest.empty();) {
    const auto comma = rest.find(',');
    out.push_back(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  return out;
}

std::string option_name(const OptionSpec& o, NameStyle style) {
  std::string out;
  bool upper = style == NameStyle::pascal;
  for (const char c : o.name) {
    if (c == '-') {
      if (style == NameStyle::kebab || style == NameStyle::snake) out += style == NameStyle::kebab ? '-' : '_';
      upper = style == NameStyle::camel || style == NameStyle::pascal;
      continue;
    }
    out += upper ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

std::string OptionNames::set(std::string_view name, std::string_view value) {
  const OptionSpec* o = find_option(name);
  if (!o) {
    std::vector<std::string> known;
    for (const OptionSpec& s : kSchema) known.push_back(std::string(s.name));
    std::string message = "unknown option '" + std::string(name) + "'";
    if (const auto near = closest_name(folded(name), known)) message += " (did you mean '" + *near + "'?)";
    throw Error(ErrorKind::argument,
                message + ": the options are " + join(std::vector<std::string_view>(known.begin(), known.end())),
                std::string(name), 1);
  }
  std::string text(value);
  std::string warning;
  if (name != o->name && !same_folded(name, o->name)) {
    warning = "'" + std::string(name) + "' is the old name of '" + std::string(o->name) +
              "' (CHANGELOG.md): 0.6 will refuse it";
    // spread_ms took a number of milliseconds, 0 for none.
    if (folded(name) == "spreadms") {
      if (text == "0") return warning;
      text += "ms";
    }
  }
  check_value(*o, text);
  if (o->type == OptionType::list) {
    given.emplace_back(o, std::move(text));
  } else {
    const auto same = std::find_if(given.begin(), given.end(), [&](const auto& g) { return g.first == o; });
    if (same != given.end())
      same->second = std::move(text);
    else
      given.emplace_back(o, std::move(text));
  }
  return warning;
}

const std::string* OptionNames::find(std::string_view name) const noexcept {
  for (auto it = given.rbegin(); it != given.rend(); ++it)
    if (it->first->name == name) return &it->second;
  return nullptr;
}

ParseOptions options_from_names(const OptionNames& names) {
  ParseOptions p;
  if (const std::string* d = names.find("dialect")) p.dialect = dialect_named(*d);
  std::vector<std::string> seed;
  if (const std::string* host = names.find("host")) seed.push_back(*host);
  for (const auto& [o, v] : names.given)
    if (o->name == "seed") seed.push_back(v);
  if (!seed.empty()) p.seed = Seed(seed);
  for (const auto& [o, v] : names.given) {
    if (!(o->dialects & dialect_bit(p.dialect)))
      throw Error(ErrorKind::argument,
                  std::string(o->name) + ": applies to the " + name_list(o->dialects) + " dialect" +
                      (std::popcount(o->dialects) > 1 ? "s" : "") + " only, and the dialect is " +
                      std::string(dialect_name(p.dialect)),
                  v, 1);
    apply(p, o->name, v);
  }
  return p;
}

std::span<const std::string_view> dialect_names() noexcept { return kDialectNames; }
std::span<const std::string_view> dst_policy_names() noexcept { return kDstNames; }
std::span<const std::string_view> hash_scheme_names() noexcept { return kHashNames; }

std::string join(std::span<const std::string_view> names, std::string_view separator) {
  std::string out;
  for (const std::string_view n : names) {
    if (!out.empty()) out += separator;
    out += n;
  }
  return out;
}

namespace {

// The throwing twins share one refusal: the schema's (check_value), with the
// allowed names and a did-you-mean. A name the schema lists but the reader
// refuses means the two lists drifted apart: a bug, said as one.
template <class FromName>
auto named(std::string_view option, std::string_view name, FromName from_name) {
  if (const auto value = from_name(name)) return *value;
  check_value(*find_option(option), name);
  throw Error(ErrorKind::argument,
              std::string(option) + ": '" + std::string(name) +
                  "' is in the schema's list but not read (a bug: please report it)",
              std::string(name), 1);
}

}  // namespace

Dialect dialect_named(std::string_view name) { return named("dialect", name, dialect_from_name); }
DstPolicy dst_policy_named(std::string_view name) { return named("dst", name, DstPolicy::from_name); }
HashScheme hash_scheme_named(std::string_view name) { return named("hash-scheme", name, hash_scheme_from_name); }

std::chrono::milliseconds parse_duration(std::string_view text) {
  constexpr std::int64_t kMax = 1'000'000'000'000;  // about 31 years
  auto bad = [&](std::size_t at) {
    return Error(ErrorKind::argument, "not a duration: write e.g. 15m, 90s, 1h30m, 250ms or 2d (units d h m s ms)",
                 std::string(text), static_cast<int>(at) + 1);
  };
  if (text.empty()) throw bad(0);
  std::int64_t total = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    std::int64_t n = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      n = n * 10 + (text[i] - '0');
      if (n > kMax) throw bad(start);
    }
    if (i == start) throw bad(i);
    const std::size_t unit_at = i;
    while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') ++i;
    const std::string_view unit = text.substr(unit_at, i - unit_at);
    std::int64_t ms;
    if (unit == "ms")
      ms = 1;
    else if (unit == "s")
      ms = 1000;
    else if (unit == "m")
      ms = 60'000;
    else if (unit == "h")
      ms = 3'600'000;
    else if (unit == "d")
      ms = 86'400'000;
    else
      throw bad(unit_at);
    if (n > (kMax - total) / ms) throw bad(start);
    total += n * ms;
  }
  return std::chrono::milliseconds{total};
}

}  // namespace fuzzycron
