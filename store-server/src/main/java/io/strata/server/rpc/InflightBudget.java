package io.strata.server.rpc;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of requests one RPC server holds at once, all its connections together
 * ({@code strata.rpc.max.inflight.bytes}). A request takes its share when its length arrives,
 * before any array is sized from that length, and gives it back once answered (or abandoned):
 * so clients that declare large requests and send them slowly, or many at once, cannot make the
 * server hold more than the budget. Thread-safe: network threads take, handlers give back.
 */
final class InflightBudget {
  private final long capacity;
  private final AtomicLong held = new AtomicLong();

  InflightBudget(long capacity) {
    this.capacity = capacity;
  }

  /** The budget for a heap of {@code maxHeap} bytes when configured as {@code configured}. */
  static long capacity(long configured, long maxHeap) {
    return configured > 0 ? configured : maxHeap / 10;
  }

  /** Takes {@code bytes} if they fit, or regardless when {@code always}; else false. */
  boolean take(long bytes, boolean always) {
    if (always) {
      held.addAndGet(bytes);
      return true;
    }
    long h;
    do {
      h = held.get();
      if (h + bytes > capacity) {
        return false;
      }
    } while (!held.compareAndSet(h, h + bytes));
    return true;
  }

  void give(long bytes) {
    held.addAndGet(-bytes);
  }

  long held() {
    return held.get();
  }

  long capacity() {
    return capacity;
  }
}
