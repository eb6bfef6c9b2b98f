// The Quartz 2.3.2 oracle for anchored intervals: reads cases as tab-separated
// lines on stdin and writes, per case, its id and `count` chained
// getFireTimeAfter answers as epoch milliseconds (tab-separated).
//   cal   id zone start_ms interval unit count
//         CalendarIntervalTriggerImpl, preserveHourOfDayAcrossDaylightSavings
//   daily id zone start_ms interval unit count HH:MM HH:MM days
//         DailyTimeIntervalTriggerImpl; days as java.util.Calendar numbers (1 = Sunday), comma-separated
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.HashSet;
import java.util.Set;
import java.util.TimeZone;
import org.quartz.DateBuilder.IntervalUnit;
import org.quartz.TimeOfDay;
import org.quartz.impl.triggers.CalendarIntervalTriggerImpl;
import org.quartz.impl.triggers.DailyTimeIntervalTriggerImpl;
import org.quartz.spi.OperableTrigger;

public final class QuartzIntervals {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    StringBuilder out = new StringBuilder();
    for (String line; (line = in.readLine()) != null; ) {
      String[] f = line.split("\t");
      TimeZone zone = TimeZone.getTimeZone(f[2]);
      Date start = new Date(Long.parseLong(f[3]));
      int interval = Integer.parseInt(f[4]);
      IntervalUnit unit = IntervalUnit.valueOf(f[5]);
      int count = Integer.parseInt(f[6]);
      OperableTrigger trigger;
      if (f[0].equals("cal")) {
        CalendarIntervalTriggerImpl t = new CalendarIntervalTriggerImpl();
        t.setTimeZone(zone);
        t.setStartTime(start);
        t.setRepeatInterval(interval);
        t.setRepeatIntervalUnit(unit);
        t.setPreserveHourOfDayAcrossDaylightSavings(true);
        t.setSkipDayIfHourDoesNotExist(false);
        trigger = t;
      } else {
        // Quartz 2.3.2's DailyTimeIntervalTriggerImpl has no zone of its own: it reads the JVM's default.
        TimeZone.setDefault(zone);
        DailyTimeIntervalTriggerImpl t = new DailyTimeIntervalTriggerImpl();
        t.setStartTime(start);
        t.setRepeatInterval(interval);
        t.setRepeatIntervalUnit(unit);
        String[] a = f[7].split(":"), b = f[8].split(":");
        t.setStartTimeOfDay(new TimeOfDay(Integer.parseInt(a[0]), Integer.parseInt(a[1])));
        t.setEndTimeOfDay(new TimeOfDay(Integer.parseInt(b[0]), Integer.parseInt(b[1])));
        Set<Integer> days = new HashSet<>();
        for (String d : f[9].split(",")) days.add(Integer.parseInt(d));
        t.setDaysOfWeek(days);
        trigger = t;
      }
      out.append(f[1]);
      Date t = new Date(start.getTime() - 1);
      for (int i = 0; i < count; ++i) {
        t = trigger.getFireTimeAfter(t);
        if (t == null) break;
        out.append('\t').append(t.getTime());
      }
      out.append('\n');
    }
    System.out.print(out);
  }
}
