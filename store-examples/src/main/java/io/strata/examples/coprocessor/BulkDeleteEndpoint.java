package io.strata.examples.coprocessor;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import io.strata.client.Delete;
import io.strata.client.Scan;
import io.strata.client.coprocessor.CoprocessorRpcUtils;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.filter.FirstKeyOnlyFilter;
import io.strata.examples.proto.ExampleProtos.BulkDeleteRequest;
import io.strata.examples.proto.ExampleProtos.BulkDeleteResponse;
import io.strata.examples.proto.ExampleProtos.BulkDeleteService;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.InternalScanner;
import io.strata.server.coprocessor.LocalRegion;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Deletes, inside the region server, the rows of a range whose column holds a given value (or
 * every row of the range), as HBase's BulkDeleteEndpoint: the rows never travel to the client
 * and back as deletes. Rows go in batches, each one region write; a batch applied before an
 * error stays deleted, and the count says how many were.
 */
public class BulkDeleteEndpoint extends BulkDeleteService implements RegionCoprocessor {
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
  public void delete(RpcController controller, BulkDeleteRequest request,
      RpcCallback<BulkDeleteResponse> done) {
    try {
      done.run(BulkDeleteResponse.newBuilder().setRowsDeleted(delete(env.getRegion(), request))
          .build());
    } catch (IOException e) {
      CoprocessorRpcUtils.setControllerException(controller, e);
      done.run(null);
    }
  }

  private static long delete(LocalRegion region, BulkDeleteRequest request) throws IOException {
    byte[] family = request.getFamily().toByteArray();
    byte[] qualifier = request.getQualifier().toByteArray();
    byte[] value = request.getValue().toByteArray();
    boolean matching = family.length > 0;
    Scan scan = new Scan().withStartRow(request.getStartRow().toByteArray())
        .withStopRow(request.getStopRow().toByteArray()).setCacheBlocks(false);
    if (matching) {
      scan.addColumn(family, qualifier);
    } else {
      scan.setFilter(new FirstKeyOnlyFilter()); // a row's first cell says it exists
    }
    int batchSize = request.getBatchSize() == 0 ? 500 : request.getBatchSize();
    long deleted = 0;
    List<Delete> batch = new ArrayList<>(batchSize);
    try (InternalScanner s = region.getScanner(scan)) {
      List<Cell> row = new ArrayList<>();
      boolean more;
      do {
        row.clear();
        more = s.next(row);
        if (row.isEmpty() || (matching && !CellUtil.matchingValue(row.get(0), value))) {
          continue;
        }
        batch.add(new Delete(CellUtil.cloneRow(row.get(0))));
        if (batch.size() == batchSize) {
          region.batchMutate(batch);
          deleted += batch.size();
          batch.clear();
        }
      } while (more);
    }
    region.batchMutate(batch);
    return deleted + batch.size();
  }
}
