package io.strata.server.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.QualifierFilter;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Raw reads show what is stored: every marker and every put, none masking another, within the
 * time range, columns, versions and filter of the read. One row holds a marker of each kind:
 *
 * <pre>
 * f:""  DELETE_FAMILY_VERSION@30, DELETE_FAMILY@12
 * f:a   PUT@30, DELETE@20, PUT@20, PUT@10      (an older copy of PUT@30 in an older source)
 * f:b   DELETE_COLUMN@25, PUT@15
 * g:c   PUT@5
 * </pre>
 *
 * so that a normal read sees only g:c. Raw reads run with family f at VERSIONS 1 and a TTL
 * of 1 s, long passed, which would cap and expire what they still show.
 */
class RowMatcherRawTest {
  private static final byte[] ROW = Bytes.toBytes("r");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final long NOW = 1_000_000;

  private static final Function<byte[], ColumnFamilyDescriptor> PLAIN = name ->
      ColumnFamilyDescriptor.newBuilder(name).setMaxVersions(10).build();
  private static final Function<byte[], ColumnFamilyDescriptor> CAPPED_AND_EXPIRED = name ->
      Bytes.equals(name, F)
          ? ColumnFamilyDescriptor.newBuilder(F).setMaxVersions(1).setTimeToLive(1).build()
          : ColumnFamilyDescriptor.of("g");

  private static KeyValue cell(byte[] family, String qualifier, long ts, CellType type,
      String value) {
    return KeyValue.of(ROW, family, Bytes.toBytes(qualifier), ts, type, Bytes.toBytes(value));
  }

  /** The row as stored, newest source first. */
  private static List<List<Cell>> sources() {
    List<Cell> newer = new ArrayList<>(List.of(
        cell(F, "", 30, CellType.DELETE_FAMILY_VERSION, ""),
        cell(F, "", 12, CellType.DELETE_FAMILY, ""),
        cell(F, "a", 30, CellType.PUT, "a30"),
        cell(F, "a", 20, CellType.DELETE, ""),
        cell(F, "a", 20, CellType.PUT, "a20"),
        cell(F, "a", 10, CellType.PUT, "a10"),
        cell(F, "b", 25, CellType.DELETE_COLUMN, ""),
        cell(F, "b", 15, CellType.PUT, "b15"),
        cell(G, "c", 5, CellType.PUT, "c5")));
    List<Cell> older = List.of(cell(F, "a", 30, CellType.PUT, "stale copy"));
    return List.of(newer, older);
  }

  private static List<String> read(ScanSpec spec) throws IOException {
    return read(spec, CAPPED_AND_EXPIRED);
  }

  private static List<String> read(ScanSpec spec,
      Function<byte[], ColumnFamilyDescriptor> families) throws IOException {
    List<CellSource> sources = new ArrayList<>();
    long rank = 0;
    for (List<Cell> cells : sources()) {
      sources.add(new ListSource(cells, rank++));
    }
    try (MergingScanner merged = new MergingScanner(sources)) {
      merged.seek(KeyValue.of(ROW, Bytes.EMPTY, Bytes.EMPTY, Long.MAX_VALUE, CellType.MAXIMUM,
          Bytes.EMPTY));
      RowMatcher matcher = new RowMatcher(spec, families, NOW);
      List<String> out = new ArrayList<>();
      assertTrue(matcher.beginRow(merged));
      List<Cell> cells = new ArrayList<>();
      matcher.readCells(merged, Integer.MAX_VALUE, Long.MAX_VALUE, cells);
      for (Cell c : cells) {
        out.add(Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength())
            + ":" + Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
            c.getQualifierLength()) + "@" + c.getTimestamp() + " " + c.getType() + " "
            + Bytes.toString(c.getValueArray(), c.getValueOffset(), c.getValueLength()));
      }
      return out;
    }
  }

  private static ScanSpec raw() {
    return ScanSpec.row(ROW).withRaw(true).withMaxVersions(Integer.MAX_VALUE);
  }

  @Test
  void aNormalReadSeesOnlyWhatNoMarkerMasks() throws IOException {
    assertEquals(List.of("g:c@5 PUT c5"), read(ScanSpec.row(ROW).withMaxVersions(10), PLAIN));
    // Raw with the same settings: everything, as with the capped and expired family below.
    assertEquals(read(raw()), read(raw(), PLAIN));
  }

  @Test
  void aRawReadShowsEveryStoredCellOnceBeyondVersionsAndTtl() throws IOException {
    assertEquals(List.of(
        "f:@30 DELETE_FAMILY_VERSION ",
        "f:@12 DELETE_FAMILY ",
        "f:a@30 PUT a30",
        "f:a@20 DELETE ",
        "f:a@20 PUT a20",
        "f:a@10 PUT a10",
        "f:b@25 DELETE_COLUMN ",
        "f:b@15 PUT b15",
        "g:c@5 PUT c5"), read(raw()));
  }

  @Test
  void markersCountAsVersionsOfTheirColumn() throws IOException {
    assertEquals(List.of(
        "f:@30 DELETE_FAMILY_VERSION ",
        "f:a@30 PUT a30",
        "f:b@25 DELETE_COLUMN ",
        "g:c@5 PUT c5"), read(raw().withMaxVersions(1)));
    assertEquals(List.of(
        "f:@30 DELETE_FAMILY_VERSION ",
        "f:@12 DELETE_FAMILY ",
        "f:a@30 PUT a30",
        "f:a@20 DELETE ",
        "f:b@25 DELETE_COLUMN ",
        "f:b@15 PUT b15",
        "g:c@5 PUT c5"), read(raw().withMaxVersions(2)));
  }

  @Test
  void theTimeRangeAppliesToMarkersToo() throws IOException {
    assertEquals(List.of(
        "f:@12 DELETE_FAMILY ",
        "f:a@20 DELETE ",
        "f:a@20 PUT a20",
        "f:b@15 PUT b15"), read(raw().withTimeRange(12, 25)));
  }

  @Test
  void namedColumnsLeaveOutTheFamilyWideMarkers() throws IOException {
    assertEquals(List.of(
        "f:a@30 PUT a30",
        "f:a@20 DELETE ",
        "f:a@20 PUT a20",
        "f:a@10 PUT a10"), read(raw().withColumn(F, Bytes.toBytes("a"))));
    assertEquals(List.of(
        "f:@30 DELETE_FAMILY_VERSION ",
        "f:@12 DELETE_FAMILY ",
        "f:b@25 DELETE_COLUMN ",
        "f:b@15 PUT b15"), read(raw().withColumn(F, Bytes.EMPTY).withColumn(F,
            Bytes.toBytes("b"))));
  }

  @Test
  void theFilterSeesMarkersToo() throws IOException {
    assertEquals(List.of(
        "f:b@25 DELETE_COLUMN ",
        "f:b@15 PUT b15"), read(raw().withFilter(new QualifierFilter(CompareOperator.EQUAL,
            new BinaryComparator(Bytes.toBytes("b"))))));
  }
}
