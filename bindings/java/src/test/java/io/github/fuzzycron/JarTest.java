package io.github.fuzzycron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What Maven's build checks of the jar it makes: the native library loads and answers. */
class JarTest {
  @Test
  void nativeLibraryAnswers() {
    Schedule s = FuzzyCron.parse("0 30 2 * * ?", Options.quartz());
    assertEquals(Instant.parse("2026-01-01T02:30:00Z"), s.next(Instant.parse("2026-01-01T00:00:00Z")).orElseThrow());
    assertTrue(FuzzyCron.resolve("H H * * * ?", Options.quartz().seed("web-07")).matches("\\d+ \\d+ \\* \\* \\* \\?"));
  }
}
