package io.strata.examples.coprocessor;

import com.google.protobuf.ByteString;
import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import io.strata.client.Scan;
import io.strata.client.coprocessor.CoprocessorRpcUtils;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.error.BadRequestException;
import io.strata.examples.proto.ExampleProtos.WaterfallField;
import io.strata.examples.proto.ExampleProtos.WaterfallRequest;
import io.strata.examples.proto.ExampleProtos.WaterfallResponse;
import io.strata.examples.proto.ExampleProtos.WaterfallRow;
import io.strata.examples.proto.ExampleProtos.WaterfallService;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.InternalScanner;
import io.strata.server.coprocessor.LocalRegion;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/**
 * The waterfall of Bloomberg's bond pricing (the first article in the seeds): the data of one
 * security and date is in one row, each data source in its own family or column prefix; a
 * request names the sources in the order the customer trusts them, and gets, for each row of a
 * range and each field, the value of the first source that has it. One call per region, where
 * the client alone would read every source's cells and resolve them itself.
 */
public class WaterfallEndpoint extends WaterfallService implements RegionCoprocessor {
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
  public void waterfall(RpcController controller, WaterfallRequest request,
      RpcCallback<WaterfallResponse> done) {
    try {
      done.run(waterfall(env.getRegion(), request));
    } catch (IOException e) {
      CoprocessorRpcUtils.setControllerException(controller, e);
      done.run(null);
    }
  }

  private static WaterfallResponse waterfall(LocalRegion region, WaterfallRequest request)
      throws IOException {
    WaterfallSources sources;
    try {
      sources = new WaterfallSources(request.getSourcesList(), request.getFieldsList().stream()
          .map(ByteString::toByteArray).toList());
    } catch (IllegalArgumentException e) {
      throw new BadRequestException(e.getMessage());
    }
    Scan scan = new Scan().withStartRow(request.getStartRow().toByteArray())
        .withStopRow(request.getStopRow().toByteArray());
    for (WaterfallSources.Source s : sources.sources()) {
      scan.addFamily(s.family());
    }
    WaterfallResponse.Builder out = WaterfallResponse.newBuilder();
    try (InternalScanner s = region.getScanner(scan)) {
      List<Cell> row = new ArrayList<>();
      boolean more;
      do {
        row.clear();
        more = s.next(row);
        if (row.isEmpty()) {
          continue;
        }
        Map<ByteBuffer, WaterfallValue> found = WaterfallSources.newRow();
        sources.resolve(row, found);
        if (found.isEmpty()) {
          continue;
        }
        NavigableMap<byte[], WaterfallValue> fields = WaterfallSources.sorted(found);
        WaterfallRow.Builder r = WaterfallRow.newBuilder()
            .setRow(ByteString.copyFrom(CellUtil.cloneRow(row.get(0))));
        fields.forEach((name, v) -> r.addFields(WaterfallField.newBuilder()
            .setName(ByteString.copyFrom(name)).setValue(ByteString.copyFrom(v.value()))
            .setSource(v.source())));
        out.addRows(r);
      } while (more);
    }
    return out.build();
  }
}
