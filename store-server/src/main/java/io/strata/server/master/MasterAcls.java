package io.strata.server.master;

import io.strata.client.security.AccessCodec;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.client.security.UserPermission;
import io.strata.common.error.BadRequestException;
import io.strata.common.proto.AccessProtos.GetUserPermissionsRequest;
import io.strata.common.proto.AccessProtos.GetUserPermissionsResponse;
import io.strata.common.proto.AccessProtos.GrantRequest;
import io.strata.common.proto.AccessProtos.RefreshAclsRequest;
import io.strata.common.proto.AccessProtos.RefreshAclsResponse;
import io.strata.common.proto.AccessProtos.RevokeRequest;
import io.strata.common.schema.ServerName;
import io.strata.server.security.access.AccessChecker;
import io.strata.server.security.access.AclEdits;
import io.strata.server.security.access.AclTable;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Permissions as the master keeps them: in strata:acl (made when an authorizing master starts),
 * each grant and revoke written there and then pushed to every live region server, which reads
 * the table again before the call returns (HBase's servers learn through a ZooKeeper watch).
 */
final class MasterAcls {
  private static final Logger LOG = LoggerFactory.getLogger(MasterAcls.class);
  private static final Duration PUSH_TIMEOUT = Duration.ofSeconds(5);

  private final Master m;
  private final AccessChecker checker;

  /** {@code checker}: the master's own, null when strata.security.authorization is off. */
  MasterAcls(Master m, AccessChecker checker) {
    this.m = m;
    this.checker = checker;
  }

  AccessChecker checker() throws BadRequestException {
    if (checker == null) {
      throw new BadRequestException("permissions are not checked on this cluster: set "
          + "strata.security.authorization=true on every master and region server (and restart"
          + " them) before granting, revoking or listing permissions");
    }
    return checker;
  }

  private static UserPermission permission(io.strata.common.proto.AccessProtos
      .UserPermissionProto p) throws BadRequestException {
    try {
      return AccessCodec.fromProto(p);
    } catch (IllegalArgumentException e) {
      throw new BadRequestException(e.getMessage());
    }
  }

  synchronized void grant(GrantRequest r) throws IOException {
    AccessChecker c = checker();
    UserPermission up = permission(r.getPermission());
    if (up.getPermission().getActions().isEmpty()) {
      throw new BadRequestException("a grant gives at least one action: R, W, X, C or A");
    }
    c.requireAdminOn("grant", up.getPermission());
    m.ensureSystemTable(AclTable.descriptor());
    AclEdits.grant(m.connection(), up, r.getMergeExisting());
    LOG.info("granted {} to {} on {}", Action.codes(up.getPermission().getActions()),
        up.getUser(), up.getPermission());
    changed(c);
  }

  synchronized void revoke(RevokeRequest r) throws IOException {
    AccessChecker c = checker();
    UserPermission up = permission(r.getPermission());
    c.requireAdminOn("revoke", up.getPermission());
    if (!m.tableNames().contains(AclTable.TABLE)) {
      return; // nothing was ever granted
    }
    EnumSet<Action> left = AclEdits.revoke(m.connection(), up);
    LOG.info("revoked {} from {} on {}; left: {}", up.getPermission().getActions().isEmpty()
        ? "all" : Action.codes(up.getPermission().getActions()), up.getUser(),
        up.getPermission(), left.isEmpty() ? "none" : Action.codes(left));
    changed(c);
  }

  GetUserPermissionsResponse list(GetUserPermissionsRequest r) throws IOException {
    AccessChecker c = checker();
    Permission scope;
    try {
      scope = AccessCodec.fromProto(r.getScope());
    } catch (IllegalArgumentException e) {
      throw new BadRequestException(e.getMessage());
    }
    c.requireAdminOnUnlessOwn("list the permissions", scope, r.getUser());
    GetUserPermissionsResponse.Builder out = GetUserPermissionsResponse.newBuilder();
    if (m.tableNames().contains(AclTable.TABLE)) {
      for (UserPermission up : AclEdits.list(m.connection(), scope, r.getUser())) {
        out.addPermissions(AccessCodec.toProto(up));
      }
    }
    return out.build();
  }

  /**
   * The user to own a table the call being served creates: its caller, when permissions are
   * checked and the caller is a user (not a cluster process); else empty.
   */
  String owner() {
    String user = io.strata.server.rpc.RpcServer.caller();
    return checker == null || user == null || io.strata.server.rpc.RpcServer.callFromPeer()
        ? "" : user;
  }

  /** Grants a new table's owner every permission on it, as HBase does. */
  void ownerCreated(io.strata.common.schema.TableName t, String owner) throws IOException {
    if (checker == null) {
      return; // turned off since the creation was asked for
    }
    m.ensureSystemTable(AclTable.descriptor());
    AclEdits.grant(m.connection(), new UserPermission(owner, Permission.newBuilder(t)
        .withActions(Action.values()).build()), true);
    LOG.info("granted {} all on {}, which it created", owner, t);
    changed(checker);
  }

  /**
   * Forgets every permission on a deleted table (its families and qualifiers too) or
   * namespace: one made again with the name starts with none.
   */
  void forget(Permission scope) throws IOException {
    if (!m.tableNames().contains(AclTable.TABLE)) {
      return;
    }
    if (AclEdits.forget(m.connection(), scope) && checker != null) {
      changed(checker);
    }
  }

  /** Makes strata:acl and strata:labels when an authorizing master starts, and reads them. */
  void startQuietly() {
    if (checker == null) {
      return;
    }
    for (var d : java.util.List.of(AclTable.descriptor(),
        io.strata.server.security.access.LabelTable.descriptor())) {
      try {
        m.ensureSystemTable(d);
      } catch (IOException | RuntimeException e) {
        LOG.warn("could not create {} at start; the first change tries again: {}",
            d.getTableName(), e.toString());
      }
    }
    checker.refresh(m.connection());
  }

  /** The master reads the permissions again, then tells every live region server to. */
  void changed(AccessChecker c) {
    c.refresh(m.connection());
    for (ServerName s : m.servers().liveServers()) {
      try {
        m.servers().admin(s).call("RefreshAcls", RefreshAclsRequest.getDefaultInstance(),
            null, RefreshAclsResponse.parser(), PUSH_TIMEOUT, 1)
            .get(PUSH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        LOG.warn("could not tell {} that the permissions changed; it reads them within"
            + " strata.security.acl.refresh.period: {}", s, e.toString());
      }
    }
  }
}
