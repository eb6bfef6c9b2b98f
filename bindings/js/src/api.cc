// fuzzycron for JavaScript (emscripten, embind): what bindings/js/index.js
// builds its two APIs on (cron-parser's and fuzzycron's own). Options and
// results cross as JSON text and instants as milliseconds; a library error
// comes back as {"error": {message, column, line, text, kind}} rather than an
// exception, which embind would pass to JavaScript as a bare pointer.
#include <emscripten/bind.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "fuzzycron/fuzzycron.h"
#include "fuzzycron/missed.h"
#include "fuzzycron/options.h"
#include "fuzzycron/tools.h"

namespace {

using json = nlohmann::json;
using fuzzycron::sys_milliseconds;

json error_json(const fuzzycron::Error& e) {
  return {{"error",
           {{"message", e.message()},
            {"column", e.column()},
            {"line", e.line()},
            {"text", e.text()},
            {"kind", std::string(fuzzycron::error_kind_name(e.kind()))}}}};
}

// The options object, each key by its schema name (fuzzycron/options.h, any
// case style: offsetWindow, hashScheme, ...): {"dialect": "quartz", "seed":
// [...], "strict": true, ...}; "furiko": {...} holds furiko's options as before;
// lint's and spread's own keys are left to them.
fuzzycron::ParseOptions options_of(const std::string& text) {
  const json o = text.empty() ? json::object() : json::parse(text);
  fuzzycron::OptionNames names;
  auto set = [&](const std::string& key, const json& v) {
    if (v.is_null()) return;
    if (v.is_array()) {
      for (const json& part : v) names.set(key, part.is_string() ? part.get<std::string>() : part.dump());
    } else {
      names.set(key, v.is_string() ? v.get<std::string>() : v.dump());
    }
  };
  for (const auto& [key, v] : o.items()) {
    // What lint and spread take besides the parse options (their own keys, read by them).
    if (key == "from" || key == "target" || key == "hosts" || key == "window" || key == "resolution") continue;
    if (key == "balanceLockFile") continue;  // read below, once the dialect is known
    if (key == "furiko" && v.is_object()) {
      for (const auto& [k, fv] : v.items()) set(k, fv);
    } else {
      set(key, v);
    }
  }
  fuzzycron::ParseOptions p = fuzzycron::options_from_names(names);
  // index.js read the lock's file (the library here has no file system).
  if (const auto file = o.find("balanceLockFile"); file != o.end())
    p.balance = std::make_shared<const fuzzycron::BalanceLock>(fuzzycron::BalanceLock::read_file_text(
        file->at("text").get<std::string>(), file->at("path").get<std::string>(), p.dialect));
  return p;
}

// Runs f, turning every failure into {"error": ...}.
template <class F>
std::string guarded(F f) {
  try {
    return f().dump();
  } catch (const fuzzycron::Error& e) {
    return error_json(e).dump();
  } catch (const json::exception& e) {
    return json{{"error", {{"message", std::string("bad options: ") + e.what()}, {"kind", "argument"}}}}.dump();
  } catch (const std::exception& e) {
    return json{{"error", {{"message", e.what()}, {"kind", "internal"}}}}.dump();
  }
}

sys_milliseconds at(double ms) { return sys_milliseconds{std::chrono::milliseconds{static_cast<std::int64_t>(ms)}}; }
double ms_of(const std::optional<sys_milliseconds>& t) {
  return t ? static_cast<double>(t->time_since_epoch().count()) : std::numeric_limits<double>::quiet_NaN();
}

// A compiled schedule; error() is "" or the JSON of why there is none.
class Schedule {
 public:
  Schedule(const std::string& expression, const std::string& options) {
    error_ = guarded([&] {
      const auto o = options_of(options);
      auto parsed = fuzzycron::parse_and_resolve(expression, o);
      schedule_ = std::move(parsed.schedule);
      return json{
          {"resolved", parsed.resolved}, {"zone", std::string(schedule_.zone().name())}, {"never", schedule_.never()}};
    });
    if (json::parse(error_).contains("error")) {
      ok_ = false;
    } else {
      info_ = error_;
      error_.clear();
    }
  }
  std::string error() const { return error_; }
  std::string info() const { return info_; }  // {"resolved", "zone", "never"}
  // NaN: none in that direction.
  double next(double ms) const { return ok_ ? ms_of(schedule_.next(at(std::floor(ms)))) : NAN; }
  double prev(double ms) const { return ok_ ? ms_of(schedule_.prev(at(std::ceil(ms)))) : NAN; }
  // Catch-up (fuzzycron/missed.h): policy {"catchUp": "skip"|"latest"|"all", "limit": n,
  // "startingDeadline": "90m" or ms} -> {"run": [ms...], "missed", "skipped", "capped"}.
  std::string missed(double last_run, double now, const std::string& policy) const {
    return guarded([&] {
      const json p = policy.empty() ? json::object() : json::parse(policy);
      fuzzycron::MissedPolicy m;
      const std::string c = p.value("catchUp", "skip");
      if (c == "skip")
        m.catch_up = fuzzycron::CatchUp::skip;
      else if (c == "latest")
        m.catch_up = fuzzycron::CatchUp::latest;
      else if (c == "all")
        m.catch_up = fuzzycron::CatchUp::all;
      else
        throw fuzzycron::Error(fuzzycron::ErrorKind::argument, "catchUp: use skip, latest or all", c, 1);
      if (p.contains("limit")) {
        const auto limit = p.at("limit").get<long long>();
        if (limit < 1)
          throw fuzzycron::Error(fuzzycron::ErrorKind::argument, "limit: at least 1", p.at("limit").dump(), 1);
        m.limit = static_cast<std::size_t>(limit);
      }
      if (const auto d = p.find("startingDeadline"); d != p.end() && !d->is_null())
        m.starting_deadline = d->is_string() ? fuzzycron::parse_duration(d->get<std::string>())
                                             : std::chrono::milliseconds{d->get<long long>()};
      const auto r = fuzzycron::missed(schedule_, at(std::floor(last_run)), at(std::floor(now)), m);
      json run = json::array();
      for (auto t : r.run) run.push_back(ms_of(t));
      return json{{"run", run}, {"missed", r.missed}, {"skipped", r.skipped}, {"capped", r.capped}};
    });
  }

