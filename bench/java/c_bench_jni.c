/* The C side of bench/java/JavaBench.java: the same C API calls the JNI
 * binding makes, timed in C inside the same JVM process and run, so that the
 * JNI binding's cost per call over the C call is a same-run difference. Built
 * over the same static engine as the shipped JNI library (fuzzycron_jni_core),
 * as a module of its own: the shipped library exports only the binding. */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzzycron/c.h"

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* A Java String as a malloc'ed C string (NULL for null). */
static char* string_of(JNIEnv* env, jstring s) {
  if (!s) return NULL;
  const char* utf = (*env)->GetStringUTFChars(env, s, NULL);
  if (!utf) return NULL;
  char* copy = malloc(strlen(utf) + 1);
  if (copy) strcpy(copy, utf);
  (*env)->ReleaseStringUTFChars(env, s, utf);
  return copy;
}

typedef struct spec {
  char *expr, *dialect, *zone, *dst;
  fuzzycron_options options;
} spec;

static void spec_of(JNIEnv* env, spec* s, jstring expr, jstring dialect, jstring zone, jstring dst) {
  s->expr = string_of(env, expr);
  s->dialect = string_of(env, dialect);
  s->zone = string_of(env, zone);
  s->dst = string_of(env, dst);
  fuzzycron_options_init(&s->options);
  s->options.dialect = s->dialect;
  s->options.time_zone = s->zone;
  s->options.dst = s->dst;
}

static void spec_free(spec* s) {
  free(s->expr);
  free(s->dialect);
  free(s->zone);
  free(s->dst);
}

/* A schedule handle (0 when it does not parse). */
JNIEXPORT jlong JNICALL Java_CBench_parse(JNIEnv* env, jclass cls, jstring expr, jstring dialect, jstring zone,
                                          jstring dst) {
  (void)cls;
  spec s;
  spec_of(env, &s, expr, dialect, zone, dst);
  fuzzycron_schedule* h = NULL;
  fuzzycron_error e;
  if (fuzzycron_parse(s.expr, strlen(s.expr), &s.options, &h, &e) != FUZZYCRON_OK) h = NULL;
  spec_free(&s);
  return (jlong)(uintptr_t)h;
}

JNIEXPORT void JNICALL Java_CBench_free(JNIEnv* env, jclass cls, jlong handle) {
  (void)env;
  (void)cls;
  fuzzycron_schedule_free((fuzzycron_schedule*)(uintptr_t)handle);
}

/* ns per fuzzycron_next, chained from start and wrapping back at end, as JavaBench chains the JNI call. */
JNIEXPORT jdouble JNICALL Java_CBench_next(JNIEnv* env, jclass cls, jlong handle, jlong start, jlong end, jint calls) {
  (void)env;
  (void)cls;
  const fuzzycron_schedule* s = (const fuzzycron_schedule*)(uintptr_t)handle;
  fuzzycron_error e;
  int64_t t = start;
  const double t0 = now_ns();
  for (jint i = 0; i < calls; ++i) {
    int64_t out = 0;
    if (fuzzycron_next(s, t, &out, &e) != FUZZYCRON_OK || out > end)
      t = start;
    else
      t = out;
  }
  const double t1 = now_ns();
  return t == 42 ? 0 : (t1 - t0) / calls; /* t read: the loop is not dead code */
}

/* ns per fuzzycron_parse + fuzzycron_schedule_free of the same text, n times. */
JNIEXPORT jdouble JNICALL Java_CBench_parseFree(JNIEnv* env, jclass cls, jstring expr, jstring dialect, jstring zone,
                                                jstring dst, jint n) {
  (void)cls;
  spec s;
  spec_of(env, &s, expr, dialect, zone, dst);
  const size_t length = strlen(s.expr);
  fuzzycron_error e;
  const double t0 = now_ns();
  for (jint i = 0; i < n; ++i) {
    fuzzycron_schedule* h = NULL;
    fuzzycron_parse(s.expr, length, &s.options, &h, &e);
    fuzzycron_schedule_free(h);
  }
  const double t1 = now_ns();
  spec_free(&s);
  return (t1 - t0) / n;
}

/* A JNI call that does nothing: the bare cost of crossing, timed from Java. */
JNIEXPORT jlong JNICALL Java_CBench_noop(JNIEnv* env, jclass cls, jlong a, jlong b) {
  (void)env;
  (void)cls;
  return a ^ b;
}
