package io.github.fuzzycron.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.Missed;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Schedule.missed through the C API's fuzzycron_missed: each policy, as fuzzycron/missed.h's example says. */
class MissedTest {
  static final Instant LAST = Instant.parse("2026-03-01T08:00:00Z");
  static final Instant NOW = Instant.parse("2026-03-01T12:30:00Z");

  static Instant hour(int h) {
    return Instant.parse(String.format("2026-03-01T%02d:00:00Z", h));
  }

  @Test
  void eachPolicyOnAnHourlySchedule() {
    try (Schedule s = FuzzyCron.parse("0 * * * *", Options.standard())) {
      assertEquals(new Missed(List.of(), 4, 4), s.missed(LAST, NOW, Missed.Policy.skip()));
      assertEquals(new Missed(List.of(hour(12)), 4, 3), s.missed(LAST, NOW, Missed.Policy.latest()));
      assertEquals(new Missed(List.of(hour(11), hour(12)), 4, 2), s.missed(LAST, NOW, Missed.Policy.all(2)));
      assertEquals(new Missed(List.of(hour(11), hour(12)), 4, 2),
          s.missed(LAST, NOW, Missed.Policy.all(10).startingDeadline(Duration.ofMinutes(90))));
      assertEquals(new Missed(List.of(), 0, 0), s.missed(NOW, NOW, Missed.Policy.latest()));
    }
  }

  @Test
  void intervalsAndAnEmptySpan() {
    try (Schedule s = FuzzyCron.parse("0 * * * *", Options.standard())) {
      // An interval: an anchored one too (issue 32).
      try (Schedule every = FuzzyCron.parse("@every 90m from 2026-03-01T00:00Z", Options.standard())) {
        assertEquals(List.of(Instant.parse("2026-03-01T12:00:00Z")),
            every.missed(LAST, NOW, Missed.Policy.latest()).run());
      }
      assertEquals(new Missed(List.of(), 0, 0), s.missed(NOW, LAST, Missed.Policy.all(5)));  // now before the last run
    }
  }
}
