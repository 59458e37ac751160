package io.strata.common.schema;

import io.strata.common.util.Bytes;

/**
 * The layout of strata:meta, the region catalog (docs/formats/meta.md). One row per region,
 * keyed {@code table ',' escape(startkey) 0x00 0x01 id}: the table, then the start key with
 * every 0x00 byte written 0x00 0xFF, then a 0x00 0x01 terminator, then the 8-byte big-endian
 * region id. The escape keeps plain byte order equal to start key order whatever bytes the key
 * holds (a terminator sorts below any continuation of the key), so a table's regions sort
 * together in key order and the region holding a row is the last meta row at or before
 * {@link #regionSearchKey}. One row per table (its name) holds the table's state; one row per
 * namespace holds its settings.
 *
 * <pre>
 *   row                         family:qualifier    value
 *   &lt;table&gt;,&lt;start&gt;&lt;id&gt;        info:regioninfo     RegionInfoProto
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

  /** Ends an escaped start key; sorts below 0x00 0xFF (an escaped 0x00) and any other byte. */
  private static final byte[] TERMINATOR = {0, 1};
  /** After every region id (ids are not negative). */
  private static final byte[] AFTER_ANY_ID = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
      (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};

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

  /** The meta row of a region. */
  public static byte[] regionRow(RegionInfo region) {
    return Bytes.add(startKeyPrefix(region.getTable(), region.getStartKey()),
        Bytes.toBytes(region.getRegionId()));
  }

  /** Where a reversed scan for the region holding {@code row} starts. */
  public static byte[] regionSearchKey(TableName table, byte[] row) {
    return Bytes.add(startKeyPrefix(table, row), AFTER_ANY_ID);
  }

  /**
   * Where a reversed scan for the region ending at {@code startKey} (the one before the region
   * starting there) starts: every row of a region starting at {@code startKey} sorts after it.
   */
  public static byte[] regionBeforeSearchKey(TableName table, byte[] startKey) {
    return startKeyPrefix(table, startKey);
  }

  /** Just past every region row of the table ({@code table} followed by the byte after ','). */
  public static byte[] afterRegionRows(TableName table) {
    return Bytes.add(table.toBytes(), new byte[] {(byte) (',' + 1)});
  }

  /** {@code table ',' escape(key) terminator}. */
  private static byte[] startKeyPrefix(TableName table, byte[] key) {
    byte[] name = table.toBytes();
    int zeros = 0;
    for (byte b : key) {
      zeros += b == 0 ? 1 : 0;
    }
    byte[] out = new byte[name.length + 1 + key.length + zeros + TERMINATOR.length];
    System.arraycopy(name, 0, out, 0, name.length);
    int p = name.length;
    out[p++] = ',';
    for (byte b : key) {
      out[p++] = b;
      if (b == 0) {
        out[p++] = (byte) 0xFF;
      }
    }
    System.arraycopy(TERMINATOR, 0, out, p, TERMINATOR.length);
    return out;
  }
}
