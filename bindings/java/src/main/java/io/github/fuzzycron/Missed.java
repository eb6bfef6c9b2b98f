package io.github.fuzzycron;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a job missed between its last run and now, and what its catch-up policy runs now (fuzzycron/missed.h):
 * the runner's decision after downtime, as a library call.
 *
 * <pre>
 * Missed m = FuzzyCron.parse("0 * * * *", Options.standard())
 *     .missed(lastRun, Instant.now(), Missed.Policy.latest());
 * m.run(); // the newest missed hour, to run now
 * </pre>
 *
 * @param run to run now, oldest first
 * @param missed fire times in (lastRun, now]
 * @param skipped {@code missed - run.size()}
 */
public record Missed(List<Instant> run, int missed, int skipped) {
  /** The runner's {@code catchup} setting. */
  public enum CatchUp {
    SKIP, LATEST, ALL
  }

  /**
   * A catch-up policy: {@code ALL} runs at most {@code limit} (the newest); with a starting deadline a fire older
   * than that at now is not run (null: none).
   */
  public record Policy(CatchUp catchUp, int limit, Duration startingDeadline) {
    public static Policy skip() {
      return new Policy(CatchUp.SKIP, 1, null);
    }

    public static Policy latest() {
      return new Policy(CatchUp.LATEST, 1, null);
    }

    public static Policy all(int limit) {
      return new Policy(CatchUp.ALL, limit, null);
    }

    /** The same policy with a starting deadline. */
    public Policy startingDeadline(Duration deadline) {
      return new Policy(catchUp, limit, deadline);
    }
  }
}
