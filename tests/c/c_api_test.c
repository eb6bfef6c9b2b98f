/* The C API from C (C11): parse with options, next/prev, never, resolve,
 * explain, offset, version; every error a status with message and column;
 * NULL, freed and foreign handles are errors, not crashes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzycron/c.h"

#include "check.h"

/* 2026-03-08T01:59:30Z */
static const int64_t kFrom = 1772935170000;

int main(void) {
  fuzzycron_error e;
  fuzzycron_options o;
  fuzzycron_options_init(&o);
  CHECK(strlen(fuzzycron_version()) > 0);

  /* A plain expression: next and prev around kFrom. */
  fuzzycron_schedule* s = NULL;
  const char* hourly = "0 * * * *";
  CHECK(fuzzycron_parse(hourly, strlen(hourly), &o, &s, &e) == FUZZYCRON_OK);
  CHECK(s != NULL);
  int64_t t = 0;
  CHECK(fuzzycron_next(s, kFrom, &t, &e) == FUZZYCRON_OK);
  CHECK(t == 1772935200000); /* 02:00:00Z */
  CHECK(fuzzycron_prev(s, kFrom, &t, &e) == FUZZYCRON_OK);
  CHECK(t == 1772931600000); /* 01:00:00Z */
  int never = -1;
  CHECK(fuzzycron_never(s, &never, &e) == FUZZYCRON_OK && never == 0);

  /* Zone and DST policy: 02:30 New York does not exist on 2026-03-08; cron runs it at 03:00 EDT. */
  fuzzycron_schedule* ny = NULL;
  o.time_zone = "America/New_York";
  CHECK(fuzzycron_parse("30 2 * * *", 10, &o, &ny, &e) == FUZZYCRON_OK);
  CHECK(fuzzycron_next(ny, kFrom, &t, &e) == FUZZYCRON_OK);
  CHECK(t == 1772953200000); /* 2026-03-08T07:00:00Z = 03:00 EDT */
  o.dst = "skip-both";
  fuzzycron_schedule* skip = NULL;
  CHECK(fuzzycron_parse("30 2 * * *", 10, &o, &skip, &e) == FUZZYCRON_OK);
  CHECK(fuzzycron_next(skip, kFrom, &t, &e) == FUZZYCRON_OK);
  CHECK(t == 1773037800000); /* 2026-03-09T06:30:00Z = 02:30 EDT the next day */
  fuzzycron_options_init(&o);

  /* Hash forms: a seed of two parts; resolve gives the same schedule. */
  const char* parts[] = {"web-07", "backup-db"};
  o.seed_parts = parts;
  o.seed_count = 2;
  char buf[64];
  size_t needed = 0;
  const char* hashed = "H H(0-5) * * *";
  CHECK(fuzzycron_resolve(hashed, strlen(hashed), &o, buf, sizeof buf, &needed, &e) == FUZZYCRON_OK);
  CHECK(needed == strlen(buf));
  CHECK(strchr(buf, 'H') == NULL);
  fuzzycron_schedule* a = NULL;
  fuzzycron_schedule* b = NULL;
  CHECK(fuzzycron_parse(hashed, strlen(hashed), &o, &a, &e) == FUZZYCRON_OK);
  fuzzycron_options plain;
  fuzzycron_options_init(&plain);
  CHECK(fuzzycron_parse(buf, strlen(buf), &plain, &b, &e) == FUZZYCRON_OK);
  int64_t ta = kFrom, tb = kFrom;
  for (int i = 0; i < 20; ++i) {
    CHECK(fuzzycron_next(a, ta, &ta, &e) == FUZZYCRON_OK);
    CHECK(fuzzycron_next(b, tb, &tb, &e) == FUZZYCRON_OK);
    CHECK(ta == tb);
  }
  /* A buffer too small: the size needed, nothing written. */
  char small[4] = "xyz";
  CHECK(fuzzycron_resolve(hashed, strlen(hashed), &o, small, sizeof small, &needed, &e) == FUZZYCRON_ERROR_BUFFER);
  CHECK(needed == strlen(buf) && strcmp(small, "xyz") == 0);

  /* Offset and explain. */
  int64_t off = -1;
  CHECK(fuzzycron_offset(&o, 900000, &off, &e) == FUZZYCRON_OK);
  CHECK(off >= 0 && off < 900000);
  char text[512];
  CHECK(fuzzycron_explain("H(0-29) * * * *", 15, &o, text, sizeof text, NULL, &e) == FUZZYCRON_OK);
  CHECK(strstr(text, "a stable minute between :00 and :29") != NULL);

  /* Errors: status, message, column, text. */
  fuzzycron_schedule* bad = (fuzzycron_schedule*)1;
  CHECK(fuzzycron_parse("0 0 * * 8", 9, &plain, &bad, &e) == FUZZYCRON_ERROR_SYNTAX);
  CHECK(bad == NULL);
  CHECK(e.status == FUZZYCRON_ERROR_SYNTAX && e.column == 9 && strcmp(e.text, "0 0 * * 8") == 0);
  CHECK(strstr(e.message, "day-of-week") != NULL);
  CHECK(fuzzycron_parse("H * * * *", 9, &plain, &bad, &e) == FUZZYCRON_ERROR_MISSING_SEED);
  plain.time_zone = "Mars/Olympus";
  CHECK(fuzzycron_parse("0 * * * *", 9, &plain, &bad, &e) == FUZZYCRON_ERROR_TIME_ZONE);
  fuzzycron_options_init(&plain);
  plain.dialect = "cronish";
  CHECK(fuzzycron_parse("0 * * * *", 9, &plain, &bad, &e) == FUZZYCRON_ERROR_ARGUMENT);
  CHECK(strstr(e.message, "cronish") != NULL);
  fuzzycron_options_init(&plain);
  /* Embedded NUL: the length counts, the NUL is a syntax error, not the end. */
  CHECK(fuzzycron_parse("0 * * * *\0 junk", 15, &plain, &bad, &e) == FUZZYCRON_ERROR_SYNTAX);
  /* Never and none. */
  fuzzycron_schedule* feb30 = NULL;
  CHECK(fuzzycron_parse("0 0 30 2 *", 10, &plain, &feb30, &e) == FUZZYCRON_OK);
  CHECK(fuzzycron_never(feb30, &never, &e) == FUZZYCRON_OK && never == 1);
  CHECK(fuzzycron_next(feb30, kFrom, &t, &e) == FUZZYCRON_NONE);

  /* Handles: NULL, freed, twice, foreign. */
  CHECK(fuzzycron_next(NULL, kFrom, &t, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_next(s, kFrom, NULL, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_parse("0 * * * *", 9, &plain, NULL, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_schedule_free(NULL) == FUZZYCRON_OK);
  CHECK(fuzzycron_schedule_free(s) == FUZZYCRON_OK);
  CHECK(fuzzycron_schedule_free(s) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_next(s, kFrom, &t, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(strstr(e.message, "freed") != NULL);
  int local = 0;
  CHECK(fuzzycron_next((fuzzycron_schedule*)&local, kFrom, &t, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_schedule_free((fuzzycron_schedule*)0x12345) == FUZZYCRON_ERROR_HANDLE);
  /* A slot reused by a new schedule does not revive the old handle. */
  fuzzycron_schedule* reused = NULL;
  CHECK(fuzzycron_parse("5 * * * *", 9, &plain, &reused, &e) == FUZZYCRON_OK);
  CHECK(reused != s);
  CHECK(fuzzycron_next(s, kFrom, &t, &e) == FUZZYCRON_ERROR_HANDLE);
  CHECK(fuzzycron_next(reused, kFrom, &t, &e) == FUZZYCRON_OK && t == 1772931900000 + 3600000);
  /* Many handles come and go. */
  for (int i = 0; i < 10000; ++i) {
    fuzzycron_schedule* x = NULL;
    CHECK(fuzzycron_parse("*/5 * * * *", 11, &plain, &x, NULL) == FUZZYCRON_OK);
    CHECK(fuzzycron_schedule_free(x) == FUZZYCRON_OK);
  }
  /* A NULL error pointer is fine. */
  CHECK(fuzzycron_parse("0 0 * * 8", 9, &plain, &bad, NULL) == FUZZYCRON_ERROR_SYNTAX);

  /* A balance lock: job "a" takes minute 17 of its group, "b" keeps plain H. */
  const char* lock_text =
      "{\"fuzzycron_balance\": 1, \"dialect\": \"standard\", \"hash\": \"fc1\", \"epsilon\": 0.25,\n"
      " \"groups\": [{\"shape\": \"H * * * *\", \"zone\": \"UTC\", \"slots\": 60, \"capacity\": 1,\n"
      "   \"jobs\": {\"a\": [17]}}]}\n";
  fuzzycron_balance* lock = NULL;
  CHECK(fuzzycron_balance_read(lock_text, strlen(lock_text), &lock, &e) == FUZZYCRON_OK && lock != NULL);
  fuzzycron_options balanced;
  fuzzycron_options_init(&balanced);
  CHECK(balanced.balance == NULL);
  const char* job_a[] = {"a"};
  balanced.seed_parts = job_a;
  balanced.seed_count = 1;
  balanced.balance = lock;
  CHECK(fuzzycron_resolve("H * * * *", 9, &balanced, text, sizeof text, NULL, &e) == FUZZYCRON_OK);
  CHECK(strcmp(text, "17 * * * *") == 0);
  fuzzycron_schedule* at17 = NULL;
  CHECK(fuzzycron_parse("H * * * *", 9, &balanced, &at17, &e) == FUZZYCRON_OK);
  CHECK(fuzzycron_next(at17, kFrom, &t, &e) == FUZZYCRON_OK && t == 1772935200000 + 17 * 60000); /* 02:17:00Z */
  const char* job_b[] = {"b"};
  balanced.seed_parts = job_b;
  char plain_b[64], locked_b[64];
  CHECK(fuzzycron_resolve("H * * * *", 9, &balanced, locked_b, sizeof locked_b, NULL, &e) == FUZZYCRON_OK);
  balanced.balance = NULL;
  CHECK(fuzzycron_resolve("H * * * *", 9, &balanced, plain_b, sizeof plain_b, NULL, &e) == FUZZYCRON_OK);
  CHECK(strcmp(plain_b, locked_b) == 0);
  CHECK(fuzzycron_balance_free(lock) == FUZZYCRON_OK);
  CHECK(fuzzycron_next(at17, kFrom, &t, &e) == FUZZYCRON_OK); /* the schedule outlives the lock */
  CHECK(fuzzycron_schedule_free(at17) == FUZZYCRON_OK);
  CHECK(fuzzycron_balance_free(lock) == FUZZYCRON_ERROR_HANDLE);
  balanced.balance = lock;
  CHECK(fuzzycron_resolve("H * * * *", 9, &balanced, text, sizeof text, NULL, &e) == FUZZYCRON_ERROR_ARGUMENT);
  CHECK(strstr(e.message, "balance") != NULL);
  const char* corrupt = "{\"fuzzycron_balance\": 1,\n \"dialect\": standard}";
  CHECK(fuzzycron_balance_read(corrupt, strlen(corrupt), &lock, &e) == FUZZYCRON_ERROR_ARGUMENT);
  CHECK(lock == NULL && e.line == 2);

  /* robfig's six fields with seconds first, as cron.WithSeconds() reads them. */
  fuzzycron_options robfig;
  fuzzycron_options_init(&robfig);
  robfig.dialect = "kubernetes";
  robfig.dialect_flags = FUZZYCRON_ROBFIG_SECONDS;
  fuzzycron_schedule* half = NULL;
  CHECK(fuzzycron_parse("30 0 * * * *", 12, &robfig, &half, &e) == FUZZYCRON_OK);
  CHECK(fuzzycron_next(half, kFrom, &t, &e) == FUZZYCRON_OK && t == 1772935200000 + 30000); /* 02:00:30Z */
  CHECK(fuzzycron_schedule_free(half) == FUZZYCRON_OK);
  CHECK(fuzzycron_parse("0 * * * *", 9, &robfig, &half, &e) == FUZZYCRON_ERROR_SYNTAX);
  CHECK(strstr(e.message, "6 fields") != NULL);
  robfig.dialect_flags = 1u << 30;
  CHECK(fuzzycron_parse("0 * * * *", 9, &robfig, &half, &e) == FUZZYCRON_ERROR_ARGUMENT);

  fuzzycron_schedule* all[] = {ny, skip, a, b, feb30, reused};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) CHECK(fuzzycron_schedule_free(all[i]) == FUZZYCRON_OK);
  if (failures)
    fprintf(stderr, "%d checks failed\n", failures);
  else
    printf("C API: all checks passed\n");
  return failures ? 1 : 0;
}
