package io.strata.client.internal.rpc;

import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.security.KerberosSasl;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.net.InetSocketAddress;
import java.security.PrivilegedExceptionAction;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Proves the user of a Kerberos login over GSSAPI ({@link KerberosSasl}), the login taken
 * through Hadoop's UserGroupInformation as HBase's client takes it: from a keytab
 * (strata.client.keytab.file), else the process's own (kinit's ticket cache, or the user the
 * calling code runs as). Needs hadoop-common on the client's class path.
 */
final class KerberosProof implements Proof {
  private final UserGroupInformation login;
  private final String serverPattern;

  private KerberosProof(UserGroupInformation login, String serverPattern) {
    this.login = login;
    this.serverPattern = serverPattern;
  }

  /** The login {@code conf} names; an IOException saying what to do when there is none. */
  static KerberosProof login(StrataConfiguration conf) throws IOException {
    String pattern = conf.get(SecurityKeys.KERBEROS_PRINCIPAL).trim();
    if (pattern.isEmpty()) {
      throw new IllegalArgumentException("kerberos authentication needs the servers' principal"
          + " in " + SecurityKeys.KERBEROS_PRINCIPAL.name() + ", such as "
          + "strata/_HOST@EXAMPLE.COM, on clients as on servers");
    }
    KerberosSasl.service(pattern);
    HadoopKerberos.enable();
    String keytab = conf.get(ClientKeys.KEYTAB_FILE).trim();
    UserGroupInformation login;
    if (!keytab.isEmpty()) {
      String principal = conf.get(ClientKeys.KERBEROS_PRINCIPAL).trim();
      if (principal.isEmpty()) {
        throw new IllegalArgumentException(ClientKeys.KEYTAB_FILE.name() + " is set but "
            + ClientKeys.KERBEROS_PRINCIPAL.name() + " is not; name the keytab's principal");
      }
      login = UserGroupInformation.loginUserFromKeytabAndReturnUGI(principal, keytab);
    } else {
      login = UserGroupInformation.getCurrentUser();
    }
    if (!login.hasKerberosCredentials()) {
      throw new io.strata.common.error.AccessDeniedException("the client has no Kerberos "
          + "login (it runs as " + login.getUserName() + "): run kinit, or set "
          + ClientKeys.KEYTAB_FILE.name() + " and " + ClientKeys.KERBEROS_PRINCIPAL.name());
    }
    return new KerberosProof(login, pattern);
  }

  /** The login's user as a short name; the server maps the principal itself. */
  String user() {
    return login.getShortUserName();
  }

  @Override
  public String mechanism() {
    return KerberosSasl.MECHANISM;
  }

  @Override
  public SaslExchange exchange(InetSocketAddress address) throws IOException {
    if (login.isFromKeytab()) {
      login.checkTGTAndReloginFromKeytab(); // a long-lived client outlives its first ticket
    }
    String principal = KerberosSasl.principalFor(serverPattern, address.getHostString());
    String service = KerberosSasl.service(principal);
    int slash = principal.indexOf('/');
    int at = principal.indexOf('@');
    String host = slash < 0 ? address.getHostString()
        : principal.substring(slash + 1, at < 0 ? principal.length() : at);
    SaslExchange.Privileged as = step -> as(step, principal, address);
    SaslClient[] sasl = new SaslClient[1];
    as.run(() -> {
      sasl[0] = Sasl.createSaslClient(new String[] {KerberosSasl.MECHANISM}, null, service, host,
          KerberosSasl.PROPERTIES, null);
      return null;
    });
    if (sasl[0] == null) {
      throw new IOException("this JVM offers no " + KerberosSasl.MECHANISM + " SASL client");
    }
    return new SaslExchange(sasl[0], address.toString(), as, "the Kerberos exchange");
  }

  /** Runs {@code step} in the login's Subject, saying what to check when Kerberos fails. */
  private byte[] as(SaslExchange.Step step, String principal, InetSocketAddress address)
      throws IOException {
    try {
      return login.doAs((PrivilegedExceptionAction<byte[]>) step::run);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted proving " + login.getUserName()
          + " to " + address);
    } catch (javax.security.sasl.SaslException | UndeclaredThrowableException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new io.strata.common.error.AccessDeniedException("Kerberos could not prove "
          + login.getUserName() + " to the server at " + address + " (principal " + principal
          + "): " + cause.getMessage() + "; check that the client's ticket is valid (klist) and"
          + " that " + SecurityKeys.KERBEROS_PRINCIPAL.name() + " names the servers' principal");
    }
  }
}
