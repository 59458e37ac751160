package io.strata.client.internal;

import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import java.util.HashMap;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import javax.security.auth.login.Configuration;
import org.apache.zookeeper.client.ZKClientConfig;

/**
 * How a Strata process logs in to a ZooKeeper ensemble that asks for SASL: with DIGEST-MD5 as
 * strata.zookeeper.sasl.user, or, under Kerberos with strata.zookeeper.sasl.kerberos, as its
 * own principal: a daemon's from its keytab, a client's from its keytab or kinit's cache. ZooKeeper's client finds its login by the name of a JAAS
 * section; the sections are added to the JVM's JAAS configuration in code, so no JAAS file is
 * needed, and every other section still comes from the JVM's own (a Client section in a JAAS
 * file keeps working as ZooKeeper documents it).
 */
public final class ZkSasl {
  /** ZooKeeper's switch of its FIPS mode (X509Util.FIPS_MODE_PROPERTY). */
  private static final String FIPS_MODE = "zookeeper.fips-mode";
  /** Where the configuration says, for errors, whom it logs in as. */
  private static final String LOGIN = "strata.zookeeper.login";
  private static Sections sections;

  private ZkSasl() {}

  /**
   * The ZooKeeper client configuration of a process configured by {@code conf}; null when it
   * logs in with none of Strata's settings. {@code principal} and {@code keytab}: the process's
   * Kerberos login (empty: kinit's ticket cache).
   */
  public static ZKClientConfig clientConfig(StrataConfiguration conf, String principal,
      String keytab) {
    String user = conf.get(SecurityKeys.ZOOKEEPER_SASL_USER).trim();
    String section;
    String login;
    if (!user.isEmpty()) {
      login = user + " (DIGEST-MD5, " + SecurityKeys.ZOOKEEPER_SASL_USER.name() + ")";
      // One section per user and password: a process may hold sessions with either.
      section = "StrataZooKeeperDigest-" + user + "#" + Integer.toHexString(
          conf.get(SecurityKeys.ZOOKEEPER_SASL_PASSWORD).hashCode());
      register(section, "org.apache.zookeeper.server.auth.DigestLoginModule",
          Map.of("username", user, "password", conf.get(SecurityKeys.ZOOKEEPER_SASL_PASSWORD)));
    } else if (conf.get(SecurityKeys.ZOOKEEPER_SASL_KERBEROS)
        && io.strata.common.security.AuthenticationMode.of(conf)
            == io.strata.common.security.AuthenticationMode.KERBEROS) {
      boolean fromKeytab = principal != null && !principal.isEmpty() && !keytab.isEmpty();
      section = "StrataZooKeeperKerberos-" + (fromKeytab ? principal : "ticket cache");
      login = fromKeytab ? principal + " (Kerberos, keytab " + keytab + ")"
          : "the user of kinit's ticket cache (Kerberos)";
      Map<String, String> options = new HashMap<>();
      if (fromKeytab) {
        options.put("useKeyTab", "true");
        options.put("keyTab", keytab);
        options.put("principal", principal);
        options.put("storeKey", "true");
        options.put("useTicketCache", "false");
      } else {
        options.put("useTicketCache", "true"); // kinit's
      }
      options.put("doNotPrompt", "true");
      register(section, "com.sun.security.auth.module.Krb5LoginModule", options);
    } else {
      return null;
    }
    ZKClientConfig c = new ZKClientConfig();
    if (!user.isEmpty()) {
      // ZooKeeper 3.9 refuses DIGEST-MD5 in its FIPS mode, on by default; asked for by name here.
      c.setProperty(FIPS_MODE, "false");
    }
    c.setProperty(ZKClientConfig.ENABLE_CLIENT_SASL_KEY, "true");
    c.setProperty(ZKClientConfig.LOGIN_CONTEXT_NAME_KEY, section);
    c.setProperty(LOGIN, login);
    return c;
  }

  /**
   * Whether a session made with {@code config} is ready: once its SASL login is accepted when it
   * has one (the ensemble says connected before it has checked the login), else once connected.
   */
  public static boolean ready(org.apache.zookeeper.Watcher.Event.KeeperState state,
      ZKClientConfig config) {
    return state == (config == null ? org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected
        : org.apache.zookeeper.Watcher.Event.KeeperState.SaslAuthenticated);
  }

  /** What to say when an ensemble refuses the login {@code config} gave (null: none). */
  public static String refusal(String quorum, ZKClientConfig config) {
    return "ZooKeeper at " + quorum + " refused this process's SASL login"
        + (config == null ? " (it gave none; set " + SecurityKeys.ZOOKEEPER_SASL_USER.name()
            + " and " + SecurityKeys.ZOOKEEPER_SASL_PASSWORD.name() + ", or "
            + SecurityKeys.ZOOKEEPER_SASL_KERBEROS.name() + ")"
            : " as " + config.getProperty(LOGIN) + "; check the login, and that the ensemble's"
                + " JAAS Server section takes it");
  }

  private static synchronized void register(String name, String module,
      Map<String, String> options) {
    if (sections == null) {
      Configuration previous;
      try {
        previous = Configuration.getConfiguration();
      } catch (SecurityException noJaasFile) {
        previous = null;
      }
      sections = new Sections(previous);
      Configuration.setConfiguration(sections);
    }
    sections.entries.put(name, new AppConfigurationEntry[] {
        new AppConfigurationEntry(module, LoginModuleControlFlag.REQUIRED, options)});
  }

  /** Strata's sections over the JVM's JAAS configuration. */
  private static final class Sections extends Configuration {
    private final Configuration previous;
    private final Map<String, AppConfigurationEntry[]> entries =
        new java.util.concurrent.ConcurrentHashMap<>();

    Sections(Configuration previous) {
      this.previous = previous;
    }

    @Override
    public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
      AppConfigurationEntry[] own = entries.get(name);
      if (own != null) {
        return own;
      }
      return previous == null ? null : previous.getAppConfigurationEntry(name);
    }

    @Override
    public void refresh() {
      if (previous != null) {
        previous.refresh();
      }
    }
  }
}
