// The Quartz 2.3.2 oracle for calendars on a cron trigger: reads cases as
// tab-separated lines on stdin and writes, per case, its id and the first
// `count` fire times as epoch milliseconds (tab-separated), computed by
// Quartz's own TriggerUtils.computeFireTimes (the trigger's triggered(Calendar)
// loop, which passes over the times the calendar excludes).
//   id zone cron start_ms count holiday YYYY-MM-DD,...   HolidayCalendar in the zone
//   id zone cron start_ms count cron EXPRESSION          CronCalendar in the zone
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.TimeZone;
import org.quartz.Calendar;
import org.quartz.TriggerUtils;
import org.quartz.impl.calendar.CronCalendar;
import org.quartz.impl.calendar.HolidayCalendar;
import org.quartz.impl.triggers.CronTriggerImpl;

public final class QuartzCalendars {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    StringBuilder out = new StringBuilder();
    for (String line; (line = in.readLine()) != null; ) {
      String[] f = line.split("\t");
      TimeZone zone = TimeZone.getTimeZone(f[1]);
      CronTriggerImpl trigger = new CronTriggerImpl();
      trigger.setName(f[0]);
      trigger.setCronExpression(f[2]);
      trigger.setTimeZone(zone);
      trigger.setStartTime(new Date(Long.parseLong(f[3])));
      int count = Integer.parseInt(f[4]);
      Calendar calendar;
      if (f[5].equals("holiday")) {
        HolidayCalendar h = new HolidayCalendar();
        h.setTimeZone(zone);
        for (String d : f[6].split(",")) {
          String[] ymd = d.split("-");
          GregorianCalendar day = new GregorianCalendar(zone);
          day.clear();
          day.set(Integer.parseInt(ymd[0]), Integer.parseInt(ymd[1]) - 1, Integer.parseInt(ymd[2]));
          h.addExcludedDate(day.getTime());
        }
        calendar = h;
      } else {
        CronCalendar c = new CronCalendar(f[6]);
        c.setTimeZone(zone);
        calendar = c;
      }
      List<Date> times = TriggerUtils.computeFireTimes(trigger, calendar, count);
      out.append(f[0]);
      for (Date t : times) out.append('\t').append(t.getTime());
      out.append('\n');
    }
    System.out.print(out);
  }
}
