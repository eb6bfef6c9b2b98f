/* fuzzycron_missed and anchored intervals from C11, linked as a C user links
 * the library: the runner's catch-up policies on an hourly schedule and an
 * interval, a small buffer, a bad policy. Exits non-zero on the first failure. */
#include <stdio.h>
#include <string.h>

#include "fuzzycron/c.h"

#include "../c/check.h"

/* 2026-03-01T08:00:00Z and 12:30 */
#define LAST 1772352000000LL
#define NOW (LAST + 4 * 3600000LL + 1800000LL)

int main(void) {
  fuzzycron_error e;
  fuzzycron_schedule* s = NULL;
  const char* hourly = "0 * * * *";
  CHECK(fuzzycron_parse(hourly, strlen(hourly), NULL, &s, &e) == FUZZYCRON_OK);
  int64_t out[8];
  size_t count = 0, missed = 0;
  CHECK(fuzzycron_missed(s, LAST, NOW, FUZZYCRON_CATCH_UP_ALL, 2, -1, out, 8, &count, &missed, &e) == FUZZYCRON_OK);
  CHECK(count == 2 && missed == 4);
  CHECK(out[0] == LAST + 3 * 3600000LL && out[1] == LAST + 4 * 3600000LL);
  CHECK(fuzzycron_missed(s, LAST, NOW, FUZZYCRON_CATCH_UP_LATEST, 0, -1, out, 8, &count, NULL, &e) == FUZZYCRON_OK);
  CHECK(count == 1 && out[0] == LAST + 4 * 3600000LL);
  CHECK(fuzzycron_missed(s, LAST, NOW, FUZZYCRON_CATCH_UP_SKIP, 0, -1, out, 8, &count, &missed, &e) == FUZZYCRON_OK);
  CHECK(count == 0 && missed == 4);
  /* A starting deadline of 20 minutes: the 12:00 fire is 30 minutes old. */
  CHECK(fuzzycron_missed(s, LAST, NOW, FUZZYCRON_CATCH_UP_ALL, 10, 1200000, out, 8, &count, &missed, &e) ==
        FUZZYCRON_OK);
  CHECK(count == 0 && missed == 4);
  CHECK(fuzzycron_missed(s, LAST, NOW, FUZZYCRON_CATCH_UP_ALL, 10, -1, out, 1, &count, &missed, &e) ==
        FUZZYCRON_ERROR_BUFFER);
  CHECK(count == 4);
  CHECK(fuzzycron_missed(s, LAST, NOW, 7, 10, -1, out, 8, &count, &missed, &e) == FUZZYCRON_ERROR_ARGUMENT);
  fuzzycron_schedule_free(s);

  /* An anchored interval, and its missing seed. */
  const char* every = "@every 90m from 2026-03-01T08:00Z";
  CHECK(fuzzycron_parse(every, strlen(every), NULL, &s, &e) == FUZZYCRON_OK);
  CHECK(fuzzycron_missed(s, LAST, NOW, FUZZYCRON_CATCH_UP_ALL, 10, -1, out, 8, &count, &missed, &e) == FUZZYCRON_OK);
  CHECK(count == 3 && out[0] == LAST + 5400000LL && out[2] == LAST + 3 * 5400000LL);
  fuzzycron_schedule_free(s);
  const char* hashed = "@every 6h";
  CHECK(fuzzycron_parse(hashed, strlen(hashed), NULL, &s, &e) == FUZZYCRON_ERROR_MISSING_SEED);
  CHECK(e.column == 1);
  if (failures == 0) printf("ok\n");
  return failures != 0;
}
