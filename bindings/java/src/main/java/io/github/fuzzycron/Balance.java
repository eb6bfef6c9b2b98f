package io.github.fuzzycron;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A balance lock written by {@code fuzzycron balance} (docs/balance.md): hash forms of the jobs it names take
 * their balanced slots. Pass it to {@link Options#balance}. Freed by {@link #close} or when unreachable.
 *
 * <pre>
 * try (Balance lock = Balance.read(Path.of("jobs.lock"))) {
 *   Schedule s = FuzzyCron.parse("H H * * * ?", Options.quartz().balance(lock).seed("web-07", "backup-db"));
 * }
 * </pre>
 */
public final class Balance implements AutoCloseable {
  static final Cleaner CLEANER = Cleaner.create();

  private final long handle;
  private final Cleaner.Cleanable cleanable;

  private Balance(long handle) {
    this.handle = handle;
    this.cleanable = CLEANER.register(this, () -> Native.balanceFree(handle));
  }

  /** The lock in a file. */
  public static Balance read(Path file) {
    try {
      return parse(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The lock's text. */
  public static Balance parse(String text) {
    return new Balance(Native.balanceRead(Options.utf8(text)));
  }

  long handle() {
    return handle;
  }

  void keepAlive() {
    Reference.reachabilityFence(this);
  }

  /** Schedules parsed with this lock stay valid after it is closed. */
  @Override
  public void close() {
    cleanable.clean();
  }
}
