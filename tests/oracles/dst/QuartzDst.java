// The Quartz 2.3.2 DST oracle: reads cases as tab-separated lines on stdin
// (id, expression, zone, from as epoch milliseconds, count) and writes, per case,
// the id and `count` chained CronExpression.getNextValidTimeAfter answers as
// epoch milliseconds (or "error" and the message), tab-separated.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.TimeZone;
import org.quartz.CronExpression;

public final class QuartzDst {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    StringBuilder out = new StringBuilder();
    for (String line; (line = in.readLine()) != null; ) {
      String[] f = line.split("\t");
      out.append(f[0]);
      try {
        CronExpression e = new CronExpression(f[1]);
        e.setTimeZone(TimeZone.getTimeZone(f[2]));
        Date t = new Date(Long.parseLong(f[3]));
        for (int i = Integer.parseInt(f[4]); i > 0; --i) {
          t = e.getNextValidTimeAfter(t);
          if (t == null) break;
          out.append('\t').append(t.getTime());
        }
      } catch (java.text.ParseException x) {
        out.append("\terror\t").append(x.getMessage());
      }
      out.append('\n');
    }
    System.out.print(out);
  }
}
