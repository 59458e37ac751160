package io.strata.mapreduce;

import io.strata.common.security.Token;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;

/**
 * Strata's delegation tokens in a Hadoop job's credentials: kind {@value #KIND_NAME}, service
 * {@code strata:<cluster id>}, the identifier and password as the cluster issued them.
 */
public final class StrataTokens {
  public static final String KIND_NAME = "STRATA_AUTH_TOKEN";
  public static final Text KIND = new Text(KIND_NAME);

  private StrataTokens() {}

  /** {@code t} as a Hadoop token of the cluster {@code clusterId}. */
  public static org.apache.hadoop.security.token.Token<StrataTokenIdentifier> toHadoop(Token t,
      String clusterId) {
    return new org.apache.hadoop.security.token.Token<>(t.identifier(), t.password(), KIND,
        new Text("strata:" + clusterId));
  }

  /** The Strata token a Hadoop token carries. */
  public static Token fromHadoop(org.apache.hadoop.security.token.Token<?> t)
      throws IOException {
    return Token.of(t.getIdentifier(), t.getPassword());
  }

  /** The first Strata token among {@code credentials}, or null (a job that needs none). */
  public static Token find(Credentials credentials) throws IOException {
    if (credentials == null) {
      return null;
    }
    for (org.apache.hadoop.security.token.Token<?> t : credentials.getAllTokens()) {
      if (KIND.equals(t.getKind())) {
        return fromHadoop(t);
      }
    }
    return null;
  }
}
