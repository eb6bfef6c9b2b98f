// fuzzycron/visibility.h — marks the declarations the shared library exports; the
// library is built with hidden visibility, so nothing else leaves it.
#pragma once

#if defined(_WIN32)
#define FUZZYCRON_EXPORT
#else
#define FUZZYCRON_EXPORT __attribute__((visibility("default")))
#endif

// For the private parts of an exported class that only the library itself calls.
#if defined(_WIN32)
#define FUZZYCRON_HIDDEN
#else
#define FUZZYCRON_HIDDEN __attribute__((visibility("hidden")))
#endif
