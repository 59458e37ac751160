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

  /** Where a server finds how long a delegation token is valid now (its renewals). */
  public interface Renewals {
    /**
     * The recorded expiry of delegation token {@code id}, in milliseconds, or -1 when the
     * cluster records none (cancelled, expired and removed, or never issued).
     */
    long expiryOf(long id) throws IOException;
  }

  private final SecretKeySpec key;
  private final InstantSource clock;
  private final SecureRandom random = new SecureRandom();
  private volatile Renewals renewals;

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

  /**
   * A new delegation token for {@code user}, renewable until {@code hardEnd}; it is valid only
   * once its expiry is recorded ({@link Renewals}).
   */
  public Token issueDelegation(String user, long hardEnd) throws IOException {
    long now = clock.millis();
    if (hardEnd <= now) {
      throw new IllegalArgumentException("a delegation token must end after it is issued");
    }
    byte[] identifier = Token.identifier(user, random.nextLong(), now, hardEnd, true);
    return Token.of(identifier, hmac(key, identifier));
  }

  /** Where this server reads delegation tokens' recorded expiries; without, they are refused. */
  public void useRenewals(Renewals r) {
    this.renewals = r;
  }

  /** Whether {@code t}'s password is the one this cluster gives its identifier. */
  public boolean signed(Token t) {
    return java.security.MessageDigest.isEqual(hmac(key, t.identifier()), t.password());
  }

  /** The password of the token whose identifier this is, after checking it is still valid. */
  public byte[] passwordFor(byte[] identifier) throws IOException {
    Token t = Token.of(identifier, new byte[0]);
    // A delegation token's recorded expiry is read once its password was proven
    // (checkDelegation): never for a client that proved nothing.
    if (t.expiredAt(clock.millis())) {
      throw new IOException("the token of user " + t.user() + " expired at "
          + Instant.ofEpochMilli(t.expiresMillis()) + "; create a new one with bin/strata "
          + "token create " + t.user());
    }
    return hmac(key, identifier);
  }

  /**
   * Refuses a delegation token the cluster no longer records, or whose recorded expiry (or hard
   * end) has passed: asked once the token's password was proven.
   */
  public void checkDelegation(Token t) throws IOException {
    Renewals r = renewals;
    if (r == null) {
      throw new IOException("this server cannot check delegation tokens until it has joined "
          + "the cluster's ZooKeeper; try again");
    }
    long until = r.expiryOf(t.id());
    if (until < 0) {
      throw new IOException("the delegation " + t + " was cancelled, or expired and was "
          + "removed; obtain a new one (TableMapReduceUtil.initCredentials)");
    }
    long now = clock.millis();
    if (now >= until || t.expiredAt(now)) {
      throw new IOException("the delegation " + t + " expired at " + Instant.ofEpochMilli(until)
          + " without a renewal; renew delegation tokens before they expire, or obtain a new "
          + "one (TableMapReduceUtil.initCredentials)");
    }
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
