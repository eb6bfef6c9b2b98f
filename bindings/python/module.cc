// fuzzycron._fuzzycron: the C++ library for Python (pybind11). Instants cross
// as integer milliseconds since the Unix epoch; the Python package
// (fuzzycron/__init__.py) turns them into datetimes and keeps the API small.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
// After Python.h (through pybind11): CPython's datetime API, a naive datetime without Python arithmetic.
#include <datetime.h>

#include <cmath>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <date/date.h>

#include "fuzzycron/fuzzycron.h"
#include "fuzzycron/options.h"
#include "fuzzycron/syntax.h"
#include "fuzzycron/tools.h"

namespace py = pybind11;

namespace {

using fuzzycron::sys_milliseconds;

sys_milliseconds at(std::int64_t ms) { return sys_milliseconds{std::chrono::milliseconds{ms}}; }
std::optional<std::int64_t> ms_of(std::optional<sys_milliseconds> t) {
  if (!t) return std::nullopt;
  return t->time_since_epoch().count();
}

using Pairs = std::vector<std::pair<std::string, std::string>>;

// Keyword arguments (already text, in the order given) to ParseOptions through
// the library's schema (fuzzycron/options.h); old spellings' warnings go to
// Python's warnings module (once per place, as Python does).
fuzzycron::ParseOptions options(const Pairs& pairs, const py::object& balance) {
  fuzzycron::OptionNames names;
  for (const auto& [name, value] : pairs) {
    const std::string warning = names.set(name, value);
    if (!warning.empty() && PyErr_WarnEx(PyExc_DeprecationWarning, warning.c_str(), 2) != 0)
      throw py::error_already_set();
  }
  fuzzycron::ParseOptions o = fuzzycron::options_from_names(names);
  if (!balance.is_none()) o.balance = balance.cast<std::shared_ptr<fuzzycron::BalanceLock>>();
  return o;
}

#define FUZZYCRON_OPTION_ARGS py::arg("options"), py::arg("balance") = py::none()

const char* term_kind(fuzzycron::Term::Kind k) {
  using K = fuzzycron::Term::Kind;
  switch (k) {
    case K::all: return "all";
    case K::no_spec: return "no_spec";
    case K::value: return "value";
    case K::range: return "range";
    case K::last_day: return "last_day";
    case K::last_weekday: return "last_weekday";
    case K::nearest_weekday: return "nearest_weekday";
    case K::last_of_weekday: return "last_of_weekday";
    case K::nth_weekday: return "nth_weekday";
    case K::hash: return "hash";
  }
  return "?";
}

fuzzycron::ParseOptions croniter_options(const std::vector<std::string>& seed, const std::string& tz, bool sab,
                                         bool day_or, const std::string& dst = "shift-both", bool cron_bug = false) {
  fuzzycron::OptionNames names;
  names.set("dialect", "croniter");
  names.set("zone", tz);
  if (!dst.empty()) names.set("dst", dst);  // croniter 6's, chosen per expression by fuzzycron._croniter (docs/dst.md)
  names.set("seconds-first", sab ? "true" : "false");
  names.set("day-or", day_or ? "true" : "false");
  names.set("implement-cron-bug", cron_bug ? "true" : "false");
  fuzzycron::ParseOptions o = fuzzycron::options_from_names(names);
  o.seed = fuzzycron::Seed::bytes(seed);  // croniter's hash_id: bytes, as croniter hashes them
  return o;
}

// croniter's get_next/get_prev in one call without pybind11's dispatch (which
// costs more than the search): step(capsule, seconds, forward) -> float or None,
// the capsule from schedule_capsule().
constexpr const char* kScheduleCapsule = "fuzzycron.Schedule";

PyObject* step_seconds(PyObject*, PyObject* const* args, Py_ssize_t count) {
  if (count != 3) {
    PyErr_SetString(PyExc_TypeError, "step(capsule, seconds, forward)");
    return nullptr;
  }
  const auto* s = static_cast<const fuzzycron::Schedule*>(PyCapsule_GetPointer(args[0], kScheduleCapsule));
  if (!s) return nullptr;
  const double seconds = PyFloat_AsDouble(args[1]);
  if (seconds == -1.0 && PyErr_Occurred()) return nullptr;
  const bool forward = PyObject_IsTrue(args[2]) == 1;
  const auto t = forward ? s->next(at(static_cast<std::int64_t>(std::floor(seconds * 1000))))
                         : s->prev(at(static_cast<std::int64_t>(std::ceil(seconds * 1000))));
  if (!t) Py_RETURN_NONE;
  return PyFloat_FromDouble(static_cast<double>(t->time_since_epoch().count()) / 1000.0);
}

// croniter.get_next's common case in one call: quick(capsule, cur, offset, gate)
// -> the next fire time as float seconds (cur + offset searched, offset taken
// back), or None when there is none or it is further than `gate` seconds away
// (the caller then takes the slow path, which says why).
PyObject* quick_next(PyObject*, PyObject* const* args, Py_ssize_t count) {
  if (count != 4) {
    PyErr_SetString(PyExc_TypeError, "quick(capsule, cur, offset, gate)");
    return nullptr;
  }
  const auto* s = static_cast<const fuzzycron::Schedule*>(PyCapsule_GetPointer(args[0], kScheduleCapsule));
  if (!s) return nullptr;
  const double cur = PyFloat_AsDouble(args[1]), offset = PyFloat_AsDouble(args[2]), gate = PyFloat_AsDouble(args[3]);
  if (PyErr_Occurred()) return nullptr;
  const auto t = s->next(at(static_cast<std::int64_t>(std::floor((cur + offset) * 1000))));
  if (!t) Py_RETURN_NONE;
  const double found = static_cast<double>(t->time_since_epoch().count()) / 1000.0 - offset;
  if (std::abs(found - cur) > gate) Py_RETURN_NONE;
  return PyFloat_FromDouble(found);
}

// Float seconds as a naive UTC datetime (croniter's result for a naive start), to the microsecond.
PyObject* naive_utc(PyObject*, PyObject* const* args, Py_ssize_t count) {
  if (count != 1) {
    PyErr_SetString(PyExc_TypeError, "naive_utc(seconds)");
    return nullptr;
  }
  const double seconds = PyFloat_AsDouble(args[0]);
  if (seconds == -1.0 && PyErr_Occurred()) return nullptr;
  const auto us = static_cast<std::int64_t>(std::llround(seconds * 1e6));
  const auto t = date::sys_time<std::chrono::microseconds>{std::chrono::microseconds{us}};
  const auto day = date::floor<date::days>(t);
  const date::year_month_day ymd{day};
  const date::hh_mm_ss<std::chrono::microseconds> time{t - day};
  return PyDateTime_FromDateAndTime(static_cast<int>(ymd.year()), static_cast<int>(static_cast<unsigned>(ymd.month())),
                                    static_cast<int>(static_cast<unsigned>(ymd.day())),
                                    static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                                    static_cast<int>(time.seconds().count()),
                                    static_cast<int>(time.subseconds().count()));
}

template <auto F>
PyCFunction fast() {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(F));
}

