package io.github.fuzzycron.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fuzzycron.FuzzyCron;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jar's native library loader, in fresh JVMs: extraction into the folder asked for, and a clear refusal. */
class LoaderTest {
  record Run(int status, String output) {}

  /** A JVM running a one-line program against the jar alone (java's source launcher). */
  static Run run(Path work, String... properties) throws IOException, InterruptedException {
    Path jar = Path.of(FuzzyCron.class.getProtectionDomain().getCodeSource().getLocation().getPath());
    Path probe = work.resolve("Probe.java");
    // The version, then the extraction folder's files (the loader deletes its copy when the JVM exits).
    Files.writeString(probe, "public class Probe { public static void main(String[] a) throws Exception {"
        + " System.out.println(\"version \" + io.github.fuzzycron.FuzzyCron.version());"
        + " try (var s = java.nio.file.Files.list(java.nio.file.Path.of(System.getProperty(\"fuzzycron.native.dir\"))))"
        + " { s.forEach(f -> System.out.println(\"file \" + f.getFileName())); } } }");
    List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Djava.library.path=" + work.resolve("none")));
    cmd.addAll(List.of(properties));
    cmd.addAll(List.of("-cp", jar.toString(), probe.toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the probe JVM did not exit");
    return new Run(p.exitValue(), out);
  }

  @Test
  void extractsIntoTheFolderAskedFor(@TempDir Path work) throws Exception {
    Path folder = work.resolve("native here");
    Run r = run(work, "-Dfuzzycron.native.dir=" + folder);
    assertEquals(0, r.status(), r.output());
    assertTrue(r.output().startsWith("version " + FuzzyCron.version() + "\n"), r.output());
    assertTrue(Stream.of(r.output().split("\n")).anyMatch(l -> l.matches("file libfuzzycron_jni-.*-libfuzzycron_jni\\.so")),
        "the library was extracted into " + folder + ": " + r.output());
  }

  @Test
  void aMissingPlatformIsNamed(@TempDir Path work) throws Exception {
    Run r = run(work, "-Dos.arch=riscv64", "-Dfuzzycron.native.dir=" + work);
    assertTrue(r.status() != 0, r.output());
    assertTrue(r.output().contains("no native library for linux-riscv64"), r.output());
    assertTrue(r.output().contains("native/linux-riscv64/libfuzzycron_jni.so"), r.output());
  }
}
