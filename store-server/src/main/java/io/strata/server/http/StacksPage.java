package io.strata.server.http;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** /stacks: a dump of every thread, with its state, locks and stack, as jstack prints them. */
final class StacksPage implements Page {
  @Override
  public Answer serve(String method, String path, Map<String, List<String>> params) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    ThreadInfo[] all = threads.dumpAllThreads(threads.isObjectMonitorUsageSupported(),
        threads.isSynchronizerUsageSupported());
    Arrays.sort(all, Comparator.comparing(ThreadInfo::getThreadName));
    StringBuilder b = new StringBuilder();
    b.append(all.length).append(" threads at ").append(java.time.Instant.now()).append("\n\n");
    for (ThreadInfo t : all) {
      b.append('"').append(t.getThreadName()).append("\" #").append(t.getThreadId())
          .append(t.isDaemon() ? " daemon" : "").append(" prio=").append(t.getPriority())
          .append("\n   java.lang.Thread.State: ").append(t.getThreadState());
      if (t.getLockName() != null) {
        b.append(" on ").append(t.getLockName());
      }
      if (t.getLockOwnerName() != null) {
        b.append(" owned by \"").append(t.getLockOwnerName()).append('"');
      }
      b.append('\n');
      for (StackTraceElement e : t.getStackTrace()) {
        b.append("\tat ").append(e).append('\n');
      }
      b.append('\n');
    }
    return Answer.ok("text/plain; charset=utf-8", b.toString());
  }
}
