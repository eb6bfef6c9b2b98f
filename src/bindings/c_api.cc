// The C API (fuzzycron/c.h): exceptions become status codes and an error
// struct; handles are checked so that a freed or foreign one is an error, not
// a crash.
//
// A handle is not a pointer to the schedule: it encodes a slot index and the
// slot's generation. Slots live in chunks that are never freed or moved, so a
// stale handle reads a live slot whose generation no longer matches. next()
// and prev() read the slot without a lock; only parse and free take one.
#include "fuzzycron/c.h"
#include "fuzzycron/options.h"

#include <array>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "fuzzycron/balance.h"
#include "fuzzycron/explain.h"
#include "fuzzycron/lint.h"
#include "fuzzycron/missed.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/version.h"

namespace {

using fuzzycron::Error;
using fuzzycron::ErrorKind;

template <class T>
struct Slot {
  std::atomic<std::uint32_t> generation{0};  // odd: in use
  std::atomic<const T*> value{nullptr};
};

constexpr std::size_t kChunkSize = 4096;
constexpr std::size_t kChunks = 4096;                 // 16.7 million live handles at most
constexpr std::uint32_t kGenerationMask = 0xFFFFFFu;  // what a handle keeps of a slot's generation

// Schedules, and balance locks (held as shared_ptr: ParseOptions shares them).
template <class T>
class Handles {
 public:
  // A new handle for `s`, or 0 when the table is full.
  std::uintptr_t add(std::unique_ptr<const T> s) {
    std::lock_guard lock(mutex_);
    std::size_t index;
    if (!free_.empty()) {
      index = free_.back();
      free_.pop_back();
    } else {
      if (used_ == kChunkSize * kChunks) return 0;
      index = used_++;
      auto& chunk = chunks_[index / kChunkSize];
      if (!chunk.load(std::memory_order_acquire)) chunk.store(new Slot<T>[kChunkSize], std::memory_order_release);
    }
    Slot<T>& slot = chunks_[index / kChunkSize].load(std::memory_order_acquire)[index % kChunkSize];
    slot.value.store(s.release(), std::memory_order_release);
    const std::uint32_t generation = (slot.generation.load(std::memory_order_relaxed) + 1) & kGenerationMask;  // odd
    slot.generation.store(generation, std::memory_order_release);
    return encode(index, generation);
  }

  const T* find(std::uintptr_t handle) const {
    Slot<T>* slot = slot_of(handle);
    if (!slot || slot->generation.load(std::memory_order_acquire) != generation_of(handle)) return nullptr;
    return slot->value.load(std::memory_order_acquire);
  }

  bool remove(std::uintptr_t handle) {
    std::lock_guard lock(mutex_);
    Slot<T>* slot = slot_of(handle);
    if (!slot || slot->generation.load(std::memory_order_acquire) != generation_of(handle)) return false;
    slot->generation.store((generation_of(handle) + 1) & kGenerationMask, std::memory_order_release);  // even: free
    delete slot->value.exchange(nullptr, std::memory_order_acq_rel);
    free_.push_back(index_of(handle));
    return true;
  }

 private:
  // index + 1 in the high bits (0 is never a handle), the generation's low 24
  // bits (odd) in the low ones; a tag bit keeps it apart from small integers.
  static std::uintptr_t encode(std::size_t index, std::uint32_t generation) {
    return (static_cast<std::uintptr_t>(index + 1) << 25) | ((generation & 0xFFFFFFu) << 1) | 1u;
  }
  static std::size_t index_of(std::uintptr_t h) { return static_cast<std::size_t>(h >> 25) - 1; }
  static std::uint32_t generation_of(std::uintptr_t h) { return static_cast<std::uint32_t>((h >> 1) & 0xFFFFFFu); }

  Slot<T>* slot_of(std::uintptr_t h) const {
    if ((h & 1u) == 0 || (h >> 25) == 0) return nullptr;
    const std::size_t index = index_of(h);
    if (index / kChunkSize >= kChunks) return nullptr;
    Slot<T>* chunk = chunks_[index / kChunkSize].load(std::memory_order_acquire);
    if (!chunk) return nullptr;
    return &chunk[index % kChunkSize];
  }

