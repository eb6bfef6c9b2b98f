/* fuzzycron/c.h — the C API: valid C11 and C++, for bindings and for C
 * programs. Opaque handles with explicit create/free, no exceptions across
 * the boundary: every call returns a status and fills an error (message, line,
 * column) when it fails. Instants are milliseconds since the Unix epoch (UTC);
 * strings are UTF-8, passed with their length.
 *
 *   fuzzycron_options o;
 *   fuzzycron_options_init(&o);
 *   const char* seed[] = {"web-07", "backup-db"};
 *   o.seed_parts = seed;
 *   o.seed_count = 2;
 *   fuzzycron_schedule* s = NULL;
 *   fuzzycron_error e;
 *   if (fuzzycron_parse("H H(0-5) * * *", 14, &o, &s, &e) != FUZZYCRON_OK)
 *     fprintf(stderr, "column %d: %s\n", e.column, e.message);
 *   int64_t t;
 *   if (fuzzycron_next(s, 1767225600000, &t, &e) == FUZZYCRON_OK) ...
 *   fuzzycron_schedule_free(s);
 *
 * Handles are checked: a freed, foreign or NULL handle is FUZZYCRON_ERROR_HANDLE,
 * never a crash; freeing twice is an error too. Calls on one handle from several
 * threads are safe as long as none of them frees it. */
#ifndef FUZZYCRON_C_H
#define FUZZYCRON_C_H

#include <stddef.h>
#include <stdint.h>

#include "fuzzycron/visibility.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fuzzycron_status {
  FUZZYCRON_OK = 0,
  FUZZYCRON_NONE = 1,               /* no fire time in that direction (not an error) */
  FUZZYCRON_ERROR_SYNTAX = 2,       /* the expression does not parse */
  FUZZYCRON_ERROR_MISSING_SEED = 3, /* hash forms (H) and no seed */
  FUZZYCRON_ERROR_BAD_SEED = 4,     /* an empty seed part */
  FUZZYCRON_ERROR_TIME_ZONE = 5,    /* an unknown IANA zone */
  FUZZYCRON_ERROR_UNSUPPORTED = 6,  /* the dialect cannot express it */
  FUZZYCRON_ERROR_ARGUMENT = 7,     /* a bad option: dialect, DST policy, hash scheme, window */
  FUZZYCRON_ERROR_HANDLE = 8,       /* a NULL, freed or foreign handle; a NULL pointer argument */
  FUZZYCRON_ERROR_BUFFER = 9,       /* the output buffer is too small: *needed says how big */
  FUZZYCRON_ERROR_INTERNAL = 10     /* out of memory or a bug: the message says which */
} fuzzycron_status;

/* The message is complete unless it is longer than the buffer, which no
 * library message is; text holds the offending line (cut at 255 bytes). */
typedef struct fuzzycron_error {
  fuzzycron_status status;
  int line;   /* 1-based line of a multi-line spec; 0 for one line */
  int column; /* 1-based column in `text`; 0 when it is not about the text */
  char message[1024];
  char text[256];
} fuzzycron_error;

/* Dialect options, or-ed into fuzzycron_options.dialect_flags. */
#define FUZZYCRON_ROBFIG_SECONDS 1u /* kubernetes: six fields, seconds first (robfig cron.WithSeconds()) */
#define FUZZYCRON_CRONITER_SECOND_AT_BEGINNING 2u /* croniter: in 6 and 7 fields the seconds come first */
#define FUZZYCRON_CRONITER_DAYS_AND 4u            /* croniter: day_or=False, both day fields must match */
#define FUZZYCRON_CRON_PARSER_STRICT 8u           /* cron-parser: its `strict` option */

/* A balance lock (`fuzzycron balance`, docs/balance.md), from fuzzycron_balance_read. */
typedef struct fuzzycron_balance fuzzycron_balance;

