package io.strata.common.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.proto.QuotaProtos.QuotaTargetProto;
import io.strata.common.util.Bytes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every target's row, read back; throttles stored and read back with their version. */
class QuotaLayoutTest {
  @Test
  void everyTargetHasItsRowAndBack() {
    List<QuotaTargetProto> targets = List.of(
        QuotaTargetProto.newBuilder().setUser("bob").build(),
        QuotaTargetProto.newBuilder().setTable("ns:t").build(),
        QuotaTargetProto.newBuilder().setNamespace("ns").build(),
        QuotaTargetProto.newBuilder().setUser("bob").setTable("default:t").build(),
        QuotaTargetProto.newBuilder().setUser("bob").setNamespace("ns").build(),
        QuotaTargetProto.newBuilder().setRegionServers(true).build());
    List<String> rows = List.of("u.bob", "t.ns:t", "n.ns", "u.bob|t.default:t", "u.bob|n.ns",
        "rs.all");
    for (int i = 0; i < targets.size(); i++) {
      assertEquals(rows.get(i), Bytes.toString(QuotaLayout.row(targets.get(i))));
      assertEquals(targets.get(i), QuotaLayout.target(QuotaLayout.row(targets.get(i))));
    }
    assertEquals("strata:quota row 'x.y' names no quota target", assertThrows(
        IllegalArgumentException.class, () -> QuotaLayout.target(Bytes.toBytes("x.y")))
        .getMessage());
  }

  @Test
  void aThrottleIsStoredWithItsVersion() {
    ThrottleLimit l = ThrottleLimit.parse("10M/min");
    assertEquals(l, QuotaLayout.limit(QuotaLayout.toProto(ThrottleType.READ_SIZE, l,
        "CLUSTER")));
    assertEquals("throttle record version 2 is not known to this version (which reads 1)",
        assertThrows(IllegalArgumentException.class, () -> QuotaLayout.limit(QuotaLayout
            .toProto(ThrottleType.READ_SIZE, l, "CLUSTER").toBuilder().setVersion(2).build()))
            .getMessage());
  }
}
