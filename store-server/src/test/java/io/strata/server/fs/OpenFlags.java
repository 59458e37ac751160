package io.strata.server.fs;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The flags this process opened a file with, from Linux's /proc/self/fdinfo. */
final class OpenFlags {
  /** O_DIRECT: octal 040000 on x86, 0200000 on arm64. */
  private static final int O_DIRECT_X86 = 040000;
  private static final int O_DIRECT_ARM = 0200000;

  private OpenFlags() {}

  /** Fails unless this process has {@code file} open with O_DIRECT. */
  static void assertDirect(Path file) throws IOException {
    int flags = of(file);
    String arch = System.getProperty("os.arch");
    int direct = arch.equals("aarch64") || arch.equals("arm64") ? O_DIRECT_ARM : O_DIRECT_X86;
    assertTrue((flags & direct) != 0,
        "flags " + Integer.toOctalString(flags) + " of " + file + " lack O_DIRECT");
  }

  /** The flags of this process's open descriptor of {@code file}. */
  static int of(Path file) throws IOException {
    Path fds = Path.of("/proc/self/fd");
    assumeTrue(Files.isDirectory(fds), "needs Linux's /proc");
    try (var list = Files.list(fds)) {
      for (Path fd : list.toList()) {
        Path target;
        try {
          target = Files.readSymbolicLink(fd);
        } catch (IOException e) {
          continue; // closed meanwhile
        }
        if (target.equals(file.toRealPath())) {
          for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo")
              .resolve(fd.getFileName()))) {
            if (line.startsWith("flags:")) {
              return Integer.parseInt(line.substring(6).trim(), 8);
            }
          }
        }
      }
    }
    throw new AssertionError(file + " is not open in this process");
  }
}
