package io.strata.server.bulkload;

import io.strata.client.Connection;
import io.strata.client.RegionLocation;
import io.strata.client.RegionLocator;
import io.strata.client.internal.BulkLoadCall;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.error.StrataException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockFileOptions;
import io.strata.server.blockfile.BlockFileReader;
import io.strata.server.blockfile.BlockFileScanner;
import io.strata.server.blockfile.BlockFileWriter;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds a directory of block files to a table, as HBase's LoadIncrementalHFiles: {@code
 * DIR/<family>/<file>}, each file sorted, in Strata's block file format. Files are grouped by
 * the region holding their first row; one whose rows reach past its region's end (the region
 * split since the files were written) is cut there into two, the rest going on to the next
 * region. Each region's files go to its server in one call, which adds them atomically with a
 * fresh sequence id. A region moving or splitting meanwhile is met by grouping the files left
 * again, from fresh locations. Loaded files leave DIR (they are moved when on the cluster's file
 * system).
 */
public final class BulkLoad {
  private static final Logger LOG = LoggerFactory.getLogger(BulkLoad.class);
  private static final int ROUNDS = 10;

  /** A file to load into a family. */
  private record Pending(ColumnFamilyDescriptor family, Path path) {}

  private BulkLoad() {}

  /** Loads every block file under {@code dir} into {@code table}; returns the files loaded. */
  public static int load(Connection connection, TableName table, Path dir, Configuration conf)
      throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    TableDescriptor descriptor = connection.getAdmin().getDescriptor(table);
    Deque<Pending> queue = new ArrayDeque<>();
    if (!fs.exists(dir)) {
      throw new IOException("the bulk-load directory " + dir + " does not exist");
    }
    for (FileStatus familyDir : fs.listStatus(dir)) {
      String name = familyDir.getPath().getName();
      if (!familyDir.isDirectory() || name.startsWith("_") || name.startsWith(".")) {
        continue;
      }
      ColumnFamilyDescriptor family = descriptor.getColumnFamily(Bytes.toBytes(name));
      if (family == null) {
        throw new IOException("the bulk-load directory " + familyDir.getPath() + " is for "
            + "family " + name + ", which table " + table + " does not have; its families are "
            + descriptor.getColumnFamilyNames());
      }
      for (FileStatus f : fs.listStatus(familyDir.getPath())) {
        String file = f.getPath().getName();
        if (f.isFile() && !file.startsWith("_") && !file.startsWith(".")) {
          queue.add(new Pending(family, f.getPath()));
        }
      }
    }
    Path splits = new Path(dir, "_splits");
    int loaded = 0;
    for (int round = 1; !queue.isEmpty(); round++) {
      if (round > ROUNDS) {
        throw new IOException("bulk load into " + table + " gave up after " + ROUNDS
            + " rounds with " + queue.size() + " file(s) left in " + dir + "; its regions "
            + "kept changing, or some were not open: run it again once they are");
      }
      Deque<Pending> retry = new ArrayDeque<>();
      for (Map.Entry<RegionLocation, List<Pending>> g : group(connection, table, fs, queue,
          splits, retry).entrySet()) {
        RegionLocation loc = g.getKey();
        List<BulkLoadCall.File> files = new ArrayList<>();
        g.getValue().forEach(p -> files.add(new BulkLoadCall.File(p.family().getName(),
            p.path().toString())));
        try {
          BulkLoadCall.load(connection, loc, files);
          loaded += files.size();
        } catch (StrataException e) {
          if (!e.isRetryable()) {
            throw e;
          }
          LOG.info("bulk load into region {} will be tried again: {}",
              loc.region().getRegionNameAsString(), e.getMessage());
          retry.addAll(g.getValue());
        }
      }
      queue = retry;
      if (!queue.isEmpty()) {
        pause(round);
      }
    }
    if (fs.exists(splits)) {
      fs.delete(splits, true);
    }
    return loaded;
  }

  /**
   * The files by the region holding their first row, cutting at a region's end any that reach
   * past it; files of regions that are not open go to {@code retry}.
   */
  private static Map<RegionLocation, List<Pending>> group(Connection connection,
      TableName table, FileSystem fs, Deque<Pending> queue, Path splits, Deque<Pending> retry)
      throws IOException {
    List<RegionLocation> regions;
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      regions = new ArrayList<>(locator.getAllRegionLocations());
    }
    regions.sort(Comparator.comparing(l -> l.region().getStartKey(), Bytes.BYTES_COMPARATOR));
    Map<RegionLocation, List<Pending>> groups = new LinkedHashMap<>();
    Deque<Pending> work = new ArrayDeque<>(queue);
    while (!work.isEmpty()) {
      Pending p = work.poll();
      byte[][] rows = firstAndLastRow(fs, p.path());
      if (rows == null) { // an empty file: nothing to load
        fs.delete(p.path(), false);
        continue;
      }
      RegionLocation loc = holding(regions, rows[0]);
      byte[] end = loc.region().getEndKey();
      if (end.length > 0 && Bytes.compare(rows[1], end) >= 0) {
        Path[] halves = cut(fs, p, end, splits);
        work.addFirst(new Pending(p.family(), halves[1]));
        p = new Pending(p.family(), halves[0]);
      }
      if (loc.server() == null) {
        retry.add(p);
      } else {
        groups.computeIfAbsent(loc, k -> new ArrayList<>()).add(p);
      }
    }
    return groups;
  }

  private static RegionLocation holding(List<RegionLocation> regions, byte[] row) {
    RegionLocation found = regions.get(0);
    for (RegionLocation r : regions) {
      if (Bytes.compare(r.region().getStartKey(), row) <= 0) {
        found = r;
      }
    }
    return found;
  }

  private static byte[][] firstAndLastRow(FileSystem fs, Path file) throws IOException {
    try (BlockFileReader r = BlockFileReader.open(fs, file)) {
      Cell first = r.firstKey();
      return first == null ? null : new byte[][] {CellUtil.cloneRow(first),
          CellUtil.cloneRow(r.lastKey())};
    }
  }

  /**
   * Cuts {@code p}'s file at {@code row}: the rows before it and the rows from it on, as two new
   * files in {@code splits} written with the family's settings; the original is deleted.
   */
  private static Path[] cut(FileSystem fs, Pending p, byte[] row, Path splits)
      throws IOException {
    Path left = new Path(splits, UUID.randomUUID().toString().replace("-", ""));
    Path right = new Path(splits, UUID.randomUUID().toString().replace("-", ""));
    BlockFileOptions options = BlockFileOptions.forFamily(p.family());
    try (BlockFileReader r = BlockFileReader.open(fs, p.path())) {
      BlockFileWriter lw = BlockFileWriter.create(fs, left, options);
      BlockFileWriter rw = BlockFileWriter.create(fs, right, options);
      try {
        BlockFileScanner s = r.scanner(false);
        if (s.seekToFirst()) {
          Cell c;
          while ((c = s.next()) != null) {
            boolean before = Bytes.compare(c.getRowArray(), c.getRowOffset(), c.getRowLength(),
                row, 0, row.length) < 0;
            (before ? lw : rw).append(c);
            s.shipped();
          }
        }
        s.close();
        lw.close();
        rw.close();
      } catch (IOException | RuntimeException e) {
        lw.abort();
        rw.abort();
        throw e;
      }
    }
    fs.delete(p.path(), false);
    LOG.info("bulk load: cut {} at row {}", p.path(), Bytes.toStringBinary(row));
    return new Path[] {left, right};
  }

  private static void pause(int round) throws IOException {
    try {
      Thread.sleep(Math.min(5_000, 200L * round));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting to load again");
    }
  }
}
