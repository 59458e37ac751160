package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.put;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.common.cell.Cell;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Block files a compaction replaced are written over only once no scanner reads them. */
class RecycledStoreFilesTest {
  @TempDir
  java.nio.file.Path tmp;

  private final Map<String, String> model = new TreeMap<>();

  private void writeAndFlush(RegionFixture f, int batch) throws IOException {
    for (int r = 0; r < 100; r++) {
      String row = String.format("row%04d", r * 10 + batch);
      String value = "v" + batch + "-" + r + "-" + "x".repeat(200);
      f.mutate(row, put(row, CF1, "q", 1, value));
      model.put(row, value);
    }
    f.region.flush();
  }

  private static String render(List<Cell> row) {
    Cell c = row.get(0);
    return Bytes.toString(c.getRowArray(), c.getRowOffset(), c.getRowLength()) + "="
        + Bytes.toString(c.getValueArray(), c.getValueOffset(), c.getValueLength());
  }

  private static List<String> rest(RegionScanner s) throws IOException {
    List<String> out = new ArrayList<>();
    List<Cell> row;
    while ((row = s.nextRow()) != null) {
      out.add(render(row));
    }
    return out;
  }

  private List<String> expected() {
    List<String> out = new ArrayList<>();
    model.forEach((k, v) -> out.add(k + "=" + v));
    return out;
  }

  private static List<String> everything(RegionFixture f) throws IOException {
    try (RegionScanner s = f.region.scanner(ScanSpec.all())) {
      return rest(s);
    }
  }

  private static long[] fileSizes(RegionFixture f) throws IOException {
    FileStatus[] files = f.fs.listStatus(new Path(RegionLayout.regionDir(f.root, f.info), "a"));
    long[] sizes = new long[files.length];
    for (int i = 0; i < files.length; i++) {
      sizes[i] = files[i].getLen();
    }
    return sizes;
  }

  @Test
  void aReplacedFileIsWrittenOverOnlyOnceItsLastScannerClosed() throws IOException {
    try (RegionFixture f = new RegionFixture(tmp,
        RegionFixture.table(ColumnFamilyDescriptor.newBuilder(CF1), 1), null,
        RegionFixture.compactions(false, 1000), RegionCaching.NONE, true)) {
      for (int batch = 0; batch < 3; batch++) {
        writeAndFlush(f, batch);
      }
      long[] replaced = fileSizes(f);
      assertEquals(3, replaced.length);
      List<String> before = expected();

      RegionScanner open = f.region.scanner(ScanSpec.all());
      assertEquals(before.get(0), render(open.nextRow()));
      assertEquals(3, f.region.compact(false));
      // The scanner still reads the replaced files: nothing may be written over them.
      assertEquals(0, f.recycled.pooledBytes());
      writeAndFlush(f, 3);
      assertEquals(before.subList(1, before.size()), rest(open));
      open.close();

      long pooled = java.util.Arrays.stream(replaced).sum();
      assertEquals(pooled, f.recycled.pooledBytes());
      writeAndFlush(f, 4); // written over the largest replaced file
      long largest = java.util.Arrays.stream(replaced).max().getAsLong();
      assertEquals(pooled - largest, f.recycled.pooledBytes());
      assertEquals(expected(), everything(f));

      assertEquals(3, f.region.compact(true)); // the merged file and two flushes
      assertEquals(expected(), everything(f));
      f.cleanRestart();
      assertEquals(expected(), everything(f));
    }
  }
}
