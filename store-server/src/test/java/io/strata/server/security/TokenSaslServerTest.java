package io.strata.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.security.DigestSasl;
import io.strata.common.security.Token;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import javax.security.sasl.SaslException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A token proven over DIGEST-MD5 with the JDK's own client, and every way one is refused. */
class TokenSaslServerTest {
  @TempDir
  java.nio.file.Path dir;

  private final AtomicLong now = new AtomicLong(1_000_000);

  private TokenAuthority authority(String root) throws IOException {
    ClusterSecret secret = ClusterSecret.loadOrCreate(
        FileSystem.getLocal(new Configuration()).getRawFileSystem(),
        new Path(dir.resolve(root).toUri()));
    InstantSource clock = () -> Instant.ofEpochMilli(now.get());
    return new TokenAuthority(secret, clock);
  }

  /** Runs the exchange to its end; returns the user the server says is proven. */
  private static String prove(TokenAuthority server, Token token) throws IOException {
    SaslClient client = Sasl.createSaslClient(new String[] {DigestSasl.MECHANISM}, null,
        DigestSasl.PROTOCOL, DigestSasl.SERVER_NAME, DigestSasl.PROPERTIES,
        DigestSasl.clientCallbacks(token));
    TokenSaslServer s = new TokenSaslServer(server);
    byte[] challenge = s.step(new byte[0]);
    while (!s.isComplete()) {
      challenge = s.step(client.evaluateChallenge(challenge));
    }
    client.evaluateChallenge(challenge); // the server's proof that it knows the key
    assertTrue(client.isComplete());
    return s.user();
  }

  @Test
  void aTokenIssuedByTheClusterProvesItsUser() throws IOException {
    TokenAuthority a = authority("root");
    assertEquals("alice", prove(a, a.issue("alice", Duration.ofHours(1))));
    // Any server of the cluster checks it: the key comes from the shared secret.
    TokenAuthority sameCluster = new TokenAuthority(ClusterSecret.loadOrCreate(
        FileSystem.getLocal(new Configuration()).getRawFileSystem(),
        new Path(dir.resolve("root").toUri())), () -> Instant.ofEpochMilli(now.get()));
    assertEquals("bob", prove(sameCluster, a.issue("bob", Duration.ofHours(1))));
  }

  @Test
  void aTokenOfAnotherClusterAWrongPasswordOrAnotherUserIsRefused() throws IOException {
    TokenAuthority a = authority("root");
    Token other = authority("other").issue("alice", Duration.ofHours(1));
    SaslException e = assertThrows(SaslException.class, () -> prove(a, other));
    assertTrue(e.getMessage().startsWith("the token was refused ("), e.getMessage());
    assertTrue(e.getMessage().endsWith("); is it from this cluster, and unchanged since "
        + "bin/strata token create wrote it?"), e.getMessage());
    Token alice = a.issue("alice", Duration.ofHours(1));
    // The same password under an identifier that names another user.
    Token forged = Token.of(Token.identifier("root", alice.id(), alice.issuedMillis(),
        alice.expiresMillis()), alice.password());
    assertThrows(SaslException.class, () -> prove(a, forged));
  }

  @Test
  void anExpiredTokenIsRefusedSayingWhen() throws IOException {
    TokenAuthority a = authority("root");
    Token t = a.issue("carol", Duration.ofMinutes(1));
    now.addAndGet(Duration.ofMinutes(1).toMillis());
    SaslException e = assertThrows(SaslException.class, () -> prove(a, t));
    assertEquals("the token of user carol expired at " + Instant.ofEpochMilli(t.expiresMillis())
        + "; create a new one with bin/strata token create carol", e.getMessage());
    assertFalse(t.expiredAt(t.expiresMillis() - 1));
  }
}
