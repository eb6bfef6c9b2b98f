package io.github.fuzzycron.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fuzzycron.Balance;
import io.github.fuzzycron.FuzzyCron;
import io.github.fuzzycron.FuzzyCronException;
import io.github.fuzzycron.Options;
import io.github.fuzzycron.Schedule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The core API against the repository's vectors and against itself (next vs prev vs fires vs resolve). */
class CoreTest {
  static final Instant FROM = Instant.parse("2026-01-01T00:00:00Z");

  static Options optionsOf(Map<String, Object> v) {
    Options o = Options.quartz().set("dialect", (String) v.get("dialect")).zone(ZoneId.of((String) v.get("tz")));
    @SuppressWarnings("unchecked")
    Map<String, Object> opts = (Map<String, Object>) v.getOrDefault("options", Map.of());
    for (Map.Entry<String, Object> e : opts.entrySet()) o = o.set(e.getKey(), String.valueOf(e.getValue()));
    if (v.get("seed") != null) o = o.seed((String) v.get("seed"));
    return o;
  }

  /** Every vector of the dialects whose options Options can set: next and prev as the reference answered. */
  @Test
  void vectors() {
    int checked = 0;
    List<String> bad = new ArrayList<>();
    // Where fuzzycron answers differently on purpose (the C++ conformance test checks that they still differ).
    java.util.Set<String> deviations = new java.util.HashSet<>();
    for (String l : Data.lines(Data.repo().resolve("tests/deviations.txt")))
      if (!l.startsWith("#") && !l.isBlank()) deviations.add(l.split(" ")[0]);
    for (String file : List.of("quartz.jsonl", "standard.jsonl", "jenkins.jsonl", "jenkins-hash.jsonl")) {
      for (Map<String, Object> v : Data.jsonl(file)) {
        if (deviations.contains((String) v.get("id"))) continue;
        Options o = optionsOf(v);
        if (Boolean.TRUE.equals(v.get("error"))) {
          assertThrows(FuzzyCronException.class, () -> FuzzyCron.parse((String) v.get("expr"), o), v.get("id") + "");
          ++checked;
          continue;
        }
        try (Schedule s = FuzzyCron.parse((String) v.get("expr"), o)) {
          Instant from = Instant.parse(((String) v.get("from")).replaceAll("([+-]\\d\\d:\\d\\d)$", "$1"));
          for (String dir : List.of("next", "prev")) {
            @SuppressWarnings("unchecked")
            List<Object> want = (List<Object>) v.get(dir);
            if (want == null) continue;
            Instant t = from;
            for (Object w : want) {
              Optional<Instant> got = dir.equals("next") ? s.next(t) : s.prev(t);
              Instant expected = ZonedDateTime.parse((String) w).toInstant();
              if (!got.equals(Optional.of(expected))) {
                bad.add(v.get("id") + " " + dir + " after " + t + ": want " + expected + ", got " + got);
                break;
              }
              t = expected;
            }
          }
          ++checked;
        }
      }
    }
    System.out.println("vectors checked: " + checked);
    assertTrue(checked > 1000);
    assertEquals(List.of(), bad.subList(0, Math.min(10, bad.size())));
  }

  @Test
  void firesWalksNextInBatches() {
    Schedule s = FuzzyCron.parse("H/5 * * * * ?", Options.quartz().seed("web-07", "poll"));
    Instant to = FROM.plus(Duration.ofHours(3)); // 2,160 fires: more than one native batch of 1,024
    List<Instant> fires = s.fires(FROM, to).collect(Collectors.toList());
    List<Instant> chained = new ArrayList<>();
    for (Optional<Instant> t = s.next(FROM.minusMillis(1)); t.isPresent() && t.get().isBefore(to);
         t = s.next(t.get()))
      chained.add(t.get());
    assertEquals(2160, fires.size());
    assertEquals(chained, fires);
    assertEquals(fires.subList(0, 3), s.fires(FROM, to).limit(3).collect(Collectors.toList()));
    // [from, to): a fire at from is in, one at to is out.
    Instant first = fires.get(0);
    assertEquals(first, s.fires(first, to).findFirst().orElseThrow());
    assertEquals(0, s.fires(first, first).count());
    assertEquals(1, s.fires(first, first.plusMillis(1)).count());
  }

  @Test
  void nextAndPrevUndoEachOther() {
    Schedule s = FuzzyCron.parse("H H(0-5) * * 1-5", Options.standard().seed("web-07", "backup-db")
        .zone(ZoneId.of("Europe/Berlin")));
    Instant t = FROM;
    for (int i = 0; i < 500; ++i) {
      Instant n = s.next(t).orElseThrow();
      assertTrue(n.isAfter(t));
      assertEquals(n, s.next(s.prev(n).orElseThrow()).orElseThrow());
      assertEquals(n.toEpochMilli(), s.nextMillis(t.toEpochMilli()));
      t = n;
    }
  }

