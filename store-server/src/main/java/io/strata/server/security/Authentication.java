package io.strata.server.security;

import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import java.util.LinkedHashSet;
import java.util.Set;

/** What strata.security.authentication and strata.superuser say for a master or region server. */
public final class Authentication {
  private Authentication() {}

  /** Whether connections must prove their user (token) or not (simple). */
  public static boolean required(StrataConfiguration conf) {
    String mode = conf.get(SecurityKeys.AUTHENTICATION).trim();
    return switch (mode) {
      case "simple" -> false;
      case "token" -> true;
      default -> throw new IllegalArgumentException(SecurityKeys.AUTHENTICATION.name() + " is '"
          + mode + "' (from " + conf.sourceOf(SecurityKeys.AUTHENTICATION.name())
          + "); use simple or token");
    };
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
