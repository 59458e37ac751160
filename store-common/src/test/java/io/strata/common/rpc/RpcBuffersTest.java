package io.strata.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.util.internal.PlatformDependent;
import org.junit.jupiter.api.Test;

class RpcBuffersTest {

  /**
   * Under the flags bin/strata gives every JVM (and the build gives tests), Netty allocates its
   * direct chunks itself instead of through ByteBuffer.allocateDirect, which zeroes each 16 MB
   * chunk. Fails if those flags stop having that effect, e.g. after a Netty upgrade.
   */
  @Test
  void directChunksAreAllocatedWithoutZeroing() {
    assertTrue(PlatformDependent.useDirectBufferNoCleaner(),
        "Netty uses ByteBuffer.allocateDirect: run with -Dio.netty.tryReflectionSetAccessible=true"
            + " --add-opens=java.base/java.nio=ALL-UNNAMED"
            + " (bin/strata's java_opts, the build's surefire argLine)");
    ByteBuf buf = RpcBuffers.ALLOCATOR.buffer(3 << 20);
    try {
      assertTrue(buf.isDirect());
      buf.writeBytes(new byte[] {1, 2, 3});
      assertEquals(3, buf.readableBytes());
      assertEquals(3, buf.getByte(2));
    } finally {
      buf.release();
    }
  }
}
