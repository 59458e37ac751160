package io.strata.server.regionserver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.proto.ClientProtos.ConditionProto;
import io.strata.common.proto.ClientProtos.DurabilityProto;
import io.strata.common.proto.ClientProtos.FamilyTimeRangeProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.proto.ClientProtos.TimeRangeProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.region.Condition;
import io.strata.server.region.ReadModifyWrite;
import io.strata.server.region.RowEdit;
import io.strata.server.scan.ScanSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The wire forms of attributes, TTLs and time ranges become the server-side forms the region
 * (and, through them, coprocessor observers) receive.
 */
class RequestTranslatorTest {
  private static final TableDescriptor TABLE = TableDescriptor.newBuilder(TableName.valueOf("t"))
      .setColumnFamily(ColumnFamilyDescriptor.of("f"))
      .setColumnFamily(ColumnFamilyDescriptor.of("g")).build();
  private static final RequestTranslator T = new RequestTranslator(TABLE, 0, null);
  private static final Map<String, ByteString> ATTRIBUTES =
      Map.of("origin", ByteString.copyFromUtf8("importer"), "empty", ByteString.EMPTY);

  private static ByteString bs(String s) {
    return ByteString.copyFromUtf8(s);
  }

  private static TimeRangeProto range(long min, long max) {
    return TimeRangeProto.newBuilder().setMin(min).setMax(max).build();
  }

  private static void assertAttributes(Map<String, byte[]> actual) {
    assertEquals(2, actual.size());
    assertArrayEquals(Bytes.toBytes("importer"), actual.get("origin"));
    assertArrayEquals(Bytes.EMPTY, actual.get("empty"));
    assertThrows(UnsupportedOperationException.class, () -> actual.put("x", Bytes.EMPTY));
  }

  @Test
  void readsCarryAttributesAndFamilyTimeRanges() throws Exception {
    ScanSpec get = T.get(GetProto.newBuilder().setRow(bs("r")).setTimeRange(range(0, 100))
        .putAllAttributes(ATTRIBUTES)
        .addFamilyTimeRanges(FamilyTimeRangeProto.newBuilder().setFamily(bs("f"))
            .setTimeRange(range(5, 6)))
        .addFamilyTimeRanges(FamilyTimeRangeProto.newBuilder().setFamily(bs("g"))
            .setTimeRange(TimeRangeProto.newBuilder().setMin(7))).build());
    assertAttributes(get.attributes());
    assertEquals(new ScanSpec.TimeSpan(5, 6), get.familyTimeRanges().get(Bytes.toBytes("f")));
    assertEquals(7, get.minTimestamp(Bytes.toBytes("g")));
    assertEquals(Long.MAX_VALUE, get.maxTimestamp(Bytes.toBytes("g")), "unset max: unbounded");
    assertEquals(100, get.maxTimestamp(Bytes.toBytes("h")), "others keep the read's range");

    ScanSpec scan = T.scan(ScanProto.newBuilder().putAllAttributes(ATTRIBUTES)
        .addFamilyTimeRanges(FamilyTimeRangeProto.newBuilder().setFamily(bs("g"))
            .setTimeRange(range(1, 2))).build());
    assertAttributes(scan.attributes());
    assertEquals(1, scan.minTimestamp(Bytes.toBytes("g")));
    assertTrue(T.scan(ScanProto.getDefaultInstance()).attributes().isEmpty());

    assertThrows(NoSuchFamilyException.class, () -> T.get(GetProto.newBuilder().setRow(bs("r"))
        .addFamilyTimeRanges(FamilyTimeRangeProto.newBuilder().setFamily(bs("nope"))
            .setTimeRange(range(1, 2))).build()));
    BadRequestException bad = assertThrows(BadRequestException.class, () -> T.scan(
        ScanProto.newBuilder().addFamilyTimeRanges(FamilyTimeRangeProto.newBuilder()
            .setFamily(bs("f")).setTimeRange(range(9, 3))).build()));
    assertEquals("bad request: time range [9, 3) is not a range of non-negative timestamps; "
        + "give min <= max",
        bad.getMessage());
  }

