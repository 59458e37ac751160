package io.strata.it.crash;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.region.RowEdit;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The child process of {@link CrashDurabilityTest}: opens generation N of the region (replaying
 * earlier WALs), prints READY, then writes rows of 6 columns in 2 families from 4 threads with
 * SYNC_WAL and prints {@code ACK <row>} after each acknowledged write, until it is killed. Its
 * file system announces flushes and WAL rolls ({@link PausingFileSystem}) so kills can land
 * inside them.
 */
public final class CrashingWriterMain {
  private CrashingWriterMain() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    int generation = Integer.parseInt(args[1]);
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out),
        true);
    RegionHost host = new RegionHost(root, generation, new PausingFileSystem(
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration())
            .getRaw(), out));
    out.println("READY");
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int thread = t;
      Thread th = new Thread(() -> {
        try {
          for (int i = 0; ; i++) {
            String row = String.format("g%d-t%d-%06d", generation, thread, i);
            byte[] r = Bytes.toBytes(row);
            List<KeyValue> cells = new ArrayList<>();
            for (int c = 0; c < 6; c++) {
              cells.add(KeyValue.of(r, Bytes.toBytes(c % 2 == 0 ? "a" : "b"),
                  Bytes.toBytes("q" + c), 1L, CellType.PUT, Bytes.toBytes(row + "/" + "x".repeat(64))));
            }
            host.region.mutate(List.of(new RowEdit(r, cells, Durability.SYNC_WAL)));
            synchronized (out) {
              out.println("ACK " + row);
            }
          }
        } catch (Exception e) {
          synchronized (out) {
            out.println("ERROR " + e);
          }
        }
      });
      th.start();
      threads.add(th);
    }
    for (Thread th : threads) {
      th.join();
    }
  }
}
