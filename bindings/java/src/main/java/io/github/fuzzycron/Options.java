package io.github.fuzzycron;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How to read an expression: the dialect, the seed of its hash forms, the zone, the DST policy and the rest of the
 * library's options (docs/options.md). Immutable: each setter returns a new Options.
 *
 * <pre>
 * Options o = Options.quartz().seed("web-07", "backup-db").zone(ZoneId.of("Europe/Berlin"));
 * Options p = Options.standard().set("offset-window", "15m");
 * </pre>
 */
public final class Options {
  private final String dialect;
  private final String host;
  private final List<String> seed;
  private final ZoneId zone;
  private final String dst;
  private final String hashScheme;
  private final String offsetWindow; // as the library reads it: "15m", "250ms"; null: none
  private final Balance balance;
  private final List<String[]> more; // other options of the schema, as name/value pairs for the library
  // The native calls' arguments, made once: every parse would otherwise encode them again. Final, so that they
  // are safely published with the Options; never written after construction.
  private final byte[] dialectUtf8, zoneUtf8, dstUtf8, hashUtf8;
  private final byte[][] seedUtf8, namesUtf8, valuesUtf8;

  private Options(String dialect, String host, List<String> seed, ZoneId zone, String dst, String hashScheme,
      String offsetWindow, Balance balance, List<String[]> more) {
    this.dialect = dialect;
    this.host = host;
    this.seed = List.copyOf(seed);
    this.zone = zone;
    this.dst = dst;
    this.hashScheme = hashScheme;
    this.offsetWindow = offsetWindow;
    this.balance = balance;
    this.more = List.copyOf(more);
    this.dialectUtf8 = utf8(dialect);
    this.zoneUtf8 = zone == null ? null : utf8(zone.getId());
    this.dstUtf8 = utf8(dst);
    this.hashUtf8 = utf8(hashScheme);
    List<String> parts = seedParts();
    this.seedUtf8 = new byte[parts.size()][];
    for (int i = 0; i < seedUtf8.length; ++i) seedUtf8[i] = utf8(parts.get(i));
    this.namesUtf8 = pairs(0);
    this.valuesUtf8 = pairs(1);
  }

  private static Options of(String dialect) {
    return new Options(dialect, null, List.of(), null, null, null, null, null, List.of());
  }

  /** Vixie/POSIX cron: five fields, day fields OR-ed. */
  public static Options standard() {
    return of("standard");
  }

  /** Quartz: six or seven fields, seconds first, ?, L, W, #. */
  public static Options quartz() {
    return of("quartz");
  }

  /** Spring's CronExpression: six fields, both day fields must match. */
  public static Options spring() {
    return of("spring");
  }

  /** Jenkins: five fields and its own H (the hash Jenkins uses). */
  public static Options jenkins() {
    return of("jenkins");
  }

  /** Kubernetes CronJob (robfig/cron): five fields, or six with {@code set("seconds-first", "true")}. */
  public static Options kubernetes() {
    return of("kubernetes");
  }

  /** Python's croniter, with its hash. */
  public static Options croniter() {
    return of("croniter");
  }

  /** JavaScript's cron-parser, with its hash. */
  public static Options cronParser() {
    return of("cron-parser");
  }

  /** furiko's cron. */
  public static Options furiko() {
    return of("furiko");
  }

  /** The seed's parts (after the host, if one is set), e.g. the job's name. Replaces the parts given before. */
  public Options seed(String... parts) {
    for (String p : parts) Objects.requireNonNull(p, "a seed part is null");
    return new Options(dialect, host, Arrays.asList(parts), zone, dst, hashScheme, offsetWindow, balance, more);
  }

  /** The host: the seed's first part, so that each host's copy of a job fires at its own time. */
  public Options host(String host) {
    return new Options(dialect, host, seed, zone, dst, hashScheme, offsetWindow, balance, more);
  }

  public Options zone(ZoneId zone) {
    return new Options(dialect, host, seed, zone, dst, hashScheme, offsetWindow, balance, more);
  }

  /** The DST policy: cron, wall, skip-first, skip-last, skip-both, shift-both, ... (docs/dst.md). */
  public Options dst(String policy) {
    return new Options(dialect, host, seed, zone, policy, hashScheme, offsetWindow, balance, more);
  }

  /** The hash of H: fc1, jenkins, furiko, croniter, cron-parser (default: the dialect's own). */
  public Options hashScheme(String scheme) {
    return new Options(dialect, host, seed, zone, dst, scheme, offsetWindow, balance, more);
  }

  /** Shift each fire time by the seed's stable offset in [0, window). */
  public Options offsetWindow(Duration window) {
    if (window.isNegative()) throw new FuzzyCronException(FuzzyCronException.Kind.ARGUMENT,
        "offsetWindow: negative (" + window + ")", 0, 0, "");
    String text = window.isZero() ? null : window.toMillis() + "ms";
    return new Options(dialect, host, seed, zone, dst, hashScheme, text, balance, more);
  }

