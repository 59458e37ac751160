package io.strata.common.rpc;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The other process of {@link SharedLaneTest}: maps the lane at {@code args[0]} and writes every
 * byte that comes to the server's pipe back into the client's, {@code args[1]} bytes in all.
 */
public final class SharedLaneEcho {
  private SharedLaneEcho() {}

  public static void main(String[] args) throws Exception {
    Path path = Path.of(args[0]);
    long total = Long.parseLong(args[1]);
    SharedLane lane = SharedLane.open(path, (Integer) Files.getAttribute(path, "unix:uid"),
        SharedLane.MAX_CAPACITY);
    ByteBuffer buf = ByteBuffer.allocateDirect(3000);
    long echoed = 0;
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (echoed < total) {
      if (System.nanoTime() > deadline) {
        System.err.println("gave up after echoing " + echoed + " bytes");
        System.exit(2);
      }
      buf.clear();
      if (lane.toServer().read(buf) == 0) {
        Thread.yield();
        continue;
      }
      buf.flip();
      while (buf.hasRemaining()) {
        if (lane.toClient().write(buf) == 0) {
          Thread.yield();
        }
      }
      echoed += buf.limit();
    }
  }
}
