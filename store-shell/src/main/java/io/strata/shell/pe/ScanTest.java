package io.strata.shell.pe;

import io.strata.client.ResultScanner;

/**
 * scan and asyncScan: one scanner per client from its first row, each row one {@code next()}
 * (a call to the server every {@code --caching} rows). At the end of the table next() answers
 * nothing and the row counts as done, as in HBase's tool.
 */
final class ScanTest extends PeTest {
  private final boolean async;
  private ResultScanner scanner;

  ScanTest(PeClient client, boolean async) {
    super(client);
    this.async = async;
  }

  @Override
  long testRow(int i) throws Exception {
    if (scanner == null) {
      var scan = newScan().withStartRow(RowKeys.format(client.startRow()));
      scanner = async ? client.async().getTable(client.table()).getScanner(scan)
          : table.getScanner(scan);
    }
    return sizeOf(scanner.next());
  }

  @Override
  void takedown() {
    if (scanner != null) {
      scanner.close();
    }
  }
}
