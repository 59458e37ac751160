package io.strata.common.security;

import java.util.Base64;
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
}
