package io.strata.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SlowLogUnitTest {
  private static final long MS = 1_000_000;

  @Test
  void keepsOnlySlowOrLargeCallsNewestFirstWithinItsCapacity() {
    SlowLog log = new SlowLog(100 * MS, 1000, 3, Map.of("r1", "t1")::get);
    GetRequest get = GetRequest.newBuilder()
        .setRegion(RegionSpecifierProto.newBuilder().setEncodedName("r1")).build();
    log.offer("get", 0, 99 * MS, 0, 10, 10, null, get, "h:1", "u"); // fast, small: not kept
    log.offer("get", 50 * MS, 40 * MS, 20 * MS, 10, 10, null, get, "h:1", "u"); // 110 ms
    log.offer("put", 0, 1 * MS, 0, 5000, 10, "THROTTLED", null, "h:2", "v"); // large
    log.offer("GetSlowLog", 0, 500 * MS, 0, 10, 10, null, null, "h:3", "w"); // never kept

    List<SlowLog.Entry> all = log.query(e -> true, 10);
    assertEquals(List.of("put", "get"), all.stream().map(SlowLog.Entry::method).toList());
    SlowLog.Entry slowGet = all.get(1);
    assertTrue(slowGet.slow());
    assertFalse(slowGet.large());
    assertEquals("r1", slowGet.regionName());
    assertEquals("t1", slowGet.tableName());
    assertEquals("region { encoded_name: \"r1\" }", slowGet.param());
    assertEquals(50 * MS, slowGet.queueNanos());
    SlowLog.Entry bigPut = all.get(0);
    assertTrue(bigPut.large());
    assertFalse(bigPut.slow());
    assertEquals("put of 5000 bytes", bigPut.param());
    assertEquals("THROTTLED", bigPut.error());

    for (int i = 0; i < 5; i++) {
      log.offer("op" + i, 0, 200 * MS, 0, 1, 1, null, null, "h", "u");
    }
    assertEquals(List.of("op4", "op3", "op2"), log.query(e -> true, 10).stream()
        .map(SlowLog.Entry::method).toList());
    assertEquals(List.of("op4"), log.query(e -> true, 1).stream()
        .map(SlowLog.Entry::method).toList());
    log.clear();
    assertEquals(List.of(), log.query(e -> true, 10));
  }

  @Test
  void longParametersAreCut() {
    String text = SlowLog.describe("multi", GetRequest.newBuilder().setRegion(
        RegionSpecifierProto.newBuilder().setEncodedName("x".repeat(3000))).build(), 10);
    assertTrue(text.length() < SlowLog.MAX_PARAM_CHARS + 40, text);
    assertTrue(text.endsWith("characters)"), text);
  }
}
