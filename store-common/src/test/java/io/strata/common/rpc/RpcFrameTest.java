package io.strata.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A frame's size is known before it is written, and it reads back as written. */
class RpcFrameTest {
  @Test
  void frameSizeIsWhatWriteAdds() throws Exception {
    Random rand = new Random(3);
    for (int cells : new int[] {-1, 0, 1, 1000, 2 << 20}) {
      byte[] block = cells < 0 ? null : new byte[cells];
      if (block != null) {
        rand.nextBytes(block);
      }
      RequestHeaderProto header = RequestHeaderProto.newBuilder().setCallId(rand.nextInt())
          .setMethod("Multi").setTimeoutMillis(60_000).setPriority(3).build();
      ResponseHeaderProto param = ResponseHeaderProto.newBuilder().setCallId(7).build();
      for (ResponseHeaderProto p : new ResponseHeaderProto[] {null, param}) {
        int size = RpcFrame.frameSize(header, p, block);
        ByteBuf buf = Unpooled.buffer(size);
        RpcFrame.write(buf, header, p, block);
        assertEquals(size, buf.readableBytes(), "cells " + cells + ", param " + (p != null));
        assertEquals(size, buf.capacity(), "the buffer never grew");
        assertEquals(size - 4, buf.readInt());
        RpcFrame frame = RpcFrame.read(buf);
        assertArrayEquals(header.toByteArray(), frame.header());
        assertArrayEquals(block == null ? new byte[0] : block, frame.cellBlock());
      }
    }
  }
}
