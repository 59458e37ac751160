package io.strata.server.master;

import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.error.BadRequestException;
import io.strata.common.proto.MasterProtos.CreateTokenRequest;
import io.strata.common.proto.MasterProtos.CreateTokenResponse;
import io.strata.common.proto.MasterProtos.DelegationTokenRequest;
import io.strata.common.proto.MasterProtos.DelegationTokenResponse;
import io.strata.common.security.Token;
import io.strata.server.coordination.ZkSession;
import io.strata.server.rpc.RpcServer;
import io.strata.server.security.Authentication;
import io.strata.server.security.ClusterSecret;
import io.strata.server.security.DelegationTokens;
import io.strata.server.security.TokenAuthority;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master's token calls (docs/security.md): CreateToken, a token for any user, to the
 * cluster's own processes, operator tools presenting the cluster secret, and superusers; and
 * the delegation tokens of jobs, created for their caller, renewed and cancelled, recorded in
 * ZooKeeper ({@link DelegationTokens}). Every token issued is logged with who asked.
 */
final class TokenIssuer {
  private static final Logger LOG = LoggerFactory.getLogger(TokenIssuer.class);

  private final TokenAuthority authority;
  private final Set<String> superusers;
  private final Duration defaultLifetime;
  private final Duration maxLifetime;
  private final Duration renewInterval;
  private final boolean authenticating;
  private final java.util.function.Supplier<ZkSession> zk;

  /** {@code zk}: the master's ZooKeeper session, where delegation tokens are recorded. */
  TokenIssuer(ClusterSecret secret, StrataConfiguration conf,
      java.util.function.Supplier<ZkSession> zk) {
    this.authority = new TokenAuthority(secret, InstantSource.system());
    this.superusers = Authentication.superusers(conf);
    this.defaultLifetime = conf.get(SecurityKeys.TOKEN_LIFETIME);
    this.maxLifetime = conf.get(SecurityKeys.DELEGATION_MAX_LIFETIME);
    this.renewInterval = conf.get(SecurityKeys.DELEGATION_RENEW_INTERVAL);
    this.authenticating = Authentication.required(conf);
    this.zk = zk;
  }

  /**
   * A delegation token for the caller, as HBase's obtainToken: only a caller who proved its
   * user by Kerberos or with a token of its own (not a delegation token: those obtain no
   * others), or a peer, may ask; a token's holder gets one that ends no later than its own.
   */
  DelegationTokenResponse createDelegation() throws IOException {
    if (!authenticating) {
      throw new BadRequestException("this cluster does not authenticate its clients "
          + "(strata.security.authentication=simple): a job needs no delegation token");
    }
    String caller = RpcServer.caller();
    Token proven = RpcServer.callToken();
    long now = System.currentTimeMillis();
    long end = now + maxLifetime.toMillis();
    if (!RpcServer.callFromPeer() && !RpcServer.callKerberos()) {
      if (proven == null) {
        throw new AccessDeniedException("only a client that proved its user may obtain a "
            + "delegation token; give the client its token (STRATA_TOKEN_FILE), or log it in "
            + "with Kerberos");
      }
      if (proven.renewable()) {
        throw new AccessDeniedException("a delegation token cannot obtain another; obtain "
            + "delegation tokens with the user's own token (STRATA_TOKEN_FILE) or Kerberos "
            + "login");
      }
      end = Math.min(end, proven.expiresMillis());
    }
    Token t = authority.issueDelegation(caller, end);
    long expires = Math.min(now + renewInterval.toMillis(), end);
    zk.get().createIfAbsent(DelegationTokens.path(t.id()), expiry(expires));
    LOG.info("issued {} to {}, valid until {} unless renewed", t, caller,
        java.time.Instant.ofEpochMilli(expires));
    return DelegationTokenResponse.newBuilder().setToken(t.toProto())
        .setExpiresMillis(expires).build();
  }

  /**
   * Renews a delegation token the request carries (its password proves possession, as the
   * job's renewer holds it): its expiry moves to a renew interval from now, never past its end.
   */
  DelegationTokenResponse renew(DelegationTokenRequest r) throws IOException {
    Token t = delegation(r);
    long recorded = currentExpiry(t);
    long now = System.currentTimeMillis();
    if (recorded < 0 || now >= recorded) {
      throw new AccessDeniedException("the delegation " + t + " was cancelled or has "
          + "expired; a token renews only while it is valid: obtain a new one");
    }
    long expires = Math.min(now + renewInterval.toMillis(), t.expiresMillis());
    if (!zk.get().update(DelegationTokens.path(t.id()), expiry(expires))) {
      throw new AccessDeniedException("the delegation " + t + " was cancelled meanwhile");
    }
    LOG.info("renewed {} until {} for {}", t, java.time.Instant.ofEpochMilli(expires),
        RpcServer.caller());
    return DelegationTokenResponse.newBuilder().setExpiresMillis(expires).build();
  }

  /** Cancels a delegation token the request carries: no server takes it from now on. */
  DelegationTokenResponse cancel(DelegationTokenRequest r) throws IOException {
    Token t = delegation(r);
    zk.get().deleteIfExists(DelegationTokens.path(t.id()));
    LOG.info("cancelled {} for {}", t, RpcServer.caller());
    return DelegationTokenResponse.getDefaultInstance();
  }

  /** Removes the records of delegation tokens whose expiry has passed. */
  void removeExpired() throws IOException {
    long now = System.currentTimeMillis();
    for (String child : zk.get().children(io.strata.common.coordination.ZNodes.TOKENS, null)) {
      String path = io.strata.common.coordination.ZNodes.TOKENS + "/" + child;
      String text = zk.get().readText(path, null);
      if (text != null && Long.parseLong(text.trim()) <= now) {
        zk.get().deleteIfExists(path);
      }
    }
  }

  private Token delegation(DelegationTokenRequest r) throws IOException {
    Token t = Token.fromProto(r.getToken());
    if (!authority.signed(t)) {
      throw new AccessDeniedException("the token was not issued by this cluster, or was "
          + "changed since");
    }
    if (!t.renewable()) {
      throw new BadRequestException("only delegation tokens renew or cancel; a token from "
          + "bin/strata token create is valid until its expiry");
    }
    return t;
  }

  private long currentExpiry(Token t) throws IOException {
    String text = zk.get().readText(DelegationTokens.path(t.id()), null);
    return text == null ? -1 : Long.parseLong(text.trim());
  }

  private static byte[] expiry(long millis) {
    return Long.toString(millis).getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  CreateTokenResponse create(CreateTokenRequest r) throws IOException {
    String caller = RpcServer.caller();
    Token proven = RpcServer.callToken();
    if (proven != null && proven.renewable()) {
      throw new AccessDeniedException("a delegation token issues no tokens; create tokens with"
          + " the user's own token or the cluster secret");
    }
    if (!RpcServer.callFromPeer() && !superusers.contains(caller)) {
      throw new AccessDeniedException(caller, "create tokens", "user '" + r.getUser() + "'"
          + " (only superusers, strata.superuser, and holders of the cluster secret may)");
    }
    if (r.getUser().isBlank()) {
      throw new BadRequestException("a token needs a user name");
    }
    Duration lifetime = r.getLifetimeMillis() > 0 ? Duration.ofMillis(r.getLifetimeMillis())
        : defaultLifetime;
    Token t = authority.issue(r.getUser().trim(), lifetime);
    LOG.info("issued {} to {}{}", t, caller, RpcServer.callFromPeer() ? " (cluster secret)" : "");
    return CreateTokenResponse.newBuilder().setToken(t.toProto()).build();
  }
}
