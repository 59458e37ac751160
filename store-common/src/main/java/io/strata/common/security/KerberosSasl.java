package io.strata.common.security;

import java.util.Locale;
import java.util.Map;
import javax.security.sasl.Sasl;

/**
 * How a Kerberos principal is proven over SASL, the same at both ends: the JDK's GSSAPI
 * mechanism, as HBase's and Hadoop's RPC do, for authentication only, and the servers'
 * principal named by a pattern in which {@code _HOST} stands for each server's host name.
 */
public final class KerberosSasl {
  public static final String MECHANISM = "GSSAPI";
  /** Authentication only: the connection's frames are neither signed nor sealed by SASL. */
  public static final Map<String, String> PROPERTIES = Map.of(Sasl.QOP, "auth");
  private static final String HOST = "_HOST";

  private KerberosSasl() {}

  /** {@code pattern} (strata/_HOST@REALM) with {@code host}, in lower case, for _HOST. */
  public static String principalFor(String pattern, String host) {
    return pattern.replace(HOST, host.toLowerCase(Locale.ROOT));
  }

  /**
   * The service name of {@code principal}, its first part (strata in strata/host@REALM), which
   * SASL's GSSAPI mechanism calls the protocol.
   */
  public static String service(String principal) {
    int end = principal.length();
    for (int i = 0; i < principal.length(); i++) {
      char c = principal.charAt(i);
      if (c == '/' || c == '@') {
        end = i;
        break;
      }
    }
    if (end == 0) {
      throw new IllegalArgumentException("'" + principal + "' is no Kerberos principal; "
          + "write one such as strata/_HOST@EXAMPLE.COM");
    }
    return principal.substring(0, end);
  }
}
