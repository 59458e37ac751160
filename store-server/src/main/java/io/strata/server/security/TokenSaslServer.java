package io.strata.server.security;

import io.strata.common.security.DigestSasl;
import io.strata.common.security.Token;
import java.io.IOException;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthorizeCallback;
import javax.security.sasl.RealmCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;

/**
 * The server's end of one connection's token exchange ({@link DigestSasl}): steps through the
 * client's SASL messages until the client has proved it holds a valid token's password, then
 * names the token's user. Not thread-safe: one connection's network thread drives it.
 */
public final class TokenSaslServer implements ConnectionProof {
  private final TokenAuthority authority;
  private final SaslServer sasl;
  /** Why the token was refused before the mechanism could say: it expired, it is unreadable. */
  private String refusal;
  private Token token;

  public TokenSaslServer(TokenAuthority authority) throws SaslException {
    this.authority = authority;
    this.sasl = Sasl.createSaslServer(DigestSasl.MECHANISM, DigestSasl.PROTOCOL,
        DigestSasl.SERVER_NAME, DigestSasl.PROPERTIES, this::handle);
  }

  @Override
  public byte[] step(byte[] response) throws SaslException {
    try {
      byte[] challenge = sasl.evaluateResponse(response);
      if (sasl.isComplete()) {
        Token proven = Token.of(DigestSasl.identifier(sasl.getAuthorizationID()), new byte[0]);
        if (proven.renewable()) {
          try {
            authority.checkDelegation(proven);
          } catch (IOException refused) {
            refusal = refused.getMessage();
            throw new SaslException(refusal);
          }
        }
        token = proven;
      }
      return challenge == null ? new byte[0] : challenge;
    } catch (SaslException e) {
      throw new SaslException(refusal != null ? refusal
          : "the token was refused (" + e.getMessage() + "); is it from this cluster, and "
              + "unchanged since bin/strata token create wrote it?");
    } catch (IOException | IllegalArgumentException e) {
      throw new SaslException("the token was refused: " + e.getMessage());
    }
  }

  @Override
  public boolean isComplete() {
    return sasl.isComplete();
  }

  @Override
  public String user() {
    return token == null ? null : token.user();
  }

  @Override
  public Token token() {
    return token;
  }

  @Override
  public boolean kerberos() {
    return false;
  }

  @Override
  public void dispose() {
    try {
      sasl.dispose();
    } catch (SaslException ignored) {
      // nothing held that outlives the connection
    }
  }

  private void handle(Callback[] callbacks) throws IOException, UnsupportedCallbackException {
    byte[] identifier = null;
    for (Callback c : callbacks) {
      if (c instanceof NameCallback n) {
        String name = n.getDefaultName();
        try {
          identifier = DigestSasl.identifier(name);
        } catch (IllegalArgumentException e) {
          refusal = "the token's identifier is not base64";
          throw new IOException(refusal);
        }
      }
    }
    for (Callback c : callbacks) {
      if (c instanceof PasswordCallback p) {
        if (identifier == null) {
          throw new UnsupportedCallbackException(c, "no identifier came before the password");
        }
        try {
          p.setPassword(DigestSasl.password(authority.passwordFor(identifier)));
        } catch (IOException e) {
          refusal = e.getMessage();
          throw e;
        }
      } else if (c instanceof AuthorizeCallback a) {
        // A token acts as its own user only.
        a.setAuthorized(a.getAuthenticationID().equals(a.getAuthorizationID()));
        if (a.isAuthorized()) {
          a.setAuthorizedID(a.getAuthorizationID());
        }
      } else if (c instanceof RealmCallback r) {
        r.setText(r.getDefaultText());
      } else if (!(c instanceof NameCallback)) {
        throw new UnsupportedCallbackException(c);
      }
    }
  }
}
