package io.strata.shell.perf;

/**
 * A busy program for the suite's crowded rows: {@code threads} threads that compute without
 * pause and never yield, as another program's work on a shared machine does. Ends when its
 * standard input closes (the suite that started it ended, however it ended), or after {@code
 * seconds} at the latest.
 */
public final class BusyLoop {
  private BusyLoop() {}

  public static void main(String[] args) throws InterruptedException {
    Thread watcher = new Thread(() -> {
      try {
        while (System.in.read() >= 0) {
          // nothing is sent; only the end matters
        }
      } catch (java.io.IOException e) {
        // ends as at the end of input
      }
      System.exit(0);
    }, "busy-until-input-ends");
    watcher.setDaemon(true);
    watcher.start();
    int threads = Integer.parseInt(args[0]);
    long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L;
    Thread[] busy = new Thread[threads];
    for (int i = 0; i < threads; i++) {
      busy[i] = new Thread(() -> {
        long x = 1;
        while (System.nanoTime() < end) {
          for (int j = 0; j < 100_000; j++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
          }
        }
        if (x == 42) { // keeps the loop from being compiled away
          System.out.println(x);
        }
      }, "busy-" + i);
      busy[i].start();
    }
    for (Thread t : busy) {
      t.join();
    }
  }
}
