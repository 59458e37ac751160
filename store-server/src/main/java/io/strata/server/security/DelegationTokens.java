package io.strata.server.security;

import io.strata.common.coordination.ZNodes;
import io.strata.server.coordination.ZkSession;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The delegation tokens a cluster records, in ZooKeeper: {@code /strata/tokens/<id>} holds a
 * token's current expiry (milliseconds, decimal text), written by the master when it issues or
 * renews the token and deleted when the token is cancelled or has expired. Every server reads
 * a token's znode the first time a connection presents it and keeps the value, with a watch
 * that drops it when the znode changes, so a renewal or a cancellation counts at once.
 */
public final class DelegationTokens implements TokenAuthority.Renewals {
  private final ZkSession zk;
  private final Map<Long, Long> known = new ConcurrentHashMap<>();

  public DelegationTokens(ZkSession zk) {
    this.zk = zk;
  }

  public static String path(long id) {
    return ZNodes.TOKENS + "/" + Long.toUnsignedString(id);
  }

  @Override
  public long expiryOf(long id) throws IOException {
    Long v = known.get(id);
    if (v != null) {
      return v;
    }
    String text = zk.readText(path(id), e -> known.remove(id));
    long until = text == null ? -1 : Long.parseLong(text.trim());
    known.put(id, until);
    return until;
  }
}