  @Test
  void resolvedFiresAsTheHashedSchedule() {
    Options o = Options.quartz().seed("web-07", "backup-db").zone(ZoneId.of("America/New_York")).dst("skip-last");
    Schedule hashed = FuzzyCron.parse("H H H(1-5) * * ?", o);
    String text = hashed.resolved();
    assertFalse(text.contains("H"), text);
    assertEquals(text, FuzzyCron.resolve("H H H(1-5) * * ?", o));
    Schedule plain = FuzzyCron.parse(text, o);
    assertEquals(plain.fires(FROM, FROM.plus(Duration.ofDays(400))).collect(Collectors.toList()),
        hashed.fires(FROM, FROM.plus(Duration.ofDays(400))).collect(Collectors.toList()));
    // Another seed, another time (with 86,400 seconds of the day to choose from).
    assertNotEquals(text, FuzzyCron.resolve("H H H(1-5) * * ?", o.seed("web-08", "backup-db")));
    // The host is the seed's first part.
    assertEquals(text, FuzzyCron.resolve("H H H(1-5) * * ?", o.seed("backup-db").host("web-07")));
  }

  @Test
  void neverAndNone() {
    Schedule feb30 = FuzzyCron.parse("0 0 0 30 2 ?", Options.quartz());
    assertTrue(feb30.never());
    assertEquals(Optional.empty(), feb30.next(FROM));
    assertEquals(Long.MIN_VALUE, feb30.nextMillis(FROM.toEpochMilli()));
    assertFalse(FuzzyCron.parse("0 0 0 29 2 ?", Options.quartz()).never());
    assertEquals(Optional.empty(), FuzzyCron.parse("0 0 0 * * ? 2005", Options.quartz()).next(FROM));
  }

  @Test
  void offsetIsStableAndInsideTheWindow() {
    Duration w = Duration.ofMinutes(15);
    Duration a = FuzzyCron.offset(w, "nightly");
    assertEquals(a, FuzzyCron.offset(w, "nightly"));
    assertTrue(!a.isNegative() && a.compareTo(w) < 0, a.toString());
    // The offset window shifts each fire time by the seed's offset.
    Options o = Options.standard().seed("nightly");
    Instant plain = FuzzyCron.parse("0 3 * * *", o).next(FROM).orElseThrow();
    Instant shifted = FuzzyCron.parse("0 3 * * *", o.offsetWindow(w)).next(FROM).orElseThrow();
    assertEquals(plain.plus(a), shifted);
    assertEquals(shifted, FuzzyCron.parse("0 3 * * *", o.set("offset-window", "15m")).next(FROM).orElseThrow());
    assertEquals(shifted, FuzzyCron.parse("0 3 * * *", o.set("offset_window", "15m")).next(FROM).orElseThrow());
  }

  @Test
  void explainSaysTheSchedule() {
    String e = FuzzyCron.explain("0 30 2 * * ?", Options.quartz().zone(ZoneId.of("Europe/Berlin")));
    assertTrue(e.contains("02:30") && e.contains("Europe/Berlin"), e);
  }

  @Test
  void dialectsAndTheirOptions() {
    Instant k = FuzzyCron.parse("30 0 3 * * *", Options.kubernetes().set("seconds-first", "true")).next(FROM)
        .orElseThrow();
    assertEquals(Instant.parse("2026-01-01T03:00:30Z"), k);
    assertThrows(FuzzyCronException.class, () -> FuzzyCron.parse("30 0 3 * * *", Options.kubernetes()));
    for (Options o : List.of(Options.standard(), Options.jenkins(), Options.croniter(), Options.cronParser(),
             Options.furiko()))
      assertEquals(Instant.parse("2026-01-01T03:00:00Z"), FuzzyCron.parse("0 3 * * *", o).next(FROM).orElseThrow(),
          o.dialect());
    assertEquals(Instant.parse("2026-01-01T03:00:00Z"),
        FuzzyCron.parse("0 0 3 * * *", Options.spring()).next(FROM).orElseThrow());
    // Options by the schema's names, checked by the library: an unknown one with a did-you-mean.
    FuzzyCronException x = assertThrows(FuzzyCronException.class,
        () -> FuzzyCron.parse("0 0 3 * * ?", Options.quartz().set("dts", "wall")));
    assertEquals(FuzzyCronException.Kind.ARGUMENT, x.kind());
    assertTrue(x.getMessage().contains("dst"), x.getMessage());
    assertEquals(FuzzyCronException.Kind.ARGUMENT, assertThrows(FuzzyCronException.class,
        () -> FuzzyCron.parse("0 3 * * *", Options.standard().set("seconds-first", "maybe"))).kind());
    assertEquals(Instant.parse("2026-01-01T03:00:30Z"), FuzzyCron.parse("30 0 3 * * *",
        Options.croniter().set("secondsFirst", "true")).next(FROM).orElseThrow());
  }

