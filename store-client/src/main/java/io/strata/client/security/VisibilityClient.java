package io.strata.client.security;

import io.strata.client.Connection;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * HBase's VisibilityClient calls, over {@link io.strata.client.Admin}'s: define labels, give
 * and take users' authorizations, list them (docs/security.md, "Visibility labels").
 */
public final class VisibilityClient {
  private VisibilityClient() {}

  public static void addLabels(Connection connection, String[] labels) throws IOException {
    connection.getAdmin().addLabels(Arrays.asList(labels));
  }

  public static void setAuths(Connection connection, String[] auths, String user)
      throws IOException {
    connection.getAdmin().setAuths(user, Arrays.asList(auths));
  }

  public static void clearAuths(Connection connection, String[] auths, String user)
      throws IOException {
    connection.getAdmin().clearAuths(user, Arrays.asList(auths));
  }

  public static List<String> getAuths(Connection connection, String user) throws IOException {
    return connection.getAdmin().getAuths(user);
  }

  public static List<String> listLabels(Connection connection, String regex)
      throws IOException {
    return connection.getAdmin().listLabels(regex);
  }
}
