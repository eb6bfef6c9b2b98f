package io.github.fuzzycron.quartz;

import java.time.Duration;
import java.util.TimeZone;
import org.quartz.CronTrigger;
import org.quartz.ScheduleBuilder;
import org.quartz.spi.MutableTrigger;

/**
 * A Quartz schedule whose expression keeps {@code H}: its trigger ({@link FuzzyCronTrigger}) asks the native engine
 * for each fire time, so offset windows and DST policies other than Quartz's own work too; misfire handling,
 * calendars and start/end times stay Quartz's.
 *
 * <pre>
 * Trigger t = TriggerBuilder.newTrigger().withIdentity("backup")
 *     .withSchedule(FuzzyCronScheduleBuilder.fuzzyCronSchedule("H H 2 * * ?", host, "backup-db")
 *         .inTimeZone(TimeZone.getTimeZone("Europe/Berlin")))
 *     .build();
 * </pre>
 */
public final class FuzzyCronScheduleBuilder extends ScheduleBuilder<CronTrigger> {
  private final String expression;
  private final String[] seed;
  private TimeZone zone = TimeZone.getDefault();
  private String dst = FuzzyCronTrigger.QUARTZ_DST;
  private Duration offsetWindow = Duration.ZERO;
  private int misfireInstruction = CronTrigger.MISFIRE_INSTRUCTION_SMART_POLICY;

  private FuzzyCronScheduleBuilder(String expression, String[] seed) {
    this.expression = expression;
    this.seed = seed.clone();
  }

  /** A Quartz expression (with H) and the seed of its hash forms, e.g. the host and the job's name. */
  public static FuzzyCronScheduleBuilder fuzzyCronSchedule(String expression, String... seed) {
    FuzzyCronScheduleBuilder b = new FuzzyCronScheduleBuilder(expression, seed);
    b.checked();
    return b;
  }

  public FuzzyCronScheduleBuilder inTimeZone(TimeZone timeZone) {
    this.zone = timeZone;
    return checked();
  }

  /** The DST policy (docs/dst.md); default skip-last, Quartz's own. */
  public FuzzyCronScheduleBuilder dst(String policy) {
    this.dst = policy;
    return checked();
  }

  /** Shift each fire time by the seed's stable offset in [0, window): what Quartz's text cannot say. */
  public FuzzyCronScheduleBuilder offsetWindow(Duration window) {
    this.offsetWindow = window;
    return checked();
  }

  public FuzzyCronScheduleBuilder withMisfireHandlingInstructionIgnoreMisfires() {
    misfireInstruction = CronTrigger.MISFIRE_INSTRUCTION_IGNORE_MISFIRE_POLICY;
    return this;
  }

  public FuzzyCronScheduleBuilder withMisfireHandlingInstructionDoNothing() {
    misfireInstruction = CronTrigger.MISFIRE_INSTRUCTION_DO_NOTHING;
    return this;
  }

  public FuzzyCronScheduleBuilder withMisfireHandlingInstructionFireAndProceed() {
    misfireInstruction = CronTrigger.MISFIRE_INSTRUCTION_FIRE_ONCE_NOW;
    return this;
  }

  // Errors surface where the schedule is written, not when Quartz first asks.
  private FuzzyCronScheduleBuilder checked() {
    FuzzyCronTrigger.check(expression, seed, zone, dst, offsetWindow.toMillis());
    return this;
  }

  @Override
  protected MutableTrigger build() {
    FuzzyCronTrigger t = new FuzzyCronTrigger(expression, seed, zone, dst, offsetWindow.toMillis());
    t.setMisfireInstruction(misfireInstruction);
    return t;
  }
}
