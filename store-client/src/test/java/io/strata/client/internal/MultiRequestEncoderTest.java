package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.client.Append;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.common.proto.ClientProtos.ActionProto;
import io.strata.common.proto.ClientProtos.MultiRequest;
import io.strata.common.proto.ClientProtos.RegionActionProto;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The encoder writes the bytes the generated builders write, and the same cell block, for
 * batches of every kind of action spread over regions in any order.
 */
class MultiRequestEncoderTest {
  private static final byte[] CF = Bytes.toBytes("f");

  /** The request as BatchCaller built it before the encoder. */
  private static MultiRequest built(List<MultiRequestEncoder.Region> regions,
      List<BatchCaller.Action> actions, CellBlock.Writer cells, boolean asIndexes) {
    MultiRequest.Builder req = MultiRequest.newBuilder().setSucceededAsIndexes(asIndexes);
    for (MultiRequestEncoder.Region r : regions) {
      RegionActionProto.Builder ra = RegionActionProto.newBuilder().setRegion(
          RegionSpecifierProto.newBuilder().setEncodedName(r.encodedName()));
      for (int i : r.actions()) {
        BatchCaller.Action a = actions.get(i);
        ActionProto.Builder ap = ActionProto.newBuilder().setIndex(i);
        if (a.get() != null) {
          ap.setGet(a.get());
        } else {
          ap.setMutation(OperationProtos.toProto(a.mutation(), cells));
        }
        ra.addActions(ap);
      }
      req.addRegionActions(ra);
    }
    return req.build();
  }

  /** A random put, delete, increment or append of {@code row}, or null for a get. */
  static Mutation randomMutation(Random random, byte[] row) {
    Durability[] durabilities = Durability.values();
    switch (random.nextInt(9)) {
      case 0, 1, 2, 3 -> {
        Put p = new Put(row);
        for (int c = 0, n = 1 + random.nextInt(3); c < n; c++) {
          byte[] value = new byte[random.nextInt(40)];
          random.nextBytes(value);
          p.addColumn(random.nextBoolean() ? CF : Bytes.toBytes("g"), Bytes.toBytes("q" + c),
              value);
        }
        p.setDurability(durabilities[random.nextInt(durabilities.length)]);
        if (random.nextInt(5) == 0) {
          p.setAttribute("a" + random.nextInt(3), Bytes.toBytes(random.nextInt()));
        }
        if (random.nextInt(5) == 0) {
          p.setTTL(1 + random.nextInt(100_000));
        }
        return p;
      }
      case 4, 5 -> {
        Delete d = random.nextBoolean() ? new Delete(row) : new Delete(row, 1 + random.nextInt(99));
        if (random.nextBoolean()) {
          d.addColumn(CF, Bytes.toBytes("q"));
        }
        if (random.nextInt(4) == 0) {
          d.addFamily(CF, 7);
        }
        d.setDurability(durabilities[random.nextInt(durabilities.length)]);
        if (random.nextInt(5) == 0) {
          d.setAttribute("b", Bytes.toBytes("x"));
        }
        return d;
      }
      case 6 -> {
        Increment inc = new Increment(row).addColumn(CF, Bytes.toBytes("n"),
            random.nextInt(9) - 4);
        inc.setReturnResults(random.nextBoolean());
        inc.setDurability(durabilities[random.nextInt(durabilities.length)]);
        if (random.nextInt(5) == 0) {
          inc.setTimeRange(random.nextInt(10), 10 + random.nextInt(10));
        }
        if (random.nextInt(5) == 0) {
          inc.setTTL(1 + random.nextInt(100_000));
        }
        return inc;
      }
      case 7 -> {
        Append app = new Append(row).addColumn(CF, Bytes.toBytes("s"), Bytes.toBytes("+"));
        app.setReturnResults(random.nextBoolean());
        app.setDurability(durabilities[random.nextInt(durabilities.length)]);
        if (random.nextInt(5) == 0) {
          app.setTimeRange(random.nextInt(10), 10 + random.nextInt(10));
        }
        if (random.nextInt(5) == 0) {
          app.setAttribute("c", Bytes.toBytes("y"));
        }
        return app;
      }
      default -> {
        return null; // a get
      }
    }
  }

  @Test
  void everyBatchIsEncodedAsTheBuildersEncodeIt() throws IOException {
    Random random = new Random(7);
    for (int round = 0; round < 300; round++) {
      int n = 1 + random.nextInt(40);
      List<BatchCaller.Action> actions = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        byte[] row = new byte[1 + random.nextInt(30)];
        random.nextBytes(row);
        Mutation m = randomMutation(random, row);
        actions.add(m == null ? BatchCaller.Action.get(row, OperationProtos.toProto(new Get(row)
            .addFamily(CF))) : BatchCaller.Action.mutation(m));
      }
      // Actions spread over up to four regions (one with an empty name), out of order.
      int regionCount = 1 + random.nextInt(4);
      List<List<Integer>> byRegion = new ArrayList<>();
      for (int r = 0; r < regionCount; r++) {
        byRegion.add(new ArrayList<>());
      }
      for (int i = 0; i < n; i++) {
        byRegion.get(random.nextInt(regionCount)).add(i);
      }
      List<MultiRequestEncoder.Region> regions = new ArrayList<>();
      for (int r = 0; r < regionCount; r++) {
        if (!byRegion.get(r).isEmpty()) {
          regions.add(new MultiRequestEncoder.Region(r == 3 ? "" : "region" + r + "é",
              byRegion.get(r)));
        }
      }
      boolean asIndexes = random.nextBoolean();

      CellBlock.Writer expectedCells = OperationProtos.cellWriter(0);
      byte[] expected = built(regions, actions, expectedCells, asIndexes).toByteArray();
      CellBlock.Writer cells = OperationProtos.cellWriter(0);
      MultiRequestEncoder encoder = new MultiRequestEncoder(regions, actions, cells, asIndexes);
      assertEquals(expected.length, encoder.serializedSize(), "round " + round);
      assertArrayEquals(expected, ParamBytes.of(encoder), "round " + round);
      assertArrayEquals(ParamBytes.of(encoder), ParamBytes.of(encoder),
          "written again, the same");
      assertArrayEquals(expectedCells.toBytes(), cells.toBytes(), "round " + round);
    }
  }

  @Test
  void aPutWithoutColumnsIsRefusedAsTheBuilderRefusesIt() {
    List<BatchCaller.Action> actions = List.of(
        BatchCaller.Action.mutation(new Put(Bytes.toBytes("r"))));
    List<MultiRequestEncoder.Region> regions = List.of(
        new MultiRequestEncoder.Region("r1", List.of(0)));
    IllegalArgumentException built = assertThrows(IllegalArgumentException.class,
        () -> built(regions, actions, OperationProtos.cellWriter(0), true));
    IllegalArgumentException encoded = assertThrows(IllegalArgumentException.class,
        () -> new MultiRequestEncoder(regions, actions, OperationProtos.cellWriter(0), true));
    assertEquals(built.getMessage(), encoded.getMessage());
  }
}
