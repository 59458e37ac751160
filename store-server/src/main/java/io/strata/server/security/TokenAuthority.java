package io.strata.server.security;

import io.strata.common.security.Token;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Issues and checks tokens (docs/formats/token.md). A token's password is the HMAC-SHA256 of its
 * identifier under a key derived from the cluster secret, so every master and region server
 * checks a token by itself, with no call to the master and no list of tokens to share; a new
 * cluster secret voids every token issued before it.
 */
public final class TokenAuthority {
  private static final String MAC = "HmacSHA256";
  /** What the cluster secret is keyed with to give the token key, so the two never coincide. */
  private static final byte[] KEY_LABEL = "strata token key 1".getBytes(StandardCharsets.US_ASCII);

  private final SecretKeySpec key;
  private final InstantSource clock;
  private final SecureRandom random = new SecureRandom();

  public TokenAuthority(ClusterSecret secret, InstantSource clock) {
    this.key = new SecretKeySpec(hmac(new SecretKeySpec(secret.token(), MAC), KEY_LABEL), MAC);
    this.clock = clock;
  }

  /** A new token for {@code user}, valid for {@code lifetime} from now. */
  public Token issue(String user, Duration lifetime) throws IOException {
    if (user == null || user.isBlank()) {
      throw new IllegalArgumentException("a token needs a user name");
    }
    if (lifetime.isNegative() || lifetime.isZero()) {
      throw new IllegalArgumentException("a token's lifetime must be positive, not " + lifetime);
    }
    long now = clock.millis();
    byte[] identifier = Token.identifier(user, random.nextLong(), now,
        now + lifetime.toMillis());
    return Token.of(identifier, hmac(key, identifier));
  }

  /** The password of the token whose identifier this is, after checking it is still valid. */
  public byte[] passwordFor(byte[] identifier) throws IOException {
    Token t = Token.of(identifier, new byte[0]);
    if (t.expiredAt(clock.millis())) {
      throw new IOException("the token of user " + t.user() + " expired at "
          + Instant.ofEpochMilli(t.expiresMillis()) + "; create a new one with bin/strata "
          + "token create " + t.user());
    }
    return hmac(key, identifier);
  }

  private static byte[] hmac(SecretKeySpec key, byte[] data) {
    try {
      Mac mac = Mac.getInstance(MAC);
      mac.init(key);
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JVM has no " + MAC, e);
    }
  }
}
