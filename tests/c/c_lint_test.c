/* fuzzycron_lint from C (C11): findings with code, severity, column, text and
 * rewrite; runs_on and from_ms change the advice; a parse error is a finding,
 * bad options a status; findings handles are checked like schedules. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzzycron/c.h"

#include "check.h"

static const int64_t k2026 = 1767225600000; /* 2026-01-01T00:00:00Z */

/* Lints expr; the findings' count in *n (0 on failure). */
static fuzzycron_findings* lint(const char* expr, const fuzzycron_options* o, const char* runs_on, int64_t from,
                                size_t* n) {
  fuzzycron_findings* f = NULL;
  fuzzycron_error e;
  *n = 0;
  CHECK(fuzzycron_lint(expr, strlen(expr), o, runs_on, from, &f, &e) == FUZZYCRON_OK);
  CHECK(f != NULL);
  CHECK(fuzzycron_findings_count(f, n, &e) == FUZZYCRON_OK);
  return f;
}

/* True when some finding has this code; *out receives it. */
static int has(const fuzzycron_findings* f, size_t n, const char* code, fuzzycron_finding* out) {
  fuzzycron_error e;
  for (size_t i = 0; i < n; ++i) {
    CHECK(fuzzycron_finding_at(f, i, out, &e) == FUZZYCRON_OK);
    if (strcmp(out->code, code) == 0) return 1;
  }
  return 0;
}

int main(void) {
  fuzzycron_options o;
  fuzzycron_options_init(&o);
  fuzzycron_error e;
  fuzzycron_finding x;
  size_t n = 0;

  /* Every 15 minutes written as a step bunches every server at :00, :15, ...: FC101, a warning, at column 1. */
  fuzzycron_findings* f = lint("*/15 * * * *", &o, NULL, k2026, &n);
  CHECK(n == 1);
  CHECK(has(f, n, "FC101", &x));
  CHECK(x.severity == FUZZYCRON_SEVERITY_WARNING);
  CHECK(x.line == 0 && x.column == 1);
  CHECK(strcmp(x.text, "*/15 * * * *") == 0);
  CHECK(strstr(x.message, "*/15") != NULL);
  CHECK(strcmp(x.suggestion, "") == 0); /* cron does not read H: no rewrite offered */
  CHECK(fuzzycron_findings_free(f) == FUZZYCRON_OK);

  /* c.h's example: a fixed minute at the top of the hour is FC102 at column 1. */
  f = lint("0 0 * * *", &o, NULL, k2026, &n);
  CHECK(n == 1 && has(f, n, "FC102", &x));
  CHECK(x.column == 1 && strncmp(x.message, "a fixed minute (0)", 18) == 0);
  fuzzycron_findings_free(f);

  /* Where it runs reads H (jenkins): the rewrite is the H form. */
  f = lint("*/15 * * * *", &o, "jenkins", k2026, &n);
  CHECK(has(f, n, "FC101", &x));
  CHECK(strcmp(x.suggestion, "H/15 * * * *") == 0);
  fuzzycron_findings_free(f);

  /* A clean schedule: no findings. */
  const char* seed[] = {"web-07", "backup-db"};
  o.seed_parts = seed;
  o.seed_count = 2;
  f = lint("H H * * *", &o, NULL, k2026, &n);
  CHECK(n == 0);
  CHECK(fuzzycron_finding_at(f, 0, &x, &e) == FUZZYCRON_ERROR_ARGUMENT);
  fuzzycron_findings_free(f);
  fuzzycron_options_init(&o);

  /* A parse error is a finding (FC001, an error, at the bad field's column). */
  f = lint("0 25 * * *", &o, NULL, k2026, &n);
  CHECK(n == 1 && has(f, n, "FC001", &x));
  CHECK(x.severity == FUZZYCRON_SEVERITY_ERROR && x.column == 3);
  CHECK(strstr(x.message, "25") != NULL);
  fuzzycron_findings_free(f);

  /* Options reach lint: 02:00 in New York falls in the 2026-03-08 gap (FC501), in UTC it does not. */
  o.time_zone = "America/New_York";
  f = lint("0 2 * * *", &o, NULL, k2026, &n);
  CHECK(has(f, n, "FC501", &x));
  CHECK(x.severity == FUZZYCRON_SEVERITY_INFO && x.column == 3);
  CHECK(strstr(x.message, "2026-03-08") != NULL);
  fuzzycron_findings_free(f);
  o.time_zone = "UTC";
  f = lint("0 2 * * *", &o, NULL, k2026, &n);
  CHECK(n > 0 && !has(f, n, "FC501", &x));
  fuzzycron_findings_free(f);
  o.time_zone = "Europe/Berlin";
  /* from_ms reaches lint: from 2026-10-01 the year looked at has Berlin's overlap (FC502) and next gap (FC501). */
  f = lint("30 2 * * *", &o, NULL, 1790812800000 /* 2026-10-01 */, &n);
  CHECK(has(f, n, "FC502", &x) && strstr(x.message, "2026-10-25") != NULL && x.column == 4);
  CHECK(has(f, n, "FC501", &x) && strstr(x.message, "2027-03-28") != NULL);
  fuzzycron_findings_free(f);
  fuzzycron_options_init(&o);

  /* Bad options are a failed call, with the reason. */
  o.dialect = "quarts";
  f = (fuzzycron_findings*)&o;
  CHECK(fuzzycron_lint("* * * * *", 9, &o, NULL, k2026, &f, &e) == FUZZYCRON_ERROR_ARGUMENT);
  CHECK(f == NULL);
  CHECK(strstr(e.message, "quartz") != NULL); /* did you mean */
  fuzzycron_options_init(&o);
  CHECK(fuzzycron_lint("* * * * *", 9, &o, "jenkinz", k2026, &f, &e) == FUZZYCRON_ERROR_ARGUMENT);
  CHECK(strstr(e.message, "runs_on") != NULL && strstr(e.message, "github-actions") != NULL);
  CHECK(fuzzycron_lint("* * * * *", 9, &o, NULL, k2026, NULL, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_lint(NULL, 3, &o, NULL, k2026, &f, &e) == FUZZYCRON_ERROR_HANDLE);

  /* Checked handles: freed, double-freed, foreign and NULL are errors, not crashes. */
  f = lint("*/15 * * * *", &o, NULL, k2026, &n);
  fuzzycron_findings* stale = f;
  CHECK(fuzzycron_findings_count(f, NULL, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_finding_at(f, 0, NULL, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_findings_free(f) == FUZZYCRON_OK);
  CHECK(fuzzycron_findings_free(stale) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_findings_count(stale, &n, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(strstr(e.message, "findings") != NULL);
  CHECK(fuzzycron_finding_at(stale, 0, &x, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_findings_count(NULL, &n, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_findings_free(NULL) == FUZZYCRON_OK);
  /* A schedule's handle is not a findings handle. */
  fuzzycron_schedule* s = NULL;
  CHECK(fuzzycron_parse("* * * * *", 9, &o, &s, &e) == FUZZYCRON_OK);
  CHECK(fuzzycron_findings_count((const fuzzycron_findings*)(const void*)s, &n, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_schedule_free(s) == FUZZYCRON_OK);

  if (failures) {
    fprintf(stderr, "%d failures\n", failures);
    return 1;
  }
  puts("c_lint: all checks passed");
  return 0;
}
