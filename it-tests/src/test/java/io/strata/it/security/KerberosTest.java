package io.strata.it.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.AsyncConnection;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.security.Token;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.File;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mini cluster with strata.security.authentication=kerberos against a real KDC (Apache
 * Kerby's, through Hadoop's MiniKdc): the daemons log in from their keytab, clients prove their
 * principal over GSSAPI on both connection kinds and are known by its short name whatever user
 * they claim; a client with no login, one asking for the wrong server principal and one proving
 * nothing are refused with what to do; a Kerberos user's job gets a delegation token, which then
 * proves the user without Kerberos; the shell logs in as a client does. Daemons and clients log
 * in to a ZooKeeper ensemble that requires Kerberos.
 */
class KerberosTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] ROW = Bytes.toBytes("r1");

  @TempDir
  Path dir;

  private MiniKdc kdc;
  private File keytab;

  @BeforeEach
  void startKdc() throws Exception {
    kdc = new MiniKdc(MiniKdc.createConf(), dir.resolve("kdc").toFile());
    kdc.start();
    keytab = dir.resolve("strata.keytab").toFile();
    kdc.createPrincipal(keytab, "strata/127.0.0.1", "alice", "bob");
  }

  @AfterEach
  void stopKdc() {
    if (kdc != null) {
      kdc.stop();
    }
    // The daemons logged the whole JVM in; later tests run as the plain process user again.
    UserGroupInformation.reset();
  }

  @Test
  void clientsAreTheUserTheirPrincipalProvesAndNothingLess() throws Exception {
    String realm = kdc.getRealm();
    try (MiniCluster c = MiniCluster.start(kerberos(), dir.resolve("cluster"), 2)) {
      StrataConfiguration alice = loginAs(c.configuration(), "alice@" + realm);
      // bob claims to be alice; his principal says otherwise.
      StrataConfiguration bob = loginAs(c.configuration(), "bob@" + realm)
          .set(ClientKeys.USER.name(), "alice");

      try (Connection conn = ConnectionFactory.createConnection(alice);
          Table table = conn.getTable(T)) {
        conn.getAdmin().createTable(TableDescriptor.newBuilder(T)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
        table.put(new Put(ROW).addColumn(F, F, Bytes.toBytes("v1")));
      }
      try (Connection conn = ConnectionFactory.createConnection(bob);
          Table table = conn.getTable(T)) {
        AccessDeniedException denied = assertThrows(AccessDeniedException.class,
            () -> table.get(new Get(ROW)));
        assertEquals("user 'bob' may not get: it needs READ (R) permission on table t; ask an "
            + "administrator to grant it (grant 'bob', 'R', 't')", denied.getMessage());
      }
      // alice grants through the shell, which logs in as she does.
      io.strata.it.shell.ShellRunner.Outcome granted = new io.strata.it.shell.ShellRunner(alice)
          .execute("whoami; grant 'bob', 'R', 't'");
      assertEquals(0, granted.status(), granted.err());
      assertTrue(granted.out().startsWith("alice@" + realm + " (auth:KERBEROS)\n"),
          granted.out());
      // Both connection kinds of bob's prove him: blocking calls and asynchronous ones.
      try (Connection conn = ConnectionFactory.createConnection(bob);
          Table table = conn.getTable(T)) {
        assertArrayEquals(Bytes.toBytes("v1"), table.get(new Get(ROW)).getValue(F, F));
      }
      try (AsyncConnection conn = ConnectionFactory.createAsyncConnection(bob).get()) {
        assertArrayEquals(Bytes.toBytes("v1"),
            conn.getTable(T).get(new Get(ROW)).get().getValue(F, F));
        ExecutionException denied = assertThrows(ExecutionException.class, () -> conn.getTable(T)
            .put(new Put(ROW).addColumn(F, F, Bytes.toBytes("x"))).get());
        assertEquals("user 'bob' may not put: it needs WRITE (W) permission on table t, family "
            + "f, qualifier f; ask an administrator to grant it (grant 'bob', 'W', 't', 'f', "
            + "'f')", denied.getCause().getMessage());
      }

      // A client proving nothing is refused by the servers, saying how to prove a user.
      try (Connection conn = ConnectionFactory.createConnection(c.configuration()
          .set(SecurityKeys.AUTHENTICATION.name(), "simple"));
          Table table = conn.getTable(T)) {
        AccessDeniedException refused = assertThrows(AccessDeniedException.class,
            () -> table.get(new Get(ROW)));
        assertEquals("this cluster requires authentication (strata.security.authentication="
            + "kerberos) and the connection proved no user; set strata.security.authentication"
            + "=kerberos and strata.security.kerberos.principal on the client and log in "
            + "(kinit, or strata.client.keytab.file), or give a token file in STRATA_TOKEN_FILE",
            refused.getMessage());
      }

      // A client with no Kerberos login is told so before it calls anyone.
      UserGroupInformation eve = UserGroupInformation.createRemoteUser("eve");
      AccessDeniedException noLogin = assertThrows(AccessDeniedException.class, () -> eve.doAs(
          (PrivilegedExceptionAction<Connection>) () ->
              ConnectionFactory.createConnection(c.configuration())));
      assertEquals("the client has no Kerberos login (it runs as eve): run kinit, or set "
          + "strata.client.keytab.file and strata.client.kerberos.principal",
          noLogin.getMessage());

      // A client asking the KDC for a principal the servers do not have is told what to check.
      try (Connection conn = ConnectionFactory.createConnection(alice.copy()
          .set(SecurityKeys.KERBEROS_PRINCIPAL.name(), "hbase/_HOST@" + realm));
          Table table = conn.getTable(T)) {
        AccessDeniedException wrong = assertThrows(AccessDeniedException.class,
            () -> table.get(new Get(ROW)));
        assertTrue(wrong.getMessage().matches("Kerberos could not prove alice@" + realm
            + " to the server at /127\\.0\\.0\\.1:\\d+ \\(principal hbase/127\\.0\\.0\\.1@"
            + realm + "\\): .*Server not found in Kerberos database.*; check that the client's "
            + "ticket is valid \\(klist\\) and that strata\\.security\\.kerberos\\.principal "
            + "names the servers' principal"), wrong.getMessage());
      }

      // bob's job, submitted under his Kerberos login, gets a delegation token for its tasks,
      // which proves bob alone.
      org.apache.hadoop.mapreduce.Job job = org.apache.hadoop.mapreduce.Job.getInstance(
          io.strata.mapreduce.StrataJobConfiguration.merge(
              new org.apache.hadoop.conf.Configuration(false), bob), "job");
      io.strata.mapreduce.TableMapReduceUtil.initCredentials(job);
      Token delegation = io.strata.mapreduce.StrataTokens.find(job.getCredentials());
      assertEquals("bob", delegation.user());
      assertTrue(delegation.renewable());
      try (Connection conn = ConnectionFactory.createConnection(c.configuration()
          .set(SecurityKeys.AUTHENTICATION.name(), "simple"), delegation);
          Table table = conn.getTable(T)) {
        assertArrayEquals(Bytes.toBytes("v1"), table.get(new Get(ROW)).getValue(F, F));
        AccessDeniedException denied = assertThrows(AccessDeniedException.class,
            () -> table.put(new Put(ROW).addColumn(F, F, Bytes.toBytes("x"))));
        assertTrue(denied.getMessage().startsWith("user 'bob' may not put"),
            denied.getMessage());
      }
    }
  }

  @Test
  void daemonsAndClientsLogInToZooKeeperAsTheirPrincipals() throws Exception {
    String realm = kdc.getRealm();
    File zkKeytab = dir.resolve("zookeeper.keytab").toFile();
    // The name ZooKeeper's client asks a ticket for: 127.0.0.1 canonicalized.
    kdc.createPrincipal(zkKeytab, "zookeeper/localhost");
    try (SaslZooKeeper zk = SaslZooKeeper.start(dir.resolve("zk"),
        "com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true keyTab=\""
            + zkKeytab + "\" storeKey=true useTicketCache=false principal=\"zookeeper/localhost@"
            + realm + "\"", "-Djava.security.krb5.conf=" + kdc.getKrb5conf())) {
      java.nio.file.Files.createDirectories(dir.resolve("cluster"));
      StrataConfiguration base = kerberos()
          .set(io.strata.common.conf.CoreKeys.ZOOKEEPER_QUORUM.name(), zk.connectString())
          .set(SecurityKeys.ZOOKEEPER_SASL_KERBEROS.name(), "true");
      try (MiniCluster c = MiniCluster.startOnEnsemble(base, 1);
          Connection conn = ConnectionFactory.createConnection(
              loginAs(c.configuration(), "alice@" + realm));
          Table table = conn.getTable(T)) {
        conn.getAdmin().createTable(TableDescriptor.newBuilder(T)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
        table.put(new Put(ROW).addColumn(F, F, Bytes.toBytes("v1")));
        assertArrayEquals(Bytes.toBytes("v1"), table.get(new Get(ROW)).getValue(F, F));

        // A client with no ZooKeeper login of its own (no keytab, no ticket cache) is refused
        // by ZooKeeper, saying so. (Its calls would prove the user this JVM's daemons logged in.)
        java.io.IOException refused = assertThrows(java.io.IOException.class,
            () -> ConnectionFactory.createConnection(c.configuration()));
        assertEquals("ZooKeeper at " + zk.connectString() + " refused this process's SASL "
            + "login as the user of kinit's ticket cache (Kerberos); check the login, and that "
            + "the ensemble's JAAS Server section takes it", rootMessage(refused));
      }
    }
  }

  private static String rootMessage(Throwable t) {
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getMessage();
  }

  /** The cluster's configuration: Kerberos, authorization, alice a superuser. */
  private StrataConfiguration kerberos() {
    return MiniCluster.configuration(dir.resolve("cluster"))
        .set(SecurityKeys.AUTHENTICATION.name(), "kerberos")
        .set(SecurityKeys.AUTHORIZATION.name(), "true")
        .set(SecurityKeys.SUPERUSERS.name(), "alice")
        .set(SecurityKeys.KERBEROS_PRINCIPAL.name(), "strata/_HOST@" + kdc.getRealm())
        .set(SecurityKeys.KERBEROS_KEYTAB.name(), keytab.toString());
  }

  /** A client configuration logging in as {@code principal} from the test's keytab. */
  private StrataConfiguration loginAs(StrataConfiguration conf, String principal) {
    return conf.set(ClientKeys.KERBEROS_PRINCIPAL.name(), principal)
        .set(ClientKeys.KEYTAB_FILE.name(), keytab.toString());
  }
}
