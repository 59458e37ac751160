package io.strata.server.security;

import io.strata.common.coordination.ZNodes;
import io.strata.server.coordination.ZkSession;
import java.io.IOException;

/**
 * The delegation tokens a cluster records, in ZooKeeper: {@code /strata/tokens/<id>} holds a
 * token's current expiry (milliseconds, decimal text), written by the master when it issues or
 * renews the token and deleted when the token is cancelled or has expired. A server reads the
 * znode each time a connection proves its user with the token (after the proof, so a client
 * proving nothing makes it read nothing), so a renewal or a cancellation counts at once for
 * every connection opened after it.
 */
public final class DelegationTokens implements TokenAuthority.Renewals {
  private final ZkSession zk;

  public DelegationTokens(ZkSession zk) {
    this.zk = zk;
  }

  public static String path(long id) {
    return ZNodes.TOKENS + "/" + Long.toUnsignedString(id);
  }

  @Override
  public long expiryOf(long id) throws IOException {
    byte[] data = zk.read(path(id));
    try {
      return data == null ? -1 : Long.parseLong(new String(data,
          java.nio.charset.StandardCharsets.UTF_8).trim());
    } catch (NumberFormatException e) {
      return -1; // not a record this release wrote: the token is not valid
    }
  }
}
