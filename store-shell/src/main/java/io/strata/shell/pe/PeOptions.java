package io.strata.shell.pe;

import io.strata.common.schema.BloomType;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.Bytes;
import java.nio.file.Path;

/**
 * What one {@code bin/strata pe} run does, with HBase PerformanceEvaluation's defaults so that
 * the same command line measures the same rows. Filled by {@link PeArgs}; {@link #resolve}
 * derives the row counts the way HBase's tool does.
 */
final class PeOptions {
  /** Rows per client by default: a gigabyte of 1,000-byte values (HBase's ROWS_PER_GB). */
  static final int DEFAULT_ROWS = 1_048_576;
  static final long ONE_GB = 1024L * 1024 * 1000;
  static final String FAMILY_PREFIX = "info";

  String table = "TestTable";
  int rows = DEFAULT_ROWS;
  boolean rowsGiven;
  /** Gigabytes of data in all; 0 when not given (then {@link #rows} counts per client). */
  float size;
  int valueSize = 1000;
  boolean valueRandom;
  boolean valueZipf;
  int columns = 1;
  int families = 1;
  int presplit;
  Compression compress = Compression.NONE;
  DataBlockEncoding blockEncoding = DataBlockEncoding.NONE;
  BloomType bloomFilter = BloomType.ROW;
  int blockSize = ColumnFamilyDescriptor.DEFAULT_BLOCK_SIZE;
  boolean inMemory;
  boolean writeToWal = true;
  boolean autoFlush;
  long bufferSize = 2L * 1024 * 1024;
  int multiPut;
  int multiGet;
  int caching = 30;
  boolean cacheBlocks = true;
  boolean addColumns = true;
  boolean latency;
  boolean oneCon;
  int cycles = 1;
  float sampleRate = 1.0f;
  int startRow;
  boolean startRowGiven;
  long seed = System.nanoTime();
  boolean seedGiven;
  Path json;

  // Derived by resolve().
  PeCommand command;
  int clients;
  int perClientRows;
  int totalRows;

  /**
   * Works out the rows each client runs and the key space, as HBase's tool does: {@code
   * --rows} is per client and the key space is rows × clients; {@code --size} is the whole
   * table in gigabytes, shared by the clients. For randomRead and randomSeekScan both may be
   * given: then {@code --size} sets the key space and {@code --rows} the operations per client.
   */
  void resolve(PeCommand command, int clients) {
    this.command = command;
    this.clients = clients;
    long rowsPerGb = ONE_GB / ((long) averageValueSize() * families * columns);
    if (size > 0) {
      long total = (long) size * rowsPerGb;
      if (total <= 0 || total > Integer.MAX_VALUE) {
        throw new PeUsageException("--size=" + size + " makes " + total + " rows; give a size"
            + " of at least 1 and at most " + (Integer.MAX_VALUE / rowsPerGb) + " (GB)");
      }
      totalRows = (int) total;
      perClientRows = rowsGiven && command.sizeSetsKeySpace() ? rows : totalRows / clients;
    } else {
      long total = (long) rows * clients;
      if (total > Integer.MAX_VALUE) {
        throw new PeUsageException("--rows=" + rows + " × " + clients + " clients is more"
            + " than " + Integer.MAX_VALUE + " rows; ask for fewer");
      }
      perClientRows = rows;
      totalRows = (int) total;
    }
    if (perClientRows <= 0) {
      throw new PeUsageException("each of " + clients + " clients would run no rows; give more"
          + " --rows or --size, or fewer clients");
    }
    if (startRowGiven && (long) startRow + perClientRows > Integer.MAX_VALUE) {
      throw new PeUsageException("--startRow=" + startRow + " plus " + perClientRows + " rows"
          + " passes the last row number, " + Integer.MAX_VALUE);
    }
    if (multiPut > 0 && !autoFlush && !command.async()) {
      throw new PeUsageException("--multiPut needs --autoFlush=true (batches are sent with"
          + " Table.put(List); without autoFlush every write goes through the write buffer)");
    }
  }

  /** The value length the MB/s figures assume, as HBase's tool does for random sizes. */
  int averageValueSize() {
    return Math.max(1, valueRandom ? valueSize / 2 : valueSize);
  }

  /** Client {@code index}'s first row: its own slice unless every client was given one. */
  int startRowOf(int index) {
    if (command.sharedKeys()) {
      return 0; // the check-and-mutate family works on the same rows from every client
    }
    return startRowGiven && startRow != 0 ? startRow : index * perClientRows;
  }

  /** One sampled row in every this many (--sampleRate). */
  int everyN() {
    return Math.max(1, (int) (1 / sampleRate));
  }

  byte[][] familyNames() {
    byte[][] f = new byte[families][];
    for (int i = 0; i < families; i++) {
      f[i] = Bytes.toBytes(FAMILY_PREFIX + i);
    }
    return f;
  }

  byte[][] qualifiers() {
    byte[][] q = new byte[columns][];
    for (int i = 0; i < columns; i++) {
      q[i] = Bytes.toBytes(Integer.toString(i));
    }
    return q;
  }
}
