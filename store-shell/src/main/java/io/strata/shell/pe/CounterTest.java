package io.strata.shell.pe;

import io.strata.client.Append;
import io.strata.client.Increment;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;

/**
 * increment and append: add 1 to a counter, or the row key to a cell, in every family of one
 * row. Every client works on rows 0..rows-1, so clients contend for the same rows.
 */
final class CounterTest extends PeTest {
  private static final byte[] INCREMENT_QUALIFIER = Bytes.toBytes("IncrementTest");
  private static final byte[] APPEND_QUALIFIER = Bytes.toBytes("AppendTest");
  private final boolean append;

  CounterTest(PeClient client, boolean append) {
    super(client);
    this.append = append;
  }


  @Override
  long testRow(int i) throws Exception {
    byte[] row = RowKeys.format(i);
    Durability durability = opts.writeToWal ? Durability.SYNC_WAL : Durability.SKIP_WAL;
    if (append) {
      Append a = new Append(row).setDurability(durability);
      for (byte[] f : families) {
        a.addColumn(f, APPEND_QUALIFIER, row);
      }
      table.append(a);
      return row.length + families.length * (long) (families[0].length
          + APPEND_QUALIFIER.length + row.length);
    }
    Increment inc = new Increment(row).setDurability(durability);
    for (byte[] f : families) {
      inc.addColumn(f, INCREMENT_QUALIFIER, 1L);
    }
    table.increment(inc);
    return row.length + families.length * (long) (families[0].length
        + INCREMENT_QUALIFIER.length + Long.BYTES);
  }
}
