package io.github.fuzzycron.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.FuzzyCronException;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every error of the C API arrives as a FuzzyCronException; no input crashes the JVM. */
class ErrorsTest {
  static final List<Options> DIALECTS = List.of(Options.standard(), Options.quartz(), Options.spring(),
      Options.jenkins(), Options.kubernetes(), Options.croniter(), Options.cronParser(), Options.furiko());
  static final String[] ZONES = {"UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe",
      "America/Santiago", "Pacific/Chatham", "Asia/Kolkata", "Europe/Dublin", "Pacific/Apia"};
  static final String[] POLICIES = {"cron", "wall", "skip-first", "skip-last", "shift-first", "shift-last",
      "shift-both"};

  @Test
  void syntaxErrorsCarryTheColumn() {
    FuzzyCronException x =
        assertThrows(FuzzyCronException.class, () -> FuzzyCron.parse("0 0 25 * * ?", Options.quartz()));
    assertEquals(FuzzyCronException.Kind.SYNTAX, x.kind());
    assertEquals(5, x.column());
    assertEquals(0, x.line());
    assertEquals("0 0 25 * * ?", x.text());
    assertTrue(x.getMessage().endsWith("0 0 25 * * ?\n      ^"), x.getMessage());
    // Columns count UTF-8 bytes; the caret counts characters.
    FuzzyCronException u =
        assertThrows(FuzzyCronException.class, () -> FuzzyCron.parse("0 0 é * * ?", Options.quartz()));
    assertEquals(5, u.column());
    assertTrue(u.getMessage().endsWith("\n      ^"), u.getMessage());
  }

  @Test
  void eachKind() {
    assertEquals(FuzzyCronException.Kind.MISSING_SEED,
        assertThrows(FuzzyCronException.class, () -> FuzzyCron.parse("H * * * *", Options.standard())).kind());
    assertEquals(FuzzyCronException.Kind.BAD_SEED,
        assertThrows(FuzzyCronException.class, () -> FuzzyCron.parse("H * * * *", Options.standard().seed("")))
            .kind());
    assertEquals(FuzzyCronException.Kind.TIME_ZONE, assertThrows(FuzzyCronException.class,
        () -> FuzzyCron.parse("* * * * *", Options.standard().set("zone", "Mars/Olympus"))).kind());
    assertEquals(FuzzyCronException.Kind.ARGUMENT, assertThrows(FuzzyCronException.class,
        () -> FuzzyCron.parse("* * * * *", Options.standard().dst("sometimes"))).kind());
    assertEquals(FuzzyCronException.Kind.ARGUMENT, assertThrows(FuzzyCronException.class,
        () -> FuzzyCron.parse("* * * * *", Options.standard().hashScheme("md5"))).kind());
    assertEquals(FuzzyCronException.Kind.ARGUMENT, assertThrows(FuzzyCronException.class,
        () -> FuzzyCron.parse("* * * * *", Options.standard().set("dialect", "quarts"))).kind());
  }

  /** A zone the JVM knows but the embedded database does not (none expected) would show as TIME_ZONE here. */
  @Test
  void everyZoneOfTheJvm() {
    List<String> missing = new ArrayList<>();
    for (String id : ZoneId.getAvailableZoneIds()) {
      if (id.startsWith("SystemV/") || id.equals("GMT0")) continue; // JVM aliases the tz database lacks
      try {
        FuzzyCron.parse("0 0 12 * * ?", Options.quartz().zone(ZoneId.of(id))).close();
      } catch (FuzzyCronException e) {
        missing.add(id);
      }
    }
    System.out.println("JVM zones unknown to the embedded tz database: " + missing);
    assertTrue(missing.size() < 10, missing.toString());
  }

