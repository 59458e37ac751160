package io.strata.common.rpc;

import io.strata.common.conf.RpcKeys;
import io.strata.common.conf.StrataConfiguration;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where and how large a client makes its shared-memory lanes ({@link RpcKeys#LOCAL_LANES},
 * {@link SharedLane}).
 */
public record LocalLanes(Path dir, int capacity) {
  /**
   * From configuration: null when lanes or local sockets are off, or the directory is missing;
   * an IllegalArgumentException naming the key for a size that is not a power of two from 64k
   * to 64m.
   */
  public static LocalLanes fromConfig(StrataConfiguration conf) {
    if (!conf.get(RpcKeys.LOCAL_SOCKETS) || !conf.get(RpcKeys.LOCAL_LANES)) {
      return null;
    }
    long size = conf.get(RpcKeys.LOCAL_LANE_SIZE);
    if (size < SharedLane.MIN_CAPACITY || size > SharedLane.MAX_CAPACITY
        || Long.bitCount(size) != 1) {
      throw new IllegalArgumentException(RpcKeys.LOCAL_LANE_SIZE.name() + " is " + size
          + " bytes; give a power of two from 64k to 64m");
    }
    Path dir = Path.of(conf.get(RpcKeys.LOCAL_LANE_DIR));
    return Files.isDirectory(dir) ? new LocalLanes(dir, (int) size) : null;
  }
}
