package io.github.fuzzycron;

import java.nio.charset.StandardCharsets;

/**
 * A lint finding (docs/lint.md): a schedule that parses but will surprise, with a stable code, where it is and
 * the rewrite that cures it.
 *
 * <pre>
 * for (Finding f : FuzzyCron.lint("*&#47;15 * * * *", Options.standard()))
 *   System.out.println(f); // column 1: warning FC101: *&#47;15 in the minute field fires at the same minutes ...
 * </pre>
 *
 * @param severity how bad it is
 * @param code stable: "FC101"; FC001 when the expression does not parse
 * @param line 0 for one expression
 * @param column 1-based column in {@code text} (in bytes of its UTF-8); 0 when it is not about a place
 * @param message what is wrong, and what would be right
 * @param text the expression the column points into
 * @param suggestion the rewritten schedule, "" when there is none
 */
public record Finding(Severity severity, String code, int line, int column, String message, String text,
    String suggestion) {
  /** The C API's order: info, warning, error. */
  public enum Severity {
    INFO, WARNING, ERROR;

    static Severity of(int n) {
      return n >= 0 && n < 3 ? values()[n] : ERROR;
    }
  }

  /** From the JNI shim's arrays: finding i of them. */
  static Finding of(int[] numbers, byte[][] strings, int i) {
    return new Finding(Severity.of(numbers[3 * i]), utf8(strings[4 * i]), numbers[3 * i + 1], numbers[3 * i + 2],
        utf8(strings[4 * i + 1]), utf8(strings[4 * i + 2]), utf8(strings[4 * i + 3]));
  }

  private static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** As the command line prints it: "column 1: warning FC101: ...". */
  @Override
  public String toString() {
    String where = line > 0 ? "line " + line + (column > 0 ? ", column " + column : "")
        : column > 0 ? "column " + column : "";
    return (where.isEmpty() ? "" : where + ": ") + severity.name().toLowerCase(java.util.Locale.ROOT) + " " + code
        + ": " + message;
  }
}
