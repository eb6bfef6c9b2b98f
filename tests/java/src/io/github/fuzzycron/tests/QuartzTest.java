package io.github.fuzzycron.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.FuzzyCronException;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import io.github.fuzzycron.quartz.FuzzyCronScheduleBuilder;
import io.github.fuzzycron.quartz.FuzzyCronTrigger;
import io.github.fuzzycron.quartz.FuzzyQuartz;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Properties;
import java.util.TimeZone;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.quartz.CronExpression;
import org.quartz.CronScheduleBuilder;
import org.quartz.CronTrigger;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.spi.OperableTrigger;

/** The Quartz routes, with Quartz 2.3.2 itself: resolved text, the trigger, a running scheduler. */
class QuartzTest {
  static final Instant FROM = Instant.parse("2026-01-01T00:00:00Z");
  static final String[] EXPRS = {"H H * * * ?", "H H/15 * * * ?", "H H H(1-5) ? * MON-FRI", "H H 2 L * ?",
      "H H H ? * 2#2", "H/20 H * * * ?"};

  static List<Instant> fires(Trigger t, int n) {
    List<Instant> out = new ArrayList<>();
    Date at = Date.from(FROM);
    for (int i = 0; i < n; ++i) {
      at = t.getFireTimeAfter(at);
      if (at == null) break;
      out.add(at.toInstant());
    }
    return out;
  }

  static List<Instant> fires(Schedule s, int n) {
    return s.fires(FROM.plusMillis(1), Instant.parse("2100-01-01T00:00:00Z")).limit(n).collect(
        java.util.stream.Collectors.toList());
  }

  /** The plain route: Quartz's own CronTrigger runs the resolved text, and fires as the native schedule. */
  @Test
  void resolvedTextRunsInQuartzAsTheSchedule() throws Exception {
    for (String zone : QuartzOracleTest.ZONES) {
      for (String expr : EXPRS) {
        String text = FuzzyQuartz.resolve(expr, "web-07", "job-" + expr.length());
        assertTrue(CronExpression.isValidExpression(text), text);
        CronTrigger q = TriggerBuilder.newTrigger().startAt(new Date(0))
            .withSchedule(CronScheduleBuilder.cronSchedule(text).inTimeZone(TimeZone.getTimeZone(zone))).build();
        Schedule s = FuzzyCron.parse(expr,
            Options.quartz().seed("web-07", "job-" + expr.length()).zone(ZoneId.of(zone)).dst("skip-last"));
        assertEquals(fires(s, 300), fires(q, 300), expr + " in " + zone);
      }
    }
    assertNotEquals(FuzzyQuartz.resolve("H H * * * ?", "web-07", "a"), FuzzyQuartz.resolve("H H * * * ?", "web-08",
        "a"));
  }

  /** The trigger keeps H: its fire times are the engine's, its visible expression the resolved text. */
  @Test
  void triggerFiresFromTheEngine() {
    for (String expr : EXPRS) {
      Trigger t = TriggerBuilder.newTrigger().startAt(new Date(0))
          .withSchedule(FuzzyCronScheduleBuilder.fuzzyCronSchedule(expr, "web-07", "sync")
              .inTimeZone(TimeZone.getTimeZone("Europe/Berlin")))
          .build();
      FuzzyCronTrigger f = (FuzzyCronTrigger) t;
      assertEquals(expr, f.getFuzzyCronExpression());
      assertEquals(FuzzyQuartz.resolve(expr, "web-07", "sync"), f.getCronExpression());
      Schedule s = FuzzyCron.parse(expr,
          Options.quartz().seed("web-07", "sync").zone(ZoneId.of("Europe/Berlin")).dst("skip-last"));
      assertEquals(fires(s, 200), fires(t, 200), expr);
    }
    // An offset window: what the resolved text cannot say, the trigger can.
    Trigger w = TriggerBuilder.newTrigger().startAt(new Date(0))
        .withSchedule(FuzzyCronScheduleBuilder.fuzzyCronSchedule("0 0 * * * ?", "web-07", "sync")
            .offsetWindow(Duration.ofMinutes(10)).inTimeZone(TimeZone.getTimeZone("UTC")))
        .build();
    Duration offset = FuzzyCron.offset(Duration.ofMinutes(10), "web-07", "sync");
    assertEquals(FROM.plus(offset), w.getFireTimeAfter(Date.from(FROM)).toInstant());
    assertEquals(FROM.plus(Duration.ofHours(1)).plus(offset), w.getFireTimeAfter(Date.from(FROM.plus(offset))).toInstant());
    // Start and end times stay Quartz's.
    Trigger bounded = TriggerBuilder.newTrigger().startAt(Date.from(FROM.plus(Duration.ofDays(3))))
        .endAt(Date.from(FROM.plus(Duration.ofDays(5))))
        .withSchedule(FuzzyCronScheduleBuilder.fuzzyCronSchedule("H H H * * ?", "x")).build();
    List<Instant> b = fires(bounded, 10);
    assertEquals(2, b.size(), b.toString());
    assertThrows(FuzzyCronException.class, () -> FuzzyCronScheduleBuilder.fuzzyCronSchedule("H H 25 * * ?", "x"));
  }

