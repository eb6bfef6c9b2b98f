// The JVM binding against Quartz 2.3.2 in one JVM, JIT warmed, alternated round by round: Schedule.nextMillis vs
// CronExpression.getNextValidTimeAfter and Spring 4.3's CronSequenceGenerator.next (chained from 2026-01-01,
// wrapping back at 2099), and parse vs
// new CronExpression. Prints the median of 7 rounds after 5 warm-up rounds, in ns per call.
// Run: java -cp <this jar>:fuzzycron-<v>.jar:quartz2.jar:slf4j-api.jar:spring3-context.jar:spring3-core.jar:
//   commons-logging.jar JavaBench (from /usr/share/java)
import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.Date;
import java.util.TimeZone;
import org.quartz.CronExpression;
import org.springframework.scheduling.support.CronSequenceGenerator;

public final class JavaBench {
  static final String[] EXPRS = {"0 * * * * ?", "0 */5 * * * ?", "0 30 2 * * ?", "0 */15 9-17 ? * MON-FRI",
      "0 0 12 L * ?", "0 0 0 29 2 ?"};
  static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  static final long END = Instant.parse("2099-01-01T00:00:00Z").toEpochMilli();
  static final int CALLS = 20_000;
  static long sink;

  static double fuzzy(Schedule s) {
    long t = START, t0 = System.nanoTime();
    for (int i = 0; i < CALLS; ++i) {
      t = s.nextMillis(t);
      if (t == Long.MIN_VALUE || t > END) t = START;
    }
    sink += t;
    return (System.nanoTime() - t0) / (double) CALLS;
  }

  static double quartz(CronExpression q) {
    Date t = new Date(START);
    long t0 = System.nanoTime();
    for (int i = 0; i < CALLS; ++i) {
      t = q.getNextValidTimeAfter(t);
      if (t == null || t.getTime() > END) t = new Date(START);
    }
    sink += t.getTime();
    return (System.nanoTime() - t0) / (double) CALLS;
  }

  static double spring(CronSequenceGenerator g) {
    Date t = new Date(START);
    long t0 = System.nanoTime();
    for (int i = 0; i < CALLS; ++i) {
      t = g.next(t);
      if (t.getTime() > END) t = new Date(START);
    }
    sink += t.getTime();
    return (System.nanoTime() - t0) / (double) CALLS;
  }

  static double parseFuzzy(String e, Options o, int n) {
    long t0 = System.nanoTime();
    for (int i = 0; i < n; ++i) try (Schedule s = FuzzyCron.parse(e, o)) {
        sink += s.hashCode();
      }
    return (System.nanoTime() - t0) / (double) n;
  }

  static double parseQuartz(String e, TimeZone z, int n) throws Exception {
    long t0 = System.nanoTime();
    for (int i = 0; i < n; ++i) {
      CronExpression q = new CronExpression(e);
      q.setTimeZone(z);
      sink += q.hashCode();
    }
    return (System.nanoTime() - t0) / (double) n;
  }

  static double median(double[] xs) {
    double[] c = xs.clone();
    Arrays.sort(c);
    return c[c.length / 2];
  }

  public static void main(String[] args) throws Exception {
    System.out.printf("%-26s %-17s %10s %10s %10s %7s %12s %12s %7s%n", "expression", "zone", "quartz", "spring4.3",
        "fuzzycron", "ratio", "parse quartz", "parse fc", "ratio");
    for (String zone : new String[] {"UTC", "America/New_York"}) {
      for (String e : EXPRS) {
        Options o = Options.quartz().zone(ZoneId.of(zone)).dst("skip-last");
        Schedule s = FuzzyCron.parse(e, o);
        CronExpression q = new CronExpression(e);
        q.setTimeZone(TimeZone.getTimeZone(zone));
        CronSequenceGenerator g = null;
        try { // Spring 4.3 cannot read L or find a leap day within its 366-day search
          g = new CronSequenceGenerator(e, TimeZone.getTimeZone(zone));
          spring(g); // the whole chain once: 4.3 gives up on a leap day later in it
        } catch (IllegalArgumentException | IllegalStateException x) {
          g = null;
        }
        double[] qs = new double[7], fs = new double[7], pq = new double[7], pf = new double[7], sp = new double[7];
        for (int r = -5; r < 7; ++r) {
          double a = quartz(q), b = fuzzy(s), c = parseQuartz(e, TimeZone.getTimeZone(zone), 2000),
                 d = parseFuzzy(e, o, 2000), f = g == null ? Double.NaN : spring(g);
          if (r >= 0) {
            qs[r] = a;
            fs[r] = b;
            pq[r] = c;
            pf[r] = d;
            sp[r] = f;
          }
        }
        System.out.printf("%-26s %-17s %10.1f %10s %10.1f %6.0fx %12.1f %12.1f %6.1fx%n", e, zone, median(qs),
            g == null ? "-" : String.format("%.1f", median(sp)), median(fs), median(qs) / median(fs), median(pq),
            median(pf), median(pq) / median(pf));
      }
    }
    if (sink == 42) System.out.println();
  }
}
