// The C calls JavaBench compares the JNI binding with, timed in C in the same JVM (bench/java/c_bench_jni.c,
// libfuzzycron_bench_jni.so, loaded from -Dfuzzycron.bench.lib).
final class CBench {
  static {
    System.load(System.getProperty("fuzzycron.bench.lib"));
  }

  private CBench() {}

  static native long parse(String expr, String dialect, String zone, String dst);

  static native void free(long handle);

  /** ns per fuzzycron_next, chained from start, wrapping back at end. */
  static native double next(long handle, long start, long end, int calls);

  /** ns per fuzzycron_parse + fuzzycron_schedule_free. */
  static native double parseFree(String expr, String dialect, String zone, String dst, int n);

  static native long noop(long a, long b);
}
