package io.strata.client.internal.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.strata.client.internal.ParamBytes;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RequestHeaderEncoderTest {
  private static final String[] METHODS = {"Get", "Mutate", "Multi", "Scan", "", "Métier"};

  @Test
  void writesWhatTheBuilderWrites() throws Exception {
    Random random = new Random(20261126);
    int[] edges = {0, 1, 127, 128, 16_383, 16_384, Integer.MAX_VALUE, -1, Integer.MIN_VALUE};
    for (int i = 0; i < 2_000; i++) {
      int callId = i < edges.length ? edges[i] : random.nextInt();
      int timeout = random.nextBoolean() ? 0 : edges[random.nextInt(edges.length)];
      int priority = random.nextInt(4) == 0 ? random.nextInt() : random.nextInt(3);
      String method = METHODS[random.nextInt(METHODS.length)];
      byte[] expected = RequestHeaderProto.newBuilder().setCallId(callId).setMethod(method)
          .setTimeoutMillis(timeout).setPriority(priority).build().toByteArray();
      assertArrayEquals(expected, ParamBytes.of(
          new RequestHeaderEncoder(callId, method, timeout, priority)),
          callId + " " + method + " " + timeout + " " + priority);
    }
  }
}
