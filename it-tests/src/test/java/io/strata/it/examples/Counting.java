package io.strata.it.examples;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import io.strata.client.Get;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.examples.coprocessor.WaterfallEndpoint;
import io.strata.examples.proto.ExampleProtos.WaterfallRequest;
import io.strata.examples.proto.ExampleProtos.WaterfallResponse;
import io.strata.server.coprocessor.ObserverContext;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import io.strata.server.coprocessor.RegionObserver;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** Counters of the calls a waterfall makes reach the regions with. */
final class Counting {
  /** Waterfall endpoint calls answered. */
  static final AtomicInteger ENDPOINT_CALLS = new AtomicInteger();
  /** Scanners opened by clients. */
  static final AtomicInteger SCANNERS_OPENED = new AtomicInteger();
  /** Gets served. */
  static final AtomicInteger GETS = new AtomicInteger();

  private Counting() {}

  /** The example endpoint, counting its calls. */
  public static class Waterfall extends WaterfallEndpoint {
    @Override
    public void waterfall(RpcController controller, WaterfallRequest request,
        RpcCallback<WaterfallResponse> done) {
      ENDPOINT_CALLS.incrementAndGet();
      super.waterfall(controller, request, done);
    }
  }

  /** Counts the scanners clients open (one per region a scan reaches) and the gets. */
  public static class Scanners implements RegionCoprocessor, RegionObserver {
    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public void preScannerOpen(ObserverContext<RegionCoprocessorEnvironment> c, Scan scan) {
      SCANNERS_OPENED.incrementAndGet();
    }

    @Override
    public void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
        List<Cell> result) {
      GETS.incrementAndGet();
    }
  }
}
