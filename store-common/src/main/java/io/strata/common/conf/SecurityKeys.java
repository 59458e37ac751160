package io.strata.common.conf;

import java.time.Duration;

/**
 * Keys of authentication, authorization and of the limits that keep one client from hurting
 * the rest (docs/security.md).
 */
public final class SecurityKeys {
  public static final String SECTION = "Security";

  public static final ConfigKey<String> AUTHENTICATION = ConfigKey.string(
      "strata.security.authentication", "simple",
      "How servers learn who calls them. simple: the user name a client gives is taken as it "
          + "is. token: a client must prove its user with a token the master issued "
          + "(bin/strata token create USER, strata.client.token.file). kerberos: a client "
          + "proves its user with Kerberos (GSSAPI; strata.security.kerberos.principal) or with "
          + "a token. A connection that proves no user is refused, and the refusal logged with "
          + "its address. Set the same on every master and region server, and on clients.");

  public static final ConfigKey<String> KERBEROS_PRINCIPAL = ConfigKey.string(
      "strata.security.kerberos.principal", "",
      "Under kerberos authentication, the Kerberos principal of the masters and region servers, "
          + "such as strata/_HOST@EXAMPLE.COM: _HOST stands for each server's host name. The "
          + "daemons log in as it (with strata.security.kerberos.keytab); clients need it too, "
          + "to ask the KDC for a ticket to the server they call. Its first part is the "
          + "service name.");

  public static final ConfigKey<String> KERBEROS_KEYTAB = ConfigKey.string(
      "strata.security.kerberos.keytab", "",
      "Under kerberos authentication, the keytab file holding the key of "
          + "strata.security.kerberos.principal for this daemon's host. Keep it readable by the "
          + "user running the daemons only.");

  public static final ConfigKey<String> KERBEROS_AUTH_TO_LOCAL = ConfigKey.string(
      "strata.security.kerberos.auth_to_local", "DEFAULT",
      "How a client's Kerberos principal becomes the user name that permissions and quotas are "
          + "kept for, in Hadoop's hadoop.security.auth_to_local rule syntax. DEFAULT: a "
          + "principal of the default realm becomes its first part (alice@EXAMPLE.COM and "
          + "alice/admin@EXAMPLE.COM are alice); one of another realm is refused.");

  public static final ConfigKey<Duration> TOKEN_LIFETIME = ConfigKey.duration(
      "strata.security.token.lifetime", "7d",
      "How long a token the master issues is valid unless its request says otherwise; a "
          + "connection presenting an expired token is refused.");

  public static final ConfigKey<Duration> DELEGATION_MAX_LIFETIME = ConfigKey.duration(
      "strata.security.delegation.token.max.lifetime", "7d",
      "The hard end of a delegation token (a MapReduce job's, TableMapReduceUtil."
          + "initCredentials) from when it is issued; renewals never move its expiry past it, "
          + "nor past the expiry of the token that obtained it.");

  public static final ConfigKey<Duration> DELEGATION_RENEW_INTERVAL = ConfigKey.duration(
      "strata.security.delegation.token.renew.interval", "1d",
      "How long a delegation token is valid after it is issued or renewed; one not renewed "
          + "within it is refused, as Hadoop's delegation tokens are.");

  public static final ConfigKey<String> SUPERUSERS = ConfigKey.string(
      "strata.superuser", "",
      "Users, comma-separated, who may do anything, issuing tokens for other users included. "
          + "The cluster's own processes, and operator tools that present the cluster secret "
          + "(strata.client.cluster.secret.file), always may.");

  public static final ConfigKey<String> ZOOKEEPER_SASL_USER = ConfigKey.string(
      "strata.zookeeper.sasl.user", "",
      "For a ZooKeeper ensemble that asks its clients for SASL with DIGEST-MD5 (its JAAS Server "
          + "section lists user_NAME=\"password\"): the user every Strata process, clients "
          + "included, logs in to ZooKeeper as, with strata.zookeeper.sasl.password. Empty: "
          + "ZooKeeper's own settings apply (a JAAS Client section, if the JVM has one).");

  public static final ConfigKey<String> ZOOKEEPER_SASL_PASSWORD = ConfigKey.string(
      "strata.zookeeper.sasl.password", "",
      "The password of strata.zookeeper.sasl.user. Keep the file that sets it readable by "
          + "those who run Strata only.");

  public static final ConfigKey<Boolean> ZOOKEEPER_SASL_KERBEROS = ConfigKey.bool(
      "strata.zookeeper.sasl.kerberos", false,
      "Under kerberos authentication, whether Strata's processes log in to ZooKeeper with "
          + "Kerberos, for an ensemble that requires SASL: the daemons as "
          + "strata.security.kerberos.principal from its keytab, clients as "
          + "strata.client.kerberos.principal from strata.client.keytab.file, else from kinit's "
          + "ticket cache. The ensemble's principal is zookeeper/HOST unless the JVM's "
          + "zookeeper.sasl.client.username says otherwise.");

