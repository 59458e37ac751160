package io.strata.server.master;

import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.error.BadRequestException;
import io.strata.common.proto.MasterProtos.CreateTokenRequest;
import io.strata.common.proto.MasterProtos.CreateTokenResponse;
import io.strata.common.security.Token;
import io.strata.server.rpc.RpcServer;
import io.strata.server.security.Authentication;
import io.strata.server.security.ClusterSecret;
import io.strata.server.security.TokenAuthority;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master's CreateToken call (docs/security.md): a token for any user, to the cluster's own
 * processes, operator tools presenting the cluster secret, and superusers; every token issued
 * is logged with who asked.
 */
final class TokenIssuer {
  private static final Logger LOG = LoggerFactory.getLogger(TokenIssuer.class);

  private final TokenAuthority authority;
  private final Set<String> superusers;
  private final Duration defaultLifetime;

  TokenIssuer(ClusterSecret secret, StrataConfiguration conf) {
    this.authority = new TokenAuthority(secret, InstantSource.system());
    this.superusers = Authentication.superusers(conf);
    this.defaultLifetime = conf.get(SecurityKeys.TOKEN_LIFETIME);
  }

  CreateTokenResponse create(CreateTokenRequest r) throws IOException {
    String caller = RpcServer.caller();
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
