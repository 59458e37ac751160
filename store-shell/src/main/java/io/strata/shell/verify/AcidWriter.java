package io.strata.shell.verify;

import io.strata.client.Connection;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One acid writer: until told to stop, puts whole rows ({@link AcidTable#wholeRow}), each with
 * a value no other write uses. Every {@link #BATCH_EVERY}th write is instead a batch: one
 * {@code Table.put(List)} of several whole rows. Each row of a batch must land whole; the batch
 * as a whole need not, since neither HBase nor Strata make a multi-row put atomic, so readers
 * never compare one row with another.
 */
final class AcidWriter implements Runnable {
  static final int BATCH_EVERY = 10;
  static final int MAX_BATCH_ROWS = 5;

  private final Connection conn;
  private final TableName name;
  private final int id;
  private final int rows;
  private final SplittableRandom random;
  private final AtomicBoolean stop;
  private final AcidStats stats;
  private long counter;

  AcidWriter(Connection conn, TableName name, int id, int rows, SplittableRandom random,
      AtomicBoolean stop, AcidStats stats) {
    this.conn = conn;
    this.name = name;
    this.id = id;
    this.rows = rows;
    this.random = random;
    this.stop = stop;
    this.stats = stats;
  }

  @Override
  public void run() {
    try (Table table = conn.getTable(name)) {
      for (long n = 1; !stop.get(); n++) {
        boolean batch = n % BATCH_EVERY == 0 && rows > 1;
        try {
          if (batch) {
            List<Put> puts = batchOfRows();
            table.put(puts);
            stats.batches.increment();
            stats.batchRows.add(puts.size());
          } else {
            table.put(AcidTable.wholeRow(AcidTable.row(random.nextInt(rows)), nextValue()));
            stats.writes.increment();
          }
        } catch (IOException | RuntimeException e) {
          stats.failed(batch ? "batch" : "put", e);
        }
      }
    }
  }

  /** Two to {@link #MAX_BATCH_ROWS} distinct rows, each whole with its own value. */
  private List<Put> batchOfRows() {
    int size = 2 + random.nextInt(Math.min(MAX_BATCH_ROWS, rows) - 1);
    int start = random.nextInt(rows);
    List<Put> puts = new ArrayList<>(size);
    for (int k = 0; k < size; k++) {
      puts.add(AcidTable.wholeRow(AcidTable.row((start + k) % rows), nextValue()));
    }
    return puts;
  }

  private byte[] nextValue() {
    return AcidValue.of(id, ++counter);
  }
}
