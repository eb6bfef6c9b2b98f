package io.github.fuzzycron;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * fuzzycron for the JVM: cron expressions of eight dialects with hash forms ({@code H}) that spread jobs
 * deterministically, answered by the native engine (docs/java.md).
 *
 * <pre>
 * String quartz = FuzzyCron.resolve("H H * * * ?", Options.quartz().seed("web-07", "backup-db")); // "41 17 3 * * ?"-like
 * Schedule s = FuzzyCron.parse("H/15 * * * *", Options.standard().seed("poll"));
 * </pre>
 */
public final class FuzzyCron {
  private FuzzyCron() {}

  /** The expression parsed: close it, or let a Cleaner free it. */
  public static Schedule parse(String expression, Options options) {
    Objects.requireNonNull(expression, "expression");
    return new Schedule(expression, Objects.requireNonNull(options, "options"));
  }

  /** The expression with hash forms replaced by the values they stand for, as text of the same dialect. */
  public static String resolve(String expression, Options options) {
    Balance lock = options.balanceLock();
    byte[] out = Native.resolve(Options.utf8(expression), options.dialectBytes(), options.seedBytes(),
        options.zoneBytes(), options.dstBytes(), options.hashBytes(),
        lock == null ? 0 : lock.handle(), options.optionNames(), options.optionValues());
    if (lock != null) lock.keepAlive();
    return new String(out, StandardCharsets.UTF_8);
  }

  /** The description in English, one sentence per line of the expression. */
  public static String explain(String expression, Options options) {
    Balance lock = options.balanceLock();
    byte[] out = Native.explain(Options.utf8(expression), options.dialectBytes(), options.seedBytes(),
        options.zoneBytes(), options.dstBytes(), options.hashBytes(),
        lock == null ? 0 : lock.handle(), options.optionNames(), options.optionValues());
    if (lock != null) lock.keepAlive();
    return new String(out, StandardCharsets.UTF_8);
  }

  /**
   * Findings about the expression (docs/lint.md), looked for from now, with advice for where the dialect's own
   * system runs (or fuzzycron itself when a seed or host is given). A parse error is a finding (FC001), not an
   * exception; a bad option is a FuzzyCronException.
   */
  public static List<Finding> lint(String expression, Options options) {
    return lint(expression, options, null, Instant.now());
  }

  /**
   * Findings about the expression: {@code runsOn} where it runs, so advice fits it (fuzzycron, cron, kubernetes,
   * github-actions, systemd, quartz, spring, jenkins, furiko; null: as {@link #lint(String, Options)}), DST changes,
   * rare fires and collisions looked for in the year after {@code from}.
   */
  public static List<Finding> lint(String expression, Options options, String runsOn, Instant from) {
    Objects.requireNonNull(expression, "expression");
    Balance lock = options.balanceLock();
    Object[] out = Native.lint(Options.utf8(expression), options.dialectBytes(), options.seedBytes(),
        options.zoneBytes(), options.dstBytes(), options.hashBytes(), lock == null ? 0 : lock.handle(),
        options.optionNames(), options.optionValues(), Options.utf8(runsOn), from.toEpochMilli());
    if (lock != null) lock.keepAlive();
    int[] numbers = (int[]) out[0];
    byte[][] strings = (byte[][]) out[1];
    List<Finding> findings = new ArrayList<>(numbers.length / 3);
    for (int i = 0; i < numbers.length / 3; ++i) findings.add(Finding.of(numbers, strings, i));
    return List.copyOf(findings);
  }

  /** The seed's stable offset in [0, window): the same seed, the same offset, on every machine. */
  public static Duration offset(Duration window, String... seed) {
    byte[][] parts = new byte[seed.length][];
    for (int i = 0; i < seed.length; ++i) parts[i] = Options.utf8(Objects.requireNonNull(seed[i], "a seed part"));
    return Duration.ofMillis(Native.offset(parts, window.toMillis()));
  }

  /** The native library's version. */
  public static String version() {
    return new String(Native.version(), StandardCharsets.UTF_8);
  }
}
