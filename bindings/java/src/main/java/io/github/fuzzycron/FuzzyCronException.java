package io.github.fuzzycron;

import java.nio.charset.StandardCharsets;

/**
 * An error of the library: a bad expression, option, zone or seed. Unchecked. {@link #getMessage()} has the
 * library's message and, when the error points into the text, the line with a caret under the column.
 *
 * <pre>
 * try { FuzzyCron.parse("0 0 25 * * ?", Options.quartz()); }
 * catch (FuzzyCronException e) { e.kind(); e.column(); } // SYNTAX, 5
 * </pre>
 */
public class FuzzyCronException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What went wrong, as the C API's status says. */
  public enum Kind {
    SYNTAX, MISSING_SEED, BAD_SEED, TIME_ZONE, UNSUPPORTED, ARGUMENT, HANDLE, BUFFER, INTERNAL;

    static Kind of(int status) {
      return status >= 2 && status <= 10 ? values()[status - 2] : INTERNAL;
    }
  }

  private final Kind kind;
  private final String detail;
  private final int line;
  private final int column;
  private final String text;

  public FuzzyCronException(Kind kind, String message, int line, int column, String text) {
    super(caret(message, column, text));
    this.kind = kind;
    this.detail = message;
    this.line = line;
    this.column = column;
    this.text = text;
  }

  /** From the JNI shim: the C API's status and its UTF-8 message and text. */
  FuzzyCronException(int status, byte[] message, int line, int column, byte[] text) {
    this(Kind.of(status), new String(message, StandardCharsets.UTF_8), line, column,
        new String(text, StandardCharsets.UTF_8));
  }

  public Kind kind() {
    return kind;
  }

  /** The library's message without the caret lines. */
  public String detail() {
    return detail;
  }

  /** 1-based line of a multi-line text; 0 for one line. */
  public int line() {
    return line;
  }

  /** 1-based column in {@link #text()} (in bytes of its UTF-8); 0 when the error is not about the text. */
  public int column() {
    return column;
  }

  /** The offending line ("" when none). */
  public String text() {
    return text;
  }

  private static String caret(String message, int column, String text) {
    if (column <= 0 || text == null || text.isEmpty()) return message;
    // The column counts UTF-8 bytes: count back to characters for the caret.
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    int bytes = Math.min(column - 1, utf8.length);
    int chars = new String(utf8, 0, bytes, StandardCharsets.UTF_8).length();
    return message + "\n  " + text + "\n  " + " ".repeat(chars) + "^";
  }
}
