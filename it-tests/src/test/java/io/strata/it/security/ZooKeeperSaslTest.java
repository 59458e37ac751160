package io.strata.it.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster on a ZooKeeper ensemble that requires SASL (DIGEST-MD5 users in its JAAS Server
 * section): daemons and clients log in with strata.zookeeper.sasl.user and .password, without
 * a JAAS file of their own; a wrong password is refused with what to check.
 */
class ZooKeeperSaslTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void daemonsAndClientsLogInToAnEnsembleThatRequiresSasl() throws Exception {
    try (SaslZooKeeper zk = SaslZooKeeper.start(dir.resolve("zk"),
        "org.apache.zookeeper.server.auth.DigestLoginModule required user_strata=\"zkpass\"",
        "-Dzookeeper.fips-mode=false")) {
      StrataConfiguration base = MiniCluster.configuration(
          java.nio.file.Files.createDirectories(dir.resolve("cluster")))
          .set(CoreKeys.ZOOKEEPER_QUORUM.name(), zk.connectString())
          .set(SecurityKeys.ZOOKEEPER_SASL_USER.name(), "strata")
          .set(SecurityKeys.ZOOKEEPER_SASL_PASSWORD.name(), "zkpass");
      try (MiniCluster c = MiniCluster.startOnEnsemble(base, 1);
          Connection conn = ConnectionFactory.createConnection(c.configuration())) {
        conn.getAdmin().createTable(TableDescriptor.newBuilder(T)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
        try (Table table = conn.getTable(T)) {
          table.put(new Put(F).addColumn(F, F, Bytes.toBytes("v")));
          assertArrayEquals(Bytes.toBytes("v"), table.get(new Get(F)).getValue(F, F));
        }

        IOException refused = assertThrows(IOException.class,
            () -> ConnectionFactory.createConnection(c.configuration()
                .set(SecurityKeys.ZOOKEEPER_SASL_PASSWORD.name(), "guess")));
        assertEquals("ZooKeeper at " + zk.connectString() + " refused this process's SASL "
            + "login as strata (DIGEST-MD5, strata.zookeeper.sasl.user); check the login, and "
            + "that the ensemble's JAAS Server section takes it", rootMessage(refused));

        // Without a login the ensemble serves nothing: the client cannot find the master.
        StrataConfiguration anonymous = c.configuration()
            .set(SecurityKeys.ZOOKEEPER_SASL_USER.name(), "")
            .set("strata.client.operation.timeout", "2s");
        try (Connection none = ConnectionFactory.createConnection(anonymous)) {
          IOException failed = assertThrows(IOException.class,
              () -> none.getAdmin().tableExists(T));
          assertTrue(rootMessage(failed).contains("client failed to authenticate"),
              rootMessage(failed));
        }
      }
    }
  }

  private static String rootMessage(Throwable t) {
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getMessage();
  }
}
