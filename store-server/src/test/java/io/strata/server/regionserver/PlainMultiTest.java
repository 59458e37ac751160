package io.strata.server.regionserver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import io.strata.common.proto.ClientProtos.ActionProto;
import io.strata.common.proto.ClientProtos.DurabilityProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MultiRequest;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.RegionActionProto;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PlainMultiTest {
  private static final DurabilityProto[] DURABILITIES = {DurabilityProto.USE_DEFAULT,
      DurabilityProto.SKIP_WAL, DurabilityProto.ASYNC_WAL, DurabilityProto.SYNC_WAL,
      DurabilityProto.FSYNC_WAL};

  /** Random requests, some changed byte by byte: read as the generated parser reads, or not. */
  @Test
  void readsWhatTheGeneratedParserReadsOrLeavesItToIt() {
    Random rand = new Random(23);
    int read = 0;
    int declined = 0;
    for (int round = 0; round < 3000; round++) {
      boolean[] plain = {true};
      MultiRequest req = request(rand, plain);
      byte[] bytes = req.toByteArray();
      boolean changed = rand.nextInt(3) == 0;
      if (changed) {
        bytes = change(rand, bytes);
      }
      PlainMulti p;
      try {
        p = PlainMulti.read(bytes);
      } catch (InvalidProtocolBufferException e) {
        p = null;
      }
      MultiRequest parsed;
      try {
        parsed = MultiRequest.parseFrom(bytes);
      } catch (InvalidProtocolBufferException e) {
        parsed = null;
      }
      if (!changed && plain[0]) {
        assertNotNull(p, "a batch of plain puts and deletes, round " + round);
      }
      if (p == null) {
        declined++;
        continue;
      }
      read++;
      assertNotNull(parsed, "read what the generated parser refuses, round " + round);
      assertSame(parsed, p, round);
    }
    assertTrue(read > 1000 && declined > 500, read + " read, " + declined + " declined");
  }

  @Test
  void anIndexAfterItsMutationIsTheActionsIndex() throws IOException {
    byte[] action = fields(out -> {
      out.writeByteArray(2, plainPut(ByteString.copyFromUtf8("row"), 2).toByteArray());
      out.writeUInt32(1, 7); // the builder writes the index first
    });
    byte[] bytes = request(action, "r1");
    PlainMulti p = PlainMulti.read(bytes);
    assertEquals(7, p.regions().get(0).actions().get(0).index());
    assertSame(MultiRequest.parseFrom(bytes), p, -1);
  }

  @Test
  void aMessageGivenTwiceIsLeftToTheGeneratedParser() throws IOException {
    // Protobuf merges a message field given twice, as the generated parser does.
    byte[] action = fields(out -> {
      out.writeByteArray(2, plainPut(ByteString.copyFromUtf8("row"), 1).toByteArray());
      out.writeByteArray(2, MutationProto.newBuilder().setCellCount(3).build().toByteArray());
    });
    byte[] bytes = request(action, null);
    assertNull(PlainMulti.read(bytes));
    assertEquals(3, MultiRequest.parseFrom(bytes).getRegionActions(0).getActions(0)
        .getMutation().getCellCount());
    byte[] merged = MultiRequest.parseFrom(bytes).toByteArray(); // one mutation now
    assertEquals(3, PlainMulti.read(merged).regions().get(0).actions().get(0).cellCount());
  }

  private interface Fields {
    void write(CodedOutputStream out) throws IOException;
  }

  /** A message's bytes, its fields written by hand. */
  private static byte[] fields(Fields fields) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    fields.write(out);
    out.flush();
    return bytes.toByteArray();
  }

  /** A MultiRequest of one region (named, unless null) holding the action's bytes as they are. */
  private static byte[] request(byte[] action, String region) throws IOException {
    byte[] regionAction = fields(out -> {
      if (region != null) {
        out.writeMessage(1, RegionSpecifierProto.newBuilder().setEncodedName(region).build());
      }
      out.writeByteArray(2, action);
    });
    return fields(out -> out.writeByteArray(1, regionAction));
  }

  private static void assertSame(MultiRequest parsed, PlainMulti p, int round) {
    String at = "round " + round;
    assertEquals(parsed.getSucceededAsIndexes(), p.succeededAsIndexes(), at);
    assertEquals(parsed.getRegionActionsCount(), p.regions().size(), at);
    for (int r = 0; r < p.regions().size(); r++) {
      RegionActionProto ra = parsed.getRegionActions(r);
      PlainMulti.Region region = p.regions().get(r);
      assertEquals(ra.getRegion().getEncodedName(), region.encodedName(), at);
      assertEquals(ra.getActionsCount(), region.actions().size(), at);
      for (int i = 0; i < region.actions().size(); i++) {
        ActionProto a = ra.getActions(i);
        PlainMulti.Action mine = region.actions().get(i);
        MutationProto m = a.getMutation();
        assertTrue(a.hasMutation() && !a.hasGet(), at);
        assertEquals(a.getIndex(), mine.index(), at);
        assertArrayEquals(m.getRow().toByteArray(), mine.row(), at);
        assertEquals(m.getType(), mine.type(), at);
        assertEquals(m.getDurability(), mine.durability(), at);
        assertEquals(m.getCellCount(), mine.cellCount(), at);
        // Nothing else: what a plain edit leaves out is unset.
        assertEquals(MutationProto.newBuilder().setRow(m.getRow()).setType(m.getType())
            .setDurability(m.getDurability()).setCellCount(m.getCellCount()).build(), m, at);
        assertTrue(a.getUnknownFields().asMap().isEmpty() && m.getUnknownFields().asMap()
            .isEmpty() && ra.getUnknownFields().asMap().isEmpty(), at);
      }
    }
    assertTrue(parsed.getUnknownFields().asMap().isEmpty(), "round " + round);
  }

  /** A request; {@code plain[0]} falls to false when an action is not a plain put or delete. */
  private static MultiRequest request(Random rand, boolean[] plain) {
    MultiRequest.Builder b = MultiRequest.newBuilder().setSucceededAsIndexes(rand.nextBoolean());
    int regions = rand.nextInt(4);
    int index = 0;
    boolean onlyPlain = rand.nextBoolean(); // as a write buffer's batches are
    for (int r = 0; r < regions; r++) {
      RegionActionProto.Builder ra = RegionActionProto.newBuilder();
      if (rand.nextInt(8) != 0) {
        String[] names = {"", "d41d8cd98f00b204e9800998ecf8427e", "région-ü", "r" + r};
        ra.setRegion(RegionSpecifierProto.newBuilder()
            .setEncodedName(names[rand.nextInt(names.length)]));
      }
      int actions = rand.nextInt(12);
      for (int i = 0; i < actions; i++) {
        ActionProto.Builder a = ActionProto.newBuilder().setIndex(index++);
        byte[] row = new byte[rand.nextInt(4) == 0 ? 0 : 1 + rand.nextInt(40)];
        rand.nextBytes(row);
        MutationProto.Builder m = MutationProto.newBuilder().setRow(ByteString.copyFrom(row))
            .setType(rand.nextInt(3) == 0 ? MutationProto.Type.DELETE : MutationProto.Type.PUT)
            .setDurability(DURABILITIES[rand.nextInt(DURABILITIES.length)])
            .setCellCount(rand.nextInt(10) == 0 ? rand.nextInt() : rand.nextInt(5));
        switch (onlyPlain ? -1 : rand.nextInt(14)) {
          case 0 -> m.setType(rand.nextBoolean() ? MutationProto.Type.INCREMENT
              : MutationProto.Type.APPEND);
          case 1 -> m.setTtl(1 + rand.nextInt(1000));
          case 2 -> m.setTimestamp(rand.nextInt(1000));
          case 3 -> m.putAttributes("a", ByteString.copyFromUtf8("v"));
          case 4 -> m.setSkipResults(true);
          case 5 -> {
            a.setGet(GetProto.newBuilder().setRow(ByteString.copyFrom(row)));
            m = null;
          }
          case 6 -> m = null; // neither a get nor a mutation
          default -> { }
        }
        if (m != null) {
          a.setMutation(m);
        }
        if (m == null || !isPlain(m)) {
          plain[0] = false;
        }
        ra.addActions(a);
      }
      b.addRegionActions(ra);
    }
    return b.build();
  }

  private static boolean isPlain(MutationProto.Builder m) {
    return (m.getType() == MutationProto.Type.PUT || m.getType() == MutationProto.Type.DELETE)
        && !m.hasTtl() && !m.hasTimestamp() && m.getAttributesCount() == 0 && !m.getSkipResults();
  }

  private static MutationProto plainPut(ByteString row, int cells) {
    return MutationProto.newBuilder().setRow(row).setCellCount(cells).build();
  }

  /** One byte flipped, the end cut off, or an unknown field appended. */
  private static byte[] change(Random rand, byte[] bytes) {
    switch (rand.nextInt(3)) {
      case 0 -> {
        if (bytes.length > 0) {
          byte[] c = bytes.clone();
          c[rand.nextInt(c.length)] ^= (byte) (1 << rand.nextInt(8));
          return c;
        }
        return bytes;
      }
      case 1 -> {
        return Arrays.copyOf(bytes, bytes.length == 0 ? 0 : rand.nextInt(bytes.length));
      }
      default -> {
        byte[] c = Arrays.copyOf(bytes, bytes.length + 2);
        c[bytes.length] = (byte) (15 << 3); // field 15, a varint
        c[bytes.length + 1] = 1;
        return c;
      }
    }
  }

  /** A PutBatchRequest as the generated builders write it: read back exactly. */
  @Test
  void readsEveryPutBatchTheBuildersWrite() throws IOException {
    Random rand = new Random(29);
    for (int round = 0; round < 500; round++) {
      io.strata.common.proto.ClientProtos.PutBatchRequest.Builder req =
          io.strata.common.proto.ClientProtos.PutBatchRequest.newBuilder();
      int regions = rand.nextInt(4);
      for (int r = 0; r < regions; r++) {
        io.strata.common.proto.ClientProtos.PutBatchRegionProto.Builder region =
            io.strata.common.proto.ClientProtos.PutBatchRegionProto.newBuilder()
                .setRegion(RegionSpecifierProto.newBuilder().setEncodedName("region" + r))
                .setDurability(DURABILITIES[rand.nextInt(DURABILITIES.length)]);
        int n = rand.nextInt(400);
        for (int k = 0; k < n; k++) {
          region.addIndexes(rand.nextInt(100_000)).addCellCounts(1 + rand.nextInt(200));
        }
        req.addRegions(region);
      }
      io.strata.common.proto.ClientProtos.PutBatchRequest built = req.build();
      PlainMulti p = PlainMulti.readPutBatch(built.toByteArray());
      assertTrue(p.succeededAsIndexes());
      assertEquals(built.getRegionsCount(), p.regions().size());
      for (int r = 0; r < regions; r++) {
        var expected = built.getRegions(r);
        PlainMulti.Region got = p.regions().get(r);
        assertEquals(expected.getRegion().getEncodedName(), got.encodedName());
        assertEquals(expected.getIndexesCount(), got.actions().size());
        for (int k = 0; k < got.actions().size(); k++) {
          PlainMulti.Action a = got.actions().get(k);
          assertEquals(expected.getIndexes(k), a.index());
          assertEquals(expected.getCellCounts(k), a.cellCount());
          assertEquals(MutationProto.Type.PUT, a.type());
          assertEquals(expected.getDurability(), a.durability());
          assertNull(a.row(), "a put's row is its cells'");
        }
      }
    }
  }

  /** Unpacked repeated fields and unknown fields are read as any proto3 reader reads them. */
  @Test
  void readsAPutBatchWrittenUnpackedAndWithFieldsItDoesNotKnow() throws IOException {
    ByteArrayOutputStream region = new ByteArrayOutputStream();
    CodedOutputStream r = CodedOutputStream.newInstance(region);
    r.writeMessage(1, RegionSpecifierProto.newBuilder().setEncodedName("abc").build());
    r.writeUInt32(2, 7); // unpacked
    r.writeUInt32(3, 2);
    r.writeUInt32(2, 300);
    r.writeUInt32(3, 1);
    r.writeString(9, "a later field");
    r.writeEnum(4, DurabilityProto.SKIP_WAL.getNumber());
    r.flush();
    ByteArrayOutputStream req = new ByteArrayOutputStream();
    CodedOutputStream q = CodedOutputStream.newInstance(req);
    q.writeByteArray(1, region.toByteArray());
    q.writeUInt64(5, 42);
    q.flush();
    PlainMulti p = PlainMulti.readPutBatch(req.toByteArray());
    PlainMulti.Region got = p.regions().get(0);
    assertEquals("abc", got.encodedName());
    assertEquals(List.of(7, 300), got.actions().stream().map(PlainMulti.Action::index).toList());
    assertEquals(List.of(2, 1),
        got.actions().stream().map(PlainMulti.Action::cellCount).toList());
    assertEquals(DurabilityProto.SKIP_WAL, got.actions().get(0).durability());
  }

  @Test
  void refusesAPutBatchWhoseCountsDoNotMatchOrWhoseDurabilityItDoesNotKnow() {
    byte[] uneven = io.strata.common.proto.ClientProtos.PutBatchRequest.newBuilder()
        .addRegions(io.strata.common.proto.ClientProtos.PutBatchRegionProto.newBuilder()
            .setRegion(RegionSpecifierProto.newBuilder().setEncodedName("abc"))
            .addIndexes(0).addIndexes(1).addCellCounts(1))
        .build().toByteArray();
    InvalidProtocolBufferException e = org.junit.jupiter.api.Assertions.assertThrows(
        InvalidProtocolBufferException.class, () -> PlainMulti.readPutBatch(uneven));
    assertEquals("region 'abc' has 2 put indexes and 1 cell counts; give one cell count a put",
        e.getMessage());
    byte[] future = io.strata.common.proto.ClientProtos.PutBatchRequest.newBuilder()
        .addRegions(io.strata.common.proto.ClientProtos.PutBatchRegionProto.newBuilder()
            .setRegion(RegionSpecifierProto.newBuilder().setEncodedName("abc"))
            .setDurabilityValue(17).addIndexes(0).addCellCounts(1))
        .build().toByteArray();
    e = org.junit.jupiter.api.Assertions.assertThrows(InvalidProtocolBufferException.class,
        () -> PlainMulti.readPutBatch(future));
    assertEquals("region 'abc' has durability 17, which this server does not know",
        e.getMessage());
    org.junit.jupiter.api.Assertions.assertThrows(InvalidProtocolBufferException.class,
        () -> PlainMulti.readPutBatch(new byte[] {0x0A, 0x05, 0x12}));
  }
}
