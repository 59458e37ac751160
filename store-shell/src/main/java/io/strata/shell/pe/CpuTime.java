package io.strata.shell.pe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time in nanoseconds, of the calling thread and of the whole process: what a client costs
 * the machine, which on a benchmark host is the server's machine too. -1 where the JVM cannot
 * tell.
 */
final class CpuTime {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private CpuTime() {}

  static long thread() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  static long process() {
    return ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
  }
}