  /** A balance lock (`fuzzycron balance`): hash forms take the lock's slot for this job. */
  public Options balance(Balance lock) {
    return new Options(dialect, host, seed, zone, dst, hashScheme, offsetWindow, lock, more);
  }

  /**
   * Any option of the library's schema by its name in any case style (offset-window, offset_window,
   * offsetWindow) and its value as text (docs/options.md): "seconds-first" = "true", "offset-window" = "15m",
   * furiko's "format", ... A seed given this way is one more part. The library checks names and values when the
   * options are used: an unknown name is a FuzzyCronException (ARGUMENT) with a did-you-mean.
   */
  public Options set(String name, String value) {
    Objects.requireNonNull(value, "value");
    switch (kebab(Objects.requireNonNull(name, "name"))) {
      case "dialect": return new Options(value, host, seed, zone, dst, hashScheme, offsetWindow, balance, more);
      case "seed": {
        List<String> parts = new ArrayList<>(seed);
        parts.add(value);
        return new Options(dialect, host, parts, zone, dst, hashScheme, offsetWindow, balance, more);
      }
      case "host": return host(value);
      case "zone":
        try {
          return zone(ZoneId.of(value));
        } catch (java.time.DateTimeException e) { // the library says what is wrong with it
          return new Options(dialect, host, seed, null, dst, hashScheme, offsetWindow, balance, with("zone", value));
        }
      case "dst": return dst(value);
      case "hash-scheme": return hashScheme(value);
      case "offset-window": return new Options(dialect, host, seed, zone, dst, hashScheme, value, balance, more);
      default: return new Options(dialect, host, seed, zone, dst, hashScheme, offsetWindow, balance,
          with(name, value));
    }
  }

  private List<String[]> with(String name, String value) {
    List<String[]> m = new ArrayList<>(more);
    m.add(new String[] {name, value});
    return m;
  }

  public String dialect() {
    return dialect;
  }

  public ZoneId zone() {
    return zone;
  }

  /** The seed's parts as the library hashes them: the host first, if set. */
  public List<String> seedParts() {
    if (host == null) return seed;
    List<String> all = new ArrayList<>();
    all.add(host);
    all.addAll(seed);
    return all;
  }

  /** "offsetWindow" and "offset_window" as "offset-window". */
  static String kebab(String name) {
    StringBuilder b = new StringBuilder();
    for (char c : name.toCharArray()) {
      if (Character.isUpperCase(c)) {
        if (b.length() > 0) b.append('-');
        b.append(Character.toLowerCase(c));
      } else b.append(c == '_' ? '-' : c);
    }
    return b.toString();
  }

  static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  // The arguments of the native calls (read-only: the shim copies them).
  byte[] dialectBytes() {
    return dialectUtf8;
  }

  byte[][] seedBytes() {
    return seedUtf8;
  }

  byte[] zoneBytes() {
    return zoneUtf8;
  }

  byte[] dstBytes() {
    return dstUtf8;
  }

  byte[] hashBytes() {
    return hashUtf8;
  }

  /** The options the library reads by name: the offset window, then those given to set(). */
  byte[][] optionNames() {
    return namesUtf8;
  }

  byte[][] optionValues() {
    return valuesUtf8;
  }

  private byte[][] pairs(int k) {
    int n = more.size() + (offsetWindow == null ? 0 : 1);
    byte[][] out = new byte[n][];
    int i = 0;
    if (offsetWindow != null) out[i++] = utf8(k == 0 ? "offset-window" : offsetWindow);
    for (String[] p : more) out[i++] = utf8(p[k]);
    return out;
  }

  Balance balanceLock() {
    return balance;
  }


  @Override
  public String toString() {
    return "Options{dialect=" + dialect + ", seed=" + seedParts() + ", zone=" + zone + ", dst=" + dst + ", hash="
        + hashScheme + ", offsetWindow=" + offsetWindow + ", more="
        + more.stream().map(p -> p[0] + "=" + p[1]).collect(java.util.stream.Collectors.toList()) + "}";
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Options)) return false;
    Options x = (Options) o;
    return dialect.equals(x.dialect) && Objects.equals(host, x.host) && seed.equals(x.seed)
        && Objects.equals(zone, x.zone) && Objects.equals(dst, x.dst) && Objects.equals(hashScheme, x.hashScheme)
        && Objects.equals(offsetWindow, x.offsetWindow) && balance == x.balance
        && pairsText().equals(x.pairsText());
  }

  @Override
  public int hashCode() {
    return Objects.hash(dialect, host, seed, zone, dst, hashScheme, offsetWindow, pairsText());
  }

  private String pairsText() {
    StringBuilder b = new StringBuilder();
    for (String[] p : more) b.append(p[0]).append('=').append(p[1]).append('\n');
    return b.toString();
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