  std::mutex mutex_;
  std::size_t used_ = 0;
  std::vector<std::size_t> free_;
  std::array<std::atomic<Slot<T>*>, kChunks> chunks_{};
};

using BalancePtr = std::shared_ptr<const fuzzycron::BalanceLock>;

// Never destroyed: handles may outlive static destruction.
Handles<fuzzycron::Schedule>& handles() {
  static auto* h = new Handles<fuzzycron::Schedule>;
  return *h;
}
Handles<BalancePtr>& balances() {
  static auto* h = new Handles<BalancePtr>;
  return *h;
}
Handles<std::vector<fuzzycron::Finding>>& findings() {
  static auto* h = new Handles<std::vector<fuzzycron::Finding>>;
  return *h;
}

std::uintptr_t raw(const void* s) { return reinterpret_cast<std::uintptr_t>(s); }

void copy_cut(char* to, std::size_t capacity, const std::string& from) {
  const std::size_t n = std::min(from.size(), capacity - 1);
  std::memcpy(to, from.data(), n);
  to[n] = '\0';
}

fuzzycron_status fail(fuzzycron_error* error, fuzzycron_status status, const std::string& message,
                      const std::string& text = {}, int column = 0, int line = 0) {
  if (error) {
    error->status = status;
    error->line = line;
    error->column = column;
    copy_cut(error->message, sizeof error->message, message);
    copy_cut(error->text, sizeof error->text, text);
  }
  return status;
}

fuzzycron_status ok(fuzzycron_error* error, fuzzycron_status status = FUZZYCRON_OK) {
  if (error) {
    error->status = status;
    error->line = error->column = 0;
    error->message[0] = error->text[0] = '\0';
  }
  return status;
}

fuzzycron_status status_of(ErrorKind k) {
  switch (k) {
    case ErrorKind::syntax: return FUZZYCRON_ERROR_SYNTAX;
    case ErrorKind::missing_seed: return FUZZYCRON_ERROR_MISSING_SEED;
    case ErrorKind::bad_seed: return FUZZYCRON_ERROR_BAD_SEED;
    case ErrorKind::time_zone: return FUZZYCRON_ERROR_TIME_ZONE;
    case ErrorKind::unsupported: return FUZZYCRON_ERROR_UNSUPPORTED;
    case ErrorKind::argument:
    case ErrorKind::lock: return FUZZYCRON_ERROR_ARGUMENT;
  }
  return FUZZYCRON_ERROR_INTERNAL;
}

// Runs f, turning every exception into a status.
template <class F>
fuzzycron_status guarded(fuzzycron_error* error, F f) {
  try {
    return f();
  } catch (const Error& e) {
    return fail(error, status_of(e.kind()), e.message(), e.text(), e.column(), e.line());
  } catch (const std::bad_alloc&) {
    return fail(error, FUZZYCRON_ERROR_INTERNAL, "out of memory");
  } catch (const std::exception& e) {
    return fail(error, FUZZYCRON_ERROR_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(error, FUZZYCRON_ERROR_INTERNAL, "internal error");
  }
}

std::string_view text_of(const char* s, std::size_t length) {
  return s ? std::string_view(s, length) : std::string_view();
}

// The C options as ParseOptions, through the library's schema
// (fuzzycron/options.h); throws Error for bad names and values.
fuzzycron::ParseOptions options_of(const fuzzycron_options* o) {
  if (!o) return {};
  fuzzycron::OptionNames names;
  if (o->dialect) names.set("dialect", o->dialect);
  if (o->time_zone) names.set("zone", o->time_zone);
  if (o->dst) names.set("dst", o->dst);
  if (o->hash) names.set("hash-scheme", o->hash);
  if (o->seed_count > 0) {
    if (!o->seed_parts) throw Error(ErrorKind::argument, "seed_count is not 0 but seed_parts is NULL");
    for (std::size_t i = 0; i < o->seed_count; ++i) {
      if (!o->seed_parts[i]) throw Error(ErrorKind::argument, "a seed part is NULL");
      names.set("seed", o->seed_parts[i]);
    }
  }
  if (o->spread_ms < 0) throw Error(ErrorKind::argument, "spread_ms is negative");
  if (o->spread_ms > 0) names.set("offset-window", std::to_string(o->spread_ms) + "ms");
  constexpr std::uint32_t known = FUZZYCRON_ROBFIG_SECONDS | FUZZYCRON_CRONITER_SECOND_AT_BEGINNING |
                                  FUZZYCRON_CRONITER_DAYS_AND | FUZZYCRON_CRON_PARSER_STRICT;
  if (o->dialect_flags & ~known)
    throw Error(ErrorKind::argument, "dialect_flags has unknown bits: " + std::to_string(o->dialect_flags & ~known));
  if (o->dialect_flags & (FUZZYCRON_ROBFIG_SECONDS | FUZZYCRON_CRONITER_SECOND_AT_BEGINNING))
    names.set("seconds-first", "true");
  if (o->dialect_flags & FUZZYCRON_CRONITER_DAYS_AND) names.set("day-or", "false");
  if (o->dialect_flags & FUZZYCRON_CRON_PARSER_STRICT) names.set("strict", "true");
  if (o->option_count > 0 && (!o->option_names || !o->option_values))
    throw Error(ErrorKind::argument, "option_count is not 0 but option_names or option_values is NULL");
  for (std::size_t i = 0; i < o->option_count; ++i) {
    if (!o->option_names[i] || !o->option_values[i])
      throw Error(ErrorKind::argument, "option " + std::to_string(i) + ": a NULL name or value");
    names.set(o->option_names[i], o->option_values[i]);
  }
  fuzzycron::ParseOptions p = fuzzycron::options_from_names(names);
  if (o->balance) {
    const BalancePtr* lock = balances().find(raw(o->balance));
    if (!lock)
      throw Error(ErrorKind::argument, "balance is not a live lock handle (freed, or not from fuzzycron_balance_read)");
    p.balance = *lock;
  }
  return p;
}

fuzzycron_status write_text(const std::string& text, char* buf, std::size_t capacity, std::size_t* needed,
                            fuzzycron_error* error) {
  if (needed) *needed = text.size();
  if (!buf || capacity < text.size() + 1)
    return fail(
        error, FUZZYCRON_ERROR_BUFFER,
        "the buffer holds " + std::to_string(capacity) + " bytes, the result needs " + std::to_string(text.size() + 1));
  std::memcpy(buf, text.data(), text.size());
  buf[text.size()] = '\0';
  return ok(error);
}

fuzzycron_status step(const fuzzycron_schedule* handle, int64_t from_ms, int64_t* out_ms, fuzzycron_error* error,
                      bool forward) {
  const fuzzycron::Schedule* s = handles().find(raw(handle));
  if (!s)
    return fail(error, FUZZYCRON_ERROR_HANDLE, "not a live schedule handle (NULL, freed, or not from fuzzycron_parse)");
  if (!out_ms) return fail(error, FUZZYCRON_ERROR_HANDLE, "out_ms is NULL");
  return guarded(error, [&] {
    const fuzzycron::sys_milliseconds from{std::chrono::milliseconds{from_ms}};
    const auto t = forward ? s->next(from) : s->prev(from);
    if (!t) return ok(error, FUZZYCRON_NONE);
    *out_ms = t->time_since_epoch().count();
    return ok(error);
  });
}

fuzzycron_severity severity_of(fuzzycron::Severity s) {
  switch (s) {
    case fuzzycron::Severity::info: return FUZZYCRON_SEVERITY_INFO;
    case fuzzycron::Severity::warning: return FUZZYCRON_SEVERITY_WARNING;
    case fuzzycron::Severity::error: break;
  }
  return FUZZYCRON_SEVERITY_ERROR;
}

constexpr const char* kNotFindings = "not a live findings handle (NULL, freed, or not from fuzzycron_lint)";

}  // namespace

extern "C" {

const char* fuzzycron_version(void) { return FUZZYCRON_VERSION_STRING; }  // the library's own

void fuzzycron_options_init(fuzzycron_options* options) {
  if (options)
    *options = fuzzycron_options{nullptr, nullptr, 0, nullptr, nullptr, nullptr, 0, nullptr, 0, nullptr, nullptr, 0};
}

size_t fuzzycron_option_count(void) { return fuzzycron::option_schema().size(); }

fuzzycron_status fuzzycron_option_info(size_t i, const char** name, const char** type, const char** default_value,
                                       const char** values, const char** help) {
  // Static, NUL-terminated copies of the schema's views, made once.
  struct Row {
    std::string name, default_value, values, help;
  };
  static const std::vector<Row> rows = [] {
    std::vector<Row> out;
    for (const fuzzycron::OptionSpec& o : fuzzycron::option_schema())
      out.push_back(
          {std::string(o.name), std::string(o.default_value), fuzzycron::join(o.values, ","), std::string(o.help)});
    return out;
  }();
  if (i >= rows.size()) return FUZZYCRON_ERROR_ARGUMENT;
  if (name) *name = rows[i].name.c_str();
  if (type) *type = fuzzycron::option_type_name(fuzzycron::option_schema()[i].type).data();
  if (default_value) *default_value = rows[i].default_value.c_str();
  if (values) *values = rows[i].values.c_str();
  if (help) *help = rows[i].help.c_str();
  return FUZZYCRON_OK;
}

fuzzycron_status fuzzycron_parse(const char* expression, size_t length, const fuzzycron_options* options,
                                 fuzzycron_schedule** out, fuzzycron_error* error) {
  if (!out) return fail(error, FUZZYCRON_ERROR_HANDLE, "out is NULL");
  *out = nullptr;
  if (!expression && length > 0) return fail(error, FUZZYCRON_ERROR_HANDLE, "expression is NULL");
  return guarded(error, [&] {
    auto s =
        std::make_unique<const fuzzycron::Schedule>(fuzzycron::parse(text_of(expression, length), options_of(options)));
    const std::uintptr_t h = handles().add(std::move(s));
    if (h == 0) return fail(error, FUZZYCRON_ERROR_INTERNAL, "too many live schedules (16,777,216)");
    *out = reinterpret_cast<fuzzycron_schedule*>(h);
    return ok(error);
  });
}

fuzzycron_status fuzzycron_schedule_free(fuzzycron_schedule* schedule) {
  if (!schedule) return FUZZYCRON_OK;
  return handles().remove(raw(schedule)) ? FUZZYCRON_OK : FUZZYCRON_ERROR_HANDLE;
}

fuzzycron_status fuzzycron_next(const fuzzycron_schedule* schedule, int64_t from_ms, int64_t* out_ms,
                                fuzzycron_error* error) {
  return step(schedule, from_ms, out_ms, error, true);
}

fuzzycron_status fuzzycron_prev(const fuzzycron_schedule* schedule, int64_t from_ms, int64_t* out_ms,
                                fuzzycron_error* error) {
  return step(schedule, from_ms, out_ms, error, false);
}

fuzzycron_status fuzzycron_never(const fuzzycron_schedule* schedule, int* out, fuzzycron_error* error) {
  const fuzzycron::Schedule* s = handles().find(raw(schedule));
  if (!s)
    return fail(error, FUZZYCRON_ERROR_HANDLE, "not a live schedule handle (NULL, freed, or not from fuzzycron_parse)");
  if (!out) return fail(error, FUZZYCRON_ERROR_HANDLE, "out is NULL");
  *out = s->never() ? 1 : 0;
  return ok(error);
}

fuzzycron_status fuzzycron_resolve(const char* expression, size_t length, const fuzzycron_options* options, char* buf,
                                   size_t capacity, size_t* needed, fuzzycron_error* error) {
  if (!expression && length > 0) return fail(error, FUZZYCRON_ERROR_HANDLE, "expression is NULL");
  return guarded(error, [&] {
    return write_text(fuzzycron::resolve(text_of(expression, length), options_of(options)), buf, capacity, needed,
                      error);
  });
}

fuzzycron_status fuzzycron_explain(const char* expression, size_t length, const fuzzycron_options* options, char* buf,
                                   size_t capacity, size_t* needed, fuzzycron_error* error) {
  if (!expression && length > 0) return fail(error, FUZZYCRON_ERROR_HANDLE, "expression is NULL");
  return guarded(error, [&] {
    const auto e = fuzzycron::explain(text_of(expression, length), options_of(options));
    std::string text;
    for (const auto& s : e.sentences) text += (text.empty() ? "" : "\n") + s;
    return write_text(text, buf, capacity, needed, error);
  });
}

fuzzycron_status fuzzycron_offset(const fuzzycron_options* options, int64_t window_ms, int64_t* out_ms,
                                  fuzzycron_error* error) {
  if (!out_ms) return fail(error, FUZZYCRON_ERROR_HANDLE, "out_ms is NULL");
  return guarded(error, [&] {
    const auto p = options_of(options);
    *out_ms = fuzzycron::seed_offset(p.seed, std::chrono::milliseconds{window_ms}).count();
    return ok(error);
  });
}

fuzzycron_status fuzzycron_balance_read(const char* text, size_t length, fuzzycron_balance** out,
                                        fuzzycron_error* error) {
  if (!out) return fail(error, FUZZYCRON_ERROR_HANDLE, "out is NULL");
  *out = nullptr;
  if (!text && length > 0) return fail(error, FUZZYCRON_ERROR_HANDLE, "text is NULL");
  return guarded(error, [&] {
    auto lock = std::make_unique<const BalancePtr>(
        std::make_shared<const fuzzycron::BalanceLock>(fuzzycron::BalanceLock::read(text_of(text, length))));
    const std::uintptr_t h = balances().add(std::move(lock));
    if (h == 0) return fail(error, FUZZYCRON_ERROR_INTERNAL, "too many live balance locks (16,777,216)");
    *out = reinterpret_cast<fuzzycron_balance*>(h);
    return ok(error);
  });
}

fuzzycron_status fuzzycron_balance_free(fuzzycron_balance* lock) {
  if (!lock) return FUZZYCRON_OK;
  return balances().remove(raw(lock)) ? FUZZYCRON_OK : FUZZYCRON_ERROR_HANDLE;
}

fuzzycron_status fuzzycron_missed(const fuzzycron_schedule* schedule, int64_t last_run_ms, int64_t now_ms, int catch_up,
                                  size_t limit, int64_t starting_deadline_ms, int64_t* out_ms, size_t capacity,
                                  size_t* count, size_t* missed, fuzzycron_error* error) {
  const fuzzycron::Schedule* s = handles().find(raw(schedule));
  if (!s)
    return fail(error, FUZZYCRON_ERROR_HANDLE, "not a live schedule handle (NULL, freed, or not from fuzzycron_parse)");
  if (!count || (!out_ms && capacity > 0)) return fail(error, FUZZYCRON_ERROR_HANDLE, "count or out_ms is NULL");
  if (catch_up < FUZZYCRON_CATCH_UP_SKIP || catch_up > FUZZYCRON_CATCH_UP_ALL)
    return fail(error, FUZZYCRON_ERROR_ARGUMENT, "catch_up: use FUZZYCRON_CATCH_UP_SKIP, _LATEST or _ALL");
  return guarded(error, [&] {
    fuzzycron::MissedPolicy p;
    p.catch_up = static_cast<fuzzycron::CatchUp>(catch_up);
    p.limit = limit;
    if (starting_deadline_ms >= 0) p.starting_deadline = std::chrono::milliseconds{starting_deadline_ms};
    using ms = std::chrono::milliseconds;
    const auto m =
        fuzzycron::missed(*s, fuzzycron::sys_milliseconds{ms{last_run_ms}}, fuzzycron::sys_milliseconds{ms{now_ms}}, p);
    *count = m.run.size();
    if (missed) *missed = m.missed;
    if (m.run.size() > capacity) return fail(error, FUZZYCRON_ERROR_BUFFER, "out_ms is too small: *count says how big");
    for (std::size_t i = 0; i < m.run.size(); ++i) out_ms[i] = m.run[i].time_since_epoch().count();
    return ok(error);
  });
}

fuzzycron_status fuzzycron_lint(const char* expression, size_t length, const fuzzycron_options* options,
                                const char* runs_on, int64_t from_ms, fuzzycron_findings** out,
                                fuzzycron_error* error) {
  if (!out) return fail(error, FUZZYCRON_ERROR_HANDLE, "out is NULL");
  *out = nullptr;
  if (!expression && length > 0) return fail(error, FUZZYCRON_ERROR_HANDLE, "expression is NULL");
  return guarded(error, [&] {
    fuzzycron::LintOptions l;
    l.parse = options_of(options);
    l.from = fuzzycron::sys_milliseconds{std::chrono::milliseconds{from_ms}};
    if (runs_on) {
      l.runs_on = fuzzycron::runs_on_from_name(runs_on);
      if (!l.runs_on)
        return fail(
            error, FUZZYCRON_ERROR_ARGUMENT,
            std::string("runs_on: unknown value '") + runs_on + "': use " + fuzzycron::join(fuzzycron::runs_on_names()),
            runs_on, 1);
    }
    auto found = fuzzycron::lint(text_of(expression, length), l);
    for (auto& f : found)  // the library leaves it out for one expression: C callers get it to show the column
      if (f.text.empty()) f.text = std::string(text_of(expression, length));
    const std::uintptr_t h = findings().add(std::make_unique<const std::vector<fuzzycron::Finding>>(std::move(found)));
    if (h == 0) return fail(error, FUZZYCRON_ERROR_INTERNAL, "too many live findings handles (16,777,216)");
    *out = reinterpret_cast<fuzzycron_findings*>(h);
    return ok(error);
  });
}

fuzzycron_status fuzzycron_findings_count(const fuzzycron_findings* handle, size_t* out, fuzzycron_error* error) {
  const auto* f = findings().find(raw(handle));
  if (!f) return fail(error, FUZZYCRON_ERROR_HANDLE, kNotFindings);
  if (!out) return fail(error, FUZZYCRON_ERROR_HANDLE, "out is NULL");
  *out = f->size();
  return ok(error);
}

fuzzycron_status fuzzycron_finding_at(const fuzzycron_findings* handle, size_t i, fuzzycron_finding* out,
                                      fuzzycron_error* error) {
  const auto* f = findings().find(raw(handle));
  if (!f) return fail(error, FUZZYCRON_ERROR_HANDLE, kNotFindings);
  if (!out) return fail(error, FUZZYCRON_ERROR_HANDLE, "out is NULL");
  if (i >= f->size())
    return fail(error, FUZZYCRON_ERROR_ARGUMENT,
                "finding " + std::to_string(i) + " of " + std::to_string(f->size()) + ": past the end");
  const fuzzycron::Finding& x = (*f)[i];
  *out = fuzzycron_finding{severity_of(x.severity), x.code.c_str(),      x.line, x.column, x.message.c_str(),
                           x.text.c_str(),          x.suggestion.c_str()};
  return ok(error);
}

fuzzycron_status fuzzycron_findings_free(fuzzycron_findings* handle) {
  if (!handle) return FUZZYCRON_OK;
  return findings().remove(raw(handle)) ? FUZZYCRON_OK : FUZZYCRON_ERROR_HANDLE;
}

}  // extern "C"
