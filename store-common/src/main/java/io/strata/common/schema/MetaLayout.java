package io.strata.common.schema;

import io.strata.common.util.Bytes;

/**
 * The layout of strata:meta, the region catalog (docs/formats/meta.md). One row per region,
 * keyed by its region name ({@code table,startkey,regionid}), so a table's regions sort together
 * in key order and the region holding a row is the last one at or before
 * {@code table,row,99999999999999999999}. One row per table (its name) holds the table's state;
 * one row per namespace holds its settings.
 *
 * <pre>
 *   row                         family:qualifier    value
 *   &lt;table&gt;,&lt;start&gt;,&lt;id&gt;       info:regioninfo     RegionInfoProto
 *                               info:state          RegionState name
 *                               info:server         host,port,startcode (OPENING, OPEN, CLOSING)
 *   &lt;table&gt;                     table:state         TableState name
 *   &lt;namespace&gt;                 ns:d                NamespaceProto
 * </pre>
 */
public final class MetaLayout {
  public static final byte[] INFO = Bytes.toBytes("info");
  public static final byte[] TABLE = Bytes.toBytes("table");
  public static final byte[] NAMESPACE = Bytes.toBytes("ns");
  public static final byte[] REGION_INFO = Bytes.toBytes("regioninfo");
  public static final byte[] STATE = Bytes.toBytes("state");
  public static final byte[] SERVER = Bytes.toBytes("server");
  public static final byte[] TABLE_STATE = Bytes.toBytes("state");
  public static final byte[] NAMESPACE_DATA = Bytes.toBytes("d");

  /** The one region of meta; it never splits. */
  public static final RegionInfo META_REGION = RegionInfo.newBuilder(TableName.META)
      .setRegionId(1).build();

  /** Region ids are at most 19 decimal digits, so 20 nines sort after every one. */
  private static final byte[] AFTER_ANY_ID = Bytes.toBytes(",99999999999999999999");

  private MetaLayout() {}

  /** strata:meta's schema: small, hot, always cached. */
  public static TableDescriptor descriptor() {
    TableDescriptor.Builder b = TableDescriptor.newBuilder(TableName.META);
    for (byte[] family : new byte[][] {INFO, TABLE, NAMESPACE}) {
      b.setColumnFamily(ColumnFamilyDescriptor.newBuilder(family).setMaxVersions(3)
          .setInMemory(true).setBlockSize(8 * 1024)
          .setDataBlockEncoding(DataBlockEncoding.ROW_INDEX_V1).build());
    }
    return b.build();
  }

  /** The meta row of the table's state. */
  public static byte[] tableRow(TableName table) {
    return table.toBytes();
  }

  /** Where a reversed scan for the region holding {@code row} starts. */
  public static byte[] regionSearchKey(TableName table, byte[] row) {
    return Bytes.add(table.toBytes(), new byte[] {','}, Bytes.add(row, AFTER_ANY_ID));
  }

  /** First meta row of the table's regions (inclusive). */
  public static byte[] firstRegionRow(TableName table) {
    return Bytes.add(table.toBytes(), new byte[] {','});
  }

  /** Just after the table's last region row (exclusive). */
  public static byte[] afterLastRegionRow(TableName table) {
    return Bytes.add(table.toBytes(), new byte[] {(byte) (',' + 1)});
  }
}
