package io.strata.shell.commands.ddl;

import io.strata.client.Admin;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ErrorMessages;
import io.strata.shell.command.ShellContext;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * disable_all, enable_all, drop_all: one action on every table whose name matches a regular
 * expression, after the user confirmed the list. Tables the action fails on are named with the
 * reason; the others go on.
 */
abstract class BulkTableCommand extends BaseCommand {
  private final String verb;
  private final String done;

  BulkTableCommand(String name, String verb, String done, String help) {
    super(name, CommandGroup.DDL, help);
    this.verb = verb;
    this.done = done;
  }

  abstract void apply(Admin admin, TableName table) throws IOException;

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    String regex = args.string(0, "regular expression");
    Admin admin = ctx.admin();
    List<TableName> tables = admin.listTableNames(ListCommand.pattern(regex), false);
    PrintStream out = ctx.out();
    if (tables.isEmpty()) {
      out.println("No tables matched the regular expression '" + regex + "'");
      return 0L;
    }
    tables.forEach(out::println);
    out.println();
    if (!ctx.confirm(verb + " the above " + tables.size() + " tables (y/n)?")) {
      out.println("No tables " + done);
      return 0L;
    }
    List<String> failed = new ArrayList<>();
    for (TableName t : tables) {
      try {
        apply(admin, t);
      } catch (Exception e) {
        failed.add(t + ": " + ErrorMessages.describe(e));
      }
    }
    long succeeded = tables.size() - failed.size();
    out.println(succeeded + " tables successfully " + done);
    if (!failed.isEmpty()) {
      out.println(failed.size() + " tables not " + done + ":");
      failed.forEach(f -> out.println("  " + f));
      throw new io.strata.shell.command.CommandException(failed.size() + " of " + tables.size()
          + " tables could not be " + done);
    }
    return succeeded;
  }
}
