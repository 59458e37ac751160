package io.strata.client.internal;

import static io.strata.client.internal.RequestEncoding.LENGTH_DELIMITED;
import static io.strata.client.internal.RequestEncoding.lengthDelimited;

import com.google.protobuf.CodedOutputStream;
import io.strata.client.Get;
import io.strata.client.TimeRange;
import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.rpc.RpcParam;
import java.io.IOException;
import java.util.Map;
import java.util.NavigableSet;

/**
 * A {@link GetRequest} written straight from a {@link Get}, byte for byte what the generated
 * builders write from {@link OperationProtos#toProto(Get)} (fields in number order, proto3
 * defaults left out, the time range always present). Only for a get without a filter,
 * attributes or per-family time ranges ({@link #handles}), which pe's gets and most others are;
 * the rest are built as messages. Building, sizing and writing the messages was about 10 µs of a
 * get's 65 µs round trip in the pe client on this project's 2-core machine, under C1.
 */
final class GetRequestEncoder {
  // GetRequest
  private static final int REGION = 1;
  private static final int GET = 2;
  // GetProto
  private static final int ROW = 1;
  private static final int COLUMNS = 2;
  private static final int TIME_RANGE = 4;
  private static final int MAX_VERSIONS = 5;
  private static final int SKIP_BLOCK_CACHE = 6;
  private static final int EXISTENCE_ONLY = 7;
  // ColumnProto
  private static final int FAMILY = 1;
  private static final int QUALIFIERS = 2;
  // TimeRangeProto
  private static final int MIN = 1;
  private static final int MAX = 2;

  private final byte[] row;
  private final byte[][] families;
  private final byte[][][] qualifiers;
  private final long minTime;
  private final long maxTime;
  private final int maxVersions;
  private final boolean skipBlockCache;
  private final boolean existenceOnly;
  private final int[] columnSizes;
  private final int timeRangeSize;
  private final int getSize;

  /** Whether {@code get} needs nothing this encoder leaves out. */
  static boolean handles(Get get) {
    return get.getFilter() == null && get.getAttributesMap().isEmpty()
        && get.getColumnFamilyTimeRange().isEmpty();
  }

  /**
   * The request of {@code get} (one this encoder {@link #handles}), taken as it is now, as
   * {@link OperationProtos#toProto(Get)} takes it; {@link #forRegion} names the region.
   */
  GetRequestEncoder(Get get, boolean existenceOnly) {
    this.row = get.getRow();
    Map<byte[], NavigableSet<byte[]>> columns = get.getFamilyMap();
    families = new byte[columns.size()][];
    qualifiers = new byte[columns.size()][][];
    columnSizes = new int[columns.size()];
    int n = row.length == 0 ? 0 : CodedOutputStream.computeByteArraySize(ROW, row);
    int c = 0;
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : columns.entrySet()) {
      families[c] = e.getKey();
      qualifiers[c] = new byte[e.getValue().size()][];
      int k = 0;
      for (byte[] q : e.getValue()) { // not toArray: under C1 its reflective array costs more
        qualifiers[c][k++] = q;
      }
      int body = families[c].length == 0 ? 0
          : CodedOutputStream.computeByteArraySize(FAMILY, families[c]);
      for (byte[] q : qualifiers[c]) {
        body += CodedOutputStream.computeByteArraySize(QUALIFIERS, q);
      }
      columnSizes[c++] = body;
      n += CodedOutputStream.computeTagSize(COLUMNS) + lengthDelimited(body);
    }
    TimeRange range = get.getTimeRange();
    minTime = range.getMin();
    maxTime = range.getMax();
    timeRangeSize = (minTime == 0 ? 0 : CodedOutputStream.computeUInt64Size(MIN, minTime))
        + (maxTime == Long.MAX_VALUE ? 0 : CodedOutputStream.computeUInt64Size(MAX, maxTime));
    n += CodedOutputStream.computeTagSize(TIME_RANGE) + lengthDelimited(timeRangeSize);
    maxVersions = get.getMaxVersions();
    n += maxVersions == 0 ? 0 : CodedOutputStream.computeUInt32Size(MAX_VERSIONS, maxVersions);
    skipBlockCache = !get.getCacheBlocks();
    n += skipBlockCache ? CodedOutputStream.computeBoolSize(SKIP_BLOCK_CACHE, true) : 0;
    this.existenceOnly = existenceOnly;
    n += existenceOnly ? CodedOutputStream.computeBoolSize(EXISTENCE_ONLY, true) : 0;
    getSize = n;
  }

  /** The request to the region {@code encodedName}: one attempt's parameter. */
  RpcParam forRegion(String encodedName) {
    return RequestEncoding.toRegion(REGION, encodedName,
        CodedOutputStream.computeTagSize(GET) + lengthDelimited(getSize), this::writeGet);
  }

  private void writeGet(CodedOutputStream out) throws IOException {
    out.writeTag(GET, LENGTH_DELIMITED);
    out.writeUInt32NoTag(getSize);
    if (row.length > 0) {
      out.writeByteArray(ROW, row);
    }
    for (int c = 0; c < families.length; c++) {
      out.writeTag(COLUMNS, LENGTH_DELIMITED);
      out.writeUInt32NoTag(columnSizes[c]);
      if (families[c].length > 0) {
        out.writeByteArray(FAMILY, families[c]);
      }
      for (byte[] q : qualifiers[c]) {
        out.writeByteArray(QUALIFIERS, q);
      }
    }
    out.writeTag(TIME_RANGE, LENGTH_DELIMITED);
    out.writeUInt32NoTag(timeRangeSize);
    if (minTime != 0) {
      out.writeUInt64(MIN, minTime);
    }
    if (maxTime != Long.MAX_VALUE) {
      out.writeUInt64(MAX, maxTime);
    }
    if (maxVersions != 0) {
      out.writeUInt32(MAX_VERSIONS, maxVersions);
    }
    if (skipBlockCache) {
      out.writeBool(SKIP_BLOCK_CACHE, true);
    }
    if (existenceOnly) {
      out.writeBool(EXISTENCE_ONLY, true);
    }
  }
}
