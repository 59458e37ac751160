package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Get;
import io.strata.common.filter.PrefixFilter;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The encoder writes the bytes the generated builders write, for every kind of get it takes. */
class GetRequestEncoderTest {
  private static byte[] bytes(Random rnd, int min, int max) {
    byte[] b = new byte[min + rnd.nextInt(max - min + 1)];
    rnd.nextBytes(b);
    return b;
  }

  private static Get randomGet(Random rnd) {
    Get g = new Get(bytes(rnd, 1, 30));
    for (int f = rnd.nextInt(4); f > 0; f--) {
      byte[] family = bytes(rnd, 1, 6);
      if (rnd.nextBoolean()) {
        g.addFamily(family);
      } else {
        for (int q = 1 + rnd.nextInt(3); q > 0; q--) {
          g.addColumn(family, bytes(rnd, 0, 12));
        }
      }
    }
    switch (rnd.nextInt(4)) {
      case 0 -> g.setTimestamp(rnd.nextLong() & (Long.MAX_VALUE >> 1));
      case 1 -> {
        long min = rnd.nextInt(2) == 0 ? 0 : rnd.nextLong() & (Long.MAX_VALUE >> 2);
        g.setTimeRange(min, min + 1 + (rnd.nextLong() & (Long.MAX_VALUE >> 2)));
      }
      case 2 -> g.setTimeRange(rnd.nextInt(1000), Long.MAX_VALUE);
      default -> { } // all time
    }
    if (rnd.nextBoolean()) {
      g.readVersions(1 + rnd.nextInt(300));
    } else if (rnd.nextInt(5) == 0) {
      g.readAllVersions();
    }
    g.setCacheBlocks(rnd.nextBoolean());
    g.setCheckExistenceOnly(rnd.nextInt(4) == 0);
    return g;
  }

  @Test
  void writesWhatTheBuildersWriteForRandomGets() throws IOException {
    Random rnd = new Random(20261126L);
    for (int i = 0; i < 2000; i++) {
      Get g = randomGet(rnd);
      assertTrue(GetRequestEncoder.handles(g));
      String region = rnd.nextInt(10) == 0 ? "" : Bytes.toHex(bytes(rnd, 1, 16));
      boolean exists = g.isCheckExistenceOnly() || rnd.nextInt(4) == 0;
      GetProto proto = OperationProtos.toProto(g);
      if (exists) {
        proto = proto.toBuilder().setExistenceOnly(true).build();
      }
      byte[] built = GetRequest.newBuilder()
          .setRegion(RegionSpecifierProto.newBuilder().setEncodedName(region))
          .setGet(proto).build().toByteArray();
      GetRequestEncoder encoder = new GetRequestEncoder(g, exists);
      assertArrayEquals(built, ParamBytes.of(encoder.forRegion(region)), g + " to " + region);
      // A later attempt at another region writes the same get.
      assertArrayEquals(GetRequest.newBuilder()
          .setRegion(RegionSpecifierProto.newBuilder().setEncodedName("other"))
          .setGet(proto).build().toByteArray(), ParamBytes.of(encoder.forRegion("other")));
    }
  }

  /** The get as it was when it was asked for, as the message took it. */
  @Test
  void takesTheGetAsItWasWhenMade() throws IOException {
    Get g = new Get(Bytes.toBytes("r")).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"));
    byte[] before = GetRequest.newBuilder()
        .setRegion(RegionSpecifierProto.newBuilder().setEncodedName("abc"))
        .setGet(OperationProtos.toProto(g)).build().toByteArray();
    GetRequestEncoder encoder = new GetRequestEncoder(g, false);
    g.addColumn(Bytes.toBytes("g"), Bytes.toBytes("x")).readVersions(7).setTimestamp(5);
    assertArrayEquals(before, ParamBytes.of(encoder.forRegion("abc")));
  }

  @Test
  void leavesFiltersAttributesAndFamilyTimeRangesToTheBuilders() {
    assertFalse(GetRequestEncoder.handles(new Get(Bytes.toBytes("r"))
        .setFilter(new PrefixFilter(Bytes.toBytes("r")))));
    assertFalse(GetRequestEncoder.handles(new Get(Bytes.toBytes("r"))
        .setAttribute("a", Bytes.toBytes("v"))));
    assertFalse(GetRequestEncoder.handles(new Get(Bytes.toBytes("r"))
        .setColumnFamilyTimeRange(Bytes.toBytes("f"), 1, 2)));
  }
}
