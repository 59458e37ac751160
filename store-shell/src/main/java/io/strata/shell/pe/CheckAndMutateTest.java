package io.strata.shell.pe;

import io.strata.client.CheckAndMutate;
import io.strata.client.Delete;
import io.strata.client.Put;
import io.strata.client.RowMutations;
import io.strata.common.util.Bytes;

/**
 * checkAndMutate, checkAndPut and checkAndDelete: put the row key into a cell of the row, then
 * check the cell holds it and, as one atomic step, put it again (as a row mutation or a put) or
 * delete it. Two calls a row. With several clients on the same rows a check can fail (another
 * client's delete came between), which, as in HBase's tool, is not an error.
 */
final class CheckAndMutateTest extends PeTest {
  enum Then {
    MUTATE_ROW("CheckAndMutateTest"),
    PUT("CheckAndPutTest"),
    DELETE("CheckAndDeleteTest");

    final byte[] qualifier;

    Then(String qualifier) {
      this.qualifier = Bytes.toBytes(qualifier);
    }
  }

  private final Then then;

  CheckAndMutateTest(PeClient client, Then then) {
    super(client);
    this.then = then;
  }


  @Override
  long testRow(int i) throws Exception {
    byte[] row = RowKeys.format(i);
    byte[] family = families[0];
    Put put = new Put(row).addColumn(family, then.qualifier, row);
    table.put(put);
    CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row)
        .ifEquals(family, then.qualifier, row);
    CheckAndMutate cam = switch (then) {
      case MUTATE_ROW -> check.build(new RowMutations(row).add(put));
      case PUT -> check.build(put);
      case DELETE -> check.build(new Delete(row).addColumn(family, then.qualifier));
    };
    table.checkAndMutate(cam);
    return 2L * (row.length + family.length + then.qualifier.length + row.length);
  }
}
