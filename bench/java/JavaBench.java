// The JVM binding against Quartz 2.3.2 and Spring 4.3 in one JVM, JIT warmed, alternated round by round, on the
// benchmark set's expressions (docs/benchmarks.md; Quartz forms) in UTC and New York:
//   next:  Schedule.nextMillis (one JNI call) vs CronExpression.getNextValidTimeAfter vs Spring 4.3's
//          CronSequenceGenerator.next, chained from 2026-01-01 and wrapping back at 2099; and fuzzycron_next timed in C
//          in the same process (CBench), so that "JNI" = Schedule.nextMillis - the C call, a same-run difference;
//   parse: FuzzyCron.parse + close vs new CronExpression + setTimeZone, and fuzzycron_parse + free in C.
// Prints the fastest of 15 rounds after 5 warm-up rounds, in ns per call, with the median ratios beside, and the
// bare cost of a JNI call.
// Run: java -Dfuzzycron.bench.lib=<libfuzzycron_bench_jni.so> -cp <fuzzycron_java_bench.jar>:fuzzycron-<v>.jar:
//   quartz2.jar:slf4j-api.jar:spring3-context.jar:spring3-core.jar:commons-logging.jar JavaBench
//   (ctest -R java_bench -V prints the command; the jars are Debian's, in /usr/share/java)
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
  // /work/shared/bench/SPEC.md's set, Quartz column (1-12).
  static final String[] EXPRS = {"0 * * * * ?", "0 */5 * * * ?", "0 0 0 * * ?", "0 30 2 ? * 1", "0 0 9-17 ? * 2-6",
      "0 15,45 */2 1-10 * ?", "0 0 0 1,15 * ?", "0 0 0 29 2 ?", "0 0 0 31 * ?", "0 0 12 ? * 6#3", "0 0 0 L * ?",
      "0 0 0 30 2 ?"};
  static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  static final long END = Instant.parse("2099-01-01T00:00:00Z").toEpochMilli();
  static final int CALLS = 20_000;
  static final int PARSES = 2_000;
  static final String DST = "skip-last"; // Quartz's own answers at DST changes (the quartz dialect's default too)
  static long sink;

  static double fuzzy(Schedule s, int calls) {
    long t = START, t0 = System.nanoTime();
    for (int i = 0; i < calls; ++i) {
      t = s.nextMillis(t);
      if (t == Long.MIN_VALUE || t > END) t = START;
    }
    sink += t;
    return (System.nanoTime() - t0) / (double) calls;
  }

  static double quartz(CronExpression q, int calls) {
    Date t = new Date(START);
    long t0 = System.nanoTime();
    for (int i = 0; i < calls; ++i) {
      t = q.getNextValidTimeAfter(t);
      if (t == null || t.getTime() > END) t = new Date(START);
    }
    sink += t.getTime();
    return (System.nanoTime() - t0) / (double) calls;
  }

  static double spring(CronSequenceGenerator g, int calls) {
    Date t = new Date(START);
    long t0 = System.nanoTime();
    for (int i = 0; i < calls; ++i) {
      t = g.next(t);
      if (t.getTime() > END) t = new Date(START);
    }
    sink += t.getTime();
    return (System.nanoTime() - t0) / (double) calls;
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

  static double noop(int n) {
    long acc = 0, t0 = System.nanoTime();
    for (int i = 0; i < n; ++i) acc += CBench.noop(i, acc);
    sink += acc;
    return (System.nanoTime() - t0) / (double) n;
  }

  static double median(double[] xs) {
    double[] c = xs.clone();
    Arrays.sort(c);
    return c[c.length / 2];
  }

  // The fastest round: on a shared machine most rounds lose time slices to other processes, and the least
  // disturbed round is the best estimate of the cost itself (the medians are printed beside it).
  static double min(double[] xs) {
    return Arrays.stream(xs).min().orElse(Double.NaN);
  }

  /** Spring 4.3's generator, or null where it cannot read the expression or gives up within the chain. */
  static CronSequenceGenerator springOf(String e, TimeZone z, int calls) {
    try {
      CronSequenceGenerator g = new CronSequenceGenerator(e, z);
      spring(g, calls); // the whole chain once: 4.3 gives up on a leap day (366-day search) later in it
      return g;
    } catch (IllegalArgumentException | IllegalStateException x) {
      return null;
    }
  }

  static final int ROUNDS = 15, WARMUP = 5;

  public static void main(String[] args) throws Exception {
    System.out.printf("ns per call, the fastest of %d rounds after %d warm-up rounds (ratios: fastest and median)%n",
        ROUNDS, WARMUP);
    System.out.printf("%-22s %-4s | %9s %9s %7s %7s %6s %6s %6s | %9s %8s %7s %6s %6s%n", "expression", "zone",
        "quartz", "spring4.3", "jni", "C", "jni-C", "q/jni", "med", "p.quartz", "p.jni", "p.C", "q/jni", "med");
    double[] noops = new double[ROUNDS];
    for (String zone : new String[] {"UTC", "America/New_York"}) {
      TimeZone tz = TimeZone.getTimeZone(zone);
      for (String e : EXPRS) {
        Options o = Options.quartz().zone(ZoneId.of(zone)).dst(DST);
        Schedule s = FuzzyCron.parse(e, o);
        long c = CBench.parse(e, "quartz", zone, DST);
        CronExpression q = new CronExpression(e);
        q.setTimeZone(tz);
        // Quartz needs up to tens of µs a call on sparse expressions: fewer of its calls, for ~20 ms a round.
        long q0 = System.nanoTime();
        quartz(q, 200);
        int qCalls = (int) Math.max(200, Math.min(CALLS, 200 * 20e6 / Math.max(1, System.nanoTime() - q0)));
        CronSequenceGenerator g = springOf(e, tz, qCalls);
        double[] qs = new double[ROUNDS], sp = new double[ROUNDS], fs = new double[ROUNDS], cs = new double[ROUNDS],
                 pq = new double[ROUNDS], pf = new double[ROUNDS], pc = new double[ROUNDS];
        for (int r = -WARMUP; r < ROUNDS; ++r) {
          double a = quartz(q, qCalls), b = fuzzy(s, CALLS), d = CBench.next(c, START, END, CALLS),
                 f = g == null ? Double.NaN : spring(g, qCalls), h = parseQuartz(e, tz, PARSES),
                 i = parseFuzzy(e, o, PARSES), j = CBench.parseFree(e, "quartz", zone, DST, PARSES), k = noop(CALLS);
          if (r >= 0) {
            qs[r] = a;
            fs[r] = b;
            cs[r] = d;
            sp[r] = f;
            pq[r] = h;
            pf[r] = i;
            pc[r] = j;
            noops[r] = k;
          }
        }
        CBench.free(c);
        s.close();
        System.out.printf("%-22s %-4s | %9.1f %9s %7.1f %7.1f %6.1f %5.0fx %5.0fx | %9.1f %8.1f %7.1f %5.1fx %5.1fx%n",
            e, zone.equals("UTC") ? "UTC" : "NY", min(qs), g == null ? "-" : String.format("%.1f", min(sp)),
            min(fs), min(cs), min(fs) - min(cs), min(qs) / min(fs), median(qs) / median(fs), min(pq), min(pf),
            min(pc), min(pq) / min(pf), median(pq) / median(pf));
      }
    }
    System.out.printf("bare JNI call (static native long noop(long, long)): %.1f ns (median %.1f)%n", min(noops),
        median(noops));
    if (sink == 42) System.out.println();
  }
}
