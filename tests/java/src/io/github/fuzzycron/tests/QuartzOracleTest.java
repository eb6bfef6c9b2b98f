package io.github.fuzzycron.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.FuzzyCronException;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import java.text.ParseException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.quartz.CronExpression;

/**
 * Answers against Quartz 2.3.2's own CronExpression (Debian's libquartz2-java): chained next() in four zones over
 * every Quartz vector and every expression of Quartz's own tests that Quartz parses, from fixed instants and around
 * each DST transition of 2026 (the day before and the hours around it). One Quartz chain is compared with two
 * fuzzycron schedules: dst "skip-last" (Quartz's policy; all must agree) and the default Options.quartz() (its
 * differences are counted and shown).
 */
class QuartzOracleTest {
  static final String[] ZONES = {"UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"};
  static final int STEPS = 40;

  /** Where each chain starts: fixed instants (years that the expressions' year fields name) and DST changes. */
  static List<Long> starts(ZoneId zone) {
    List<Long> out = new ArrayList<>(List.of(Instant.parse("2004-06-01T00:00:00Z").toEpochMilli(),
        Instant.parse("2009-12-31T12:00:00Z").toEpochMilli(), Instant.parse("2026-01-01T00:00:00Z").toEpochMilli()));
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    while (true) {
      ZoneOffsetTransition tr = zone.getRules().nextTransition(t);
      if (tr == null || tr.getInstant().isAfter(Instant.parse("2027-01-01T00:00:00Z"))) break;
      out.add(tr.getInstant().toEpochMilli() - 26 * 3_600_000L);
      out.add(tr.getInstant().toEpochMilli() - 2 * 3_600_000L);
      t = tr.getInstant();
    }
    return out;
  }

  static final class Tally {
    int expressions, quartzRejects, answers, differ, differDefault;
    final List<String> quartzHangs = new ArrayList<>();
    // Per expression: how many answers differ (skip-last), and the first of them.
    final java.util.Map<String, Integer> byExpr = new java.util.TreeMap<>();
    final java.util.Map<String, String> example = new java.util.TreeMap<>();
    final List<String> first = new ArrayList<>();
    final List<String> firstDefault = new ArrayList<>();
  }

  static String show(String expr, String z, long at, Date qn, long f) {
    return "'" + expr + "' " + z + " after " + Instant.ofEpochMilli(at) + ": Quartz "
        + (qn == null ? "none" : qn.toInstant()) + ", fuzzycron " + (f == Long.MIN_VALUE ? "none" : Instant.ofEpochMilli(f));
  }

