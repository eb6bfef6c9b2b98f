package io.github.fuzzycron.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fuzzycron.Finding;
import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.FuzzyCronException;
import io.github.fuzzycron.Options;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** FuzzyCron.lint through the C API's fuzzycron_lint: findings, options, and the command line's own answers. */
class LintTest {
  static final Instant FROM = Instant.parse("2026-01-01T00:00:00Z");

  static Finding only(List<Finding> fs, String code) {
    List<Finding> hits = fs.stream().filter(f -> f.code().equals(code)).toList();
    assertEquals(1, hits.size(), code + " in " + fs);
    return hits.get(0);
  }

  @Test
  void stepInTheMinuteFieldIsFc101() {
    List<Finding> fs = FuzzyCron.lint("*/15 * * * *", Options.standard(), null, FROM);
    Finding f = only(fs, "FC101");
    assertEquals(1, fs.size());
    assertEquals(Finding.Severity.WARNING, f.severity());
    assertEquals(0, f.line());
    assertEquals(1, f.column());
    assertEquals("*/15 * * * *", f.text());
    assertTrue(f.message().contains("*/15"), f.message());
    assertEquals("", f.suggestion()); // cron does not read H
    assertTrue(f.toString().startsWith("column 1: warning FC101: "), f.toString());
    // Where it runs reads H: the rewrite is the H form.
    assertEquals("H/15 * * * *", only(FuzzyCron.lint("*/15 * * * *", Options.standard(), "jenkins", FROM), "FC101")
        .suggestion());
    // The dialect reaches lint: in Quartz the fixed second 0 comes first (FC102), and the advice is Quartz's.
    Finding q = only(FuzzyCron.lint("0 */15 * * * ?", Options.quartz(), null, FROM), "FC102");
    assertEquals(1, q.column());
    assertTrue(q.message().contains("quartz does not read H"), q.message());
  }

  @Test
  void hashFormsAreClean() {
    assertEquals(List.of(), FuzzyCron.lint("H H * * *", Options.standard().seed("web-07", "backup-db"), null, FROM));
    assertEquals(List.of(), FuzzyCron.lint("H H * * *", Options.standard().seed("web-07", "backup-db")));
  }

  @Test
  void aParseErrorIsAFindingNotAnException() {
    Finding f = only(FuzzyCron.lint("0 25 * * *", Options.standard(), null, FROM), "FC001");
    assertEquals(Finding.Severity.ERROR, f.severity());
    assertEquals(3, f.column());
    assertTrue(f.message().contains("25"), f.message());
  }

  @Test
  void zoneAndStartReachLint() {
    Options ny = Options.standard().zone(ZoneId.of("America/New_York"));
    Finding gap = only(FuzzyCron.lint("0 2 * * *", ny, null, FROM), "FC501");
    assertEquals(Finding.Severity.INFO, gap.severity());
    assertTrue(gap.message().contains("2026-03-08"), gap.message());
    assertTrue(FuzzyCron.lint("0 2 * * *", Options.standard(), null, FROM).stream()
        .noneMatch(f -> f.code().equals("FC501")));
    Options berlin = Options.standard().zone(ZoneId.of("Europe/Berlin"));
    List<Finding> fs = FuzzyCron.lint("30 2 * * *", berlin, null, Instant.parse("2026-10-01T00:00:00Z"));
    assertTrue(only(fs, "FC502").message().contains("2026-10-25"), fs.toString());
    assertTrue(only(fs, "FC501").message().contains("2027-03-28"), fs.toString());
    // Never fires: an error whatever the start.
    assertEquals(Finding.Severity.ERROR, only(FuzzyCron.lint("0 0 30 2 *", Options.standard()), "FC401").severity());
  }

  @Test
  void badOptionsThrow() {
    FuzzyCronException e = assertThrows(FuzzyCronException.class,
        () -> FuzzyCron.lint("* * * * *", Options.standard().set("dialect", "quarts"), null, FROM));
    assertEquals(FuzzyCronException.Kind.ARGUMENT, e.kind());
    assertTrue(e.detail().contains("quartz"), e.detail()); // did you mean
    e = assertThrows(FuzzyCronException.class, () -> FuzzyCron.lint("* * * * *", Options.standard(), "jenkinz", FROM));
    assertEquals(FuzzyCronException.Kind.ARGUMENT, e.kind());
    assertTrue(e.detail().contains("github-actions"), e.detail());
    assertThrows(NullPointerException.class, () -> FuzzyCron.lint(null, Options.standard()));
  }

