package io.strata.it.rpc;

import com.google.protobuf.StringValue;
import io.strata.client.internal.rpc.DirectConnection;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.LocalLanes;
import io.strata.common.rpc.NettyTransport;
import io.strata.common.rpc.SharedLane;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The client process {@link SharedLaneRpcTest} kills: calls the server at {@code args[1]:args[2]}
 * through its local socket in {@code args[0]} and a lane made in {@code args[3]}, echo after echo
 * of 100,000 bytes (more than the lane's pipes hold), printing "CALLED n" after each, forever.
 */
public final class LaneClientMain {
  private LaneClientMain() {}

  public static void main(String[] args) throws Exception {
    RpcClient client = new RpcClient("tester", 1, NettyTransport.choose(true), Path.of(args[0]),
        new LocalLanes(Path.of(args[3]), SharedLane.MIN_CAPACITY));
    DirectConnection c = client.connectDirect(
        new InetSocketAddress(args[1], Integer.parseInt(args[2])), "TestService",
        Duration.ofSeconds(30), TimeUnit.MICROSECONDS.toNanos(100));
    System.out.println(c);
    byte[] cells = new byte[100_000];
    for (long n = 1; ; n++) {
      CompletableFuture<RpcResponse<StringValue>> f = c.call("Echo", StringValue.of("n" + n),
          CellBlock.Writer.encoded(cells), StringValue.parser(), Duration.ofSeconds(30), 0);
      c.await(f);
      f.get();
      System.out.println("CALLED " + n);
    }
  }
}