PyMethodDef kFastFunctions[] = {
    {"step", fast<step_seconds>(), METH_FASTCALL,
     "step(schedule_capsule, seconds, forward): the next (previous) fire time as float seconds, or None"},
    {"quick", fast<quick_next>(), METH_FASTCALL, "quick(schedule_capsule, cur, offset, gate): see module.cc"},
    {"naive_utc", fast<naive_utc>(), METH_FASTCALL, "naive_utc(seconds): a naive UTC datetime"},
    {nullptr, nullptr, 0, nullptr}};

}  // namespace

PYBIND11_MODULE(_fuzzycron, m) {
  m.doc() = "fuzzycron's C++ core; use the fuzzycron package, not this module.";
  m.attr("__version__") = std::string(fuzzycron::version());

  // ParseError(ValueError) with .column, .line, .text and .kind.
  static py::object* parse_error = new py::object(py::exception<fuzzycron::Error>(m, "ParseError", PyExc_ValueError));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const fuzzycron::Error& e) {
      std::string shown = e.message();
      if (e.column() > 0)
        shown += e.line() > 0 ? " (line " + std::to_string(e.line()) + ", column " + std::to_string(e.column()) + ")"
                              : " (column " + std::to_string(e.column()) + ")";
      py::object error = (*parse_error)(shown);
      error.attr("message") = e.message();
      error.attr("column") = e.column();
      error.attr("line") = e.line();
      error.attr("text") = e.text();
      error.attr("kind") = std::string(fuzzycron::error_kind_name(e.kind()));
      PyErr_SetObject(parse_error->ptr(), error.ptr());
    }
  });

  // A balance lock (docs/balance.md), read from its text.
  py::class_<fuzzycron::BalanceLock, std::shared_ptr<fuzzycron::BalanceLock>>(m, "BalanceLock")
      .def(py::init([](const std::string& text) {
             return std::make_shared<fuzzycron::BalanceLock>(fuzzycron::BalanceLock::read(text));
           }),
           py::arg("text"))
      .def_property_readonly(
          "dialect", [](const fuzzycron::BalanceLock& b) { return std::string(fuzzycron::dialect_name(b.dialect())); })
      .def_property_readonly("groups", [](const fuzzycron::BalanceLock& b) { return b.groups().size(); })
      .def("write", &fuzzycron::BalanceLock::write);

  py::class_<fuzzycron::Schedule>(m, "Schedule")
      .def("next_ms", [](const fuzzycron::Schedule& s, std::int64_t t) { return ms_of(s.next(at(t))); })
      .def("prev_ms", [](const fuzzycron::Schedule& s, std::int64_t t) { return ms_of(s.prev(at(t))); })
      // croniter's float seconds (microseconds kept): the first fire time strictly
      // after (before) them, as float seconds, or None. One call per get_next.
      .def("next_seconds",
           [](const fuzzycron::Schedule& s, double seconds) -> py::object {
             const auto t = s.next(at(static_cast<std::int64_t>(std::floor(seconds * 1000))));
             if (!t) return py::none();
             return py::float_(static_cast<double>(t->time_since_epoch().count()) / 1000.0);
           })
      .def("prev_seconds",
           [](const fuzzycron::Schedule& s, double seconds) -> py::object {
             const auto t = s.prev(at(static_cast<std::int64_t>(std::ceil(seconds * 1000))));
             if (!t) return py::none();
             return py::float_(static_cast<double>(t->time_since_epoch().count()) / 1000.0);
           })
      // Up to `limit` fire times in [from, to): one call for many, the GIL released.
      .def("fires_ms",
           [](const fuzzycron::Schedule& s, std::int64_t from, std::int64_t to, std::size_t limit) {
             std::vector<std::int64_t> out;
             {
               py::gil_scoped_release unlocked;
               for (auto t : s.fires(at(from), at(to))) {
                 if (out.size() == limit) break;
                 out.push_back(t.time_since_epoch().count());
               }
             }
             return out;
           })
      // missed(): (fire times to run now, how many were missed, whether the look was capped).
      .def("missed_ms",
           [](const fuzzycron::Schedule& s, std::int64_t last_run, std::int64_t now, int catch_up, std::size_t limit,
              std::int64_t deadline) {
             fuzzycron::MissedPolicy p;
             p.catch_up = static_cast<fuzzycron::CatchUp>(catch_up);
             p.limit = limit;
             if (deadline >= 0) p.starting_deadline = std::chrono::milliseconds{deadline};
             fuzzycron::Missed result;
             {
               py::gil_scoped_release unlocked;
               result = fuzzycron::missed(s, at(last_run), at(now), p);
             }
             std::vector<std::int64_t> run;
             for (auto t : result.run) run.push_back(t.time_since_epoch().count());
             return py::make_tuple(run, result.missed, result.capped);
           })
      .def_property_readonly("never", &fuzzycron::Schedule::never)
      .def_property_readonly("zone", [](const fuzzycron::Schedule& s) { return std::string(s.zone().name()); });

  m.def(
      "parse",
      [](const std::string& expr, const Pairs& pairs, const py::object& balance) {
        return fuzzycron::parse(expr, options(pairs, balance));
      },
      py::arg("expr"), FUZZYCRON_OPTION_ARGS);
  m.def(
      "resolve",
      [](const std::string& expr, const Pairs& pairs, const py::object& balance) {
        return fuzzycron::resolve(expr, options(pairs, balance));
      },
      py::arg("expr"), FUZZYCRON_OPTION_ARGS);
  // For fuzzycron.croniter: the schedule with croniter's own options, and the
  // expression's terms (hash forms drawn) from which croniter.expand() is built.
  if (PyModule_AddFunctions(m.ptr(), kFastFunctions) != 0) throw py::error_already_set();
  // The options schema (fuzzycron/options.h), for keyword arguments and their help.
  m.def("option_schema", [] {
    py::list out;
    for (const fuzzycron::OptionSpec& o : fuzzycron::option_schema()) {
      py::list values, dialects;
      for (const auto v : o.values) values.append(std::string(v));
      for (const fuzzycron::Dialect d : fuzzycron::kAllDialects)
        if (o.dialects & fuzzycron::dialect_bit(d)) dialects.append(std::string(fuzzycron::dialect_name(d)));
      out.append(py::dict(py::arg("name") = fuzzycron::option_name(o, fuzzycron::NameStyle::snake),
                          py::arg("type") = std::string(fuzzycron::option_type_name(o.type)),
                          py::arg("default") = std::string(o.default_value), py::arg("values") = values,
                          py::arg("help") = std::string(o.help), py::arg("dialects") = dialects,
                          py::arg("example") = std::string(o.example),
                          py::arg("old_names") = std::string(o.old_names)));
    }
    return out;
  });
  m.def("schedule_capsule", [](const fuzzycron::Schedule& s) {
    return py::capsule(new fuzzycron::Schedule(s), kScheduleCapsule, [](PyObject* c) {
      delete static_cast<fuzzycron::Schedule*>(PyCapsule_GetPointer(c, kScheduleCapsule));
    });
  });
  PyDateTime_IMPORT;
  m.def(
      "croniter_parse",
      [](const std::string& expr, const std::vector<std::string>& seed, const std::string& tz, bool sab, bool day_or,
         const std::string& dst,
         bool cron_bug) { return fuzzycron::parse(expr, croniter_options(seed, tz, sab, day_or, dst, cron_bug)); },
      py::arg("expr"), py::arg("seed"), py::arg("tz"), py::arg("second_at_beginning"), py::arg("day_or"),
      py::arg("dst") = "shift-both", py::arg("implement_cron_bug") = false);
  m.def(
      "croniter_resolve",
      [](const std::string& expr, const std::vector<std::string>& seed, bool sab) {
        return fuzzycron::resolve(expr, croniter_options(seed, "UTC", sab, true));
      },
      py::arg("expr"), py::arg("seed"), py::arg("second_at_beginning"));
  m.def(
      "croniter_terms",
      [](const std::string& expr, const std::vector<std::string>& seed, bool sab) {
        const fuzzycron::ParseOptions o = croniter_options(seed, "UTC", sab, true);
        fuzzycron::parse(expr, o);  // croniter's checks of the whole expression, which the terms alone skip
        const fuzzycron::Syntax syntax = fuzzycron::syntax_of(expr, o);
        py::list fields;
        if (syntax.lines.empty()) return fields;
        for (const auto& field : syntax.lines.front().fields) {
          if (!field) {
            fields.append(py::none());
            continue;
          }
          py::list terms;
          for (const auto& t : field->terms)
            terms.append(py::make_tuple(term_kind(t.kind), t.lo, t.hi, t.step, t.from_hash));
          fields.append(py::make_tuple(field->text, terms));
        }
        return fields;
      },
      py::arg("expr"), py::arg("seed"), py::arg("second_at_beginning"));
  m.def(
      "offset_ms",
      [](const std::vector<std::string>& seed, std::int64_t window_ms) {
        return fuzzycron::seed_offset(fuzzycron::Seed(seed), std::chrono::milliseconds{window_ms}).count();
      },
      py::arg("seed"), py::arg("window_ms"));
  m.def(
      "explain",
      [](const std::string& expr, const Pairs& pairs, const py::object& balance) {
        const auto e = fuzzycron::explain(expr, options(pairs, balance));
        py::list fields;
        for (const auto& f : e.fields)
          fields.append(py::dict(py::arg("field") = f.field, py::arg("text") = f.text, py::arg("line") = f.line,
                                 py::arg("column") = f.column, py::arg("meaning") = f.meaning));
        return py::dict(py::arg("sentences") = e.sentences, py::arg("fields") = fields, py::arg("zone") = e.zone,
                        py::arg("dst") = e.dst, py::arg("resolved") = e.resolved);
      },
      py::arg("expr"), FUZZYCRON_OPTION_ARGS);
  m.def(
      "lint",
      [](const std::string& expr, const std::optional<std::string>& runs_on, std::int64_t from_ms, const Pairs& pairs,
         const py::object& balance) {
        fuzzycron::LintOptions o;
        o.parse = options(pairs, balance);
        o.from = at(from_ms);
        if (runs_on) {
          o.runs_on = fuzzycron::runs_on_from_name(*runs_on);
          if (!o.runs_on)
            throw fuzzycron::Error(
                fuzzycron::ErrorKind::argument,
                "runs_on: unknown value '" + *runs_on + "': use " + fuzzycron::join(fuzzycron::runs_on_names()),
                *runs_on, 1);
        }
        py::list out;
        for (const auto& f : fuzzycron::lint(expr, o))
          out.append(py::make_tuple(f.code, std::string(fuzzycron::severity_name(f.severity)), f.line, f.column,
                                    f.message, f.suggestion));
        return out;
      },
      py::arg("expr"), py::arg("runs_on"), py::arg("from_ms"), FUZZYCRON_OPTION_ARGS);
}
