package io.strata.server.security;

import io.strata.common.conf.SecurityKeys;
import io.strata.common.security.AuthenticationMode;
import io.strata.common.conf.StrataConfiguration;
import java.util.LinkedHashSet;
import java.util.Set;

/** What strata.security.authentication and strata.superuser say for a master or region server. */
public final class Authentication {
  private Authentication() {}

  /** Whether connections must prove their user (token, kerberos) or not (simple). */
  public static boolean required(StrataConfiguration conf) {
    return AuthenticationMode.of(conf) != AuthenticationMode.SIMPLE;
  }

  /** The superusers: those strata.superuser names, and the user this daemon runs as. */
  public static Set<String> superusers(StrataConfiguration conf) {
    Set<String> users = new LinkedHashSet<>();
    for (String u : conf.get(SecurityKeys.SUPERUSERS).split(",")) {
      if (!u.isBlank()) {
        users.add(u.trim());
      }
    }
    users.add(System.getProperty("user.name"));
    return users;
  }
}
