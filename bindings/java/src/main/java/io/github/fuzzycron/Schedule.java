package io.github.fuzzycron;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A parsed expression: its fire times, computed by the native engine. Immutable and thread-safe. Holds a native
 * handle: {@link #close} frees it at once, else a Cleaner frees it when the schedule is unreachable. A closed
 * schedule throws {@link FuzzyCronException} (kind HANDLE), never crashes.
 *
 * <pre>
 * try (Schedule s = FuzzyCron.parse("H H(0-5) * * *", Options.standard().seed("web-07", "backup-db"))) {
 *   Optional&lt;Instant&gt; n = s.next(Instant.now());
 * }
 * </pre>
 */
public final class Schedule implements AutoCloseable {
  private static final int BATCH = 1024;

  private final long handle;
  private final String expression;
  private final Options options;
  private final Cleaner.Cleanable cleanable;

  Schedule(String expression, Options options) {
    this.expression = expression;
    this.options = options;
    Balance lock = options.balanceLock();
    this.handle = Native.parse(Options.utf8(expression), options.dialectBytes(), options.seedBytes(),
        options.zoneBytes(), options.dstBytes(), options.hashBytes(),
        lock == null ? 0 : lock.handle(), options.optionNames(), options.optionValues());
    if (lock != null) lock.keepAlive();
    final long h = handle;
    this.cleanable = Balance.CLEANER.register(this, () -> Native.free(h));
  }

  /** The first fire time strictly after {@code from}. */
  public Optional<Instant> next(Instant from) {
    long t = nextMillis(from.toEpochMilli());
    return t == Native.NONE ? Optional.empty() : Optional.of(Instant.ofEpochMilli(t));
  }

  /** The last fire time strictly before {@code from}. */
  public Optional<Instant> prev(Instant from) {
    long t = prevMillis(from.toEpochMilli());
    return t == Native.NONE ? Optional.empty() : Optional.of(Instant.ofEpochMilli(t));
  }

  /** The fire times in (lastRun, now] and those {@code policy} runs now (docs/runner.md's catch-up). */
  public Missed missed(Instant lastRun, Instant now, Missed.Policy policy) {
    try {
      long deadline = policy.startingDeadline() == null ? -1 : policy.startingDeadline().toMillis();
      long[] r = Native.missed(handle, lastRun.toEpochMilli(), now.toEpochMilli(), policy.catchUp().ordinal(),
          Math.max(1, policy.limit()), deadline);
      List<Instant> run = new ArrayList<>();
      for (int i = 1; i < r.length; i++) run.add(Instant.ofEpochMilli(r[i]));
      return new Missed(List.copyOf(run), (int) r[0], (int) r[0] - run.size());
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  /** For hot loops: the first fire time strictly after {@code fromMs} (epoch ms), or {@code Long.MIN_VALUE}. */
  public long nextMillis(long fromMs) {
    try {
      return Native.next(handle, fromMs);
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  /** The last fire time strictly before {@code fromMs} (epoch ms), or {@code Long.MIN_VALUE}. */
  public long prevMillis(long fromMs) {
    try {
      return Native.prev(handle, fromMs);
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  /** The fire times in [from, to), in order, walked lazily in native batches. */
  public Stream<Instant> fires(Instant from, Instant to) {
    Iterator<Instant> it = new Iterator<>() {
      private final long[] batch = new long[BATCH];
      private int size, at;
      private long lo = from.toEpochMilli();
      private final long hi = to.toEpochMilli();
      private boolean done;

      @Override
      public boolean hasNext() {
        if (at < size) return true;
        if (done || lo >= hi) return false;
        try {
          size = Native.fires(handle, lo, hi, batch);
        } finally {
          Reference.reachabilityFence(Schedule.this);
        }
        at = 0;
        if (size < batch.length) done = true;
        if (size > 0) lo = batch[size - 1] + 1;
        return size > 0;
      }

      @Override
      public Instant next() {
        if (!hasNext()) throw new NoSuchElementException();
        return Instant.ofEpochMilli(batch[at++]);
      }
    };
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.SORTED
            | Spliterator.DISTINCT | Spliterator.IMMUTABLE), false);
  }

  /** True when the schedule can never fire (February 30th). */
  public boolean never() {
    try {
      return Native.never(handle);
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  /** The expression with its hash forms replaced by the values they stand for (text of the same dialect). */
  public String resolved() {
    return FuzzyCron.resolve(expression, options);
  }

  public String expression() {
    return expression;
  }

  public Options options() {
    return options;
  }

  @Override
  public void close() {
    cleanable.clean();
  }

  @Override
  public String toString() {
    return "Schedule{" + expression + ", " + options + "}";
  }
}