  public static final ConfigKey<Boolean> AUTHORIZATION = ConfigKey.bool(
      "strata.security.authorization", false,
      "Whether servers check every call against the permissions granted in strata:acl (grant, "
          + "revoke, user_permission): a user may do only what was granted, and superusers "
          + "anything. Loads the AccessController on masters and region servers. Pair with "
          + "token authentication, or users are who they say they are. Set the same on every "
          + "master and region server.");

  public static final ConfigKey<Duration> ACL_REFRESH_PERIOD = ConfigKey.duration(
      "strata.security.acl.refresh.period", "60s",
      "How often a server reads strata:acl again by itself. The master tells every server at "
          + "once when a permission changes; this period is the safety net for a server that "
          + "missed it. 0 turns the periodic reading off.");

  public static final ConfigKey<Boolean> ACCESS_EARLY_OUT = ConfigKey.bool(
      "strata.security.access.early_out", true,
      "Under authorization, whether a read is refused at once when its user holds READ on none "
          + "of the columns it asks for (as HBase's hbase.security.access.early_out). false "
          + "lets such reads go on and return only the cells whose cell ACLs grant the user READ.");

  public static final ConfigKey<Boolean> RPC_TLS = ConfigKey.bool(
      "strata.rpc.tls.enabled", false,
      "Whether RPC over TCP is encrypted with TLS: servers then take only TLS connections on "
          + "their TCP ports (a plaintext client is answered with an error saying so), and "
          + "clients and the cluster's own processes connect with TLS. The local socket of "
          + "processes on one machine stays plain. Servers need strata.tls.keystore; clients "
          + "trust strata.tls.truststore (else the JVM's trusted authorities).");

  public static final ConfigKey<Boolean> HTTP_TLS = ConfigKey.bool(
      "strata.http.tls.enabled", false,
      "Whether the masters' and region servers' info ports serve HTTPS only, with the "
          + "certificate of strata.tls.keystore.");

  public static final ConfigKey<String> TLS_KEYSTORE = ConfigKey.string(
      "strata.tls.keystore", "",
      "A server's key and certificate for TLS: a PKCS12 (or JKS) keystore file holding one key "
          + "entry. Keep it readable by the user running the daemons only.");

  public static final ConfigKey<String> TLS_KEYSTORE_PASSWORD = ConfigKey.string(
      "strata.tls.keystore.password", "",
      "The password of strata.tls.keystore and of its key.");

  public static final ConfigKey<String> TLS_TRUSTSTORE = ConfigKey.string(
      "strata.tls.truststore", "",
      "The certificates a TLS client trusts (a PKCS12 or JKS keystore): those of the cluster's "
          + "servers or of the authority that signed them. Empty: the JVM's trusted authorities.");

  public static final ConfigKey<String> TLS_TRUSTSTORE_PASSWORD = ConfigKey.string(
      "strata.tls.truststore.password", "",
      "The password of strata.tls.truststore (empty: none).");

  public static final ConfigKey<Boolean> TLS_VERIFY_HOSTNAME = ConfigKey.bool(
      "strata.tls.verify.hostname", true,
      "Whether a TLS client checks that the server's certificate names the host it connects "
          + "to (its DNS name or IP address among the certificate's subject alternative names).");

  public static final ConfigKey<Integer> MAX_GET_CELLS = ConfigKey.integer(
      "strata.regionserver.get.max.cells", 1_000_000, "cells",
      "Most cells one get (or each get of a multi-get) may return; a get of a wider row fails "
          + "with an error saying to read it with a scan and Scan.setBatch, instead of the "
          + "server building the whole row in its heap.");

  public static final ConfigKey<Integer> MAX_SCANNERS_PER_CONNECTION = ConfigKey.integer(
      "strata.regionserver.scanners.max.per.connection", 1_000, "scanners",
      "Open scanners one client connection may hold on a region server; opening another fails "
          + "with an error saying to close scanners when done (ResultScanner.close).");

  public static final ConfigKey<Integer> MAX_SCANNERS = ConfigKey.integer(
      "strata.regionserver.scanners.max", 100_000, "scanners",
      "Open scanners a region server holds for all clients together; opening another fails "
          + "with a retryable server-busy error until some close or their leases expire.");

  public static final ConfigKey<Integer> MAX_CONNECTIONS_PER_ADDRESS = ConfigKey.integer(
      "strata.rpc.connections.max.per.address", 1_000, "connections",
      "Connections a master or region server accepts from one client address; another is "
          + "answered with a retryable server-busy error and closed. The cluster's own "
          + "processes are not counted.");

  public static final ConfigKey<Integer> MAX_QUEUED_PER_CONNECTION = ConfigKey.integer(
      "strata.rpc.max.queued.calls.per.connection", 500, "calls",
      "Calls of one connection that may wait for a handler at once (half a kind's "
          + "strata.rpc.queue.length by default, so no one client fills a queue); another is "
          + "answered with a retryable server-busy error.");

  private SecurityKeys() {}
}
