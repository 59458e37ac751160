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
}
