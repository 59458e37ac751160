package io.strata.shell.pe;

import io.strata.client.Scan;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.SingleColumnValueFilter;

/**
 * filterScan: a scan of the whole table for rows whose first column equals a random value,
 * filtered on the server (it matches almost nothing, so this measures how fast the server
 * filters). Every row of the test is a full scan: give few {@code --rows}.
 */
final class FilterScanTest extends PeTest {

  FilterScanTest(PeClient client) {
    super(client);
  }


  @Override
  long testRow(int i) throws Exception {
    byte[] family = families[0];
    Scan scan = newScan(new byte[][] {family}).setFilter(new SingleColumnValueFilter(family,
        qualifiers[0], CompareOperator.EQUAL, new BinaryComparator(newValue())));
    return ScanRangeTest.readAll(table, scan);
  }
}
