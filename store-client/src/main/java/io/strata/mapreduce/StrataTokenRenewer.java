package io.strata.mapreduce;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.security.Token;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.token.TokenRenewer;

/**
 * Renews and cancels Strata delegation tokens for Hadoop (found through
 * java.util.ServiceLoader): YARN's resource manager renews a running job's tokens through it.
 * It reaches the cluster the configuration names, proving the token's user with the token
 * itself, whose possession is what renewal and cancellation ask for.
 */
public final class StrataTokenRenewer extends TokenRenewer {
  @Override
  public boolean handleKind(Text kind) {
    return StrataTokens.KIND.equals(kind);
  }

  @Override
  public boolean isManaged(org.apache.hadoop.security.token.Token<?> token) {
    return true;
  }

  @Override
  public long renew(org.apache.hadoop.security.token.Token<?> token, Configuration conf)
      throws IOException {
    Token t = StrataTokens.fromHadoop(token);
    try (Connection c = ConnectionFactory.createConnection(StrataJobConfiguration.toStrata(conf),
        t)) {
      return c.getAdmin().renewDelegationToken(t);
    }
  }

  @Override
  public void cancel(org.apache.hadoop.security.token.Token<?> token, Configuration conf)
      throws IOException {
    Token t = StrataTokens.fromHadoop(token);
    try (Connection c = ConnectionFactory.createConnection(StrataJobConfiguration.toStrata(conf),
        t)) {
      c.getAdmin().cancelDelegationToken(t);
    }
  }
}