typedef struct fuzzycron_options {
  const char* dialect;           /* NULL: "standard"; quartz, jenkins, furiko, kubernetes, croniter, cron-parser */
  const char* const* seed_parts; /* the seed's parts, e.g. {host, job}; NULL with seed_count 0: none */
  size_t seed_count;
  const char* time_zone;            /* NULL: "UTC" */
  const char* dst;                  /* NULL: the dialect's own (docs/dst.md); cron, wall, skip-first, ... */
  const char* hash;                 /* NULL: the dialect's own scheme; fc1, jenkins, furiko, croniter, cron-parser */
  int64_t spread_ms;                /* deprecated (refused from 0.6): the option "offset-window" */
  const fuzzycron_balance* balance; /* NULL: plain H; else hash forms take the lock's slot for this job */
  uint32_t dialect_flags;           /* deprecated (refused from 0.6): the options "seconds-first", "day-or", "strict" */
  /* Any option of the schema by name (docs/options.md; fuzzycron_option_count):
   * option_names[i] = option_values[i], applied after the fields above, in
   * order; a list option (seed) is given once per item. Names in any case
   * style ("offset-window", "offset_window"); an unknown name is
   * FUZZYCRON_ERROR_ARGUMENT with a did-you-mean. */
  const char* const* option_names;
  const char* const* option_values;
  size_t option_count;
} fuzzycron_options;

typedef struct fuzzycron_schedule fuzzycron_schedule;

FUZZYCRON_EXPORT const char* fuzzycron_version(void);

/* The options schema, for bindings that offer every option: option i's
 * canonical name ("offset-window"), type ("choice", "text", "list", "flag",
 * "duration", "path"), default ("" when none), allowed values (comma-separated,
 * for a choice or flag) and one line of help. Strings are static; i past the
 * end is FUZZYCRON_ERROR_ARGUMENT. */
FUZZYCRON_EXPORT size_t fuzzycron_option_count(void);
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_option_info(size_t i, const char** name, const char** type,
                                                        const char** default_value, const char** values,
                                                        const char** help);
FUZZYCRON_EXPORT void fuzzycron_options_init(fuzzycron_options* options);

/* *out receives a new handle on success, NULL otherwise. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_parse(const char* expression, size_t length,
                                                  const fuzzycron_options* options, fuzzycron_schedule** out,
                                                  fuzzycron_error* error);
/* NULL is fine; a handle freed before is FUZZYCRON_ERROR_HANDLE. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_schedule_free(fuzzycron_schedule* schedule);

/* The first fire time strictly after (before) `from_ms`, or FUZZYCRON_NONE. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_next(const fuzzycron_schedule* schedule, int64_t from_ms, int64_t* out_ms,
                                                 fuzzycron_error* error);
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_prev(const fuzzycron_schedule* schedule, int64_t from_ms, int64_t* out_ms,
                                                 fuzzycron_error* error);
/* *out: 1 when the schedule can never fire (February 30th), else 0. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_never(const fuzzycron_schedule* schedule, int* out, fuzzycron_error* error);

/* Text results go to buf (capacity bytes, NUL-terminated); *needed (may be
 * NULL) receives the length without the NUL. A small buffer gets
 * FUZZYCRON_ERROR_BUFFER and nothing written but *needed. */
/* The expression with hash forms replaced by the values they stand for. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_resolve(const char* expression, size_t length,
                                                    const fuzzycron_options* options, char* buf, size_t capacity,
                                                    size_t* needed, fuzzycron_error* error);
/* The description in English, one sentence per line of the expression, '\n' between them. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_explain(const char* expression, size_t length,
                                                    const fuzzycron_options* options, char* buf, size_t capacity,
                                                    size_t* needed, fuzzycron_error* error);
/* The seed's stable offset in [0, window_ms), options->seed_parts the seed. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_offset(const fuzzycron_options* options, int64_t window_ms, int64_t* out_ms,
                                                   fuzzycron_error* error);

/* A balance lock's text read into *out (a handle until fuzzycron_balance_free);
 * a corrupt or newer lock is FUZZYCRON_ERROR_ARGUMENT with the line in error->line.
 * Set options.balance to it: a job the lock does not name keeps plain H. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_balance_read(const char* text, size_t length, fuzzycron_balance** out,
                                                         fuzzycron_error* error);
/* NULL is fine; a handle freed before is FUZZYCRON_ERROR_HANDLE. Schedules parsed with it stay valid. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_balance_free(fuzzycron_balance* lock);

/* Lint (docs/lint.md): findings about an expression that parses but will
 * surprise (load spikes H would spread, month-end cycles, DST gaps, ...).
 * A parse error is a finding too (FC001), not a failed call; bad options are.
 *
 * Example:
 *   fuzzycron_options o;
 *   fuzzycron_options_init(&o);
 *   fuzzycron_findings* found = NULL;
 *   fuzzycron_error e;
 *   if (fuzzycron_lint("0 0 * * *", 9, &o, NULL, 1767225600000, &found, &e) == FUZZYCRON_OK) {
 *     size_t n = 0;
 *     fuzzycron_findings_count(found, &n, &e);
 *     for (size_t i = 0; i < n; ++i) {
 *       fuzzycron_finding f;
 *       fuzzycron_finding_at(found, i, &f, &e);
 *       printf("%s column %d: %s\n", f.code, f.column, f.message);  // FC102 column 1: a fixed minute (0) ...
 *     }
 *     fuzzycron_findings_free(found);
 *   }
 */
