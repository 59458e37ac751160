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
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS on RPC and the info ports of a mini cluster (local sockets off, so every call crosses
 * TCP): a client trusting the servers' certificate is served, blocking and asynchronous; a
 * plaintext client is answered that the server takes TLS only; a client trusting another
 * certificate fails its handshake, saying what to check; the master's info port answers HTTPS.
 * The keys are made by the JDK's keytool.
 */
class TlsTest {
  private static final TableName T = TableName.valueOf("tls");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  /** Runs the JDK's keytool with {@code args}, failing the test if it fails. */
  private static void keytool(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin",
        "keytool").toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + out);
  }

  /** A keystore with a key for this machine's names, and a truststore holding its cert. */
  private void keys(String name, Path keystore, Path truststore) throws Exception {
    InetAddress local = InetAddress.getLocalHost();
    String san = "SAN=ip:127.0.0.1,dns:localhost,dns:" + local.getHostName() + ",ip:"
        + local.getHostAddress();
    keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1",
        "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", "keypass1",
        "-keypass", "keypass1", "-dname", "CN=" + name, "-validity", "2", "-ext", san);
    Path cert = dir.resolve(name + ".pem");
    keytool("-exportcert", "-alias", name, "-keystore", keystore.toString(), "-storepass",
        "keypass1", "-rfc", "-file", cert.toString());
    keytool("-importcert", "-noprompt", "-alias", name, "-file", cert.toString(), "-keystore",
        truststore.toString(), "-storetype", "PKCS12", "-storepass", "trustpass1");
  }

  @Test
  void onlyTlsClientsTrustingTheServersAreServed() throws Exception {
    Path keystore = dir.resolve("server.p12");
    Path truststore = dir.resolve("trust.p12");
    keys("strata-server", keystore, truststore);
    Path otherKeys = dir.resolve("other.p12");
    Path otherTrust = dir.resolve("other-trust.p12");
    keys("someone-else", otherKeys, otherTrust);

    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.rpc.local.sockets", "false")
        .set("strata.rpc.tls.enabled", "true")
        .set("strata.http.tls.enabled", "true")
        .set("strata.tls.keystore", keystore.toString())
        .set("strata.tls.keystore.password", "keypass1")
        .set("strata.tls.truststore", truststore.toString())
        .set("strata.tls.truststore.password", "trustpass1");
    try (MiniCluster c = MiniCluster.start(conf, dir, 1)) {
      try (Connection conn = c.connect()) {
        conn.getAdmin().createTable(TableDescriptor.newBuilder(T)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
        Table t = conn.getTable(T);
        t.put(new Put(Bytes.toBytes("r1")).addColumn(F, F, Bytes.toBytes("v1")));
        assertArrayEquals(Bytes.toBytes("v1"), t.get(new Get(Bytes.toBytes("r1")))
            .getValue(F, F));
      }
      try (AsyncConnection conn = ConnectionFactory.createAsyncConnection(c.configuration())
          .get()) {
        assertArrayEquals(Bytes.toBytes("v1"), conn.getTable(T).get(new Get(
            Bytes.toBytes("r1"))).get().getValue(F, F));
      }

      // A plaintext client: told, at once, that the server takes TLS only.
      StrataConfiguration plain = c.configuration().set("strata.rpc.tls.enabled", "false");
      try (Connection conn = ConnectionFactory.createConnection(plain)) {
        AccessDeniedException e = assertThrows(AccessDeniedException.class,
            () -> conn.getTable(T).get(new Get(Bytes.toBytes("r1"))));
        assertEquals("this server takes TLS connections only (strata.rpc.tls.enabled); set "
            + "strata.rpc.tls.enabled=true and strata.tls.truststore on the client",
            e.getMessage());
      }

      // A client trusting another certificate: its handshake fails, saying what to check.
      StrataConfiguration distrusting = c.configuration()
          .set("strata.tls.truststore", otherTrust.toString())
          .set("strata.client.operation.timeout", "3s");
      try (Connection conn = ConnectionFactory.createConnection(distrusting)) {
        IOException e = assertThrows(IOException.class,
            () -> conn.getTable(T).get(new Get(Bytes.toBytes("r1"))));
        StringBuilder chain = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
          chain.append(t.getMessage()).append(" | ");
        }
        assertTrue(chain.toString().contains("the TLS handshake with "), chain.toString());
        assertTrue(chain.toString().contains("; does strata.tls.truststore hold the server's "
            + "certificate (or its authority's), and does the certificate name the host?"),
            chain.toString());
      }

      // The master's info port answers HTTPS to a client trusting it, and nothing in plain.
      KeyStore ts = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(truststore)) {
        ts.load(in, "trustpass1".toCharArray());
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(
          TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(ts);
      SSLContext ssl = SSLContext.getInstance("TLS");
      ssl.init(null, tmf.getTrustManagers(), null);
      int port = c.master().infoPort();
      HttpClient https = HttpClient.newBuilder().sslContext(ssl)
          .connectTimeout(Duration.ofSeconds(10)).build();
      HttpResponse<String> page = https.send(HttpRequest.newBuilder(URI.create(
          "https://localhost:" + port + "/jmx")).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, page.statusCode());
      assertTrue(page.body().contains("\"beans\""), page.body());
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
      assertThrows(IOException.class, () -> http.send(HttpRequest.newBuilder(URI.create(
          "http://localhost:" + port + "/jmx")).timeout(Duration.ofSeconds(10)).build(),
          HttpResponse.BodyHandlers.ofString()));
    }
  }
}
