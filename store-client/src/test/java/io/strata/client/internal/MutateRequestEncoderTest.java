package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Delete;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.common.proto.ClientProtos.MutateRequest;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.RpcParam;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MutateRequestEncoderTest {
  private static final String[] REGIONS = {"", "5f1e2d", "région"};

  /** The request as AsyncTableImpl built it before the encoder. */
  private static byte[] built(String region, List<Mutation> ms, CellBlock.Writer cells) {
    MutateRequest.Builder b = MutateRequest.newBuilder();
    for (Mutation m : ms) {
      b.addMutations(OperationProtos.toProto(m, cells));
    }
    return b.setRegion(RegionSpecifierProto.newBuilder().setEncodedName(region)).build()
        .toByteArray();
  }

  @Test
  void everyPlainRequestIsEncodedAsTheBuildersEncodeIt() throws IOException {
    Random random = new Random(20261126);
    int encoded = 0;
    for (int round = 0; round < 2_000; round++) {
      List<Mutation> ms = new ArrayList<>();
      byte[] row = new byte[1 + random.nextInt(30)];
      random.nextBytes(row);
      for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
        Mutation m = MultiRequestEncoderTest.randomMutation(random, row);
        ms.add(m != null ? m : new Delete(row));
      }
      if (!MutateRequestEncoder.handles(ms)) {
        continue;
      }
      encoded++;
      String region = REGIONS[random.nextInt(REGIONS.length)];
      CellBlock.Writer expectedCells = OperationProtos.cellWriter(ms);
      byte[] expected = built(region, ms, expectedCells);
      CellBlock.Writer cells = OperationProtos.cellWriter(ms);
      RpcParam p = new MutateRequestEncoder(ms, cells).forRegion(region);
      assertEquals(expected.length, p.serializedSize(), "round " + round);
      assertArrayEquals(expected, ParamBytes.of(p), "round " + round);
      assertArrayEquals(expected, ParamBytes.of(p), "written again, the same");
      assertArrayEquals(expectedCells.toBytes(), cells.toBytes(), "round " + round);
    }
    assertTrue(encoded > 900, encoded + " of 2,000 requests encoded");
  }

  @Test
  void onlyPlainMutationsAreEncoded() {
    byte[] row = Bytes.toBytes("r");
    byte[] cf = Bytes.toBytes("f");
    Put put = new Put(row).addColumn(cf, Bytes.toBytes("q"), Bytes.toBytes("v"));
    assertTrue(MutateRequestEncoder.handles(List.of(put, new Delete(row),
        new Increment(row).addColumn(cf, cf, 1).setReturnResults(false))));
    assertFalse(MutateRequestEncoder.handles(List.of(put,
        new Put(row).addColumn(cf, cf, cf).setAttribute("a", cf))));
    assertFalse(MutateRequestEncoder.handles(List.of(new Put(row).addColumn(cf, cf, cf)
        .setTTL(5))));
    assertFalse(MutateRequestEncoder.handles(List.of(new Delete(row, 7))),
        "a whole row's delete up to a time carries the time");
    assertFalse(MutateRequestEncoder.handles(List.of(new Increment(row).addColumn(cf, cf, 1)
        .setTimeRange(1, 2))));
  }

  @Test
  void aPutWithoutColumnsIsRefusedAsTheBuilderRefusesIt() {
    List<Mutation> ms = List.of(new Put(Bytes.toBytes("r")));
    IllegalArgumentException built = assertThrows(IllegalArgumentException.class,
        () -> built("r1", ms, OperationProtos.cellWriter(ms)));
    IllegalArgumentException encoded = assertThrows(IllegalArgumentException.class,
        () -> new MutateRequestEncoder(ms, OperationProtos.cellWriter(ms)));
    assertEquals(built.getMessage(), encoded.getMessage());
  }
}
