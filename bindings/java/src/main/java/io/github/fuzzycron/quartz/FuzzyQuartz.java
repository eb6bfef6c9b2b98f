package io.github.fuzzycron.quartz;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.Options;

/**
 * The plain route for Quartz: resolve {@code H} once at start-up; Quartz's own engine, JDBC job store, clustering
 * and UIs then run the resolved text, and no native code runs per fire.
 *
 * <pre>
 * trigger.withSchedule(CronScheduleBuilder.cronSchedule(FuzzyQuartz.resolve("H H * * * ?", host, "backup-db")));
 * </pre>
 */
public final class FuzzyQuartz {
  private FuzzyQuartz() {}

  /** The Quartz expression with its hash forms replaced by the values the seed picks: valid Quartz text. */
  public static String resolve(String expression, String... seed) {
    return FuzzyCron.resolve(expression, Options.quartz().seed(seed));
  }
}
