package io.strata.examples.coprocessor;

import com.google.protobuf.ByteString;
import io.strata.client.Connection;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.coprocessor.CoprocessorRpcUtils;
import io.strata.common.schema.TableName;
import io.strata.examples.proto.ExampleProtos.AggregateRequest;
import io.strata.examples.proto.ExampleProtos.AggregateResponse;
import io.strata.examples.proto.ExampleProtos.AggregateService;
import java.io.IOException;
import java.util.Map;
import java.util.NavigableSet;

/**
 * The client of {@link AggregateImplementation}, as HBase's AggregationClient: one endpoint
 * call per region of the scan's range, in parallel, the parts combined here. The scan gives the
 * range (start and stop rows) and the column: exactly one family and one qualifier, except for
 * {@link #rowCount}, which counts every row of the range when the scan names no column.
 *
 * <pre>{@code
 * AggregationClient agg = new AggregationClient(connection);
 * Scan day = new Scan().withStartRow(from).withStopRow(to).addColumn(F, PRICE);
 * double mean = agg.avg(TableName.valueOf("trades"), day);
 * }</pre>
 */
public final class AggregationClient {
  /** The combined parts: how many values, their sum, min, max and sum of squares. */
  public record Stats(long count, long sum, Long min, Long max, double sumOfSquares) {
    /** The mean, NaN when there are no values. */
    public double avg() {
      return count == 0 ? Double.NaN : (double) sum / count;
    }

    /** The population standard deviation, as HBase's std; NaN when there are no values. */
    public double std() {
      if (count == 0) {
        return Double.NaN;
      }
      double mean = avg();
      return Math.sqrt(Math.max(0, sumOfSquares / count - mean * mean));
    }
  }

  private final Connection connection;

  public AggregationClient(Connection connection) {
    this.connection = connection;
  }

  /** Rows of the range that have the scan's column, or every row if it names none. */
  public long rowCount(TableName table, Scan scan) throws IOException {
    return scan.getFamilyMap().isEmpty() ? stats(table, scan, false).count()
        : stats(table, scan).count();
  }

  public long sum(TableName table, Scan scan) throws IOException {
    return stats(table, scan).sum();
  }

  /** The smallest value, or null when the range has none. */
  public Long min(TableName table, Scan scan) throws IOException {
    return stats(table, scan).min();
  }

  /** The largest value, or null when the range has none. */
  public Long max(TableName table, Scan scan) throws IOException {
    return stats(table, scan).max();
  }

  public double avg(TableName table, Scan scan) throws IOException {
    return stats(table, scan).avg();
  }

  public double std(TableName table, Scan scan) throws IOException {
    return stats(table, scan).std();
  }

  /** Every statistic of the scan's column in one pass over the range. */
  public Stats stats(TableName table, Scan scan) throws IOException {
    return stats(table, scan, true);
  }

  private Stats stats(TableName table, Scan scan, boolean column) throws IOException {
    AggregateRequest.Builder req = AggregateRequest.newBuilder()
        .setStartRow(ByteString.copyFrom(scan.getStartRow()))
        .setStopRow(ByteString.copyFrom(scan.getStopRow()));
    if (column) {
      Map.Entry<byte[], NavigableSet<byte[]>> f = scan.getFamilyMap().firstEntry();
      if (scan.getFamilyMap().size() != 1 || f.getValue() == null || f.getValue().size() != 1) {
        throw new IllegalArgumentException("the scan must name exactly one column to aggregate "
            + "(scan.addColumn(family, qualifier)); it names " + scan.getFamilyMap().size()
            + " families");
      }
      req.setFamily(ByteString.copyFrom(f.getKey()))
          .setQualifier(ByteString.copyFrom(f.getValue().first()));
    }
    AggregateRequest request = req.build();
    Map<byte[], AggregateResponse> parts;
    try (Table t = connection.getTable(table)) {
      parts = t.coprocessorService(AggregateService.class, scan.getStartRow(),
          scan.getStopRow(), stub -> CoprocessorRpcUtils.call(stub,
              (s, controller, done) -> s.aggregate(controller, request, done)));
    }
    long count = 0;
    long sum = 0;
    Long min = null;
    Long max = null;
    double squares = 0;
    for (AggregateResponse r : parts.values()) {
      count += r.getCount();
      sum = Math.addExact(sum, r.getSum());
      squares += r.getSumOfSquares();
      if (r.hasMin()) {
        min = min == null ? r.getMin() : Math.min(min, r.getMin());
        max = max == null ? r.getMax() : Math.max(max, r.getMax());
      }
    }
    return new Stats(count, sum, min, max, squares);
  }
}
