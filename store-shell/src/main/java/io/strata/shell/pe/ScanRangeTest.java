package io.strata.shell.pe;

import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;

/**
 * scanRange10 … scanRange10000: a scan of the rows [start, start + range) from a random start
 * (fewer rows near the end of the key space), read to its end.
 */
final class ScanRangeTest extends PeTest {
  private final int range;

  ScanRangeTest(PeClient client, int range) {
    super(client);
    this.range = range;
  }


  @Override
  long testRow(int i) throws Exception {
    long start = randomRow();
    return readAll(table, newScan().withStartRow(RowKeys.format(start))
        .withStopRow(RowKeys.format(start + range)));
  }

  /** Reads every row of {@code scan}; returns their bytes. */
  static long readAll(Table table, Scan scan) throws Exception {
    long bytes = 0;
    try (ResultScanner s = table.getScanner(scan)) {
      for (Result r = s.next(); r != null; r = s.next()) {
        bytes += sizeOf(r);
      }
    }
    return bytes;
  }
}
