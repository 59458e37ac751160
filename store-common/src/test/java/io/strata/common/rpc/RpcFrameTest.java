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

  /**
   * Messages are serialized straight into the frame's buffer where it is one piece (a pooled
   * direct buffer) and through an array where it is not (a composite); a deferred cell block
   * is encoded after them. Each frame reads back as written.
   */
  @Test
  void framesReadBackWhateverBufferTheyAreWrittenInto() throws Exception {
    Random rand = new Random(5);
    for (int round = 0; round < 20; round++) {
      CellBlock.Writer cells = CellBlock.Writer.deferred(8);
      int n = rand.nextInt(5);
      for (int i = 0; i < n; i++) {
        byte[] value = new byte[rand.nextInt(2000)];
        rand.nextBytes(value);
        cells.add(io.strata.common.cell.KeyValue.of(new byte[] {(byte) i}, new byte[] {'f'},
            new byte[] {'q'}, i, io.strata.common.cell.CellType.PUT, value));
      }
      RequestHeaderProto header = RequestHeaderProto.newBuilder().setCallId(rand.nextInt())
          .setMethod("m" + "x".repeat(rand.nextInt(300))).build();
      ResponseHeaderProto param = rand.nextBoolean() ? null
          : ResponseHeaderProto.newBuilder().setCallId(rand.nextInt(1000)).build();
      int size = RpcFrame.frameSize(header, param, cells);
      ByteBuf direct = RpcBuffers.ALLOCATOR.directBuffer(size);
      io.netty.buffer.CompositeByteBuf composite = Unpooled.compositeBuffer();
      composite.addComponent(true, Unpooled.buffer(3));
      composite.addComponent(true, Unpooled.buffer(size));
      composite.writerIndex(0);
      try {
        for (ByteBuf buf : new ByteBuf[] {direct, composite}) {
          RpcFrame.write(buf, header, param, cells);
          assertEquals(size, buf.readableBytes());
          assertEquals(size - 4, buf.readInt());
          RpcFrame frame = RpcFrame.read(buf);
          assertArrayEquals(header.toByteArray(), frame.header());
          assertArrayEquals(param == null ? new byte[0] : param.toByteArray(), frame.param());
          byte[] block = cells.toBytes();
          assertArrayEquals(block == null ? new byte[0] : block, frame.cellBlock());
        }
      } finally {
        direct.release();
        composite.release();
      }
    }
  }
}
