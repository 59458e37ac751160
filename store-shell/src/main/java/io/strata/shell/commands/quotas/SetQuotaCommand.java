package io.strata.shell.commands.quotas;

import io.strata.client.quotas.QuotaScope;
import io.strata.client.quotas.QuotaSettings;
import io.strata.client.quotas.QuotaSettingsFactory;
import io.strata.common.quota.QuotaSizes;
import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.quota.ThrottleLimit;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * set_quota: sets or removes a throttle, a space limit, or a user's global bypass, as HBase's
 * shell does.
 */
public final class SetQuotaCommand extends BaseCommand {
  public SetQuotaCommand() {
    super("set_quota", CommandGroup.QUOTAS, """
        Throttles a user, a table, a namespace, a user on a table or in a namespace, or each
        region server. LIMIT is a number of requests, bytes (B, K, M, G, T, P) or capacity
        units (CU, 1 KB each) per sec, min, hour or day; NONE removes the throttle.
        THROTTLE_TYPE is READ, WRITE or REQUEST (the default: both); SCOPE is CLUSTER (the
        default: the limit divided among the servers) or MACHINE (each server's).
          set_quota TYPE => THROTTLE, USER => 'u1', LIMIT => '10req/sec'
          set_quota TYPE => THROTTLE, THROTTLE_TYPE => READ, USER => 'u1', LIMIT => '10M/sec'
          set_quota TYPE => THROTTLE, THROTTLE_TYPE => WRITE, TABLE => 't1', LIMIT => '10CU/min'
          set_quota TYPE => THROTTLE, USER => 'u1', NAMESPACE => 'ns1', LIMIT => '5req/sec'
          set_quota TYPE => THROTTLE, REGIONSERVER => 'all', LIMIT => '30000req/sec'
          set_quota TYPE => THROTTLE, USER => 'u1', SCOPE => MACHINE, LIMIT => '100req/sec'
          set_quota TYPE => THROTTLE, USER => 'u1', LIMIT => NONE
          set_quota USER => 'u1', GLOBAL_BYPASS => true
        A space quota limits a table's or a namespace's size on disk (B, K, M, G, T, P); once
        over it, POLICY says what it may no longer do: NO_INSERTS (puts, increments, appends),
        NO_WRITES (any write), NO_WRITES_COMPACTIONS (any write, and compactions) or DISABLE
        (the table is disabled).
          set_quota TYPE => SPACE, TABLE => 't1', LIMIT => '1G', POLICY => NO_INSERTS
          set_quota TYPE => SPACE, NAMESPACE => 'ns1', LIMIT => '50G', POLICY => NO_WRITES
          set_quota TYPE => SPACE, TABLE => 't1', LIMIT => NONE
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    Options o = args.options(0, "TYPE", "THROTTLE_TYPE", "USER", "TABLE", "NAMESPACE",
        "REGIONSERVER", "LIMIT", "SCOPE", "GLOBAL_BYPASS", "POLICY");
    for (QuotaSettings s : settings(o)) {
      ctx.admin().setQuota(s);
    }
    return null;
  }

  static List<QuotaSettings> settings(Options o) {
    String user = o.string("USER");
    TableName table = o.has("TABLE") ? TableName.valueOf(o.string("TABLE")) : null;
    String ns = o.string("NAMESPACE");
    String rs = o.string("REGIONSERVER");
    if (o.has("GLOBAL_BYPASS")) {
      if (user == null || table != null || ns != null || rs != null || o.has("LIMIT")
          || o.has("TYPE")) {
        throw new CommandException("GLOBAL_BYPASS is set for a user alone: set_quota USER =>"
            + " 'u1', GLOBAL_BYPASS => true");
      }
      return List.of(QuotaSettingsFactory.bypassGlobals(user, o.bool("GLOBAL_BYPASS", false)));
    }
    String type = o.string("TYPE");
    if (type == null) {
      throw new CommandException("set_quota needs TYPE => THROTTLE or TYPE => SPACE (or USER"
          + " => 'u1', GLOBAL_BYPASS => true)");
    }
    if (type.equals("SPACE")) {
      return List.of(space(o, user, table, ns, rs));
    }
    if (!type.equals("THROTTLE")) {
      throw new CommandException("TYPE => " + type + " is not one of THROTTLE, SPACE");
    }
    if (o.has("POLICY")) {
      throw new CommandException("POLICY is for TYPE => SPACE; a throttle takes LIMIT alone");
    }
    if (user == null && table == null && ns == null && rs == null) {
      throw new CommandException("set_quota needs a target: USER => 'u1', TABLE => 't1',"
          + " NAMESPACE => 'ns1', USER with TABLE or NAMESPACE, or REGIONSERVER => 'all'");
    }
    if (!o.has("LIMIT")) {
      throw new CommandException("set_quota TYPE => THROTTLE needs LIMIT => '<n>req/sec' (or"
          + " sizes such as '10M/sec', or '10CU/min'), or LIMIT => NONE");
    }
    ThrottleType.Kind kind = kind(o.string("THROTTLE_TYPE"));
    String limitText = o.string("LIMIT");
    QuotaScope scope = scope(o.string("SCOPE"));
    if (limitText.equals("NONE")) {
      List<QuotaSettings> out = new ArrayList<>();
      for (ThrottleType t : ThrottleType.values()) {
        if (o.has("THROTTLE_TYPE") ? t.kind() == kind : t == ThrottleType.REQUEST_NUMBER) {
          out.add(unthrottle(user, table, ns, rs, o.has("THROTTLE_TYPE") ? t : null));
        }
      }
      return out;
    }
    ThrottleLimit limit;
    try {
      limit = ThrottleLimit.parse(limitText);
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
    ThrottleType t = ThrottleType.of(kind, limit.unit());
    String requested = o.string("THROTTLE_TYPE");
    if (requested != null && requested.startsWith("REQUEST_") && !requested.equals(t.name())) {
      throw new CommandException("THROTTLE_TYPE => " + requested + " takes a limit in "
          + ThrottleType.valueOf(requested).unit().name().toLowerCase(Locale.ROOT) + ", not "
          + limit);
    }
    long amount = limit.amount();
    java.util.concurrent.TimeUnit per = limit.per();
    try {
      if (rs != null) {
        return List.of(QuotaSettingsFactory.throttleRegionServer(rs, t, amount, per));
      }
      if (user != null && table != null) {
        return List.of(QuotaSettingsFactory.throttleUser(user, table, t, amount, per, scope));
      }
      if (user != null && ns != null) {
        return List.of(QuotaSettingsFactory.throttleUser(user, ns, t, amount, per, scope));
      }
      if (user != null) {
        return List.of(QuotaSettingsFactory.throttleUser(user, t, amount, per, scope));
      }
      return List.of(table != null
          ? QuotaSettingsFactory.throttleTable(table, t, amount, per, scope)
          : QuotaSettingsFactory.throttleNamespace(ns, t, amount, per, scope));
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
  }

  /** {@code TYPE => SPACE}: a table's or namespace's space limit, or its removal. */
  private static QuotaSettings space(Options o, String user, TableName table, String ns,
      String rs) {
    if (user != null || rs != null || (table == null) == (ns == null)) {
      throw new CommandException("a space quota is for a table or a namespace alone: TYPE =>"
          + " SPACE, TABLE => 't1' or NAMESPACE => 'ns1'");
    }
    for (String key : List.of("THROTTLE_TYPE", "SCOPE")) {
      if (o.has(key)) {
        throw new CommandException(key + " is for TYPE => THROTTLE; a space quota takes LIMIT"
            + " and POLICY");
      }
    }
    String limit = o.string("LIMIT");
    if (limit == null) {
      throw new CommandException("set_quota TYPE => SPACE needs LIMIT => '<size>' (such as"
          + " '1G'; size units B, K, M, G, T, P) and POLICY, or LIMIT => NONE");
    }
    if (limit.equals("NONE")) {
      return table != null ? QuotaSettingsFactory.removeTableSpaceLimit(table)
          : QuotaSettingsFactory.removeNamespaceSpaceLimit(ns);
    }
    try {
      long bytes = QuotaSizes.parse(limit, "space limit");
      if (!o.has("POLICY")) {
        throw new CommandException("set_quota TYPE => SPACE needs POLICY => NO_INSERTS,"
            + " NO_WRITES, NO_WRITES_COMPACTIONS or DISABLE");
      }
      SpaceViolationPolicy policy = SpaceViolationPolicy.of(o.string("POLICY"));
      return table != null ? QuotaSettingsFactory.limitTableSpace(table, bytes, policy)
          : QuotaSettingsFactory.limitNamespaceSpace(ns, bytes, policy);
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
  }

  /** Removes the target's throttle of {@code type}, or all its throttles when null. */
  private static QuotaSettings unthrottle(String user, TableName table, String ns, String rs,
      ThrottleType type) {
    try {
      if (rs != null) {
        return type == null ? QuotaSettingsFactory.unthrottleRegionServer(rs)
            : QuotaSettingsFactory.unthrottleRegionServerByThrottleType(rs, type);
      }
      if (user != null && table != null) {
        return type == null ? QuotaSettingsFactory.unthrottleUser(user, table)
            : QuotaSettingsFactory.unthrottleUserByThrottleType(user, table, type);
      }
      if (user != null && ns != null) {
        return type == null ? QuotaSettingsFactory.unthrottleUser(user, ns)
            : QuotaSettingsFactory.unthrottleUserByThrottleType(user, ns, type);
      }
      if (user != null) {
        return type == null ? QuotaSettingsFactory.unthrottleUser(user)
            : QuotaSettingsFactory.unthrottleUserByThrottleType(user, type);
      }
      if (table != null) {
        return type == null ? QuotaSettingsFactory.unthrottleTable(table)
            : QuotaSettingsFactory.unthrottleTableByThrottleType(table, type);
      }
      return type == null ? QuotaSettingsFactory.unthrottleNamespace(ns)
          : QuotaSettingsFactory.unthrottleNamespaceByThrottleType(ns, type);
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
  }

  private static ThrottleType.Kind kind(String throttleType) {
    if (throttleType == null) {
      return ThrottleType.Kind.ANY;
    }
    return switch (throttleType) {
      case "READ" -> ThrottleType.Kind.READ;
      case "WRITE" -> ThrottleType.Kind.WRITE;
      case "REQUEST", "REQUEST_NUMBER", "REQUEST_SIZE", "REQUEST_CAPACITY_UNIT" ->
          ThrottleType.Kind.ANY;
      default -> throw new CommandException("THROTTLE_TYPE => " + throttleType + " is not one"
          + " of READ, WRITE, REQUEST_NUMBER, REQUEST_SIZE, REQUEST_CAPACITY_UNIT");
    };
  }

  private static QuotaScope scope(String scope) {
    if (scope == null) {
      return QuotaScope.CLUSTER;
    }
    try {
      return QuotaScope.valueOf(scope);
    } catch (IllegalArgumentException e) {
      throw new CommandException("SCOPE => " + scope + " is not one of CLUSTER, MACHINE");
    }
  }
}
