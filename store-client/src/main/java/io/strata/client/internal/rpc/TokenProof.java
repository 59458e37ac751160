package io.strata.client.internal.rpc;

import io.strata.common.security.DigestSasl;
import io.strata.common.security.Token;
import java.io.IOException;
import java.net.InetSocketAddress;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;

/** Proves a token's user: its identifier and password over DIGEST-MD5 ({@link DigestSasl}). */
record TokenProof(Token token) implements Proof {
  @Override
  public String mechanism() {
    return DigestSasl.MECHANISM;
  }

  @Override
  public SaslExchange exchange(InetSocketAddress address) throws IOException {
    SaslClient sasl = Sasl.createSaslClient(new String[] {DigestSasl.MECHANISM}, null,
        DigestSasl.PROTOCOL, DigestSasl.SERVER_NAME, DigestSasl.PROPERTIES,
        DigestSasl.clientCallbacks(token));
    if (sasl == null) {
      throw new IOException("this JVM offers no " + DigestSasl.MECHANISM + " SASL client");
    }
    return new SaslExchange(sasl, address.toString(), SaslExchange.Privileged.NONE,
        "the token exchange");
  }
}
