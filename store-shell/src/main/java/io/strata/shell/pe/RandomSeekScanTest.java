package io.strata.shell.pe;

import io.strata.common.filter.FilterList;
import io.strata.common.filter.PageFilter;
import io.strata.common.filter.WhileMatchFilter;
import java.util.List;

/**
 * randomSeekScan: a scan from a random row that stops after 120 rows (a page filter the
 * server ends the scan with), as in HBase's tool.
 */
final class RandomSeekScanTest extends PeTest {
  static final int PAGE_ROWS = 120;

  RandomSeekScanTest(PeClient client) {
    super(client);
  }


  @Override
  long testRow(int i) throws Exception {
    return ScanRangeTest.readAll(table, newScan().withStartRow(RowKeys.format(randomRow()))
        .setFilter(new FilterList(FilterList.Operator.MUST_PASS_ALL,
            List.of(new WhileMatchFilter(new PageFilter(PAGE_ROWS))))));
  }
}
