package io.github.fuzzycron.quartz;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import java.text.ParseException;
import java.time.Duration;
import java.util.Date;
import java.util.TimeZone;
import org.quartz.impl.triggers.CronTriggerImpl;

/**
 * A Quartz {@link CronTriggerImpl} whose fire times come from the native engine: the expression keeps {@code H}
 * (and an offset window, a DST policy); {@link #getCronExpression()} shows the resolved Quartz text. Misfires,
 * calendars and start/end times are Quartz's own. Serialisable: a JDBC job store keeps it as a blob
 * ({@link #hasAdditionalProperties()}), so the hash forms survive a restart.
 */
public class FuzzyCronTrigger extends CronTriggerImpl {
  private static final long serialVersionUID = 1L;
  static final String QUARTZ_DST = "skip-last"; // what Quartz does at DST changes

  private String fuzzyExpression;
  private String[] seed;
  private String dst;
  private long offsetWindowMs;
  private transient volatile Schedule schedule;
  private transient volatile TimeZone scheduleZone;

  /** For Quartz's reflection and JavaBeans use; set the expression before scheduling. */
  public FuzzyCronTrigger() {
    this.seed = new String[0];
    this.dst = QUARTZ_DST;
  }

  public FuzzyCronTrigger(String expression, String[] seed, TimeZone zone, String dst, long offsetWindowMs) {
    this.seed = seed.clone();
    this.dst = dst;
    this.offsetWindowMs = offsetWindowMs;
    setTimeZone(zone);
    setFuzzyCronExpression(expression);
  }

  static Options options(String[] seed, TimeZone zone, String dst, long offsetWindowMs) {
    return Options.quartz().seed(seed).zone(zone.toZoneId()).dst(dst).offsetWindow(Duration.ofMillis(offsetWindowMs));
  }

  static void check(String expression, String[] seed, TimeZone zone, String dst, long offsetWindowMs) {
    FuzzyCron.parse(expression, options(seed, zone, dst, offsetWindowMs)).close();
  }

  /** The expression with H, as written. */
  public String getFuzzyCronExpression() {
    return fuzzyExpression;
  }

  /** Sets the expression (with H); the visible Quartz expression becomes its resolved text. */
  public void setFuzzyCronExpression(String expression) {
    this.fuzzyExpression = expression;
    this.schedule = null;
    try {
      super.setCronExpression(FuzzyCron.resolve(expression, options(seed, getTimeZone(), dst, 0)));
    } catch (ParseException e) {
      throw new IllegalStateException("the resolved text of '" + expression + "' is not Quartz's", e);
    }
  }

  public String[] getSeed() {
    return seed.clone();
  }

  public String getDst() {
    return dst;
  }

  public Duration getOffsetWindow() {
    return Duration.ofMillis(offsetWindowMs);
  }

  private Schedule schedule() {
    Schedule s = schedule;
    TimeZone zone = getTimeZone();
    if (s == null || !zone.equals(scheduleZone)) {
      s = FuzzyCron.parse(fuzzyExpression, options(seed, zone, dst, offsetWindowMs));
      scheduleZone = zone;
      schedule = s;
    }
    return s;
  }

  @Override
  protected Date getTimeAfter(Date afterTime) {
    if (fuzzyExpression == null) return super.getTimeAfter(afterTime);
    long t = schedule().nextMillis(afterTime.getTime());
    return t == Long.MIN_VALUE ? null : new Date(t);
  }

  @Override
  protected Date getTimeBefore(Date eTime) {
    if (fuzzyExpression == null) return super.getTimeBefore(eTime);
    long t = schedule().prevMillis(eTime.getTime());
    return t == Long.MIN_VALUE ? null : new Date(t);
  }

  @Override
  public void setTimeZone(TimeZone timeZone) {
    super.setTimeZone(timeZone);
    schedule = null;
  }

  /** True: a JDBC job store serialises the whole trigger, not just the resolved text. */
  @Override
  public boolean hasAdditionalProperties() {
    return true;
  }

  @Override
  public Object clone() {
    FuzzyCronTrigger copy = (FuzzyCronTrigger) super.clone();
    copy.seed = seed.clone();
    return copy;
  }
}
