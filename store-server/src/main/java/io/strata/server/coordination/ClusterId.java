package io.strata.server.coordination;

import io.strata.common.coordination.ZNodes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** The cluster's id in {@link ZNodes#CLUSTER_ID}: made by the first master, read by all. */
public final class ClusterId {
  private ClusterId() {}

  /** The cluster's id, creating it if this is the cluster's first start. */
  public static String getOrCreate(ZkSession zk) throws IOException {
    zk.createIfAbsent(ZNodes.CLUSTER_ID,
        UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8));
    byte[] id = zk.read(ZNodes.CLUSTER_ID);
    if (id == null) {
      throw new IOException(ZNodes.CLUSTER_ID + " vanished right after it was written; is "
          + "another tool deleting Strata's znodes?");
    }
    return new String(id, StandardCharsets.UTF_8);
  }
}
