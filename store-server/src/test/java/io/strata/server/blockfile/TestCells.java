package io.strata.server.blockfile;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/** Random sorted cells shaped like real tables: rows with several columns and versions. */
final class TestCells {
  private static final CellType[] TYPES = {CellType.PUT, CellType.PUT, CellType.PUT,
      CellType.DELETE, CellType.DELETE_COLUMN, CellType.DELETE_FAMILY,
      CellType.DELETE_FAMILY_VERSION};

  private TestCells() {}

  static List<KeyValue> random(Random rnd, int rows) {
    TreeSet<KeyValue> cells = new TreeSet<>(CellComparator.INSTANCE);
    byte[] family = Bytes.toBytes("cf");
    for (int r = 0; r < rows; r++) {
      byte[] row = Bytes.toBytes(String.format("row-%08d", rnd.nextInt(rows * 10)));
      int columns = 1 + rnd.nextInt(4);
      for (int c = 0; c < columns; c++) {
        byte[] qualifier = rnd.nextInt(10) == 0 ? Bytes.EMPTY : Bytes.toBytes("q" + rnd.nextInt(50));
        int versions = 1 + rnd.nextInt(3);
        for (int v = 0; v < versions; v++) {
          byte[] value = new byte[rnd.nextInt(5) == 0 ? 0 : rnd.nextInt(300)];
          rnd.nextBytes(value);
          List<Tag> tags = rnd.nextInt(8) == 0
              ? List.of(new Tag(1 + rnd.nextInt(200), Bytes.toBytes("t" + v))) : List.of();
          cells.add(KeyValue.of(row, family, qualifier, 1_700_000_000_000L + rnd.nextInt(1000),
              TYPES[rnd.nextInt(TYPES.length)], value, tags));
        }
      }
    }
    return new ArrayList<>(cells);
  }

  static FileSystem localFs() throws Exception {
    return FileSystem.getLocal(new Configuration()).getRaw();
  }

  static String describe(Cell c) {
    return c == null ? "null" : KeyValue.copyOf(c).toString() + "/v="
        + Bytes.toStringBinary(c.getValueArray(), c.getValueOffset(), c.getValueLength());
  }
}
