// fuzzycron/visibility.h — marks the declarations the shared library exports; the
// library is built with hidden visibility, so nothing else leaves it.
#pragma once

// The C++ headers need C++20 (fuzzycron/c.h, also included from C, does not).
#if defined(__cplusplus) && __cplusplus < 202002L && !defined(_MSVC_LANG)
#error "fuzzycron's C++ headers need C++20: compile with -std=c++20 (C programs include fuzzycron/c.h only)"
#endif

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
