package io.strata.shell.commands.quotas;

import io.strata.client.quotas.QuotaScope;
import io.strata.client.quotas.QuotaSettings;
import io.strata.client.quotas.QuotaSettingsFactory;
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

/** set_quota: sets or removes a throttle, or a user's global bypass, as HBase's shell does. */
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
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    Options o = args.options(0, "TYPE", "THROTTLE_TYPE", "USER", "TABLE", "NAMESPACE",
        "REGIONSERVER", "LIMIT", "SCOPE", "GLOBAL_BYPASS");
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
      throw new CommandException("set_quota needs TYPE => THROTTLE (or USER => 'u1',"
          + " GLOBAL_BYPASS => true)");
    }
    if (!type.equals("THROTTLE")) {
      throw new CommandException("TYPE => " + type + " is not a quota type here; use TYPE =>"
          + " THROTTLE");
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
