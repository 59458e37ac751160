package io.strata.shell.commands.quotas;

import io.strata.client.quotas.QuotaFilter;
import io.strata.client.quotas.QuotaSettings;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import java.util.List;

/** list_quotas: the quota settings, optionally those of matching users, tables, namespaces. */
public final class ListQuotasCommand extends BaseCommand {
  public ListQuotasCommand() {
    super("list_quotas", CommandGroup.QUOTAS, """
        Lists the quota settings; USER, TABLE and NAMESPACE are Java regular expressions the
        setting's user, table or namespace must match whole.
          list_quotas
          list_quotas USER => 'bob.*'
          list_quotas TABLE => 'ns1:.*'
          list_quotas USER => 'bob', NAMESPACE => 'ns1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    Options o = args.has(0) ? args.options(0, "USER", "TABLE", "NAMESPACE")
        : Options.empty(name());
    List<QuotaSettings> settings = ctx.admin().getQuota(new QuotaFilter()
        .setUserFilter(o.string("USER")).setTableFilter(o.string("TABLE"))
        .setNamespaceFilter(o.string("NAMESPACE")));
    ctx.out().printf("%-28s %s%n", "OWNER", "QUOTAS");
    for (QuotaSettings s : settings) {
      String owner = s.target().replace("'", "");
      String all = s.toString();
      String quota = all.startsWith(s.target() + ", ") ? all.substring(s.target().length() + 2)
          : all;
      ctx.out().printf("%-28s %s%n", " " + owner, quota);
    }
    ctx.out().println(settings.size() + " row(s)");
    return settings;
  }
}
