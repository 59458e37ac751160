package io.strata.common.rpc;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.strata.common.conf.ConfigKey;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS for RPC and the info ports (docs/security.md, "TLS"): the JDK's TLS through Netty's
 * {@link SslHandler}, a server's key from strata.tls.keystore, a client's trust from
 * strata.tls.truststore (else the JVM's authorities), the server's name checked unless
 * strata.tls.verify.hostname is false.
 */
public final class Tls {
  private final SslContext context;
  private final boolean client;
  private final boolean verifyHostname;

  private Tls(SslContext context, boolean client, boolean verifyHostname) {
    this.context = context;
    this.client = client;
    this.verifyHostname = verifyHostname;
  }

  /** A server's TLS when {@code enabled} names a key that is on; else null. */
  public static Tls server(StrataConfiguration conf, ConfigKey<Boolean> enabled)
      throws IOException {
    if (!conf.get(enabled)) {
      return null;
    }
    String file = conf.get(SecurityKeys.TLS_KEYSTORE);
    if (file.isEmpty()) {
      throw new IOException(enabled.name() + " is true but " + SecurityKeys.TLS_KEYSTORE.name()
          + " names no keystore; give the server's key and certificate (a PKCS12 file made with"
          + " keytool -genkeypair)");
    }
    char[] password = conf.get(SecurityKeys.TLS_KEYSTORE_PASSWORD).toCharArray();
    KeyStore ks = load(file, password, SecurityKeys.TLS_KEYSTORE);
    try {
      KeyManagerFactory kmf = KeyManagerFactory.getInstance(
          KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(ks, password);
      return new Tls(SslContextBuilder.forServer(kmf).sslProvider(SslProvider.JDK).build(),
          false, false);
    } catch (GeneralSecurityException | IOException e) {
      throw new IOException("the key in " + file + " (" + SecurityKeys.TLS_KEYSTORE.name()
          + ") cannot serve TLS: " + e.getMessage() + "; is "
          + SecurityKeys.TLS_KEYSTORE_PASSWORD.name() + " its password?", e);
    }
  }

  /** A client's TLS when strata.rpc.tls.enabled is on; else null. */
  public static Tls client(StrataConfiguration conf) throws IOException {
    if (!conf.get(SecurityKeys.RPC_TLS)) {
      return null;
    }
    try {
      SslContextBuilder b = SslContextBuilder.forClient().sslProvider(SslProvider.JDK);
      String file = conf.get(SecurityKeys.TLS_TRUSTSTORE);
      if (!file.isEmpty()) {
        KeyStore ts = load(file, conf.get(SecurityKeys.TLS_TRUSTSTORE_PASSWORD).toCharArray(),
            SecurityKeys.TLS_TRUSTSTORE);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(
            TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ts);
        b.trustManager(tmf);
      }
      return new Tls(b.build(), true, conf.get(SecurityKeys.TLS_VERIFY_HOSTNAME));
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot set up TLS for the client: " + e.getMessage(), e);
    }
  }

  private static KeyStore load(String file, char[] password, ConfigKey<String> key)
      throws IOException {
    Path path = Path.of(file);
    if (!Files.isReadable(path)) {
      throw new IOException(key.name() + " names " + file + ", which is not a readable file");
    }
    try (InputStream in = Files.newInputStream(path)) {
      KeyStore ks = KeyStore.getInstance(file.endsWith(".jks") ? "JKS" : "PKCS12");
      ks.load(in, password.length == 0 ? null : password);
      return ks;
    } catch (GeneralSecurityException | IOException e) {
      throw new IOException(key.name() + " names " + file + ", which cannot be read as a "
          + "keystore: " + e.getMessage() + "; is it PKCS12 (or .jks), and its password right?",
          e);
    }
  }

  /** A handler encrypting a server's side of an accepted connection. */
  public SslHandler serverHandler(ByteBufAllocator alloc) {
    return context.newHandler(alloc);
  }

  /** A handler encrypting a client's connection to {@code host:port}, checking its name. */
  public SslHandler clientHandler(ByteBufAllocator alloc, String host, int port) {
    SslHandler h = context.newHandler(alloc, host, port);
    if (client && verifyHostname) {
      SSLEngine engine = h.engine();
      SSLParameters p = engine.getSSLParameters();
      p.setEndpointIdentificationAlgorithm("HTTPS");
      engine.setSSLParameters(p);
    }
    return h;
  }

  /** The context itself, for servers that build their own handlers. */
  public SslContext context() {
    return context;
  }
}
