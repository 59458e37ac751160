package io.strata.server.security;

import io.strata.client.internal.rpc.HadoopKerberos;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.security.KerberosSasl;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.util.KerberosName;

/**
 * A daemon's Kerberos login (strata.security.kerberos.principal and .keytab), taken through
 * Hadoop's UserGroupInformation as the process's login user, so that its HDFS calls use it too;
 * and how it maps a client's principal to a user (strata.security.kerberos.auth_to_local).
 */
public final class KerberosLogin {
  private final UserGroupInformation login;
  private final String principal;

  private KerberosLogin(UserGroupInformation login, String principal) {
    this.login = login;
    this.principal = principal;
  }

  /**
   * This daemon's login, on {@code host}, under kerberos authentication; null under any other.
   */
  public static KerberosLogin ifConfigured(StrataConfiguration conf, String host)
      throws IOException {
    return io.strata.common.security.AuthenticationMode.of(conf)
        == io.strata.common.security.AuthenticationMode.KERBEROS ? login(conf, host) : null;
  }

  /** Logs this daemon, on {@code host}, in from its keytab. */
  public static KerberosLogin login(StrataConfiguration conf, String host) throws IOException {
    String pattern = conf.get(SecurityKeys.KERBEROS_PRINCIPAL).trim();
    String keytab = conf.get(SecurityKeys.KERBEROS_KEYTAB).trim();
    if (pattern.isEmpty() || keytab.isEmpty()) {
      throw new IllegalArgumentException("kerberos authentication needs the daemons' principal "
          + "and keytab: set " + SecurityKeys.KERBEROS_PRINCIPAL.name() + " (such as "
          + "strata/_HOST@EXAMPLE.COM) and " + SecurityKeys.KERBEROS_KEYTAB.name());
    }
    if (!Files.isReadable(Path.of(keytab))) {
      throw new IllegalArgumentException(SecurityKeys.KERBEROS_KEYTAB.name() + " is " + keytab
          + ", which this process cannot read; make it readable by the user running the daemon");
    }
    String rules = conf.get(SecurityKeys.KERBEROS_AUTH_TO_LOCAL);
    HadoopKerberos.enable();
    try {
      KerberosName.setRules(rules);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(SecurityKeys.KERBEROS_AUTH_TO_LOCAL.name() + " is not "
          + "in hadoop.security.auth_to_local's syntax: " + e.getMessage());
    }
    // The realm a principal must be of to map by DEFAULT, read now: not a krb5.conf read
    // before this process was given its own.
    KerberosName.resetDefaultRealm();
    String principal = KerberosSasl.principalFor(pattern, host);
    KerberosSasl.service(principal);
    try {
      UserGroupInformation.loginUserFromKeytab(principal, keytab);
    } catch (IOException e) {
      throw new IOException("could not log in as " + principal + " from " + keytab + ": "
          + e.getMessage() + "; check that the keytab holds that principal (klist -kt "
          + keytab + ") and that the KDC is reachable", e);
    }
    return new KerberosLogin(UserGroupInformation.getLoginUser(), principal);
  }

  /**
   * {@code conf} for a daemon's own client connections (which present the cluster secret):
   * logging in to ZooKeeper as the daemon's principal, when {@code login} is not null.
   */
  public static StrataConfiguration asClient(KerberosLogin login, StrataConfiguration conf) {
    return login == null ? conf : conf.copy()
        .set(io.strata.common.conf.ClientKeys.KERBEROS_PRINCIPAL.name(), login.principal)
        .set(io.strata.common.conf.ClientKeys.KEYTAB_FILE.name(),
            conf.get(SecurityKeys.KERBEROS_KEYTAB).trim());
  }

  /** This daemon's principal, _HOST replaced. */
  public String principal() {
    return principal;
  }

  /** Runs {@code action} with this login's credentials. */
  <T> T run(PrivilegedExceptionAction<T> action) throws IOException {
    try {
      return login.doAs(action);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted in a Kerberos exchange");
    }
  }

  /** The user {@code clientPrincipal} is, by strata.security.kerberos.auth_to_local. */
  String userOf(String clientPrincipal) throws IOException {
    return new KerberosName(clientPrincipal).getShortName();
  }
}
