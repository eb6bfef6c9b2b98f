package io.github.fuzzycron;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads libfuzzycron_jni: from java.library.path first (a system package), else the copy inside the jar
 * (native/&lt;os&gt;-&lt;arch&gt;/), extracted to the folder of the system property {@code fuzzycron.native.dir}
 * (default: java.io.tmpdir; set it where /tmp is mounted noexec).
 */
final class NativeLoader {
  static final String LIBRARY = "fuzzycron_jni";
  static final String DIR_PROPERTY = "fuzzycron.native.dir";

  private NativeLoader() {}

  /** The platform as the jar names its folders: linux-amd64, linux-aarch64, macos-aarch64, windows-amd64. */
  static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (os.startsWith("mac") || os.startsWith("darwin")) os = "macos";
    else if (os.startsWith("windows")) os = "windows";
    else if (os.startsWith("linux")) os = "linux";
    if (arch.equals("x86_64")) arch = "amd64";
    if (arch.equals("arm64")) arch = "aarch64";
    return os + "-" + arch;
  }

  static synchronized void load() {
    UnsatisfiedLinkError fromPath;
    try {
      System.loadLibrary(LIBRARY);
      return;
    } catch (UnsatisfiedLinkError e) {
      fromPath = e;
    }
    String platform = platform();
    String file = System.mapLibraryName(LIBRARY);
    String resource = "/native/" + platform + "/" + file;
    try (InputStream in = NativeLoader.class.getResourceAsStream(resource)) {
      if (in == null) {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError("fuzzycron: this jar has no native library for " + platform
            + " (it looked for " + resource + "; the jar carries linux-amd64), and " + file
            + " is not on java.library.path: build it from source (docs/java.md)");
        e.addSuppressed(fromPath);
        throw e;
      }
      String dir = System.getProperty(DIR_PROPERTY);
      Path folder = dir == null || dir.isEmpty() ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(dir);
      Files.createDirectories(folder);
      Path copy = Files.createTempFile(folder, "libfuzzycron_jni-", "-" + file);
      copy.toFile().deleteOnExit();
      Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      System.load(copy.toAbsolutePath().toString());
    } catch (IOException e) {
      UnsatisfiedLinkError x = new UnsatisfiedLinkError("fuzzycron: cannot extract " + resource + " for " + platform
          + " (set -D" + DIR_PROPERTY + "=<a writable, executable folder>): " + e);
      x.initCause(e);
      throw x;
    }
  }
}
