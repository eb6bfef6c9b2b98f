/* The JNI shim: Java's io.github.fuzzycron.Native over fuzzycron/c.h only, so
 * no C++ ABI crosses into the JVM. Instants are long milliseconds; strings
 * come in as UTF-8 byte arrays (Java's modified UTF-8 would mangle NUL and
 * characters outside the BMP) and go back the same way. Every failure of the
 * C API becomes a FuzzyCronException thrown into the caller. */
#include <jni.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzycron/c.h"
#include "io_github_fuzzycron_Native.h"

static jclass exception_class;   /* io.github.fuzzycron.FuzzyCronException, a global reference */
static jmethodID exception_init; /* (I[BII[B)V: status, message, line, column, text */

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void* reserved) {
  (void)reserved;
  JNIEnv* env = NULL;
  if ((*vm)->GetEnv(vm, (void**)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
  jclass local = (*env)->FindClass(env, "io/github/fuzzycron/FuzzyCronException");
  if (!local) return JNI_ERR;
  exception_class = (jclass)(*env)->NewGlobalRef(env, local);
  exception_init = (*env)->GetMethodID(env, exception_class, "<init>", "(I[BII[B)V");
  if (!exception_class || !exception_init) return JNI_ERR;
  return JNI_VERSION_1_8;
}

static jbyteArray bytes_of(JNIEnv* env, const char* s, size_t n) {
  jbyteArray a = (*env)->NewByteArray(env, (jsize)n);
  if (a) (*env)->SetByteArrayRegion(env, a, 0, (jsize)n, (const jbyte*)s);
  return a;
}

/* Throws the error as a FuzzyCronException (unless an exception is pending). */
static void throw_error(JNIEnv* env, const fuzzycron_error* e) {
  if ((*env)->ExceptionCheck(env)) return;
  jbyteArray message = bytes_of(env, e->message, strlen(e->message));
  jbyteArray text = message ? bytes_of(env, e->text, strlen(e->text)) : NULL;
  if (!text) return; /* OutOfMemoryError pending */
  jobject x = (*env)->NewObject(env, exception_class, exception_init, (jint)e->status, message, (jint)e->line,
                                (jint)e->column, text);
  if (x) (*env)->Throw(env, (jthrowable)x);
}

static void throw_message(JNIEnv* env, fuzzycron_status status, const char* message) {
  fuzzycron_error e;
  memset(&e, 0, sizeof e);
  e.status = status;
  strncpy(e.message, message, sizeof e.message - 1);
  throw_error(env, &e);
}

/* A Java byte[] as a NUL-terminated C string (NULL for a null array): in the
 * call's arena when it fits, else malloc'ed. The arena spares parse the
 * mallocs of its few short strings (a measurable part of a JNI parse). */
typedef struct text {
  char* data;
  size_t size;
  int owned; /* malloc'ed: text_free frees it */
} text;

typedef struct arena {
  char bytes[1024];
  size_t used;
} arena;

static int text_of(JNIEnv* env, jbyteArray a, text* out, arena* in) {
  out->data = NULL;
  out->size = 0;
  out->owned = 0;
  if (!a) return 1;
  const size_t n = (size_t)(*env)->GetArrayLength(env, a);
  if (in && n < sizeof in->bytes - in->used) {
    out->data = in->bytes + in->used;
    in->used += n + 1;
  } else {
    out->data = malloc(n + 1);
    if (!out->data) {
      throw_message(env, FUZZYCRON_ERROR_INTERNAL, "out of memory");
      return 0;
    }
    out->owned = 1;
  }
  (*env)->GetByteArrayRegion(env, a, 0, (jsize)n, (jbyte*)out->data);
  out->data[n] = '\0';
  out->size = n;
  return 1;
}

static void text_free(text* t) {
  if (t->owned) free(t->data);
  t->data = NULL;
  t->owned = 0;
}

/* The options of a Java call, converted; free with options_free. Each String
 * argument is a UTF-8 byte[] (null: the library's default). */
typedef struct options {
  fuzzycron_options c;
  text dialect, zone, dst, hash;
  text* seed;
  const char** seed_parts;
  size_t seed_count;
  text* pairs; /* names then values: 2 * pair_count */
  const char** names;
  const char** values;
  size_t pair_count;
  arena strings; /* the texts above, and the call's expression, when they fit (last: not cleared) */
} options;

static void options_free(options* o) {
  text_free(&o->dialect);
  text_free(&o->zone);
  text_free(&o->dst);
  text_free(&o->hash);
  for (size_t i = 0; i < o->seed_count; ++i) text_free(&o->seed[i]);
  free(o->seed);
  free((void*)o->seed_parts);
  for (size_t i = 0; i < 2 * o->pair_count; ++i) text_free(&o->pairs[i]);
  free(o->pairs);
  free((void*)o->names);
  free((void*)o->values);
}

/* A byte[][] as C strings into out[0..n), each kept in keep[0..n); 0 with an exception pending on failure. */
static int strings_of(JNIEnv* env, jobjectArray a, jsize n, text* keep, const char** out, arena* in) {
  for (jsize i = 0; i < n; ++i) {
    jbyteArray item = (jbyteArray)(*env)->GetObjectArrayElement(env, a, i);
    const int ok = text_of(env, item, &keep[i], in);
    (*env)->DeleteLocalRef(env, item);
    if (!ok) return 0;
    out[i] = keep[i].data ? keep[i].data : "";
  }
  return 1;
}

static int options_of(JNIEnv* env, options* o, jbyteArray dialect, jobjectArray seed, jbyteArray zone, jbyteArray dst,
                      jbyteArray hash, jlong balance, jobjectArray names, jobjectArray values) {
  memset(o, 0, offsetof(options, strings));
  o->strings.used = 0;
  fuzzycron_options_init(&o->c);
  arena* in = &o->strings;
  if (!text_of(env, dialect, &o->dialect, in) || !text_of(env, zone, &o->zone, in) || !text_of(env, dst, &o->dst, in) ||
      !text_of(env, hash, &o->hash, in))
    return 0;
  const jsize n = seed ? (*env)->GetArrayLength(env, seed) : 0;
  if (n > 0) {
    o->seed = calloc((size_t)n, sizeof *o->seed);
    o->seed_parts = calloc((size_t)n, sizeof *o->seed_parts);
    if (!o->seed || !o->seed_parts) {
      throw_message(env, FUZZYCRON_ERROR_INTERNAL, "out of memory");
      return 0;
    }
    o->seed_count = (size_t)n;
    if (!strings_of(env, seed, n, o->seed, o->seed_parts, &o->strings)) return 0;
  }
  const jsize m = names ? (*env)->GetArrayLength(env, names) : 0;
  if (m > 0) {
    if (!values || (*env)->GetArrayLength(env, values) != m) {
      throw_message(env, FUZZYCRON_ERROR_ARGUMENT, "option names and values differ in number");
      return 0;
    }
    o->pairs = calloc(2 * (size_t)m, sizeof *o->pairs);
    o->names = calloc((size_t)m, sizeof *o->names);
    o->values = calloc((size_t)m, sizeof *o->values);
    if (!o->pairs || !o->names || !o->values) {
      throw_message(env, FUZZYCRON_ERROR_INTERNAL, "out of memory");
      return 0;
    }
    o->pair_count = (size_t)m;
    if (!strings_of(env, names, m, o->pairs, o->names, &o->strings) ||
        !strings_of(env, values, m, o->pairs + m, o->values, &o->strings))
      return 0;
  }
  o->c.dialect = o->dialect.data;
  o->c.time_zone = o->zone.data;
  o->c.dst = o->dst.data;
  o->c.hash = o->hash.data;
  o->c.seed_parts = o->seed_parts;
  o->c.seed_count = o->seed_count;
  o->c.balance = (const fuzzycron_balance*)(uintptr_t)balance;
  o->c.option_names = o->names;
  o->c.option_values = o->values;
  o->c.option_count = o->pair_count;
  return 1;
}

JNIEXPORT jlong JNICALL Java_io_github_fuzzycron_Native_parse(JNIEnv* env, jclass cls, jbyteArray expr,
                                                              jbyteArray dialect, jobjectArray seed, jbyteArray zone,
                                                              jbyteArray dst, jbyteArray hash, jlong balance,
                                                              jobjectArray names, jobjectArray values) {
  (void)cls;
  options o;
  text e;
  jlong handle = 0;
  if (options_of(env, &o, dialect, seed, zone, dst, hash, balance, names, values) &&
      text_of(env, expr, &e, &o.strings)) {
    fuzzycron_schedule* s = NULL;
    fuzzycron_error err;
    if (fuzzycron_parse(e.data, e.size, &o.c, &s, &err) == FUZZYCRON_OK)
      handle = (jlong)(uintptr_t)s;
    else
      throw_error(env, &err);
    text_free(&e);
  }
  options_free(&o);
  return handle;
}

JNIEXPORT void JNICALL Java_io_github_fuzzycron_Native_free(JNIEnv* env, jclass cls, jlong handle) {
  (void)env;
  (void)cls;
  fuzzycron_schedule_free((fuzzycron_schedule*)(uintptr_t)handle); /* a second free is an error we ignore */
}

/* next/prev: the instant, or Long.MIN_VALUE for none. */
static jlong step(JNIEnv* env, jlong handle, jlong from, int forward) {
  int64_t out = 0;
  fuzzycron_error err;
  const fuzzycron_schedule* s = (const fuzzycron_schedule*)(uintptr_t)handle;
  const fuzzycron_status st = forward ? fuzzycron_next(s, from, &out, &err) : fuzzycron_prev(s, from, &out, &err);
  if (st == FUZZYCRON_OK) return out;
  if (st != FUZZYCRON_NONE) throw_error(env, &err);
  return INT64_MIN;
}

JNIEXPORT jlong JNICALL Java_io_github_fuzzycron_Native_next(JNIEnv* env, jclass cls, jlong handle, jlong from) {
  (void)cls;
  return step(env, handle, from, 1);
}

JNIEXPORT jlong JNICALL Java_io_github_fuzzycron_Native_prev(JNIEnv* env, jclass cls, jlong handle, jlong from) {
  (void)cls;
  return step(env, handle, from, 0);
}

/* The fire times in [from, to) into out, as many as fit; returns how many. */
JNIEXPORT jint JNICALL Java_io_github_fuzzycron_Native_fires(JNIEnv* env, jclass cls, jlong handle, jlong from,
                                                             jlong to, jlongArray out) {
  (void)cls;
  const jsize capacity = (*env)->GetArrayLength(env, out);
  jlong* buf = malloc(sizeof(jlong) * (size_t)(capacity > 0 ? capacity : 1));
  if (!buf) {
    throw_message(env, FUZZYCRON_ERROR_INTERNAL, "out of memory");
    return 0;
  }
  const fuzzycron_schedule* s = (const fuzzycron_schedule*)(uintptr_t)handle;
  jsize n = 0;
  int64_t t = from == INT64_MIN ? from : from - 1;
  fuzzycron_error err;
  while (n < capacity) {
    int64_t next = 0;
    const fuzzycron_status st = fuzzycron_next(s, t, &next, &err);
    if (st == FUZZYCRON_NONE || (st == FUZZYCRON_OK && next >= to)) break;
    if (st != FUZZYCRON_OK) {
      throw_error(env, &err);
      break;
    }
    buf[n++] = next;
    t = next;
  }
  if (!(*env)->ExceptionCheck(env)) (*env)->SetLongArrayRegion(env, out, 0, n, buf);
  free(buf);
  return n;
}

/* Catch-up: {missed count, run instants...} (CatchUp's ordinal is the C API's policy). */
JNIEXPORT jlongArray JNICALL Java_io_github_fuzzycron_Native_missed(JNIEnv* env, jclass cls, jlong handle,
                                                                    jlong last_run, jlong now, jint catch_up,
                                                                    jlong limit, jlong deadline) {
  (void)cls;
  const fuzzycron_schedule* s = (const fuzzycron_schedule*)(uintptr_t)handle;
  const size_t capacity = catch_up == FUZZYCRON_CATCH_UP_ALL ? (size_t)limit : 1;
  int64_t* buf = malloc(sizeof(int64_t) * (capacity + 1));
  if (!buf) {
    throw_message(env, FUZZYCRON_ERROR_INTERNAL, "out of memory");
    return NULL;
  }
  size_t count = 0, missed = 0;
  fuzzycron_error err;
  if (fuzzycron_missed(s, last_run, now, catch_up, (size_t)limit, deadline, buf + 1, capacity, &count, &missed, &err) !=
      FUZZYCRON_OK) {
    free(buf);
    throw_error(env, &err);
    return NULL;
  }
  buf[0] = (int64_t)missed;
  jlongArray out = (*env)->NewLongArray(env, (jsize)(count + 1));
  if (out) (*env)->SetLongArrayRegion(env, out, 0, (jsize)(count + 1), (const jlong*)buf);
  free(buf);
  return out;
}

JNIEXPORT jboolean JNICALL Java_io_github_fuzzycron_Native_never(JNIEnv* env, jclass cls, jlong handle) {
  (void)cls;
  int never = 0;
  fuzzycron_error err;
  if (fuzzycron_never((const fuzzycron_schedule*)(uintptr_t)handle, &never, &err) != FUZZYCRON_OK)
    throw_error(env, &err);
  return never ? JNI_TRUE : JNI_FALSE;
}

typedef fuzzycron_status (*text_call)(const char*, size_t, const fuzzycron_options*, char*, size_t, size_t*,
                                      fuzzycron_error*);

/* resolve/explain: a text result as UTF-8 bytes, the buffer grown once if too small. */
static jbyteArray text_result(JNIEnv* env, text_call call, jbyteArray expr, jbyteArray dialect, jobjectArray seed,
                              jbyteArray zone, jbyteArray dst, jbyteArray hash, jlong balance, jobjectArray names,
                              jobjectArray values) {
  options o;
  text e;
  jbyteArray result = NULL;
  if (options_of(env, &o, dialect, seed, zone, dst, hash, balance, names, values) &&
      text_of(env, expr, &e, &o.strings)) {
    char small[512];
    size_t needed = 0;
    fuzzycron_error err;
    fuzzycron_status st = call(e.data, e.size, &o.c, small, sizeof small, &needed, &err);
    if (st == FUZZYCRON_OK) {
      result = bytes_of(env, small, needed);
    } else if (st == FUZZYCRON_ERROR_BUFFER) {
      char* big = malloc(needed + 1);
      if (!big) {
        throw_message(env, FUZZYCRON_ERROR_INTERNAL, "out of memory");
      } else {
        st = call(e.data, e.size, &o.c, big, needed + 1, &needed, &err);
        if (st == FUZZYCRON_OK)
          result = bytes_of(env, big, needed);
        else
          throw_error(env, &err);
        free(big);
      }
    } else {
      throw_error(env, &err);
    }
    text_free(&e);
  }
  options_free(&o);
  return result;
}

JNIEXPORT jbyteArray JNICALL Java_io_github_fuzzycron_Native_resolve(JNIEnv* env, jclass cls, jbyteArray expr,
                                                                     jbyteArray dialect, jobjectArray seed,
                                                                     jbyteArray zone, jbyteArray dst, jbyteArray hash,
                                                                     jlong balance, jobjectArray names,
                                                                     jobjectArray values) {
  (void)cls;
  return text_result(env, fuzzycron_resolve, expr, dialect, seed, zone, dst, hash, balance, names, values);
}

JNIEXPORT jbyteArray JNICALL Java_io_github_fuzzycron_Native_explain(JNIEnv* env, jclass cls, jbyteArray expr,
                                                                     jbyteArray dialect, jobjectArray seed,
                                                                     jbyteArray zone, jbyteArray dst, jbyteArray hash,
                                                                     jlong balance, jobjectArray names,
                                                                     jobjectArray values) {
  (void)cls;
  return text_result(env, fuzzycron_explain, expr, dialect, seed, zone, dst, hash, balance, names, values);
}

JNIEXPORT jlong JNICALL Java_io_github_fuzzycron_Native_offset(JNIEnv* env, jclass cls, jobjectArray seed,
                                                               jlong window_ms) {
  (void)cls;
  options o;
  jlong result = 0;
  if (options_of(env, &o, NULL, seed, NULL, NULL, NULL, 0, NULL, NULL)) {
    int64_t out = 0;
    fuzzycron_error err;
    if (fuzzycron_offset(&o.c, window_ms, &out, &err) == FUZZYCRON_OK)
      result = out;
    else
      throw_error(env, &err);
  }
  options_free(&o);
  return result;
}

JNIEXPORT jlong JNICALL Java_io_github_fuzzycron_Native_balanceRead(JNIEnv* env, jclass cls, jbyteArray lock_text) {
  (void)cls;
  text t;
  jlong handle = 0;
  if (text_of(env, lock_text, &t, NULL)) {
    fuzzycron_balance* b = NULL;
    fuzzycron_error err;
    if (fuzzycron_balance_read(t.data, t.size, &b, &err) == FUZZYCRON_OK)
      handle = (jlong)(uintptr_t)b;
    else
      throw_error(env, &err);
    text_free(&t);
  }
  return handle;
}

JNIEXPORT void JNICALL Java_io_github_fuzzycron_Native_balanceFree(JNIEnv* env, jclass cls, jlong handle) {
  (void)env;
  (void)cls;
  fuzzycron_balance_free((fuzzycron_balance*)(uintptr_t)handle);
}

JNIEXPORT jbyteArray JNICALL Java_io_github_fuzzycron_Native_version(JNIEnv* env, jclass cls) {
  (void)cls;
  const char* v = fuzzycron_version();
  return bytes_of(env, v, strlen(v));
}

/* One finding's strings into strings[4i..4i+4) and numbers into numbers[3i..3i+3); 0 with an exception pending. */
static int put_finding(JNIEnv* env, const fuzzycron_finding* f, jsize i, jobjectArray strings, jint* numbers) {
  const char* parts[4] = {f->code, f->message, f->text, f->suggestion};
  for (jsize k = 0; k < 4; ++k) {
    jbyteArray b = bytes_of(env, parts[k], strlen(parts[k]));
    if (!b) return 0;
    (*env)->SetObjectArrayElement(env, strings, 4 * i + k, b);
    (*env)->DeleteLocalRef(env, b);
  }
  numbers[3 * i] = (jint)f->severity;
  numbers[3 * i + 1] = (jint)f->line;
  numbers[3 * i + 2] = (jint)f->column;
  return 1;
}

/* The findings of fuzzycron_lint as {int[] severity/line/column per finding, byte[][] code/message/text/suggestion
 * per finding}: Java builds its records from them. */
static jobjectArray findings_result(JNIEnv* env, const fuzzycron_findings* found) {
  size_t count = 0;
  fuzzycron_error err;
  if (fuzzycron_findings_count(found, &count, &err) != FUZZYCRON_OK) {
    throw_error(env, &err);
    return NULL;
  }
  const jsize n = (jsize)count;
  jclass bytes_class = (*env)->FindClass(env, "[B");
  jclass object_class = bytes_class ? (*env)->FindClass(env, "java/lang/Object") : NULL;
  jobjectArray strings = object_class ? (*env)->NewObjectArray(env, 4 * n, bytes_class, NULL) : NULL;
  jintArray numbers = strings ? (*env)->NewIntArray(env, 3 * n) : NULL;
  jobjectArray result = numbers ? (*env)->NewObjectArray(env, 2, object_class, NULL) : NULL;
  jint* nums = result ? malloc(sizeof(jint) * (size_t)(3 * n + 1)) : NULL;
  if (!nums) {
    if (result) throw_message(env, FUZZYCRON_ERROR_INTERNAL, "out of memory");
    return NULL; /* else OutOfMemoryError pending */
  }
  int ok = 1;
  for (jsize i = 0; ok && i < n; ++i) {
    fuzzycron_finding f;
    if (fuzzycron_finding_at(found, (size_t)i, &f, &err) != FUZZYCRON_OK) {
      throw_error(env, &err);
      ok = 0;
    } else {
      ok = put_finding(env, &f, i, strings, nums);
    }
  }
  if (ok) {
    (*env)->SetIntArrayRegion(env, numbers, 0, 3 * n, nums);
    (*env)->SetObjectArrayElement(env, result, 0, numbers);
    (*env)->SetObjectArrayElement(env, result, 1, strings);
  }
  free(nums);
  return ok ? result : NULL;
}

JNIEXPORT jobjectArray JNICALL Java_io_github_fuzzycron_Native_lint(
    JNIEnv* env, jclass cls, jbyteArray expr, jbyteArray dialect, jobjectArray seed, jbyteArray zone, jbyteArray dst,
    jbyteArray hash, jlong balance, jobjectArray names, jobjectArray values, jbyteArray runs_on, jlong from_ms) {
  (void)cls;
  options o;
  text e, where;
  jobjectArray result = NULL;
  if (options_of(env, &o, dialect, seed, zone, dst, hash, balance, names, values)) {
    if (text_of(env, expr, &e, &o.strings)) {
      if (text_of(env, runs_on, &where, &o.strings)) {
        fuzzycron_findings* found = NULL;
        fuzzycron_error err;
        if (fuzzycron_lint(e.data, e.size, &o.c, where.data, from_ms, &found, &err) == FUZZYCRON_OK) {
          result = findings_result(env, found);
          fuzzycron_findings_free(found);
        } else {
          throw_error(env, &err);
        }
        text_free(&where);
      }
      text_free(&e);
    }
  }
  options_free(&o);
  return result;
}
