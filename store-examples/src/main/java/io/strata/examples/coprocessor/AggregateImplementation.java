package io.strata.examples.coprocessor;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import io.strata.client.Scan;
import io.strata.client.coprocessor.CoprocessorRpcUtils;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.error.CoprocessorException;
import io.strata.common.util.Bytes;
import io.strata.examples.proto.ExampleProtos.AggregateRequest;
import io.strata.examples.proto.ExampleProtos.AggregateResponse;
import io.strata.examples.proto.ExampleProtos.AggregateService;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.InternalScanner;
import io.strata.server.coprocessor.LocalRegion;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * An aggregation endpoint, as HBase's AggregateImplementation: over its region's part of a key
 * range, the count, sum, min, max and sum of squares of a numeric column (8-byte longs), or
 * the number of rows. {@link AggregationClient} combines the regions' parts into row count,
 * sum, min, max, average and standard deviation.
 */
public class AggregateImplementation extends AggregateService implements RegionCoprocessor {
  private RegionCoprocessorEnvironment env;

  @Override
  public void start(CoprocessorEnvironment<?> env) throws IOException {
    this.env = RegionEndpoint.environment(env, getClass());
  }

  @Override
  public Iterable<Service> getServices() {
    return List.of(this);
  }

  @Override
  public void aggregate(RpcController controller, AggregateRequest request,
      RpcCallback<AggregateResponse> done) {
    try {
      done.run(aggregate(env.getRegion(), request));
    } catch (IOException e) {
      CoprocessorRpcUtils.setControllerException(controller, e);
      done.run(null);
    }
  }

  private static AggregateResponse aggregate(LocalRegion region, AggregateRequest request)
      throws IOException {
    byte[] family = request.getFamily().toByteArray();
    byte[] qualifier = request.getQualifier().toByteArray();
    Scan scan = new Scan().withStartRow(request.getStartRow().toByteArray())
        .withStopRow(request.getStopRow().toByteArray()).setCacheBlocks(false);
    boolean column = family.length > 0;
    if (column) {
      scan.addColumn(family, qualifier);
    }
    long count = 0;
    long sum = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    double squares = 0;
    try (InternalScanner s = region.getScanner(scan)) {
      List<Cell> row = new ArrayList<>();
      boolean more;
      do {
        row.clear();
        more = s.next(row);
        if (row.isEmpty()) {
          continue;
        }
        if (!column) {
          count++;
          continue;
        }
        for (Cell c : row) {
          long v = value(c);
          count++;
          sum = Math.addExact(sum, v);
          min = Math.min(min, v);
          max = Math.max(max, v);
          squares += (double) v * v;
        }
      } while (more);
    } catch (ArithmeticException e) {
      throw new CoprocessorException("the sum of " + Bytes.toStringBinary(family) + ":"
          + Bytes.toStringBinary(qualifier) + " overflows a long in region "
          + region.getRegionInfo().getRegionNameAsString());
    }
    AggregateResponse.Builder b = AggregateResponse.newBuilder().setCount(count).setSum(sum)
        .setSumOfSquares(squares);
    if (count > 0 && column) {
      b.setMin(min).setMax(max);
    }
    return b.build();
  }

  private static long value(Cell c) throws CoprocessorException {
    if (c.getValueLength() != Long.BYTES) {
      throw new CoprocessorException("row '" + Bytes.toStringBinary(CellUtil.cloneRow(c))
          + "' column " + Bytes.toStringBinary(CellUtil.cloneFamily(c)) + ":"
          + Bytes.toStringBinary(CellUtil.cloneQualifier(c)) + " holds " + c.getValueLength()
          + " bytes, not an 8-byte long; aggregate a column written with Bytes.toBytes(long)");
    }
    return Bytes.toLong(c.getValueArray(), c.getValueOffset(), Long.BYTES);
  }
}
