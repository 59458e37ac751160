package io.strata.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.StringValue;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.proto.RpcProtos.ConnectionHeaderProto;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.rpc.RpcFrame;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A connection's server side against a client on a raw socket that breaks off mid-call. */
class ServerConnectionTest {
  private static final int CELLS = 1 << 20;

  private RpcServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aLargeRequestCutShortGivesItsLentArrayBack() throws Exception {
    server = new RpcServer("test-server", RpcServerOptions.fromConfig(
        StrataConfiguration.defaults(), "127.0.0.1", 0), List.of(new RpcService("TestService",
            Map.of("Raw", RpcMethod.raw(CallKind.WRITE, (param, cells, length) -> {
              throw new AssertionError("a call whose cell block never came whole was run");
            })))));
    server.start();
    assertEquals(0, server.requestArrays().keptBytes());

    // The call's header, parameter and half its cell block, then the client goes away: the
    // server lent an array for the cell block, and must keep it again for later batches.
    ByteBuf frames = Unpooled.buffer();
    RpcFrame.write(frames, ConnectionHeaderProto.newBuilder().setService("TestService")
        .setUser("tester").build(),
        null, (byte[]) null);
    RpcFrame.write(frames, RequestHeaderProto.newBuilder().setCallId(1).setMethod("Raw").build(),
        StringValue.of("cut short"), new byte[CELLS]);
    byte[] bytes = new byte[frames.readableBytes() - CELLS / 2];
    frames.readBytes(bytes);
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", server.address().getPort()), 30_000);
      OutputStream out = s.getOutputStream();
      out.write(new byte[] {'S', 'T', 'R', 'A', RpcFrame.VERSION});
      out.write(bytes);
      out.flush();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (server.requestArrays().keptBytes() == 0) {
      if (System.nanoTime() > deadline) {
        fail("the array lent to the cut-short call was not kept again within 30 s");
      }
      Thread.sleep(10);
    }
    assertEquals(CELLS, server.requestArrays().keptBytes());
  }
}
