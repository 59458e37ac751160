package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.delete;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.cell.CellType;
import io.strata.common.error.TableReadOnlyException;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * A region of a READONLY table refuses every kind of write with the same error, and still
 * replays its WAL, reads, flushes and compacts.
 */
class ReadOnlyRegionTest {
  private static final byte[] ROW = Bytes.toBytes("r");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  java.nio.file.Path tmp;

  private static void assertRefused(Executable write) {
    TableReadOnlyException e = assertThrows(TableReadOnlyException.class, write);
    assertEquals("table 't' is read-only; allow writes with alter 't', READONLY => false",
        e.getMessage());
  }

  @Test
  void everyWriteIsRefusedWhileReadsFlushesCompactionsAndReplayGoOn() throws IOException {
    try (RegionFixture f = new RegionFixture(tmp, 3)) {
      f.mutate("r", put("r", CF1, "q", 1, "v1"));
      f.region.flush();
      f.mutate("r", put("r", CF1, "q", 2, "v2"));
      f.crash(); // v2 is only in the WAL
      f.restartWal();
      TableDescriptor readOnly = TableDescriptor.newBuilder(f.table).setReadOnly(true).build();
      f.region = Region.open(f.context(), f.info, readOnly, f.oldWalFiles());
      List<String> stored = List.of("a:q@2=v2", "a:q@1=v1");
      assertEquals(stored, render(f.region.get(ROW, ScanSpec.all().withMaxVersions(10))));

      assertRefused(() -> f.mutate("r", put("r", CF1, "q", 3, "v3")));
      assertRefused(() -> f.mutate("r", delete("r", CF1, "q", 2, CellType.DELETE)));
      assertRefused(() -> f.region.increment(ROW, List.of(new ColumnDelta(CF1,
          Bytes.toBytes("n"), 1)), Durability.USE_DEFAULT));
      assertRefused(() -> f.region.append(ROW, List.of(new ColumnAppend(CF1, Q,
          Bytes.toBytes("x"))), Durability.USE_DEFAULT));
      // Refused whether or not the condition holds: nothing is read first.
      assertRefused(() -> f.region.checkAndMutate(ROW, Condition.ifNotExists(CF1,
          Bytes.toBytes("none")), new RowEdit(ROW, List.of(put("r", CF1, "q", 4, "v4")))));

      f.region.flush();
      f.region.compact(true);
      assertEquals(1, f.region.fileCount(CF1));
      assertEquals(stored, render(f.region.get(ROW, ScanSpec.all().withMaxVersions(10))));
    }
  }
}
