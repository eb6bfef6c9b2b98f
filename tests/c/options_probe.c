/* The C API as a front end for tests/agreement: options by name through
 * fuzzycron_options.option_names/option_values, nothing else.
 *   options_probe EXPR FROM_MS COUNT [NAME=VALUE ...]
 * prints COUNT fire times (ms), one a line, or "error COLUMN MESSAGE" and
 * exits 1. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzycron/c.h"

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: options_probe EXPR FROM_MS COUNT [NAME=VALUE ...]\n");
    return 2;
  }
  const size_t n = (size_t)(argc - 4);
  const char** names = calloc(n + 1, sizeof *names);
  const char** values = calloc(n + 1, sizeof *values);
  char** copies = calloc(n + 1, sizeof *copies);
  for (size_t i = 0; i < n; ++i) {
    const size_t length = strlen(argv[4 + i]);
    copies[i] = malloc(length + 1); /* strdup is POSIX, not C11 */
    memcpy(copies[i], argv[4 + i], length + 1);
    char* eq = strchr(copies[i], '=');
    if (!eq) {
      fprintf(stderr, "options_probe: '%s' is not NAME=VALUE\n", copies[i]);
      return 2;
    }
    *eq = '\0';
    names[i] = copies[i];
    values[i] = eq + 1;
  }
  fuzzycron_options o;
  fuzzycron_options_init(&o);
  o.option_names = names;
  o.option_values = values;
  o.option_count = n;
  fuzzycron_error e;
  fuzzycron_schedule* s = NULL;
  int status = 0;
  if (fuzzycron_parse(argv[1], strlen(argv[1]), &o, &s, &e) != FUZZYCRON_OK) {
    printf("error %d %s\n", e.column, e.message);
    status = 1;
  } else {
    int64_t t = strtoll(argv[2], NULL, 10);
    for (long k = strtol(argv[3], NULL, 10); k > 0; --k) {
      if (fuzzycron_next(s, t, &t, &e) != FUZZYCRON_OK) break;
      printf("%lld\n", (long long)t);
    }
  }
  fuzzycron_schedule_free(s);
  for (size_t i = 0; i < n; ++i) free(copies[i]);
  free(copies);
  free((void*)names);
  free((void*)values);
  return status;
}
