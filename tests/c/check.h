/* CHECK for the C11 tests of the C API: a failed condition is printed with its
 * place and counted; main returns `failures != 0`. */
#ifndef FUZZYCRON_TESTS_C_CHECK_H
#define FUZZYCRON_TESTS_C_CHECK_H

#include <stdio.h>

static int failures = 0;
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

#endif
