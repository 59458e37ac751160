package io.strata.examples.coprocessor;

import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.ObserverContext;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import io.strata.server.coprocessor.RegionObserver;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Keeps an index of one column in another table: for each data row whose column holds value
 * v, the index table has the row {@code v 0x00 dataRow} with the cell {@code i:row = dataRow},
 * so the rows holding v are a prefix scan of the index ({@link #indexPrefix}). Properties:
 * {@code index.column} ("family:qualifier") and {@code index.table}.
 *
 * <p>The index entry of a new value is written before the data (prePut), and the entry of the
 * value it replaced is removed after (postPut), so the index always holds at least the data's
 * entries: a reader checks the data row of an index hit, as with HBase's own secondary index
 * schemes. A delete removes the entry once the data's value is gone.
 */
public class SecondaryIndexObserver implements RegionCoprocessor, RegionObserver {
  /** The index table's family and qualifier. */
  public static final byte[] INDEX_FAMILY = Bytes.toBytes("i");
  public static final byte[] INDEX_QUALIFIER = Bytes.toBytes("row");
  /** Where a mutation carries, from its pre hook to its post hook, the value it replaces. */
  private static final String OLD_VALUE = "strata.example.index.old";

  private byte[] family;
  private byte[] qualifier;
  private TableName indexTable;

  @Override
  public void start(CoprocessorEnvironment<?> env) throws IOException {
    byte[][] column = ObserverSettings.column(env, getClass(), "index.column");
    family = column[0];
    qualifier = column[1];
    indexTable = TableName.valueOf(ObserverSettings.required(env, getClass(), "index.table"));
  }

  @Override
  public Optional<RegionObserver> getRegionObserver() {
    return Optional.of(this);
  }

  /** The index row of {@code dataRow} holding {@code value}. */
  public static byte[] indexRow(byte[] value, byte[] dataRow) {
    return Bytes.add(indexPrefix(value), dataRow);
  }

  /** The prefix of the index rows of every data row holding {@code value}. */
  public static byte[] indexPrefix(byte[] value) {
    return Bytes.add(value, new byte[] {0});
  }

  @Override
  public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
      Durability durability) throws IOException {
    List<Cell> cells = put.get(family, qualifier);
    if (cells.isEmpty()) {
      return;
    }
    byte[] value = CellUtil.cloneValue(cells.get(cells.size() - 1));
    rememberOld(c, put);
    try (Table index = c.getEnvironment().getConnection().getTable(indexTable)) {
      index.put(new Put(indexRow(value, put.getRow())).addColumn(INDEX_FAMILY, INDEX_QUALIFIER,
          put.getRow()));
    }
  }

  @Override
  public void postPut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
      Durability durability) throws IOException {
    dropStale(c, put);
  }

  @Override
  public void preDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete,
      Durability durability) throws IOException {
    rememberOld(c, delete);
  }

  @Override
  public void postDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete,
      Durability durability) throws IOException {
    dropStale(c, delete);
  }

  /** Notes the row's value of the column now, before {@code m} changes it. */
  private void rememberOld(ObserverContext<RegionCoprocessorEnvironment> c, Mutation m)
      throws IOException {
    byte[] old = current(c, m.getRow());
    if (old != null) {
      m.setAttribute(OLD_VALUE, old);
    }
  }

  /** Removes the index entry of the value {@code m} replaced, if the row no longer holds it. */
  private void dropStale(ObserverContext<RegionCoprocessorEnvironment> c, Mutation m)
      throws IOException {
    byte[] old = m.getAttribute(OLD_VALUE);
    if (old == null || Bytes.equals(old, current(c, m.getRow()))) {
      return;
    }
    try (Table index = c.getEnvironment().getConnection().getTable(indexTable)) {
      index.delete(new Delete(indexRow(old, m.getRow())));
    }
  }

  private byte[] current(ObserverContext<RegionCoprocessorEnvironment> c, byte[] row)
      throws IOException {
    Result r = c.getEnvironment().getRegion().get(new Get(row).addColumn(family, qualifier));
    return r.getValue(family, qualifier);
  }
}
