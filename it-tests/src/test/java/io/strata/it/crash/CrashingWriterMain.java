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
 * The child process of {@link CrashDurabilityTest}: opens generation N of the table (finishing
 * interrupted splits, replaying earlier WALs), prints READY, then writes rows of 6 columns in 2
 * families from 4 threads with SYNC_WAL and prints {@code ACK <row>} after each acknowledged
 * write, until it is killed. With splitting on, a fifth thread splits the largest region every
 * 400 acknowledged writes. Its file system announces flushes, compactions, WAL rolls and split
 * steps ({@link PausingFileSystem}) and pauses at the one named, so a kill lands inside it.
 *
 * <p>Arguments: root directory, generation, event to pause at, {@code split} or {@code nosplit}.
 */
public final class CrashingWriterMain {
  private CrashingWriterMain() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    int generation = Integer.parseInt(args[1]);
    boolean split = args[3].equals("split");
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out),
        true);
    RegionHost host = new RegionHost(root, generation, new PausingFileSystem(
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration())
            .getRaw(), out, args[2]));
    out.println("READY");
    // One permit per acknowledged write: the splitter takes 400 before each split.
    java.util.concurrent.Semaphore acks = new java.util.concurrent.Semaphore(0);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int thread = t;
      threads.add(new Thread(() -> {
        try {
          for (int i = 0; ; i++) {
            // Spread over the key space, so that every region of earlier splits gets writes.
            String row = String.format("%02d-g%d-t%d-%06d", (i * 7 + thread * 13) % 100,
                generation, thread, i);
            byte[] r = Bytes.toBytes(row);
            List<KeyValue> cells = new ArrayList<>();
            for (int c = 0; c < 6; c++) {
              cells.add(KeyValue.of(r, Bytes.toBytes(c % 2 == 0 ? "a" : "b"),
                  Bytes.toBytes("q" + c), 1L, CellType.PUT,
                  Bytes.toBytes(row + "/" + "x".repeat(64))));
            }
            host.mutate(new RowEdit(r, cells, Durability.SYNC_WAL));
            acks.release();
            synchronized (out) {
              out.println("ACK " + row);
            }
          }
        } catch (Exception e) {
          synchronized (out) {
            out.println("ERROR " + e);
          }
        }
      }));
    }
    if (split) {
      threads.add(new Thread(() -> {
        try {
          while (true) {
            acks.acquire(400);
            if (host.splitLargest()) {
              synchronized (out) {
                out.println("SPLIT " + host.regions().size());
              }
            }
          }
        } catch (Exception e) {
          synchronized (out) {
            out.println("ERROR " + e);
          }
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread th : threads) {
      th.join();
    }
  }
}