  private static CellBlock.Reader cells(KeyValue... kvs) {
    CellBlock.Writer w = new CellBlock.Writer(64);
    w.addAll(List.of(kvs));
    return new CellBlock.Reader(w.toBytes());
  }

  private static final KeyValue PUT = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"),
      Bytes.toBytes("q"), CellLimits.LATEST_TIMESTAMP, CellType.PUT, Bytes.toBytes("v"));

  @Test
  void putsCarryTheirTtlDurabilityAndAttributes() throws Exception {
    RowEdit e = T.edit(MutationProto.newBuilder().setRow(bs("r")).setType(MutationProto.Type.PUT)
        .setCellCount(1).setTtl(1500).setDurability(DurabilityProto.SKIP_WAL)
        .putAllAttributes(ATTRIBUTES).build(), cells(PUT));
    assertEquals(1500, e.ttlMillis());
    assertEquals(Durability.SKIP_WAL, e.durability());
    assertAttributes(e.attributes());
    RowEdit plain = T.edit(MutationProto.newBuilder().setRow(bs("r"))
        .setType(MutationProto.Type.PUT).setCellCount(1).build(), cells(PUT));
    assertEquals(Tag.NO_TTL, plain.ttlMillis());
    assertTrue(plain.attributes().isEmpty());

    assertEquals("bad request: the delete of row 'r' has a TTL; tombstones cannot expire: "
        + "give the TTL to "
        + "the put", assertThrows(BadRequestException.class, () -> T.edit(
            MutationProto.newBuilder().setRow(bs("r")).setType(MutationProto.Type.DELETE)
                .setTtl(5).build(), cells())).getMessage());
    assertEquals("bad request: the put of row 'r' has a TTL of 0 ms; a TTL is at least 1 ms",
        assertThrows(BadRequestException.class, () -> T.edit(MutationProto.newBuilder()
            .setRow(bs("r")).setType(MutationProto.Type.PUT).setCellCount(1).setTtl(0).build(),
            cells(PUT))).getMessage());
  }

  @Test
  void anUnknownDurabilityIsRefusedNamingTheKnownOnes() {
    for (MutationProto.Type type : List.of(MutationProto.Type.PUT,
        MutationProto.Type.INCREMENT)) {
      MutationProto m = MutationProto.newBuilder().setRow(bs("r")).setType(type)
          .setCellCount(1).setDurabilityValue(77).build();
      BadRequestException e = assertThrows(BadRequestException.class,
          () -> {
            if (type == MutationProto.Type.PUT) {
              T.edit(m, cells(PUT));
            } else {
              T.readModifyWrite(m);
            }
          });
      assertEquals("bad request: durability 77 is not one this server knows; use 0"
          + " (USE_DEFAULT), 1 (SKIP_WAL), 2 (ASYNC_WAL), 3 (SYNC_WAL) or 4 (FSYNC_WAL)",
          e.getMessage());
    }
  }

  @Test
  void aPutWhoseCellsCarryTagsIsRefused() {
    KeyValue tagged = KeyValue.copyOf(PUT, PUT.getTimestamp(), Tag.withTtl(List.of(), 5000));
    assertEquals("bad request: cell 'f:q' of row 'r' carries " + tagged.getTagsLength()
        + " bytes of tags; tags are written by the server only: give a put's TTL in its ttl"
        + " field", assertThrows(BadRequestException.class, () -> T.edit(MutationProto
            .newBuilder().setRow(bs("r")).setType(MutationProto.Type.PUT).setCellCount(1)
            .build(), cells(tagged))).getMessage());
  }

  @Test
  void aReversedScanWithAnInclusiveStopIsRefusedWithOrWithoutAStopRow() {
    for (String stop : List.of("", "m")) {
      assertEquals("bad request: an inclusive stop row is for forward scans; a reversed scan"
          + " stops before its stop row, so give the row below it as the stop row",
          assertThrows(BadRequestException.class, () -> T.scan(ScanProto.newBuilder()
              .setReversed(true).setIncludeStopRow(true).setStopRow(bs(stop)).build()))
              .getMessage(), "stop row '" + stop + "'");
    }
  }

  @Test
  void incrementsAndAppendsCarryTheirTimeRangeTtlDurabilityAndAttributes() throws Exception {
    ReadModifyWrite how = T.readModifyWrite(MutationProto.newBuilder().setRow(bs("r"))
        .setType(MutationProto.Type.INCREMENT).setTtl(60_000)
        .setDurability(DurabilityProto.FSYNC_WAL).setTimeRange(range(10, 20))
        .putAllAttributes(ATTRIBUTES).build());
    assertEquals(Durability.FSYNC_WAL, how.durability());
    assertEquals(10, how.minTimestamp());
    assertEquals(20, how.maxTimestamp());
    assertEquals(60_000, how.ttlMillis());
    assertAttributes(how.attributes());
    ReadModifyWrite plain = T.readModifyWrite(MutationProto.newBuilder().setRow(bs("r"))
        .setType(MutationProto.Type.APPEND).build());
    assertEquals(ReadModifyWrite.DEFAULT.withAttributes(Map.of()).durability(),
        plain.durability());
    assertEquals(0, plain.minTimestamp());
    assertEquals(Long.MAX_VALUE, plain.maxTimestamp());
    assertEquals(Tag.NO_TTL, plain.ttlMillis());
    assertEquals("bad request: the append of row 'r' reads in the empty time range [5, 5); "
        + "give max > min",
        assertThrows(BadRequestException.class, () -> T.readModifyWrite(MutationProto
            .newBuilder().setRow(bs("r")).setType(MutationProto.Type.APPEND)
            .setTimeRange(range(5, 5)).build())).getMessage());
  }

  @Test
  void conditionsCarryTheirTimeRange() throws Exception {
    Condition c = T.condition(ConditionProto.newBuilder().setFamily(bs("f"))
        .setQualifier(bs("q")).setCompareOp("EQUAL").setTimeRange(range(3, 4)).build());
    assertEquals(3, c.minTimestamp());
    assertEquals(4, c.maxTimestamp());
    Condition all = T.condition(ConditionProto.newBuilder().setFamily(bs("f"))
        .setQualifier(bs("q")).setCompareOp("EQUAL").build());
    assertEquals(0, all.minTimestamp());
    assertEquals(Long.MAX_VALUE, all.maxTimestamp());
    assertEquals("bad request: the check-and-mutate condition reads in the empty time range "
        + "[4, 4); give "
        + "max > min", assertThrows(BadRequestException.class, () -> T.condition(
            ConditionProto.newBuilder().setFamily(bs("f")).setQualifier(bs("q"))
                .setCompareOp("EQUAL").setTimeRange(range(4, 4)).build())).getMessage());
  }

  @Test
  void aPutBatchPutIsOfItsCellsRowAndRefusedWithoutCellsOrWithAnotherRowsCell()
      throws Exception {
    KeyValue second = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("g"), Bytes.toBytes("q"),
        CellLimits.LATEST_TIMESTAMP, CellType.PUT, Bytes.toBytes("w"));
    RowEdit e = T.plainEdit(new PlainMulti.Action(3, null, MutationProto.Type.PUT,
        DurabilityProto.SYNC_WAL, 2), cells(PUT, second));
    assertArrayEquals(Bytes.toBytes("r"), e.row());
    assertEquals(2, e.cells().size());
    assertEquals(Durability.SYNC_WAL, e.durability());

    assertEquals("bad request: a put of PutBatch has no cells; give each put at least one "
        + "column", assertThrows(BadRequestException.class, () -> T.plainEdit(
            new PlainMulti.Action(0, null, MutationProto.Type.PUT, DurabilityProto.USE_DEFAULT,
                0), cells(PUT))).getMessage());
    KeyValue other = KeyValue.of(Bytes.toBytes("s"), Bytes.toBytes("f"), Bytes.toBytes("q"),
        CellLimits.LATEST_TIMESTAMP, CellType.PUT, Bytes.toBytes("v"));
    BadRequestException mixed = assertThrows(BadRequestException.class, () -> T.plainEdit(
        new PlainMulti.Action(0, null, MutationProto.Type.PUT, DurabilityProto.USE_DEFAULT, 2),
        cells(PUT, other)));
    assertEquals("bad request: a cell of row 's' is in the mutation of row 'r'; give each row "
        + "its own mutation", mixed.getMessage());
  }
}
