package io.github.fuzzycron.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The repository's test data; ctest passes its root as -Dfuzzycron.repo. */
final class Data {
  private Data() {}

  static Path repo() {
    String r = System.getProperty("fuzzycron.repo");
    if (r == null) throw new IllegalStateException("run with -Dfuzzycron.repo=<the source tree>");
    return Path.of(r);
  }

  static List<String> lines(Path p) {
    try {
      return Files.readAllLines(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> jsonl(String name) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (String l : lines(repo().resolve("tests/vectors").resolve(name)))
      if (!l.isBlank()) out.add((Map<String, Object>) Json.parse(l));
    return out;
  }

  /** The Quartz expressions: every accepted, unseeded vector and every expression of Quartz's own tests. */
  static List<String> quartzExpressions() {
    Set<String> out = new LinkedHashSet<>();
    for (Map<String, Object> v : jsonl("quartz.jsonl"))
      if (!Boolean.TRUE.equals(v.get("error")) && v.get("seed") == null) out.add((String) v.get("expr"));
    for (String l : lines(repo().resolve("tests/java/quartz-peer-expressions.txt")))
      if (!l.startsWith("#") && !l.isEmpty()) out.add(l);
    return new ArrayList<>(out);
  }
}
