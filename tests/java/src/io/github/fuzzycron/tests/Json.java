package io.github.fuzzycron.tests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Just enough JSON to read the vectors (the JDK has no parser): objects, arrays, strings, numbers, literals. */
final class Json {
  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  static Object parse(String text) {
    Json j = new Json(text);
    Object v = j.value();
    j.space();
    if (j.i != text.length()) throw new IllegalArgumentException("trailing text at " + j.i);
    return v;
  }

  private void space() {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) ++i;
  }

  private Object value() {
    space();
    char c = s.charAt(i);
    if (c == '{') {
      Map<String, Object> m = new LinkedHashMap<>();
      ++i;
      space();
      if (s.charAt(i) == '}') {
        ++i;
        return m;
      }
      while (true) {
        space();
        String k = string();
        space();
        expect(':');
        m.put(k, value());
        space();
        if (s.charAt(i) == ',') ++i;
        else {
          expect('}');
          return m;
        }
      }
    }
    if (c == '[') {
      List<Object> l = new ArrayList<>();
      ++i;
      space();
      if (s.charAt(i) == ']') {
        ++i;
        return l;
      }
      while (true) {
        l.add(value());
        space();
        if (s.charAt(i) == ',') ++i;
        else {
          expect(']');
          return l;
        }
      }
    }
    if (c == '"') return string();
    if (s.startsWith("true", i)) {
      i += 4;
      return Boolean.TRUE;
    }
    if (s.startsWith("false", i)) {
      i += 5;
      return Boolean.FALSE;
    }
    if (s.startsWith("null", i)) {
      i += 4;
      return null;
    }
    int start = i;
    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) ++i;
    return Double.parseDouble(s.substring(start, i));
  }

  private void expect(char c) {
    if (s.charAt(i) != c) throw new IllegalArgumentException("expected " + c + " at " + i);
    ++i;
  }

  private String string() {
    expect('"');
    StringBuilder b = new StringBuilder();
    while (true) {
      char c = s.charAt(i++);
      if (c == '"') return b.toString();
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char e = s.charAt(i++);
      switch (e) {
        case 'n': b.append('\n'); break;
        case 't': b.append('\t'); break;
        case 'r': b.append('\r'); break;
        case 'b': b.append('\b'); break;
        case 'f': b.append('\f'); break;
        case 'u':
          b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          i += 4;
          break;
        default: b.append(e);
      }
    }
  }
}
