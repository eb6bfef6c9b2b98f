package io.github.fuzzycron.spring;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Date;
import org.springframework.scheduling.Trigger;
import org.springframework.scheduling.TriggerContext;

/**
 * A Spring {@link Trigger} for a Spring cron expression with hash forms ({@code H}), answered by the native engine
 * as Spring's CronTrigger would answer the resolved text (dialect spring, DST policy wall: Spring's own). Works
 * with Spring 4.3 and 5 ({@code Date nextExecutionTime}) and 6+ ({@code Instant nextExecution}).
 *
 * <pre>
 * taskScheduler.schedule(task, new FuzzyCronTrigger("H H/6 * * * *", ZoneId.of("Europe/Berlin"), host, "sync"));
 * </pre>
 */
public class FuzzyCronTrigger implements Trigger {
  static final String SPRING_DST = "wall"; // what Spring's CronExpression does at DST changes

  private final Schedule schedule;

  public FuzzyCronTrigger(String expression, String... seed) {
    this(expression, ZoneId.systemDefault(), seed);
  }

  public FuzzyCronTrigger(String expression, ZoneId zone, String... seed) {
    this(FuzzyCron.parse(expression, Options.spring().seed(seed).zone(zone).dst(SPRING_DST)));
  }

  /** Any schedule, of any dialect and options. */
  public FuzzyCronTrigger(Schedule schedule) {
    this.schedule = schedule;
  }

  public Schedule getSchedule() {
    return schedule;
  }

  /** As Spring's CronTrigger: after the later of the last scheduled and the last completed run, else now. */
  private long base(TriggerContext context) {
    Date completed = context.lastCompletionTime();
    Date scheduled = context.lastScheduledExecutionTime();
    if (completed == null) return System.currentTimeMillis();
    if (scheduled != null && scheduled.after(completed)) return scheduled.getTime();
    return completed.getTime();
  }

  /** Spring 4.3 and 5's method. */
  @Override
  public Date nextExecutionTime(TriggerContext context) {
    long t = schedule.nextMillis(base(context));
    return t == Long.MIN_VALUE ? null : new Date(t);
  }

  /** Spring 6's method (an override there; compiled against 4.3 it is a plain method). */
  public Instant nextExecution(TriggerContext context) {
    long t = schedule.nextMillis(base(context));
    return t == Long.MIN_VALUE ? null : Instant.ofEpochMilli(t);
  }

  @Override
  public String toString() {
    return "FuzzyCronTrigger{" + schedule.expression() + " = " + schedule.resolved() + "}";
  }
}