  /**
   * The zones the library carries agree with the JVM's: the offset of each day's local noon, 1970-2100 (the
   * instants of the changes themselves are checked by QuartzOracleTest's chains around them).
   */
  @Test
  void zonesAgreeWithTheJvm() {
    for (String z : QuartzOracleTest.ZONES) {
      ZoneId zone = ZoneId.of(z);
      Schedule noon = FuzzyCron.parse("0 0 12 * * ?", Options.quartz().zone(zone));
      long t = Instant.parse("1970-01-01T00:00:00Z").toEpochMilli();
      for (LocalDate d = LocalDate.of(1970, 1, 1); d.getYear() < 2100; d = d.plusDays(1)) {
        long want = ZonedDateTime.of(d, LocalTime.NOON, zone).toInstant().toEpochMilli();
        long got = noon.nextMillis(t);
        if (got != want) assertEquals(Instant.ofEpochMilli(want), Instant.ofEpochMilli(got), z + " " + d);
        t = got;
      }
    }
  }

  @Test
  void balanceLocks() throws Exception {
    FuzzyCronException x = assertThrows(FuzzyCronException.class, () -> Balance.parse("not a lock\n"));
    assertEquals(FuzzyCronException.Kind.ARGUMENT, x.kind());
    Path p = Files.createTempFile("fuzzycron", ".lock");
    Files.writeString(p, "garbage");
    assertThrows(FuzzyCronException.class, () -> Balance.read(p));
    Files.delete(p);
    // The example lock (written by `fuzzycron balance`): each job named takes its slot.
    Path fleet = Data.repo().resolve("examples/fleet.lock");
    @SuppressWarnings("unchecked")
    Map<String, Object> group = ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(Files.readString(fleet)))
        .get("groups")).get(0);
    assertEquals("H * * * * ?", group.get("shape"));
    @SuppressWarnings("unchecked")
    Map<String, Object> jobs = (Map<String, Object>) group.get("jobs");
    try (Balance lock = Balance.read(fleet)) {
      for (Map.Entry<String, Object> job : jobs.entrySet()) {
        String[] seed = job.getKey().split("/");
        int slot = ((Number) ((List<?>) job.getValue()).get(0)).intValue();
        assertEquals(slot + " * * * * ?", FuzzyCron.resolve("H * * * * ?", Options.quartz().balance(lock).seed(seed)),
            job.getKey());
      }
    }
    assertTrue(jobs.size() >= 20);
  }

  @Test
  void closedSchedulesAreErrorsNotCrashes() {
    Schedule s = FuzzyCron.parse("0 * * * * ?", Options.quartz());
    s.close();
    s.close();
    FuzzyCronException x = assertThrows(FuzzyCronException.class, () -> s.next(FROM));
    assertEquals(FuzzyCronException.Kind.HANDLE, x.kind());
  }

  /** Its native handle, read by reflection: the test checks what the Cleaner did to it. */
  static long handleOf(Schedule s) throws ReflectiveOperationException {
    java.lang.reflect.Field f = Schedule.class.getDeclaredField("handle");
    f.setAccessible(true);
    return f.getLong(s);
  }

  /** True while the C API still knows the handle (a freed one is an error of kind HANDLE). */
  static boolean live(long handle) throws ReflectiveOperationException {
    java.lang.reflect.Method next = Class.forName("io.github.fuzzycron.Native").getDeclaredMethod("next", long.class,
        long.class);
    next.setAccessible(true);
    try {
      next.invoke(null, handle, 0L);
      return true;
    } catch (java.lang.reflect.InvocationTargetException e) {
      assertEquals(FuzzyCronException.Kind.HANDLE, ((FuzzyCronException) e.getCause()).kind());
      return false;
    }
  }

  /** A schedule nobody closes is freed by the Cleaner once unreachable (waited for, 60 s at most). */
  @Test
  void theCleanerFreesAnUnclosedSchedule() throws Exception {
    Schedule s = FuzzyCron.parse("0 * * * * ?", Options.quartz());
    long handle = handleOf(s);
    assertTrue(live(handle));
    java.lang.ref.WeakReference<Schedule> ref = new java.lang.ref.WeakReference<>(s);
    s = null;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (live(handle)) {
      assertTrue(System.nanoTime() < deadline, "the handle was freed within 60 s of the schedule's last use");
      System.gc();
      Thread.sleep(10); // the Cleaner's own thread frees it
    }
    assertEquals(null, ref.get());
  }

  @Test
  void threadsShareASchedule() throws Exception {
    Schedule s = FuzzyCron.parse("H/7 H/3 * * * ?", Options.quartz().seed("shared"));
    List<Instant> want = s.fires(FROM, FROM.plus(Duration.ofDays(2))).collect(Collectors.toList());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<Instant>>> got = new ArrayList<>();
      for (int i = 0; i < 8; ++i)
        got.add(pool.submit(() -> s.fires(FROM, FROM.plus(Duration.ofDays(2))).collect(Collectors.toList())));
      for (Future<List<Instant>> f : got) assertEquals(want, f.get());
    } finally {
      pool.shutdown();
    }
  }
}
