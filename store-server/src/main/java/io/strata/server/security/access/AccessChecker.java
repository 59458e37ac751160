package io.strata.server.security.access;

import io.strata.client.Connection;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.rpc.RpcServer;
import io.strata.server.security.Authentication;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One server's permission checks under strata.security.authorization, as HBase's AccessChecker:
 * the permissions of strata:acl held in memory (read again when the master says they changed,
 * and periodically), the superusers, and the audit log. The {@link AccessController}'s hooks
 * and the services' own checks both ask it about the user of the call being served.
 *
 * <p>Every denial is an audit line at INFO on logger {@value #AUDIT_LOGGER}; every allowed check
 * is one at TRACE, for sites that want them all.
 */
public final class AccessChecker {
  public static final String AUDIT_LOGGER = "io.strata.security.audit";
  private static final Logger AUDIT = LoggerFactory.getLogger(AUDIT_LOGGER);
  private static final Logger LOG = LoggerFactory.getLogger(AccessChecker.class);
  /** The checker of each server in this process, for the coprocessors it loads. */
  private static final Map<ServerName, AccessChecker> SERVERS = new ConcurrentHashMap<>();

  private final Set<String> superusers;
  private volatile PermissionCache cache = PermissionCache.EMPTY;
  private volatile LabelTable.Labels labels = LabelTable.Labels.EMPTY;
  /** Whether strata:acl and strata:labels were read once (before: nothing granted, no label). */
  private volatile boolean loaded;
  /** Refreshes begun, and the latest begun whose reading is in force (under its lock). */
  private final java.util.concurrent.atomic.AtomicLong refreshesStarted =
      new java.util.concurrent.atomic.AtomicLong();
  private long refreshApplied;
  /** strata.security.access.early_out: refuse a read holding READ on none of its columns. */
  private final boolean earlyOut;
  /** Visibility expressions and cell ACLs as cells carry them, parsed once. */
  private final Map<String, Object> parsed = new ConcurrentHashMap<>();

  private AccessChecker(Set<String> superusers, boolean earlyOut) {
    this.superusers = Set.copyOf(superusers);
    this.earlyOut = earlyOut;
  }

  /** A server's checker, or null when strata.security.authorization is off. */
  public static AccessChecker of(StrataConfiguration conf) {
    return conf.get(SecurityKeys.AUTHORIZATION)
        ? new AccessChecker(Authentication.superusers(conf),
            conf.get(SecurityKeys.ACCESS_EARLY_OUT)) : null;
  }

  /**
   * The configuration a server with {@code checker} runs with: the AccessController first among
   * its master and region coprocessors.
   */
  public static StrataConfiguration withController(StrataConfiguration conf) {
    if (!conf.get(SecurityKeys.AUTHORIZATION)) {
      return conf;
    }
    StrataConfiguration out = conf.copy();
    for (var key : java.util.List.of(io.strata.common.conf.CoprocessorKeys.REGION_CLASSES,
        io.strata.common.conf.CoprocessorKeys.MASTER_CLASSES)) {
      String classes = conf.get(key);
      String name = AccessController.class.getName();
      if (!Arrays.asList(classes.split("\\s*,\\s*")).contains(name)) {
        out.set(key.name(), classes.isBlank() ? name : name + "," + classes);
      }
    }
    return out;
  }

  /** Makes this the checker the coprocessors of {@code server} find. */
  public void register(ServerName server) {
    SERVERS.put(server, this);
  }

  public void unregister(ServerName server) {
    SERVERS.remove(server, this);
  }

  /** The checker of {@code server}; null when it has none. */
  static AccessChecker forServer(ServerName server) {
    return SERVERS.get(server);
  }

  /**
   * Reads strata:acl and strata:labels again; returns whether it could (else the permissions
   * and labels in force stay).
   */
  public boolean refresh(Connection connection) {
    long mine = refreshesStarted.incrementAndGet();
    try {
      PermissionCache c = new PermissionCache(AclTable.readAll(connection));
      LabelTable.Labels l = LabelTable.readAll(connection);
      synchronized (refreshesStarted) {
        // Refreshes overlap (the master's word, the periodic one, a server's first, slow while
        // a system table opens): one that began later read later, so an earlier one that ends
        // after it must not put back what it read, which may miss a grant.
        if (mine > refreshApplied) {
          refreshApplied = mine;
          cache = c;
          labels = l;
          loaded = true;
        }
      }
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.warn("cannot read the permissions in {} and {}; keeping those in force: {}",
          AclTable.TABLE, LabelTable.TABLE, e.toString());
      return false;
    }
  }

  PermissionCache cache() {
    return cache;
  }

  /** The visibility labels and authorizations in force. */
  public LabelTable.Labels labels() {
    return labels;
  }

  /** Whether the permissions and labels were read at least once. */
  boolean loaded() {
    return loaded;
  }

  boolean earlyOut() {
    return earlyOut;
  }

  /**
   * What {@code key} (a cell's visibility expression or ACL, as its tag holds it) parses to,
   * parsed once: cells share a few distinct ones. The memo is dropped past 10,000 entries.
   */
  @SuppressWarnings("unchecked")
  <T> T parsed(String key, java.util.function.Function<String, T> parse) {
    Object v = parsed.get(key);
    if (v == null) {
      if (parsed.size() > 10_000) {
        parsed.clear();
      }
      v = parse.apply(key);
      parsed.put(key, v);
    }
    return (T) v;
  }

  /** Whether the call being served comes from the cluster's own processes, or from none. */
  static boolean internal(String user) {
    return user.isEmpty() || RpcServer.callFromPeer();
  }

  /** The user of the call being served; empty for the server's own work. */
  static String caller() {
    String u = RpcServer.caller();
    return u == null ? "" : u;
  }

  /**
   * Whether {@code user}'s calls are not checked: the server's own work (no user), calls of the
   * cluster's own processes (which presented the cluster secret), and superusers.
   */
  boolean exempt(String user) {
    return user.isEmpty() || RpcServer.callFromPeer() || superusers.contains(user);
  }

  boolean isSuperuser(String user) {
    return superusers.contains(user);
  }

  /** Requires one of {@code anyOf} globally for the call being served. */
  public void requireGlobal(String request, Action... anyOf) throws AccessDeniedException {
    require(request, Permission.newBuilder().build(), anyOf);
  }

  /** Requires one of {@code anyOf} on namespace {@code ns} (or globally). */
  public void requireNamespace(String request, String ns, Action... anyOf)
      throws AccessDeniedException {
    require(request, Permission.newBuilder(ns).build(), anyOf);
  }

  /** Requires one of {@code anyOf} on table {@code t} (or its namespace, or globally). */
  public void requireTable(String request, TableName t, Action... anyOf)
      throws AccessDeniedException {
    require(request, Permission.newBuilder(t).build(), anyOf);
  }

  /** Requires ADMIN on {@code scope} or one enclosing it: to grant or revoke there. */
  public void requireAdminOn(String request, Permission scope) throws AccessDeniedException {
    require(request, scope, Action.ADMIN);
  }

  /**
   * Requires ADMIN on {@code scope}, unless the call asks only about its own user's
   * permissions ({@code user}), which anyone may list.
   */
  public void requireAdminOnUnlessOwn(String request, Permission scope, String user)
      throws AccessDeniedException {
    if (!user.isEmpty() && user.equals(caller())) {
      return;
    }
    require(request, scope, Action.ADMIN);
  }

  /**
   * Requires one of {@code anyOf} on {@code scope} (a permission whose actions are ignored) or
   * a scope enclosing it, for the user of the call being served.
   */
  void require(String request, Permission scope, Action... anyOf) throws AccessDeniedException {
    String user = caller();
    if (exempt(user)) {
      return;
    }
    PermissionCache c = cache;
    for (Action a : anyOf) {
      if (c.covers(user, scope, a)) {
        allowed(user, request, a, scope);
        return;
      }
    }
    throw denied(user, request, anyOf, scope);
  }

  /** A permission's scope in audit lines and errors: "table t1, family f". */
  static String object(Permission p) {
    return switch (p.getAccessScope()) {
      case GLOBAL -> "global";
      case NAMESPACE -> "namespace " + p.getNamespace();
      case TABLE -> "table " + p.getTableName()
          + (p.getFamily() == null ? "" : ", family " + Bytes.toStringBinary(p.getFamily()))
          + (p.getQualifier() == null ? "" : ", qualifier "
              + Bytes.toStringBinary(p.getQualifier()));
    };
  }

  static void allowed(String user, String request, Action a, Permission scope) {
    if (AUDIT.isTraceEnabled()) {
      AUDIT.trace("allowed: user={} request={} action={} object=[{}] from={}", user, request,
          a, object(scope), RpcServer.remoteAddress());
    }
  }

  /**
   * Logs the denial and makes its error: the user, what was asked, the permission missing and
   * on what, and the grant that would allow it.
   */
  static AccessDeniedException denied(String user, String request, Action[] anyOf,
      Permission scope) {
    String needs = Arrays.stream(anyOf).map(a -> a.name() + " (" + a.code() + ")")
        .collect(Collectors.joining(" or "));
    AUDIT.info("denied: user={} request={} action={} object=[{}] from={}", user, request,
        Arrays.stream(anyOf).map(Enum::name).collect(Collectors.joining("|")), object(scope),
        RpcServer.remoteAddress());
    return new AccessDeniedException("user '" + user + "' may not " + request + ": it needs "
        + needs + " permission on " + object(scope) + "; ask an administrator to grant it"
        + " (grant '" + user + "', '" + anyOf[0].code() + "'" + grantArguments(scope) + ")");
  }

  /** The shell's grant arguments after the actions for {@code scope}. */
  private static String grantArguments(Permission p) {
    return switch (p.getAccessScope()) {
      case GLOBAL -> "";
      case NAMESPACE -> ", '@" + p.getNamespace() + "'";
      case TABLE -> ", '" + p.getTableName() + "'"
          + (p.getFamily() == null ? "" : ", '" + Bytes.toStringBinary(p.getFamily()) + "'")
          + (p.getQualifier() == null ? "" : ", '" + Bytes.toStringBinary(p.getQualifier())
              + "'");
    };
  }
}