typedef enum fuzzycron_severity {
  FUZZYCRON_SEVERITY_INFO = 0,
  FUZZYCRON_SEVERITY_WARNING = 1,
  FUZZYCRON_SEVERITY_ERROR = 2
} fuzzycron_severity;

/* One finding; its strings belong to the findings handle (valid until it is freed). */
typedef struct fuzzycron_finding {
  fuzzycron_severity severity;
  const char* code;       /* stable: "FC101" (docs/lint.md) */
  int line;               /* 0 for one expression */
  int column;             /* 1-based column in `text`; 0 when it is not about a place */
  const char* message;    /* what is wrong, and what would be right */
  const char* text;       /* the expression the column points into */
  const char* suggestion; /* the rewritten schedule, "" when there is none */
} fuzzycron_finding;

/* Findings from fuzzycron_lint, a checked handle like a schedule's. */
typedef struct fuzzycron_findings fuzzycron_findings;

/* *out receives a new handle on success (NULL otherwise), holding the findings
 * ordered by column. runs_on: where the schedule runs, so advice fits it
 * (fuzzycron, cron, kubernetes, github-actions, systemd, quartz, spring,
 * jenkins, furiko); NULL: as `fuzzycron lint` decides. from_ms: where DST
 * changes, rare fires and collisions are looked for (the year after it). */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_lint(const char* expression, size_t length,
                                                 const fuzzycron_options* options, const char* runs_on, int64_t from_ms,
                                                 fuzzycron_findings** out, fuzzycron_error* error);
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_findings_count(const fuzzycron_findings* findings, size_t* out,
                                                           fuzzycron_error* error);
/* Finding i (0-based); i past the end is FUZZYCRON_ERROR_ARGUMENT. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_finding_at(const fuzzycron_findings* findings, size_t i,
                                                       fuzzycron_finding* out, fuzzycron_error* error);
/* NULL is fine; a handle freed before is FUZZYCRON_ERROR_HANDLE. */
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_findings_free(fuzzycron_findings* findings);

/* Catch-up (fuzzycron/missed.h): of the fire times f with last_run_ms < f <=
 * now_ms, those the policy runs now, oldest first, into out_ms (capacity
 * entries; *count how many). catch_up: FUZZYCRON_CATCH_UP_SKIP, _LATEST or _ALL
 * (at most `limit`, the newest); starting_deadline_ms < 0: none, else a fire
 * older than that at now_ms is not run. *missed (may be NULL): how many fire
 * times were missed. A small out_ms is FUZZYCRON_ERROR_BUFFER with *count set. */
#define FUZZYCRON_CATCH_UP_SKIP 0
#define FUZZYCRON_CATCH_UP_LATEST 1
#define FUZZYCRON_CATCH_UP_ALL 2
FUZZYCRON_EXPORT fuzzycron_status fuzzycron_missed(const fuzzycron_schedule* schedule, int64_t last_run_ms,
                                                   int64_t now_ms, int catch_up, size_t limit,
                                                   int64_t starting_deadline_ms, int64_t* out_ms, size_t capacity,
                                                   size_t* count, size_t* missed, fuzzycron_error* error);

#ifdef __cplusplus
}
#endif

#endif /* FUZZYCRON_C_H */
