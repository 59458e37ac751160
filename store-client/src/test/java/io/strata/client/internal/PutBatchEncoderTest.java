package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Delete;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.common.proto.ClientProtos.PutBatchRegionProto;
import io.strata.common.proto.ClientProtos.PutBatchRequest;
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
 * A batch of plain puts is encoded as the generated builders encode its PutBatchRequest, with
 * the cells a Multi of the same puts would carry, and only such batches fit.
 */
class PutBatchEncoderTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final Durability[] DURABILITIES = Durability.values();

  @Test
  void everyBatchIsEncodedAsTheBuildersEncodeIt() throws IOException {
    Random random = new Random(11);
    for (int round = 0; round < 300; round++) {
      int regionCount = 1 + random.nextInt(4);
      List<BatchCaller.Action> actions = new ArrayList<>();
      List<MultiRequestEncoder.Region> regions = new ArrayList<>();
      PutBatchRequest.Builder expected = PutBatchRequest.newBuilder();
      for (int r = 0; r < regionCount; r++) {
        Durability d = DURABILITIES[random.nextInt(DURABILITIES.length)];
        String name = r == 3 ? "" : "region" + r + "é";
        PutBatchRegionProto.Builder region = PutBatchRegionProto.newBuilder()
            .setRegion(RegionSpecifierProto.newBuilder().setEncodedName(name))
            .setDurability(OperationProtos.toProto(d));
        List<Integer> ids = new ArrayList<>();
        int n = 1 + random.nextInt(300); // indexes past 127 take two bytes
        for (int k = 0; k < n; k++) {
          byte[] row = new byte[1 + random.nextInt(30)];
          random.nextBytes(row);
          Put put = new Put(row).setDurability(d);
          int cells = 1 + random.nextInt(3);
          for (int c = 0; c < cells; c++) {
            put.addColumn(random.nextBoolean() ? CF : Bytes.toBytes("g"),
                Bytes.toBytes("q" + c), Bytes.toBytes(random.nextLong()));
          }
          ids.add(actions.size());
          region.addIndexes(actions.size()).addCellCounts(put.size());
          actions.add(BatchCaller.Action.mutation(put));
        }
        assertTrue(PutBatchEncoder.fitsAll(ids, actions));
        regions.add(new MultiRequestEncoder.Region(name, ids));
        expected.addRegions(region);
      }
      CellBlock.Writer multiCells = OperationProtos.cellWriter(0);
      new MultiRequestEncoder(regions, actions, multiCells, true);
      CellBlock.Writer cells = OperationProtos.cellWriter(0);
      PutBatchEncoder encoder = new PutBatchEncoder(regions, actions, cells);
      byte[] bytes = expected.build().toByteArray();
      assertEquals(bytes.length, encoder.serializedSize(), "round " + round);
      assertArrayEquals(bytes, ParamBytes.of(encoder), "round " + round);
      assertArrayEquals(multiCells.toBytes(), cells.toBytes(), "round " + round);
    }
  }

  @Test
  void onlyPlainPutsOfOneDurabilityFit() {
    byte[] row = Bytes.toBytes("r");
    Put plain = new Put(row).addColumn(CF, CF, CF);
    Put synced = new Put(row).addColumn(CF, CF, CF);
    synced.setDurability(Durability.SYNC_WAL);
    Put withTtl = new Put(row).addColumn(CF, CF, CF);
    withTtl.setTTL(1000);
    Put withAttribute = new Put(row).addColumn(CF, CF, CF);
    withAttribute.setAttribute("a", CF);
    List<Mutation> ms = List.of(plain, synced, withTtl, withAttribute, new Put(row),
        new Delete(row), new Put(row).addColumn(CF, CF, CF));
    List<BatchCaller.Action> actions = new ArrayList<>();
    ms.forEach(m -> actions.add(BatchCaller.Action.mutation(m)));
    assertTrue(PutBatchEncoder.fitsAll(List.of(0, 6), actions));
    assertTrue(PutBatchEncoder.fitsAll(List.of(1), actions));
    assertTrue(PutBatchEncoder.fitsAll(List.of(), actions));
    assertFalse(PutBatchEncoder.fitsAll(List.of(0, 1), actions), "two durabilities");
    assertFalse(PutBatchEncoder.fitsAll(List.of(2), actions), "a TTL");
    assertFalse(PutBatchEncoder.fitsAll(List.of(3), actions), "an attribute");
    assertFalse(PutBatchEncoder.fitsAll(List.of(4), actions), "no column");
    assertFalse(PutBatchEncoder.fitsAll(List.of(5), actions), "a delete");
  }
}