  /** Every code the binding reports is one docs/lint.md documents. */
  @Test
  void codesAreDocumented() {
    String doc = String.join("\n", Data.lines(Data.repo().resolve("docs/lint.md")));
    for (String e : List.of("*/15 * * * *", "0 0 * * *", "0 25 * * *", "0 0 30 2 *", "0 0 1-31/2 * *", "0 0 1 * 1",
             "* 3 * * *", "*/7 * * * *"))
      for (Finding f : FuzzyCron.lint(e, Options.standard(), null, FROM))
        assertTrue(doc.contains(f.code()), f.code() + " of " + e + " is not in docs/lint.md");
  }

  /**
   * The same findings as `fuzzycron lint --json` (the command over the C++ API), for expressions of several
   * dialects, zones, seeds and targets: what crosses the C API and JNI loses nothing. Runs when ctest passes the
   * command as -Dfuzzycron.cli.
   */
  @Test
  void agreesWithTheCommandLine() throws IOException, InterruptedException {
    String cli = System.getProperty("fuzzycron.cli");
    org.junit.jupiter.api.Assumptions.assumeTrue(cli != null, "no -Dfuzzycron.cli");
    record Case(String expr, String dialect, String zone, String seed, String runsOn) {}
    List<Case> cases = List.of(new Case("*/15 * * * *", "standard", "UTC", null, null),
        new Case("*/15 * * * *", "standard", "UTC", null, "kubernetes"),
        new Case("*/15 * * * *", "standard", "UTC", "poll", null),
        new Case("0 0 * * *", "standard", "UTC", null, "github-actions"),
        new Case("30 2 * * *", "standard", "Europe/Berlin", null, null),
        new Case("0 30 2 * * ?", "quartz", "America/New_York", null, null),
        new Case("0 0 0 L * ?", "quartz", "UTC", null, "quartz"),
        new Case("0 0 12 1-31/2 * ?", "quartz", "UTC", null, null),
        new Case("0 0 1 * 1", "standard", "UTC", null, "systemd"),
        new Case("H/7 * * * *", "jenkins", "UTC", "job", null),
        new Case("0 25 * * *", "standard", "UTC", null, null),
        new Case("0 0 30 2 *", "standard", "UTC", null, null));
    for (Case c : cases) {
      List<String> cmd = new ArrayList<>(List.of(cli, "lint", c.expr, "--json", "--fail-on", "never", "--dialect",
          c.dialect, "--zone", c.zone, "--from", FROM.toString()));
      Options o = Options.standard().set("dialect", c.dialect).zone(ZoneId.of(c.zone));
      if (c.seed != null) {
        cmd.addAll(List.of("--seed", c.seed));
        o = o.seed(c.seed);
      }
      if (c.runsOn != null) cmd.addAll(List.of("--runs-on", c.runsOn));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fuzzycron lint did not exit");
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> expected = (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(out))
          .get("findings");
      List<Finding> got = FuzzyCron.lint(c.expr, o, c.runsOn, FROM);
      assertEquals(expected.size(), got.size(), c + ": " + out + " vs " + got);
      for (int i = 0; i < got.size(); ++i) {
        Map<String, Object> x = expected.get(i);
        Finding f = got.get(i);
        String at = c + " finding " + i;
        assertEquals(x.get("code"), f.code(), at);
        assertEquals(x.get("severity"), f.severity().name().toLowerCase(java.util.Locale.ROOT), at);
        assertEquals(((Number) x.get("line")).intValue(), f.line(), at);
        assertEquals(((Number) x.get("column")).intValue(), f.column(), at);
        assertEquals(x.get("message"), f.message(), at);
        assertEquals(x.getOrDefault("suggestion", ""), f.suggestion(), at);
      }
      assertFalse(c.expr.isEmpty());
    }
  }
}
