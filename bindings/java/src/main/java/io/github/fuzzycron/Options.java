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
  // Dialect flags of fuzzycron/c.h.
  static final int SECONDS_FIRST = 1, CRONITER_SECOND_AT_BEGINNING = 2, CRONITER_DAYS_AND = 4,
      CRON_PARSER_STRICT = 8;

  private final String dialect;
  private final String host;
  private final List<String> seed;
  private final ZoneId zone;
  private final String dst;
  private final String hashScheme;
  private final Duration offsetWindow;
  private final Balance balance;
  private final int flags;

  private Options(String dialect, String host, List<String> seed, ZoneId zone, String dst, String hashScheme,
      Duration offsetWindow, Balance balance, int flags) {
    this.dialect = dialect;
    this.host = host;
    this.seed = List.copyOf(seed);
    this.zone = zone;
    this.dst = dst;
    this.hashScheme = hashScheme;
    this.offsetWindow = offsetWindow;
    this.balance = balance;
    this.flags = flags;
  }

  private static Options of(String dialect) {
    return new Options(dialect, null, List.of(), null, null, null, Duration.ZERO, null, 0);
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
    return new Options(dialect, host, Arrays.asList(parts), zone, dst, hashScheme, offsetWindow, balance, flags);
  }

  /** The host: the seed's first part, so that each host's copy of a job fires at its own time. */
  public Options host(String host) {
    return new Options(dialect, host, seed, zone, dst, hashScheme, offsetWindow, balance, flags);
  }

  public Options zone(ZoneId zone) {
    return new Options(dialect, host, seed, zone, dst, hashScheme, offsetWindow, balance, flags);
  }

  /** The DST policy: cron, wall, skip-first, skip-last, skip-both, shift-both, ... (docs/dst.md). */
  public Options dst(String policy) {
    return new Options(dialect, host, seed, zone, policy, hashScheme, offsetWindow, balance, flags);
  }

  /** The hash of H: fc1, jenkins, furiko, croniter, cron-parser (default: the dialect's own). */
  public Options hashScheme(String scheme) {
    return new Options(dialect, host, seed, zone, dst, scheme, offsetWindow, balance, flags);
  }

  /** Shift each fire time by the seed's stable offset in [0, window). */
  public Options offsetWindow(Duration window) {
    if (window.isNegative()) throw new FuzzyCronException(FuzzyCronException.Kind.ARGUMENT,
        "offsetWindow: negative (" + window + ")", 0, 0, "");
    return new Options(dialect, host, seed, zone, dst, hashScheme, window, balance, flags);
  }

  /** A balance lock (`fuzzycron balance`): hash forms take the lock's slot for this job. */
  public Options balance(Balance lock) {
    return new Options(dialect, host, seed, zone, dst, hashScheme, offsetWindow, lock, flags);
  }

  /**
   * Any option by its name in the library's schema, in any case style (offset-window, offset_window,
   * offsetWindow): dialect, seed (appends a part), host, zone, dst, hash-scheme, offset-window ("15m"),
   * seconds-first, day-or, strict.
   */
  public Options set(String name, String value) {
    Objects.requireNonNull(value, "value");
    String key = kebab(name);
    switch (key) {
      case "dialect": return new Options(value, host, seed, zone, dst, hashScheme, offsetWindow, balance, flags);
      case "seed": {
        List<String> more = new ArrayList<>(seed);
        more.add(value);
        return new Options(dialect, host, more, zone, dst, hashScheme, offsetWindow, balance, flags);
      }
      case "host": return host(value);
      case "zone": case "tz": return zone(zoneOf(value));
      case "dst": return dst(value);
      case "hash-scheme": case "hash": return hashScheme(value);
      case "offset-window": case "spread": return offsetWindow(duration(value));
      case "seconds-first": return flag(key, value,
          "croniter".equals(dialect) ? CRONITER_SECOND_AT_BEGINNING : SECONDS_FIRST);
      case "day-or": return flagOff(key, value, CRONITER_DAYS_AND);
      case "strict": return flag(key, value, CRON_PARSER_STRICT);
      default:
        throw new FuzzyCronException(FuzzyCronException.Kind.ARGUMENT, "unknown option '" + name
            + "': use dialect, seed, host, zone, dst, hash-scheme, offset-window, seconds-first, day-or, strict", 0, 0,
            "");
    }
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

  private Options flag(String key, String value, int bit) {
    boolean on = bool(key, value);
    int f = on ? flags | bit : flags & ~bit;
    return new Options(dialect, host, seed, zone, dst, hashScheme, offsetWindow, balance, f);
  }

  private Options flagOff(String key, String value, int bit) {
    return flag(key, Boolean.toString(!bool(key, value)), bit);
  }

  private static boolean bool(String key, String value) {
    if (value.equals("true")) return true;
    if (value.equals("false")) return false;
    throw new FuzzyCronException(FuzzyCronException.Kind.ARGUMENT, key + ": '" + value + "' is not true or false", 0,
        0, "");
  }

  private static ZoneId zoneOf(String name) {
    try {
      return ZoneId.of(name);
    } catch (java.time.DateTimeException e) {
      throw new FuzzyCronException(FuzzyCronException.Kind.TIME_ZONE, "unknown time zone '" + name + "'", 0, 0, "");
    }
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

  /** "15m", "1h30m", "90s", "250ms", "2d", or ISO-8601 ("PT15M"). */
  static Duration duration(String text) {
    if (text.startsWith("P") || text.startsWith("p")) return Duration.parse(text);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(ms|d|h|m|s)").matcher(text);
    long ms = 0;
    int at = 0;
    while (m.find() && m.start() == at) {
      long n = Long.parseLong(m.group(1));
      switch (m.group(2)) {
        case "d": ms += n * 86_400_000L; break;
        case "h": ms += n * 3_600_000L; break;
        case "m": ms += n * 60_000L; break;
        case "s": ms += n * 1_000L; break;
        default: ms += n;
      }
      at = m.end();
    }
    if (at != text.length() || text.isEmpty())
      throw new FuzzyCronException(FuzzyCronException.Kind.ARGUMENT,
          "offset-window: '" + text + "' is not a duration such as 15m, 1h30m or 250ms", 0, at + 1, text);
    return Duration.ofMillis(ms);
  }

  static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  // The arguments of the native calls.
  byte[] dialectBytes() {
    return utf8(dialect);
  }

  byte[][] seedBytes() {
    List<String> parts = seedParts();
    byte[][] out = new byte[parts.size()][];
    for (int i = 0; i < out.length; ++i) out[i] = utf8(parts.get(i));
    return out;
  }

  byte[] zoneBytes() {
    return zone == null ? null : utf8(zone.getId());
  }

  byte[] dstBytes() {
    return utf8(dst);
  }

  byte[] hashBytes() {
    return utf8(hashScheme);
  }

  long spreadMs() {
    return offsetWindow.toMillis();
  }

  Balance balanceLock() {
    return balance;
  }

  int flags() {
    return flags;
  }

  @Override
  public String toString() {
    return "Options{dialect=" + dialect + ", seed=" + seedParts() + ", zone=" + zone + ", dst=" + dst + ", hash="
        + hashScheme + ", offsetWindow=" + offsetWindow + ", flags=" + flags + "}";
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Options)) return false;
    Options x = (Options) o;
    return dialect.equals(x.dialect) && Objects.equals(host, x.host) && seed.equals(x.seed)
        && Objects.equals(zone, x.zone) && Objects.equals(dst, x.dst) && Objects.equals(hashScheme, x.hashScheme)
        && offsetWindow.equals(x.offsetWindow) && balance == x.balance && flags == x.flags;
  }

  @Override
  public int hashCode() {
    return Objects.hash(dialect, host, seed, zone, dst, hashScheme, offsetWindow, flags);
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