  /** An input thrown at every entry point: a schedule that answers, or an exception with a kind and column. */
  static int drive(byte[] input) {
    int outcomes = 0;
    int d = input.length > 0 ? input[0] & 0xff : 0;
    Options o = DIALECTS.get((d & 0x0f) % DIALECTS.size())
        .zone(ZoneId.of(ZONES[(input.length > 1 ? input[1] & 0xff : 0) % ZONES.length]))
        .dst(POLICIES[(input.length > 2 ? input[2] & 0xff : 0) % POLICIES.length]);
    int h = input.length > 3 ? input[3] & 0xff : 0;
    if ((h & 1) != 0) o = o.seed("fuzz-host", "fuzz-job");
    String text = new String(input, Math.min(4, input.length), Math.max(0, input.length - 4),
        StandardCharsets.UTF_8);
    for (Options each : List.of(o, o.seed("fuzz-host", "fuzz-job"))) {
      try (Schedule s = FuzzyCron.parse(text, each)) {
        long t = Instant.parse("2026-06-01T00:00:00Z").toEpochMilli();
        long n = s.nextMillis(t);
        long p = s.prevMillis(t);
        if (n != Long.MIN_VALUE) assertTrue(n > t);
        if (p != Long.MIN_VALUE) assertTrue(p < t);
        s.fires(Instant.ofEpochMilli(t), Instant.ofEpochMilli(t + 86_400_000L)).limit(100).count();
        s.never();
        FuzzyCron.resolve(text, each);
        FuzzyCron.explain(text, each);
        for (io.github.fuzzycron.Finding f : FuzzyCron.lint(text, each, null, Instant.ofEpochMilli(t)))
          assertTrue(f.code().startsWith("FC") && !f.message().isEmpty(), f.toString());
        outcomes++;
      } catch (FuzzyCronException e) {
        assertNotEquals(FuzzyCronException.Kind.INTERNAL, e.kind(), e.getMessage());
        assertNotEquals(FuzzyCronException.Kind.HANDLE, e.kind(), e.getMessage());
        assertTrue(e.column() >= 1 && !e.detail().isEmpty(), () -> "no column: " + e.getMessage());
        // Lint reads a syntax error as an error finding (FC001, FC005 ...), never a crash or an internal error.
        try {
          java.util.List<io.github.fuzzycron.Finding> fs =
              FuzzyCron.lint(text, each, null, Instant.parse("2026-06-01T00:00:00Z"));
          if (e.kind() == FuzzyCronException.Kind.SYNTAX)
            assertTrue(fs.stream().anyMatch(f -> f.severity() == io.github.fuzzycron.Finding.Severity.ERROR),
                text + ": " + fs);
        } catch (FuzzyCronException l) {
          assertNotEquals(FuzzyCronException.Kind.INTERNAL, l.kind(), l.getMessage());
          assertNotEquals(FuzzyCronException.Kind.HANDLE, l.kind(), l.getMessage());
        }
        outcomes++;
      }
    }
    return outcomes;
  }

  /** The fuzz targets' regression inputs (fuzz/regressions), read as fuzz_parse reads them. */
  @Test
  void fuzzRegressions() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(Data.repo().resolve("fuzz/regressions"))) {
      files = s.filter(Files::isRegularFile).collect(Collectors.toList());
    }
    assertTrue(files.size() >= 10, files.toString());
    int n = 0;
    for (Path f : files) {
      byte[] in = Files.readAllBytes(f);
      n += drive(in);
      // And as a bare expression in every dialect.
      for (Options o : DIALECTS) n += drive(concat(new byte[] {(byte) DIALECTS.indexOf(o), 0, 0, 1}, in));
    }
    System.out.println("fuzz regression inputs: " + files.size() + ", outcomes " + n);
  }

  /** Mutations of the vectors' expressions: bytes flipped, inserted, cut, and invalid UTF-8. */
  @Test
  void mutatedExpressions() {
    List<String> exprs = new ArrayList<>();
    for (String file : List.of("quartz.jsonl", "standard.jsonl", "jenkins-hash.jsonl", "furiko-hash.jsonl",
             "cron-parser.jsonl", "croniter-hash.jsonl"))
      for (Map<String, Object> v : Data.jsonl(file)) exprs.add((String) v.get("expr"));
    Random r = new Random(20261128);
    byte[] alphabet = "0123456789*/-,?#LWH()@ \t\nabcdefghijklmnopqrstuvwxyzJANFEBMONSUN\u0000\u00ff\u00c3\u0080"
        .getBytes(StandardCharsets.ISO_8859_1);
    int n = 0;
    for (int i = 0; i < 20000; ++i) {
      byte[] e = exprs.get(r.nextInt(exprs.size())).getBytes(StandardCharsets.UTF_8);
      byte[] m = e.clone();
      int edits = 1 + r.nextInt(3);
      for (int k = 0; k < edits && m.length > 0; ++k) {
        int at = r.nextInt(m.length);
        switch (r.nextInt(3)) {
          case 0: m[at] = alphabet[r.nextInt(alphabet.length)]; break;
          case 1: m = concat(concat(java.util.Arrays.copyOf(m, at), new byte[] {alphabet[r.nextInt(alphabet.length)]}),
                      java.util.Arrays.copyOfRange(m, at, m.length)); break;
          default: m = concat(java.util.Arrays.copyOf(m, at), java.util.Arrays.copyOfRange(m, at + 1, m.length));
        }
      }
      byte[] head = {(byte) r.nextInt(256), (byte) r.nextInt(256), (byte) r.nextInt(256), (byte) r.nextInt(256)};
      n += drive(concat(head, m));
    }
    System.out.println("mutated inputs: 20000, outcomes " + n);
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