 private:
  fuzzycron::Schedule schedule_;
  bool ok_ = true;
  std::string error_, info_;
};

std::string explain(const std::string& expression, const std::string& options) {
  return guarded([&] {
    const auto e = fuzzycron::explain(expression, options_of(options));
    json fields = json::array();
    for (const auto& f : e.fields)
      fields.push_back(
          {{"field", f.field}, {"text", f.text}, {"line", f.line}, {"column", f.column}, {"meaning", f.meaning}});
    json out{{"sentences", e.sentences}, {"fields", fields}, {"zone", e.zone}, {"dst", e.dst}};
    if (e.resolved) out["resolved"] = *e.resolved;
    return out;
  });
}

std::string lint(const std::string& expression, const std::string& options) {
  return guarded([&] {
    const json o = options.empty() ? json::object() : json::parse(options);
    fuzzycron::LintOptions l;
    l.parse = options_of(options);
    if (o.contains("from")) l.from = at(o["from"].get<double>());
    if (o.contains("target")) {
      const std::string target = o["target"];
      l.runs_on = fuzzycron::runs_on_from_name(target);
      if (!l.runs_on) throw fuzzycron::Error(fuzzycron::ErrorKind::argument, "unknown lint target '" + target + "'");
    }
    json out = json::array();
    for (const auto& f : fuzzycron::lint(expression, l))
      out.push_back({{"code", f.code},
                     {"severity", std::string(fuzzycron::severity_name(f.severity))},
                     {"line", f.line},
                     {"column", f.column},
                     {"message", f.message},
                     {"rewrite", f.suggestion}});
    return out;
  });
}

std::string resolve(const std::string& expression, const std::string& options, const std::string& to) {
  return guarded([&] {
    const auto o = options_of(options);
    return json{{"resolved", to.empty() ? fuzzycron::resolve(expression, o)
                                        : fuzzycron::resolve(expression, o, fuzzycron::dialect_named(to))}};
  });
}

std::string offset(const std::string& seed, double window_ms) {
  return guarded([&] {
    const auto parts = json::parse(seed).get<std::vector<std::string>>();
    const auto d =
        fuzzycron::seed_offset(fuzzycron::Seed(parts), std::chrono::milliseconds{static_cast<std::int64_t>(window_ms)});
    return json{{"offset", d.count()}};
  });
}

json load_json(const fuzzycron::Load& l) {
  return {{"buckets", l.buckets}, {"fires", l.fires}, {"peak", l.peak}, {"mean", l.mean}, {"p99", l.p99}};
}

// {"hosts": [...], "from": ms, "window": ms, "resolution": ms} besides the parse options.
std::string spread(const std::string& crontab, const std::string& options) {
  return guarded([&] {
    const json o = options.empty() ? json::object() : json::parse(options);
    fuzzycron::SpreadOptions s;
    s.parse = options_of(options);
    if (o.contains("hosts")) s.hosts = o["hosts"].get<std::vector<std::string>>();
    s.from = at(o.value("from", 0.0));
    s.window = std::chrono::milliseconds{static_cast<std::int64_t>(o.value("window", 86400000.0))};
    s.resolution = std::chrono::milliseconds{static_cast<std::int64_t>(o.value("resolution", 60000.0))};
    const auto r = fuzzycron::spread(fuzzycron::parse_crontab(crontab, s.parse.dialect), s);
    json errors = json::array();
    for (const auto& e : r.errors) errors.push_back({{"line", e.line}, {"column", e.column}, {"message", e.message}});
    return json{{"before", load_json(r.before)},
                {"after", load_json(r.after)},
                {"entries", r.entries},
                {"hosts", r.hosts},
                {"errors", errors},
                {"svg", fuzzycron::spread_svg(r)}};
  });
}

// Each field's values as written, expanded (what cron-parser's stringify() compacts):
// {"second": {"values": [...], "nth", "min", "max"}, ...}; 'L' and nL stay text. What the
// text says of itself (a wildcard, a '?') the package reads from the text.
std::string fields(const std::string& expression, const std::string& options) {
  return guarded([&] {
    const auto o = options_of(options);
    const fuzzycron::Syntax syntax = fuzzycron::syntax_of(fuzzycron::resolve(expression, o), o);
    const fuzzycron::Syntax written = fuzzycron::syntax_of(expression, o);  // which terms were H
    json out = json::object();
    if (syntax.lines.empty()) return out;
    for (const auto& field : syntax.lines.front().fields) {
      if (!field) continue;
      const auto& as_written = written.lines.front().field(field->id);
      const auto hashed = [&](std::size_t i) {
        return as_written && i < as_written->terms.size() && as_written->terms[i].kind == fuzzycron::Term::Kind::hash;
      };
      const auto limits = fuzzycron::field_limits(o.dialect, field->id);
      json values = json::array();
      int nth = 0;
      // cron-parser's day of week: a lone 7 is 0, and a range reaching 7 adds 0
      // beside it (its values, hence what its stringify() writes).
      const bool sunday_twice =
          o.dialect == fuzzycron::Dialect::cron_parser && field->id == fuzzycron::FieldId::day_of_week;
      // H is drawn into a list of values, each of them a lone value.
      std::size_t index = 0;
      const auto run = [&](int lo, int hi, int step) {
        const bool drawn = sunday_twice && hashed(index);
        if (sunday_twice && !drawn && hi % 7 == 0 && (hi - lo) % step == 0) values.push_back(0);
        for (int v = lo; v <= hi; v += step) values.push_back(drawn ? v % 7 : v);
      };
      for (const auto& t : field->terms) {
        using K = fuzzycron::Term::Kind;
        const int step = t.step > 0 ? t.step : 1;
        switch (t.kind) {
          case K::no_spec:
          case K::all: run(limits.min, limits.max, step); break;
          case K::value:
            if (t.step == 0)
              values.push_back(sunday_twice ? t.lo % 7 : t.lo);
            else
              run(t.lo, limits.max, step);
            break;
          case K::range: run(t.lo, t.hi, step); break;
          case K::last_day: values.push_back("L"); break;
          case K::last_of_weekday: values.push_back(std::to_string(t.lo) + "L"); break;
          case K::nth_weekday:
            values.push_back(t.lo);
            nth = t.hi;
            break;
          default: values.push_back(field->text); break;
        }
        ++index;
      }
      out[std::string(fuzzycron::field_name(field->id))] = {
          {"values", values}, {"nth", nth}, {"min", limits.min}, {"max", limits.max}};
    }
    return out;
  });
}

std::string version() { return std::string(fuzzycron::version()); }

}  // namespace

EMSCRIPTEN_BINDINGS(fuzzycron) {
  emscripten::class_<Schedule>("Schedule")
      .constructor<std::string, std::string>()
      .function("error", &Schedule::error)
      .function("info", &Schedule::info)
      .function("next", &Schedule::next)
      .function("prev", &Schedule::prev)
      .function("missed", &Schedule::missed);
  emscripten::function("explain", &explain);
  emscripten::function("lint", &lint);
  emscripten::function("resolve", &resolve);
  emscripten::function("offset", &offset);
  emscripten::function("spread", &spread);
  emscripten::function("fields", &fields);
  emscripten::function("version", &version);
}
