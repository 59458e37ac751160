package io.strata.common.security;

import java.util.Base64;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.RealmCallback;
import javax.security.sasl.RealmChoiceCallback;
import java.util.Map;
import javax.security.sasl.Sasl;

/**
 * How a token is proven over SASL, the same at both ends: the JDK's DIGEST-MD5 mechanism, as
 * HBase and Hadoop prove their tokens, with the identifier in base64 as the user name and the
 * password in base64 as the password, so the password itself never crosses the wire.
 */
public final class DigestSasl {
  public static final String MECHANISM = "DIGEST-MD5";
  public static final String PROTOCOL = "strata";
  public static final String SERVER_NAME = "default";
  /** Authentication only: the connection's frames are neither signed nor sealed by SASL. */
  public static final Map<String, String> PROPERTIES = Map.of(Sasl.QOP, "auth");

  private DigestSasl() {}

  public static String userName(byte[] identifier) {
    return Base64.getEncoder().encodeToString(identifier);
  }

  public static byte[] identifier(String userName) {
    return Base64.getDecoder().decode(userName);
  }

  public static char[] password(byte[] password) {
    return Base64.getEncoder().encodeToString(password).toCharArray();
  }

  /** What a client's SASL mechanism asks, answered from {@code token}. */
  public static CallbackHandler clientCallbacks(Token token) {
    return callbacks -> {
      for (Callback c : callbacks) {
        if (c instanceof NameCallback n) {
          n.setName(userName(token.identifier()));
        } else if (c instanceof PasswordCallback p) {
          p.setPassword(password(token.password()));
        } else if (c instanceof RealmChoiceCallback r) {
          r.setSelectedIndex(0);
        } else if (c instanceof RealmCallback r) {
          r.setText(r.getDefaultText());
        } else {
          throw new UnsupportedCallbackException(c);
        }
      }
    };
  }
}
