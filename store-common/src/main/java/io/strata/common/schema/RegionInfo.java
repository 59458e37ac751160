package io.strata.common.schema;

import io.strata.common.util.Bytes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The identity of a region: a table's key range {@code [startKey, endKey)} created at
 * {@code regionId} (a creation timestamp), plus a replica id. An empty start key means "from the
 * first row", an empty end key "to the last row".
 *
 * <p>The region name is {@code <table>,<startKey>,<regionId>} (with {@code _<replica>} in hex
 * for replicas other than 0); the encoded name is the MD5 of the region name in lower-case hex.
 * The encoded name is stable and names the region's directory, so neither may ever change.
 *
 * <pre>{@code
 * RegionInfo r = RegionInfo.newBuilder(TableName.valueOf("users"))
 *     .setStartKey(Bytes.toBytes("m")).setRegionId(1700000000000L).build();
 * r.containsRow(Bytes.toBytes("q"));   // true
 * }</pre>
 */
public final class RegionInfo implements Comparable<RegionInfo> {
  public static final int MAX_REPLICA_ID = 0xFFFF;

  private final TableName table;
  private final byte[] startKey;
  private final byte[] endKey;
  private final long regionId;
  private final int replicaId;
  private final boolean offline;
  private final boolean split;
  private final byte[] regionName;
  private final String encodedName;

  private RegionInfo(Builder b) {
    this.table = b.table;
    this.startKey = b.startKey.clone();
    this.endKey = b.endKey.clone();
    this.regionId = b.regionId;
    this.replicaId = b.replicaId;
    this.offline = b.offline;
    this.split = b.split;
    String suffix = replicaId == 0 ? "" : String.format("_%04X", replicaId);
    this.regionName = Bytes.add(table.toBytes(), new byte[] {','}, startKey,
        Bytes.toBytes("," + regionId + suffix));
    this.encodedName = md5Hex(regionName);
  }

  public static Builder newBuilder(TableName table) {
    return new Builder(table);
  }

  public static Builder newBuilder(RegionInfo from) {
    return new Builder(from);
  }

  private static String md5Hex(byte[] data) {
    try {
      return Bytes.toHex(MessageDigest.getInstance("MD5").digest(data));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no MD5, which every Java platform must have", e);
    }
  }

  public TableName getTable() {
    return table;
  }

  public byte[] getStartKey() {
    return startKey.clone();
  }

  public byte[] getEndKey() {
    return endKey.clone();
  }

  public long getRegionId() {
    return regionId;
  }

  public int getReplicaId() {
    return replicaId;
  }

  public boolean isOffline() {
    return offline;
  }

  public boolean isSplit() {
    return split;
  }

  public byte[] getRegionName() {
    return regionName.clone();
  }

  public String getRegionNameAsString() {
    return Bytes.toStringBinary(regionName);
  }

  /** 32 lower-case hex characters; the region's directory name. */
  public String getEncodedName() {
    return encodedName;
  }

  public boolean isFirst() {
    return startKey.length == 0;
  }

  public boolean isLast() {
    return endKey.length == 0;
  }

  public boolean isMetaRegion() {
    return table.equals(TableName.META);
  }

  /** True when {@code startKey <= row < endKey}. */
  public boolean containsRow(byte[] row) {
    return Bytes.compare(row, startKey) >= 0
        && (endKey.length == 0 || Bytes.compare(row, endKey) < 0);
  }

  /** True when the whole range {@code [from, to)} lies in this region (empty {@code to}: open). */
  public boolean containsRange(byte[] from, byte[] to) {
    boolean fromInside = containsRow(from);
    boolean toInside = to.length == 0 ? endKey.length == 0
        : endKey.length == 0 || Bytes.compare(to, endKey) <= 0;
    return fromInside && toInside;
  }

  @Override
  public int compareTo(RegionInfo o) {
    int c = table.compareTo(o.table);
    if (c != 0) {
      return c;
    }
    c = Bytes.compare(startKey, o.startKey);
    if (c != 0) {
      return c;
    }
    c = Long.compare(regionId, o.regionId);
    return c != 0 ? c : Integer.compare(replicaId, o.replicaId);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RegionInfo r && r.encodedName.equals(encodedName)
        && Bytes.equals(r.endKey, endKey) && r.offline == offline && r.split == split;
  }

  @Override
  public int hashCode() {
    return encodedName.hashCode();
  }

  @Override
  public String toString() {
    return "{ENCODED => " + encodedName + ", NAME => '" + getRegionNameAsString()
        + "', STARTKEY => '" + Bytes.toStringBinary(startKey) + "', ENDKEY => '"
        + Bytes.toStringBinary(endKey) + "'" + (replicaId != 0 ? ", REPLICA_ID => " + replicaId : "")
        + (offline ? ", OFFLINE => true" : "") + (split ? ", SPLIT => true" : "") + "}";
  }

  /** Collects a region's identity; {@link #build()} validates it. */
  public static final class Builder {
    private final TableName table;
    private byte[] startKey = Bytes.EMPTY;
    private byte[] endKey = Bytes.EMPTY;
    private long regionId = System.currentTimeMillis();
    private int replicaId;
    private boolean offline;
    private boolean split;

    private Builder(TableName table) {
      if (table == null) {
        throw new IllegalArgumentException("a region needs a table name");
      }
      this.table = table;
    }

    private Builder(RegionInfo r) {
      this(r.table);
      startKey = r.startKey;
      endKey = r.endKey;
      regionId = r.regionId;
      replicaId = r.replicaId;
      offline = r.offline;
      split = r.split;
    }

    public Builder setStartKey(byte[] key) {
      this.startKey = key == null ? Bytes.EMPTY : key;
      return this;
    }

    public Builder setEndKey(byte[] key) {
      this.endKey = key == null ? Bytes.EMPTY : key;
      return this;
    }

    public Builder setRegionId(long id) {
      this.regionId = id;
      return this;
    }

    public Builder setReplicaId(int id) {
      this.replicaId = id;
      return this;
    }

    public Builder setOffline(boolean v) {
      this.offline = v;
      return this;
    }

    public Builder setSplit(boolean v) {
      this.split = v;
      return this;
    }

    public RegionInfo build() {
      if (endKey.length > 0 && Bytes.compare(startKey, endKey) >= 0) {
        throw new IllegalArgumentException("region of table '" + table + "': start key '"
            + Bytes.toStringBinary(startKey) + "' must sort before end key '"
            + Bytes.toStringBinary(endKey) + "'");
      }
      if (replicaId < 0 || replicaId > MAX_REPLICA_ID) {
        throw new IllegalArgumentException("region of table '" + table + "': replica id "
            + replicaId + " is outside 0.." + MAX_REPLICA_ID);
      }
      if (regionId < 0) {
        throw new IllegalArgumentException("region of table '" + table + "': region id "
            + regionId + " must not be negative");
      }
      return new RegionInfo(this);
    }
  }
}
