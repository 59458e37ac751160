package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.client.RegionLocator;
import io.strata.common.proto.MasterProtos.RegionStateProto;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's locator over its connection: one row through the location cache (a meta lookup on
 * a miss, inside the connection's one retry loop), the whole table from the master, which knows
 * every region's state, including those no server serves.
 */
final class RegionLocatorImpl implements RegionLocator {
  private final AsyncConnectionImpl conn;
  private final TableName name;

  RegionLocatorImpl(AsyncConnectionImpl conn, TableName name) {
    this.conn = conn;
    this.name = name;
  }

  @Override
  public TableName getName() {
    return name;
  }

  @Override
  public RegionLocation getRegionLocation(byte[] row) throws IOException {
    return getRegionLocation(row, false);
  }

  @Override
  public RegionLocation getRegionLocation(byte[] row, boolean reload) throws IOException {
    if (row == null) {
      throw new IllegalArgumentException("the row to locate is null; give a row key (empty for "
          + "the table's first region)");
    }
    // A lookup caches what it found, so a reload also refreshes the cache.
    return RetryingCaller.join(conn.caller().call("locating row '" + Bytes.toStringBinary(row)
        + "' of table '" + name + "'", (timeout, previous) ->
            conn.locations().locate(name, row, reload, timeout)));
  }

  @Override
  public List<RegionLocation> getAllRegionLocations() throws IOException {
    List<RegionLocation> out = new ArrayList<>();
    for (RegionStateProto r : RetryingCaller.join(AsyncAdminImpl.regionStates(conn.master(),
        name))) {
      boolean open = r.getState().equals(RegionState.OPEN.name()) && r.hasServer();
      out.add(new RegionLocation(SchemaCodec.fromProto(r.getRegion()),
          open ? SchemaCodec.fromProto(r.getServer()) : null));
    }
    return out;
  }

  @Override
  public byte[][] getStartKeys() throws IOException {
    return getAllRegionLocations().stream().map(l -> l.region().getStartKey())
        .toArray(byte[][]::new);
  }

  @Override
  public byte[][] getEndKeys() throws IOException {
    return getAllRegionLocations().stream().map(l -> l.region().getEndKey())
        .toArray(byte[][]::new);
  }
}
