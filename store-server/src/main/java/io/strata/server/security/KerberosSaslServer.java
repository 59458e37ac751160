package io.strata.server.security;

import io.strata.common.conf.SecurityKeys;
import io.strata.common.security.KerberosSasl;
import io.strata.common.security.Token;
import java.io.IOException;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthorizeCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;

/**
 * The server's end of one connection's Kerberos proof ({@link KerberosSasl}): accepts the
 * client's ticket to this daemon's principal, then names the client's principal as a user
 * (strata.security.kerberos.auth_to_local). A principal acts as itself only.
 */
public final class KerberosSaslServer implements ConnectionProof {
  private final KerberosLogin login;
  private final SaslServer sasl;
  private String user;

  public KerberosSaslServer(KerberosLogin login) throws SaslException {
    this.login = login;
    String principal = login.principal();
    int slash = principal.indexOf('/');
    int at = principal.indexOf('@');
    String host = slash < 0 ? null : principal.substring(slash + 1, at < 0 ? principal.length()
        : at);
    try {
      this.sasl = login.run(() -> Sasl.createSaslServer(KerberosSasl.MECHANISM,
          KerberosSasl.service(principal), host, KerberosSasl.PROPERTIES, this::handle));
    } catch (IOException e) {
      throw new SaslException("cannot take Kerberos connections as " + principal + ": "
          + e.getMessage(), e);
    }
  }

  @Override
  public byte[] step(byte[] response) throws SaslException {
    byte[] challenge;
    try {
      challenge = login.run(() -> sasl.evaluateResponse(response));
    } catch (IOException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new SaslException("the Kerberos ticket was refused (" + cause.getMessage() + "); "
          + "is it for " + login.principal() + ", from this cluster's realm?");
    }
    if (sasl.isComplete()) {
      String principal = sasl.getAuthorizationID();
      try {
        user = login.userOf(principal);
      } catch (IOException | IllegalArgumentException e) {
        throw new SaslException("the principal " + principal + " maps to no user ("
            + e.getMessage() + "); map it with " + SecurityKeys.KERBEROS_AUTH_TO_LOCAL.name());
      }
    }
    return challenge == null ? new byte[0] : challenge;
  }

  @Override
  public boolean isComplete() {
    return user != null;
  }

  @Override
  public String user() {
    return user;
  }

  @Override
  public Token token() {
    return null;
  }

  @Override
  public boolean kerberos() {
    return true;
  }

  @Override
  public void dispose() {
    try {
      sasl.dispose();
    } catch (SaslException ignored) {
      // nothing held that outlives the connection
    }
  }

  private void handle(Callback[] callbacks) throws UnsupportedCallbackException {
    for (Callback c : callbacks) {
      if (c instanceof AuthorizeCallback a) {
        a.setAuthorized(a.getAuthenticationID().equals(a.getAuthorizationID()));
        if (a.isAuthorized()) {
          a.setAuthorizedID(a.getAuthorizationID());
        }
      } else {
        throw new UnsupportedCallbackException(c);
      }
    }
  }
}
