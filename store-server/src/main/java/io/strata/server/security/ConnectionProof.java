package io.strata.server.security;

import io.strata.common.security.Token;
import javax.security.sasl.SaslException;

/**
 * The server's end of one connection's proof of its user, by one SASL mechanism: steps
 * through the client's messages until the user is proven. Not thread-safe: one connection's
 * network thread drives it.
 */
public interface ConnectionProof {
  /**
   * The answer to the client's message {@code response}; a SaslException, with a message a
   * client can act on, when the client is refused.
   */
  byte[] step(byte[] response) throws SaslException;

  boolean isComplete();

  /** The proven user, once complete. */
  String user();

  /** The token proven (its identifier's fields, no password), once complete; null: none. */
  Token token();

  /** Whether the user was proven by Kerberos. */
  boolean kerberos();

  void dispose();
}
