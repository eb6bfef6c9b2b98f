package io.github.fuzzycron.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import io.github.fuzzycron.spring.FuzzyCronResolver;
import io.github.fuzzycron.spring.FuzzyCronTrigger;
import io.github.fuzzycron.spring.FuzzyScheduled;
import io.github.fuzzycron.spring.FuzzyScheduledPostProcessor;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Date;
import java.util.TimeZone;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.scheduling.annotation.ScheduledAnnotationBeanPostProcessor;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.scheduling.support.CronSequenceGenerator;
import org.springframework.scheduling.support.SimpleTriggerContext;

/** The Spring routes with Spring 4.3 itself (Debian's libspring-context-java). */
class SpringTest {
  static final String[] EXPRS = {"H H * * * *", "H H/15 * * * *", "H H H(1-5) * * MON-FRI", "0 H H * * *",
      "H/20 H * * * *", "0 30 2 * * *"};

  /**
   * The trigger answers as Spring 4.3's CronSequenceGenerator on the resolved text, DST days included, with the
   * policy that reproduces 4.3 (skip-last: 4.3's Calendar walk fires a repeated time in the second pass only,
   * where Spring 5.3+'s CronExpression, the trigger's default "wall", fires in both).
   */
  @Test
  void triggerAnswersAsSpring() {
    for (String zone : QuartzOracleTest.ZONES) {
      for (String expr : EXPRS) {
        FuzzyCronTrigger t = new FuzzyCronTrigger(FuzzyCron.parse(expr,
            Options.spring().seed("web-07", "sync").zone(ZoneId.of(zone)).dst("skip-last")));
        if (zone.equals("UTC")) // no DST: the default trigger agrees too
          assertEquals(new FuzzyCronTrigger(expr, ZoneId.of(zone), "web-07", "sync").getSchedule().resolved(),
              t.getSchedule().resolved());
        String text = FuzzyCron.resolve(expr, Options.spring().seed("web-07", "sync"));
        CronSequenceGenerator spring = new CronSequenceGenerator(text, TimeZone.getTimeZone(zone));
        Date at = Date.from(Instant.parse("2026-01-01T00:00:00Z"));
        for (int i = 0; i < 2000; ++i) {
          Date want = spring.next(at);
          SimpleTriggerContext c = new SimpleTriggerContext(at, at, at);
          assertEquals(want, t.nextExecutionTime(c), expr + " in " + zone + " after " + at.toInstant());
          assertEquals(want.toInstant(), t.nextExecution(c));
          at = want;
        }
      }
    }
  }

  /**
   * Spring 6+'s Trigger has one abstract method, {@code Instant nextExecution(TriggerContext)}, and its
   * TriggerContext keeps the Date methods only as deprecated defaults over the Instant ones (spring-framework's
   * spring-context/src/main/java/org/springframework/scheduling/{Trigger,TriggerContext}.java, 6.0 and 6.1).
   * No Spring 6 jar is packaged in Debian 12, so this checks the adapter as compiled against 4.3 binary by
   * binary: it declares that exact method (so the JVM links Spring 6's call to it), and every TriggerContext
   * method its bytecode calls is one Spring 6's interface still has.
   */
  @Test
  void triggerLinksAgainstSpring6sInterface() throws Exception {
    java.lang.reflect.Method m = FuzzyCronTrigger.class.getMethod("nextExecution",
        org.springframework.scheduling.TriggerContext.class);
    assertEquals(Instant.class, m.getReturnType());
    assertTrue(java.lang.reflect.Modifier.isPublic(m.getModifiers()) && !m.isBridge());
    java.io.StringWriter out = new java.io.StringWriter();
    java.util.spi.ToolProvider javap = java.util.spi.ToolProvider.findFirst("javap").orElseThrow();
    String classFile = FuzzyCronTrigger.class.getResource("FuzzyCronTrigger.class").toString();
    assertEquals(0, javap.run(new java.io.PrintWriter(out), new java.io.PrintWriter(System.err), "-c", "-p",
        classFile));
    java.util.Set<String> spring6 = java.util.Set.of("getClock", "lastScheduledExecutionTime",
        "lastScheduledExecution", "lastActualExecutionTime", "lastActualExecution", "lastCompletionTime",
        "lastCompletion");
    java.util.regex.Matcher calls = java.util.regex.Pattern
        .compile("InterfaceMethod org/springframework/scheduling/TriggerContext\\.(\\w+)").matcher(out.toString());
    int n = 0;
    while (calls.find()) {
      assertTrue(spring6.contains(calls.group(1)), calls.group(1) + " is not in Spring 6's TriggerContext");
      ++n;
    }
    assertTrue(n >= 2, "javap found the trigger's TriggerContext calls: " + out);
  }

  @Test
  void threadPoolTaskSchedulerRunsTheTrigger() throws Exception {
    ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
    scheduler.initialize();
    BlockingQueue<Long> ran = new LinkedBlockingQueue<>();
    try {
      FuzzyCronTrigger t = new FuzzyCronTrigger("H/2 * * * * *", ZoneId.of("UTC"), "web-07", "tick");
      ScheduledFuture<?> f = scheduler.schedule(() -> ran.add(System.currentTimeMillis()), t);
      Schedule s = t.getSchedule();
      for (int i = 0; i < 2; ++i) {
        Long at = ran.poll(60, TimeUnit.SECONDS);
        assertTrue(at != null, "the task ran within 60 s");
        // It ran at (just after) a fire time of the schedule.
        long fire = s.prevMillis(at + 1);
        assertTrue(at - fire < 2000, "ran at " + at + ", the fire time before is " + fire);
      }
      f.cancel(false);
    } finally {
      scheduler.shutdown();
    }
  }

  static final BlockingQueue<String> CALLS = new LinkedBlockingQueue<>();

  public static class Jobs {
    @FuzzyScheduled(cron = "H/2 * * * * *", seed = {"web-07", "jobs.fuzzy"}, zone = "UTC")
    public void fuzzy() {
      CALLS.add("fuzzy");
    }

    @Scheduled(cron = "#{@fuzzycron.spring('H/2 * * * * *', 'web-07', 'jobs.spel')}", zone = "UTC")
    public void spel() {
      CALLS.add("spel");
    }
  }

  /** @FuzzyScheduled and @Scheduled with the SpEL resolver, in an AnnotationConfigApplicationContext. */
  @Test
  void annotationsRunInAContext() throws Exception {
    CALLS.clear();
    // What @EnableScheduling registers, by hand: Debian's Spring 4.3 cannot enhance @Configuration classes on
    // Java 17 (its repackaged ASM rejects the API level), so the test registers plain beans.
    try (AnnotationConfigApplicationContext ctx = new AnnotationConfigApplicationContext()) {
      ctx.getBeanFactory().registerSingleton("fuzzycron", new FuzzyCronResolver());
      ctx.register(Jobs.class, ScheduledAnnotationBeanPostProcessor.class, FuzzyScheduledPostProcessor.class);
      ctx.refresh();
      boolean fuzzy = false, spel = false;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!(fuzzy && spel)) {
        String c = CALLS.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        assertTrue(c != null, "both methods ran within 60 s (fuzzy " + fuzzy + ", spel " + spel + ")");
        fuzzy |= c.equals("fuzzy");
        spel |= c.equals("spel");
      }
    }
  }
}