  /** Chains Quartz's answers and compares fuzzycron's at each step. */
  static Tally compare(List<String> exprs) {
    Tally t = new Tally();
    for (String expr : exprs) {
      if (!CronExpression.isValidExpression(expr)) {
        t.quartzRejects++;
        continue;
      }
      t.expressions++;
      // Quartz 2.3.2 loops for ever on some expressions (0 0 0 L-30W * ? in New York): a watchdog stops it.
      Tally one = new Tally();
      Thread worker = new Thread(() -> compareOne(expr, one), "quartz " + expr);
      worker.setDaemon(true);
      worker.start();
      try {
        worker.join(20_000);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      if (worker.isAlive()) {
        stop(worker);
        t.quartzHangs.add(expr);
        continue;
      }
      synchronized (one) {
        t.answers += one.answers;
        t.differ += one.differ;
        t.differDefault += one.differDefault;
        t.byExpr.putAll(one.byExpr);
        t.example.putAll(one.example);
        for (String d : one.first) if (t.first.size() < 20) t.first.add(d);
        for (String d : one.firstDefault) if (t.firstDefault.size() < 20) t.firstDefault.add(d);
      }
    }
    return t;
  }

  @SuppressWarnings({"deprecation", "removal"})
  static void stop(Thread worker) {
    worker.stop();
  }

  static void compareOne(String expr, Tally t) {
    synchronized (t) {
      for (String z : ZONES) {
        ZoneId zone = ZoneId.of(z);
        CronExpression q;
        try {
          q = new CronExpression(expr);
        } catch (ParseException e) {
          throw new AssertionError(e);
        }
        q.setTimeZone(TimeZone.getTimeZone(zone));
        Schedule s, byDefault;
        try {
          s = FuzzyCron.parse(expr, Options.quartz().zone(zone).dst("skip-last"));
          byDefault = FuzzyCron.parse(expr, Options.quartz().zone(zone));
        } catch (FuzzyCronException e) {
          t.differ++;
          t.byExpr.merge(expr, 1, Integer::sum);
          t.example.putIfAbsent(expr, "'" + expr + "' " + z + ": Quartz parses it, fuzzycron: " + e.detail());
          if (t.first.size() < 20) t.first.add("'" + expr + "' " + z + ": Quartz parses it, fuzzycron: " + e);
          continue;
        }
        try (s; byDefault) {
          for (long from : starts(zone)) {
            long at = from;
            for (int i = 0; i < STEPS; ++i) {
              Date qn = q.getNextValidTimeAfter(new Date(at));
              long f = s.nextMillis(at);
              long want = qn == null ? Long.MIN_VALUE : qn.getTime();
              t.answers++;
              if (f != want) {
                t.differ++;
                t.byExpr.merge(expr, 1, Integer::sum);
                t.example.putIfAbsent(expr, show(expr, z, at, qn, f));
                if (t.first.size() < 20) t.first.add(show(expr, z, at, qn, f));
              }
              long g = byDefault.nextMillis(at);
              if (f == want && g != want) { // a difference of the policy alone
                t.differDefault++;
                if (t.firstDefault.size() < 20) t.firstDefault.add(show(expr, z, at, qn, g));
              }
              if (qn == null) break;
              at = want;
            }
          }
        }
      }
    }
  }

  @Test
  void chainedNextEqualsQuartz() {
    Tally t = compare(Data.quartzExpressions());
    System.out.printf("Quartz 2.3.2 vs Options.quartz().dst(\"skip-last\"): %d expressions (%d rejected by Quartz),"
        + " %d answers, %d differ%n", t.expressions, t.quartzRejects, t.answers, t.differ);
    System.out.printf("Quartz 2.3.2 vs the default Options.quartz(): %d answers, %d more differ%n%s%n", t.answers,
        t.differDefault, String.join("\n", t.firstDefault.subList(0, Math.min(5, t.firstDefault.size()))));
    System.out.println("Quartz 2.3.2 never answers (stopped after 20 s): " + t.quartzHangs);
    assertTrue(t.expressions > 300, "the expressions were read");
    // Quartz 2.3.2's bugs that 2.5 fixed (the vectors are 2.5.2's): each listed expression must still differ, and
    // no other.
    java.util.Map<String, String> known = new java.util.TreeMap<>();
    for (String l : Data.lines(Data.repo().resolve("tests/java/quartz-2.3.2-deviations.txt")))
      if (!l.startsWith("#") && l.contains("\t")) known.put(l.substring(0, l.indexOf('\t')), l);
    for (String e : t.quartzHangs) t.byExpr.put(e, -1);
    List<String> unexpected = new ArrayList<>();
    for (String e : t.byExpr.keySet())
      if (!known.containsKey(e)) unexpected.add(t.byExpr.get(e) + " differ: " + t.example.get(e));
    List<String> stale = new ArrayList<>();
    for (String e : known.keySet()) if (!t.byExpr.containsKey(e)) stale.add(e);
    System.out.printf("%d expressions differ, all listed in quartz-2.3.2-deviations.txt: %s%n", t.byExpr.size(),
        unexpected.isEmpty());
    assertEquals(List.of(), unexpected, "answers that differ from Quartz 2.3.2 and are not listed");
    assertEquals(List.of(), stale, "listed in quartz-2.3.2-deviations.txt but agreeing with Quartz 2.3.2 now");
    // Every difference of the default policy is on a DST day: none in UTC.
    for (String d : t.firstDefault) assertTrue(!d.contains(" UTC after "), d);
  }
}
