package io.strata.shell.commands.dml;

import io.strata.client.Put;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** put: writes one cell. */
public final class PutCommand extends BaseCommand {
  public PutCommand() {
    super("put", CommandGroup.DML, true, """
        Puts a cell value at the given table, row and column ('family:qualifier'), with the \
        given timestamp or the server's current time:
          put 't1', 'r1', 'f1:q', 'value'
          put 't1', 'r1', 'f1:q', 'value', 1303668804000
          put 't1', "r\\x00\\x01", 'f1:q', "\\x00\\xFF"
          put 'ns1:t1', 'r1', 'f1:count', 42       (stored as the text "42")
          put 't1', 'r1', 'f1:q', 'value', {VISIBILITY => 'secret & !probation'}
          put 't1', 'r1', 'f1:q', 'value', {ACL => {'bob' => 'R'}}
          put 't1', 'r1', 'f1:q', 'value', ts, {VISIBILITY => 'secret'}

        On a table reference t: t.put 'r1', 'f1:q', 'value'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(4, 6);
    byte[] row = args.row(1);
    ColumnSpec col = ColumnSpec.exact(args.get(2), args.argName(2, "column"));
    byte[] value = args.bytes(3, "value");
    Put put = new Put(row);
    int last = args.size() - 1;
    if (last >= 4 && args.isHash(last)) {
      io.strata.shell.command.Options o = args.options(last, "VISIBILITY", "ACL");
      try {
        if (o.has("VISIBILITY")) {
          put.setCellVisibility(new io.strata.client.security.CellVisibility(
              o.string("VISIBILITY")));
        }
        if (o.has("ACL")) {
          java.util.Map<String, io.strata.client.security.Permission> acl =
              new java.util.LinkedHashMap<>();
          if (!(o.raw("ACL") instanceof java.util.Map<?, ?> users)) {
            throw new io.strata.shell.command.CommandException("ACL must be a hash of users to "
                + "permissions, as {'bob' => 'R'}");
          }
          for (var u : users.entrySet()) {
            acl.put(io.strata.shell.command.Values.toName(u.getKey(), "ACL user"),
                io.strata.client.security.Permission.newBuilder().withActionCodes(
                    io.strata.shell.command.Values.toName(u.getValue(), "ACL permission"))
                    .build());
          }
          put.setACL(acl);
        }
      } catch (IllegalArgumentException e) {
        throw new io.strata.shell.command.CommandException(e.getMessage());
      }
    } else if (args.size() > 5) {
      throw new io.strata.shell.command.CommandException("put takes table, row, column, value,"
          + " an optional timestamp and an optional hash of VISIBILITY and ACL, in that order");
    }
    if (args.has(4) && !args.isHash(4)) {
      long ts = args.longValue(4, "timestamp");
      put.addColumn(col.family(), col.qualifier(), ts, value);
    } else {
      put.addColumn(col.family(), col.qualifier(), value);
    }
    ctx.table(args.table(0)).put(put);
    return null;
  }
}
