package io.strata.it.coprocessor;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import io.strata.client.coprocessor.CoprocessorRpcUtils;
import io.strata.it.coprocessor.proto.TestEndpointProtos.PingRequest;
import io.strata.it.coprocessor.proto.TestEndpointProtos.PingResponse;
import io.strata.it.coprocessor.proto.TestEndpointProtos.PingService;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.MasterCoprocessor;
import io.strata.server.coprocessor.MasterCoprocessorEnvironment;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Endpoints of the test service PingService: a region's and the master's. */
final class Pings {
  private Pings() {}

  /** Answers as {@code where}, or fails as the request asks ({@code startKey}: where it is). */
  static void answer(String where, byte[] startKey, AtomicLong calls, PingRequest request,
      RpcController controller, RpcCallback<PingResponse> done) {
    long n = calls.incrementAndGet();
    boolean here = !request.hasFailIn()
        || java.util.Arrays.equals(request.getFailIn().toByteArray(), startKey);
    switch (here ? request.getFail() : PingRequest.Failure.NONE) {
      case CONTROLLER -> {
        CoprocessorRpcUtils.setControllerException(controller,
            new IOException("asked to fail: " + request.getText()));
        done.run(null);
      }
      case THROW -> throw new IllegalStateException("asked to throw: " + request.getText());
      case SILENT -> { }
      default -> done.run(PingResponse.newBuilder().setText(request.getText()).setWhere(where)
          .setCalls(n).build());
    }
  }

  /** A region's PingService: answers with the region's name. */
  public static class RegionPing extends PingService implements RegionCoprocessor {
    private final AtomicLong calls = new AtomicLong();
    private RegionCoprocessorEnvironment env;

    @Override
    public void start(CoprocessorEnvironment<?> env) {
      this.env = (RegionCoprocessorEnvironment) env;
    }

    @Override
    public Iterable<Service> getServices() {
      return List.of(this);
    }

    @Override
    public void ping(RpcController controller, PingRequest request,
        RpcCallback<PingResponse> done) {
      answer(env.getRegion().getRegionInfo().getRegionNameAsString(),
          env.getRegion().getRegionInfo().getStartKey(), calls, request, controller, done);
    }
  }

  /** The master's PingService: answers with "master" and the master's name. */
  public static class MasterPing extends PingService implements MasterCoprocessor {
    private final AtomicLong calls = new AtomicLong();
    private MasterCoprocessorEnvironment env;

    @Override
    public void start(CoprocessorEnvironment<?> env) {
      this.env = (MasterCoprocessorEnvironment) env;
    }

    @Override
    public Iterable<Service> getServices() {
      return List.of(this);
    }

    @Override
    public void ping(RpcController controller, PingRequest request,
        RpcCallback<PingResponse> done) {
      answer("master " + env.getServerName(), new byte[0], calls, request, controller, done);
    }
  }
}