  @Test
  void triggerSurvivesSerialisation() throws Exception {
    FuzzyCronTrigger t = (FuzzyCronTrigger) TriggerBuilder.newTrigger().withIdentity("t", "g").startAt(new Date(0))
        .withSchedule(FuzzyCronScheduleBuilder.fuzzyCronSchedule("H H/15 * * * ?", "web-07", "poll")
            .offsetWindow(Duration.ofSeconds(30)).inTimeZone(TimeZone.getTimeZone("America/New_York")))
        .build();
    assertTrue(t.hasAdditionalProperties());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(t);
    }
    FuzzyCronTrigger back;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      back = (FuzzyCronTrigger) in.readObject();
    }
    assertEquals(t.getFuzzyCronExpression(), back.getFuzzyCronExpression());
    assertEquals(t.getTimeZone(), back.getTimeZone());
    assertEquals(fires(t, 100), fires(back, 100));
    FuzzyCronTrigger copy = (FuzzyCronTrigger) t.clone();
    assertEquals(fires(t, 50), fires(copy, 50));
  }

  /** A job of a real scheduler (StdSchedulerFactory, RAMJobStore) runs at the trigger's fire times. */
  @Test
  void schedulerRunsTheTrigger() throws Exception {
    Properties p = new Properties();
    p.setProperty("org.quartz.scheduler.instanceName", "fuzzycron-test");
    p.setProperty("org.quartz.threadPool.threadCount", "2");
    p.setProperty("org.quartz.jobStore.class", "org.quartz.simpl.RAMJobStore");
    p.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
    Scheduler scheduler = new StdSchedulerFactory(p).getScheduler();
    Recorder.fired.clear();
    try {
      Trigger t = TriggerBuilder.newTrigger().withIdentity("fuzzy")
          .withSchedule(FuzzyCronScheduleBuilder.fuzzyCronSchedule("H/2 * * * * ?", "web-07", "recorder")
              .inTimeZone(TimeZone.getTimeZone("UTC")))
          .build();
      scheduler.scheduleJob(JobBuilder.newJob(Recorder.class).withIdentity("recorder").build(), t);
      scheduler.start();
      Schedule s = FuzzyCron.parse("H/2 * * * * ?", Options.quartz().seed("web-07", "recorder"));
      for (int i = 0; i < 2; ++i) {
        Date at = Recorder.fired.poll(60, TimeUnit.SECONDS);
        assertTrue(at != null, "the job ran within 60 s");
        // A fire time of the native schedule, the one after the second before it.
        assertEquals(at.toInstant(), s.next(at.toInstant().minusSeconds(1)).orElseThrow());
      }
      OperableTrigger stored = (OperableTrigger) scheduler.getTrigger(t.getKey());
      assertTrue(stored instanceof FuzzyCronTrigger);
    } finally {
      scheduler.shutdown(true);
    }
    assertFalse(scheduler.isStarted() && !scheduler.isShutdown());
  }

  public static class Recorder implements Job {
    static final BlockingQueue<Date> fired = new LinkedBlockingQueue<>();

    @Override
    public void execute(JobExecutionContext context) {
      fired.add(context.getScheduledFireTime());
    }
  }
}
