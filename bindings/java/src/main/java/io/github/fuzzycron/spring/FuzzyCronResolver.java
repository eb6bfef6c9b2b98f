package io.github.fuzzycron.spring;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.Options;

/**
 * For plain {@code @Scheduled}: register this as a bean named "fuzzycron" and write
 * {@code @Scheduled(cron = "#{@fuzzycron.spring('H H 3 * * *', 'nightly-report')}")}. Spring's own
 * CronTrigger then runs the resolved text; no native code runs per fire.
 */
public class FuzzyCronResolver {
  /** A Spring expression with H, resolved for the seed (Spring's six fields). */
  public String spring(String expression, String... seed) {
    return FuzzyCron.resolve(expression, Options.spring().seed(seed));
  }

  /** A Quartz expression with H, resolved for the seed. */
  public String quartz(String expression, String... seed) {
    return FuzzyCron.resolve(expression, Options.quartz().seed(seed));
  }
}
