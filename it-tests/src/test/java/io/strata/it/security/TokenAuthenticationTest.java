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
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.security.Token;
import io.strata.common.security.TokenFile;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.shell.security.TokenMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mini cluster with strata.security.authentication=token: tokens issued by the master through
 * bin/strata token, a client proving its user over both of its connection kinds, and every
 * connection that proves nothing, or proves it with a wrong or expired token, refused with the
 * reason and logged with its address.
 */
class TokenAuthenticationTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void onlyAClientProvingItsUserWithAValidTokenIsServed() throws Exception {
    StrataConfiguration base = MiniCluster.configuration(dir)
        .set("strata.security.authentication", "token");
    List<String> warnings = Collections.synchronizedList(new ArrayList<>());
    AbstractAppender capture = captureWarnings(warnings);
    try (MiniCluster c = MiniCluster.start(base, dir, 2)) {
      // An operator holding the cluster secret makes the table and alice's token.
      StrataConfiguration operator = c.configuration().set(ClientKeys.CLUSTER_SECRET_FILE.name(),
          dir.resolve("root").resolve("cluster.secret").toString());
      try (Connection op = ConnectionFactory.createConnection(operator)) {
        op.getAdmin().createTable(TableDescriptor.newBuilder(T)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      }
      Path aliceFile = dir.resolve("alice.token");
      Outcome created = token(operator, "create", "alice", "--lifetime=1d",
          "--out=" + aliceFile);
      assertEquals(0, created.status(), created.err());
      assertTrue(created.out().startsWith("Wrote token "), created.out());
      assertTrue(created.out().contains(" of user alice, issued "), created.out());
      assertEquals("rw-------",
          PosixFilePermissions.toString(Files.getPosixFilePermissions(aliceFile)));
      Token alice = TokenFile.read(aliceFile);
      assertEquals(Duration.ofDays(1).toMillis(), alice.expiresMillis() - alice.issuedMillis());
      Outcome shown = token(c.configuration(), "show", aliceFile.toString());
      assertEquals("user:    alice\nid:      " + Long.toUnsignedString(alice.id())
          + "\nissued:  " + Instant.ofEpochMilli(alice.issuedMillis()) + "\nexpires: "
          + Instant.ofEpochMilli(alice.expiresMillis()) + "\n", shown.out());

      // alice's token serves her blocking calls (direct connections) and asynchronous ones.
      StrataConfiguration asAlice = c.configuration()
          .set(ClientKeys.TOKEN_FILE.name(), aliceFile.toString());
      try (Connection conn = ConnectionFactory.createConnection(asAlice);
          Table table = conn.getTable(T)) {
        table.put(new Put(Bytes.toBytes("r1")).addColumn(F, F, Bytes.toBytes("v1")));
        assertArrayEquals(Bytes.toBytes("v1"),
            table.get(new Get(Bytes.toBytes("r1"))).getValue(F, F));
        // Not a superuser: she may not issue tokens.
        AccessDeniedException denied = assertThrows(AccessDeniedException.class,
            () -> conn.getAdmin().createToken("mallory", null));
        assertEquals("user 'alice' may not create tokens on user 'mallory' (only superusers, "
            + "strata.superuser, and holders of the cluster secret may); ask an administrator "
            + "to grant it", denied.getMessage());
      }
      try (AsyncConnection conn = ConnectionFactory.createAsyncConnection(asAlice).get()) {
        conn.getTable(T).put(new Put(Bytes.toBytes("r2")).addColumn(F, F, Bytes.toBytes("v2")))
            .get();
        assertArrayEquals(Bytes.toBytes("v2"), conn.getTable(T).get(new Get(Bytes.toBytes("r2")))
            .get().getValue(F, F));
      }

      // No token: refused at once (not retried until the operation times out), saying how.
      String user = System.getProperty("user.name");
      assertEquals("this cluster requires token authentication (strata.security.authentication="
          + "token) and the connection proved no user; create a token with bin/strata token "
          + "create " + user + " and give its file in STRATA_TOKEN_FILE or "
          + "strata.client.token.file", refusal(c.configuration()));
      assertTrue(warnings.stream().anyMatch(w -> w.matches(".*: refused a connection from "
          + "127\\.0\\.0\\.1:\\d+ claiming user " + user + ": this cluster requires token "
          + "authentication.*")), warnings.toString());

      // A token whose password was changed, and one of another cluster: refused.
      Path forged = dir.resolve("forged.token");
      byte[] password = alice.password();
      password[0] ^= 1;
      TokenFile.write(forged, Token.of(alice.identifier(), password));
      String forgedRefusal = refusal(c.configuration().set(ClientKeys.TOKEN_FILE.name(),
          forged.toString()));
      assertTrue(forgedRefusal.startsWith("the token was refused ("), forgedRefusal);
      assertTrue(warnings.stream().anyMatch(w -> w.contains("claiming user alice: the token was "
          + "refused")), warnings.toString());

      // An expired token: refused, naming when it expired.
      Path shortFile = dir.resolve("dave.token");
      Outcome brief = token(operator, "create", "dave", "--lifetime=1s", "--out=" + shortFile);
      assertEquals(0, brief.status(), brief.err());
      Token dave = TokenFile.read(shortFile);
      MiniCluster.waitFor(() -> System.currentTimeMillis() > dave.expiresMillis(),
          Duration.ofSeconds(10), "dave's token to expire");
      assertEquals("the token of user dave expired at " + Instant.ofEpochMilli(
          dave.expiresMillis()) + "; create a new one with bin/strata token create dave",
          refusal(c.configuration().set(ClientKeys.TOKEN_FILE.name(), shortFile.toString())));

      // Without the secret or a superuser's token, the tool cannot ask for one.
      Outcome nobody = token(c.configuration().set(ClientKeys.TOKEN_FILE.name(),
          aliceFile.toString()), "create", "eve", "--out=" + dir.resolve("eve.token"));
      assertEquals(1, nobody.status());
      assertEquals("bin/strata token: user 'alice' may not create tokens on user 'eve' (only "
          + "superusers, strata.superuser, and holders of the cluster secret may); ask an "
          + "administrator to grant it\n", nobody.err());
      assertTrue(Files.notExists(dir.resolve("eve.token")));
    } finally {
      removeCapture(capture);
    }
  }

  /** The message of the AccessDeniedException a get fails with when connecting as {@code conf}. */
  private static String refusal(StrataConfiguration conf) throws IOException {
    long start = System.nanoTime();
    try (Connection conn = ConnectionFactory.createConnection(conf);
        Table table = conn.getTable(T)) {
      AccessDeniedException e = assertThrows(AccessDeniedException.class,
          () -> table.get(new Get(Bytes.toBytes("r1"))));
      // Not retried: well within the 30 s operation timeout.
      assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos());
      return e.getMessage();
    }
  }

  record Outcome(int status, String out, String err) {}

  private static Outcome token(StrataConfiguration conf, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = TokenMain.run(args, conf, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private static AbstractAppender captureWarnings(List<String> into) {
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    AbstractAppender capture = new AbstractAppender("token-refusals", null, null, true,
        Property.EMPTY_ARRAY) {
      @Override
      public void append(LogEvent event) {
        into.add(event.getMessage().getFormattedMessage());
      }
    };
    capture.start();
    ctx.getConfiguration().getRootLogger().addAppender(capture, Level.WARN, null);
    ctx.updateLoggers();
    return capture;
  }

  private static void removeCapture(AbstractAppender capture) {
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    ctx.getConfiguration().getRootLogger().removeAppender(capture.getName());
    ctx.updateLoggers();
    capture.stop();
  }
}
