package io.strata.common.security;

import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;

/** What strata.security.authentication says: how servers learn who calls them. */
public enum AuthenticationMode {
  /** The user a client names is taken as it is. */
  SIMPLE,
  /** A client proves its user with a token the master issued. */
  TOKEN,
  /** A client proves its user with Kerberos, or with a token (a job's delegation token). */
  KERBEROS;

  /** The mode {@code conf} names; an IllegalArgumentException naming the choices otherwise. */
  public static AuthenticationMode of(StrataConfiguration conf) {
    String mode = conf.get(SecurityKeys.AUTHENTICATION).trim();
    return switch (mode) {
      case "simple" -> SIMPLE;
      case "token" -> TOKEN;
      case "kerberos" -> KERBEROS;
      default -> throw new IllegalArgumentException(SecurityKeys.AUTHENTICATION.name() + " is '"
          + mode + "' (from " + conf.sourceOf(SecurityKeys.AUTHENTICATION.name())
          + "); use simple, token or kerberos");
    };
  }
}
