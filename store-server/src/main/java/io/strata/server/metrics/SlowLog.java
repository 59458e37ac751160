package io.strata.server.metrics;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The slow and large calls a server answered last, as HBase 2.4's slow log keeps them: a call
 * that took longer than a threshold (strata.regionserver.slowlog.threshold) or whose request or
 * answer was larger than another (strata.regionserver.slowlog.size.threshold) is kept with its
 * parameter, client, user and the time of each phase, in a ring of the last {@code capacity}.
 * Only such calls reach the ring's lock; the test of every other call is two comparisons.
 */
public final class SlowLog {
  /** The longest parameter text kept: a call's parameter may be a whole batch. */
  static final int MAX_PARAM_CHARS = 1024;

  /**
   * One kept call.
   *
   * @param startMillis when it was read, milliseconds since the epoch
   * @param regionName the encoded name of the region it named, or ""
   * @param tableName that region's table, or ""
   * @param slow whether it took longer than the time threshold
   * @param large whether its request or answer was larger than the size threshold
   */
  public record Entry(long startMillis, String method, long queueNanos, long processingNanos,
      long responseNanos, int requestBytes, int responseBytes, String client, String user,
      String param, String regionName, String tableName, String error, boolean slow,
      boolean large) {}

  private final long thresholdNanos;
  private final long sizeThreshold;
  private final Entry[] ring;
  private final Function<String, String> tableOfRegion;
  private int next;
  private long added;

  /**
   * @param tableOfRegion the table of a region this server holds, by encoded name (null if
   *     unknown)
   */
  public SlowLog(long thresholdNanos, long sizeThreshold, int capacity,
      Function<String, String> tableOfRegion) {
    if (capacity < 1) {
      throw new IllegalArgumentException("a slow log holds at least one call; got " + capacity);
    }
    this.thresholdNanos = thresholdNanos;
    this.sizeThreshold = sizeThreshold;
    this.ring = new Entry[capacity];
    this.tableOfRegion = tableOfRegion;
  }

  /** Keeps the call if it was slow or large (and not a call reading the log itself). */
  void offer(String method, long queued, long processing, long response, int requestBytes,
      int responseBytes, String error, Object param, String client, String user) {
    boolean slow = queued + processing + response > thresholdNanos;
    boolean large = requestBytes > sizeThreshold || responseBytes > sizeThreshold;
    if (!slow && !large || method.equals("GetSlowLog") || method.equals("ClearSlowLog")) {
      return;
    }
    String region = regionOf(param);
    String table = region.isEmpty() ? "" : tableOfRegion.apply(region);
    long startMillis = System.currentTimeMillis()
        - (queued + processing + response) / 1_000_000;
    add(new Entry(startMillis, method, queued, processing, response, requestBytes,
        responseBytes, client, user, describe(method, param, requestBytes), region,
        table == null ? "" : table, error == null ? "" : error, slow, large));
  }

  synchronized void add(Entry e) {
    ring[next] = e;
    next = (next + 1) % ring.length;
    added++;
  }

  /** The kept calls that {@code filter} takes, newest first, at most {@code limit}. */
  public synchronized List<Entry> query(Predicate<Entry> filter, int limit) {
    List<Entry> out = new ArrayList<>();
    int n = (int) Math.min(added, ring.length);
    for (int i = 1; i <= n && out.size() < limit; i++) {
      Entry e = ring[Math.floorMod(next - i, ring.length)];
      if (filter.test(e)) {
        out.add(e);
      }
    }
    return out;
  }

  /** Forgets every kept call. */
  public synchronized void clear() {
    java.util.Arrays.fill(ring, null);
    next = 0;
    added = 0;
  }

  /** The encoded name in a parameter's {@code region} field, or "". */
  static String regionOf(Object param) {
    if (!(param instanceof Message m)) {
      return "";
    }
    FieldDescriptor f = m.getDescriptorForType().findFieldByName("region");
    if (f == null || f.getType() != FieldDescriptor.Type.MESSAGE || f.isRepeated()
        || !m.hasField(f)) {
      return "";
    }
    Message region = (Message) m.getField(f);
    FieldDescriptor name = region.getDescriptorForType().findFieldByName("encoded_name");
    return name == null ? "" : String.valueOf(region.getField(name));
  }

  static String describe(String method, Object param, int requestBytes) {
    String text = param instanceof Message m ? TextFormat.shortDebugString(m)
        : method + " of " + requestBytes + " bytes";
    return text.length() <= MAX_PARAM_CHARS ? text
        : text.substring(0, MAX_PARAM_CHARS) + "... (" + text.length() + " characters)";
  }
}
