// The JVM binding's quick start (docs/java.md). Run it from the source, as the test java_example does:
//   java -cp build/release/java/fuzzycron-0.4.0.jar examples/java/Quickstart.java
import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.FuzzyCronException;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import io.github.fuzzycron.quartz.FuzzyQuartz;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

public class Quickstart {
  public static void main(String[] args) {
    // Twenty servers running "0 0 * * * ?" hit the database at the same second. With H each host's copy of
    // the job takes its own minute and second, the same on every start.
    for (String host : new String[] {"web-01", "web-02", "web-03"})
      System.out.println(host + ": " + FuzzyQuartz.resolve("H H * * * ?", host, "report"));

    // A schedule answered by the native engine: immutable, thread-safe, closed when done.
    Options o = Options.quartz().seed("web-07", "backup-db").zone(ZoneId.of("Europe/Berlin"));
    try (Schedule s = FuzzyCron.parse("H H 2 * * ?", o)) {
      Instant from = Instant.parse("2026-03-27T00:00:00Z");
      System.out.println(s.resolved() + ": " + FuzzyCron.explain("H H 2 * * ?", o));
      s.fires(from, from.plus(Duration.ofDays(4))).forEach(t -> System.out.println("  " + t));
    }

    // A stable offset in a window, for jobs that are not cron at all.
    System.out.println("offset: " + FuzzyCron.offset(Duration.ofMinutes(15), "web-07", "poll"));

    // Errors say where.
    try {
      FuzzyCron.parse("0 0 25 * * ?", Options.quartz());
    } catch (FuzzyCronException e) {
      System.out.println(e.kind() + " at column " + e.column() + ": " + e.getMessage());
    }
  }
}
