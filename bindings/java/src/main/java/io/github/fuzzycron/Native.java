package io.github.fuzzycron;

/**
 * The JNI entry points of the C shim (src/main/c/fuzzycron_jni.c) over fuzzycron/c.h. Strings cross as UTF-8 byte
 * arrays, instants as epoch milliseconds; every failure is thrown as a {@link FuzzyCronException}.
 */
final class Native {
  static {
    NativeLoader.load();
  }

  private Native() {}

  /** What {@link #next} and {@link #prev} answer when there is no fire time. */
  static final long NONE = Long.MIN_VALUE;

  static native long parse(byte[] expr, byte[] dialect, byte[][] seed, byte[] zone, byte[] dst, byte[] hash,
      long balance, byte[][] names, byte[][] values);

  static native void free(long handle);

  static native long next(long handle, long fromMs);

  static native long prev(long handle, long fromMs);

  /** Fills out with the fire times in [fromMs, toMs), as many as fit; returns how many. */
  static native int fires(long handle, long fromMs, long toMs, long[] out);

  static native boolean never(long handle);

  // Catch-up (fuzzycron_missed): {missed count, run instants...}; deadlineMs < 0: none.
  static native long[] missed(long handle, long lastRunMs, long nowMs, int catchUp, long limit, long deadlineMs);

  static native byte[] resolve(byte[] expr, byte[] dialect, byte[][] seed, byte[] zone, byte[] dst, byte[] hash,
      long balance, byte[][] names, byte[][] values);

  static native byte[] explain(byte[] expr, byte[] dialect, byte[][] seed, byte[] zone, byte[] dst, byte[] hash,
      long balance, byte[][] names, byte[][] values);

  /**
   * Lint's findings as {int[] severity, line, column per finding; byte[][] code, message, text, suggestion per
   * finding}; runsOn null: the library's choice.
   */
  static native Object[] lint(byte[] expr, byte[] dialect, byte[][] seed, byte[] zone, byte[] dst, byte[] hash,
      long balance, byte[][] names, byte[][] values, byte[] runsOn, long fromMs);

  static native long offset(byte[][] seed, long windowMs);

  static native long balanceRead(byte[] text);

  static native void balanceFree(long handle);

  static native byte[] version();
}
