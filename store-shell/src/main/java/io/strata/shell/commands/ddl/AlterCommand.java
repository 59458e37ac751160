package io.strata.shell.commands.ddl;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.Values;
import io.strata.common.util.Bytes;
import java.util.List;
import java.util.Map;

/** alter: changes a table's families and settings, online. */
public final class AlterCommand extends BaseCommand {
  public AlterCommand() {
    super("alter", CommandGroup.DDL, false, """
        Alters a table's schema; the table may stay enabled (its regions reopen with the new \
        schema). All changes of one call are applied together.

        Add a family, or change one (settings not named keep their values):
          alter 't1', NAME => 'f1', VERSIONS => 5
          alter 't1', {NAME => 'f1', TTL => '7 DAYS'}, {NAME => 'f2', IN_MEMORY => true}
        A family given by name alone is added with default settings (an existing one is left
        as it is, as in HBase):
          alter 't1', 'f3'
        Delete a family and its data:
          alter 't1', NAME => 'f1', METHOD => 'delete'
          alter 't1', 'delete' => 'f1'
        Table settings: MAX_FILESIZE, MEMSTORE_FLUSHSIZE (bytes), DURABILITY (USE_DEFAULT,
        SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL), READONLY (true/false),
        METADATA => {'key' => 'value'}:
          alter 't1', MAX_FILESIZE => '134217728'
          alter 't1', METHOD => 'table_att', MEMSTORE_FLUSHSIZE => 67108864, READONLY => true
          alter 't1', DURABILITY => 'ASYNC_WAL'
        Remove a table setting or metadata key:
          alter 't1', METHOD => 'table_att_unset', NAME => 'MAX_FILESIZE'
          alter 't1', METHOD => 'table_att_unset', NAME => ['mykey', 'READONLY']
        Attach a coprocessor ('jar path|class|priority|key=value,...'; an empty jar path means
        the servers' class path, an empty priority 1073741823), or detach one by the number
        describe shows (docs/coprocessors.md):
          alter 't1', METHOD => 'table_att', 'coprocessor' => 'hdfs:///cp.jar|com.example.Obs|1001|k=v'
          alter 't1', METHOD => 'table_att_unset', NAME => 'coprocessor$1'
        Family settings are those of create (help 'create').
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, Integer.MAX_VALUE);
    TableName name = args.table(0);
    TableDescriptor current = ctx.admin().getDescriptor(name);
    TableDescriptor.Builder b = TableDescriptor.newBuilder(current);
    TableDescriptor working = current;
    for (int i = 1; i < args.size(); i++) {
      if (!args.isHash(i)) {
        String family = args.name(i, "column family name");
        if (!working.hasColumnFamily(Bytes.toBytes(family))) {
          b.setColumnFamily(ColumnFamilyDescriptor.of(family));
        }
      } else {
        apply(b, working, args.hash(i, "change"));
      }
      working = build(b);
    }
    ctx.out().println("Updating all regions with the new schema...");
    ctx.admin().modifyTable(build(b));
    ctx.out().println("Done.");
    return null;
  }

  private static void apply(TableDescriptor.Builder b, TableDescriptor current,
      Map<Object, Object> hash) {
    String method = hash.containsKey("METHOD") ? Values.toText(hash.get("METHOD"), "METHOD")
        : null;
    if (hash.containsKey("delete")) {
      if (hash.size() != 1) {
        throw new CommandException("'delete' => 'family' goes in a hash of its own");
      }
      removeFamily(b, current, Values.toBytes(hash.get("delete"), "'delete'"));
      return;
    }
    if ("delete".equals(method)) {
      if (!hash.containsKey("NAME") || hash.size() != 2) {
        throw new CommandException("METHOD => 'delete' takes the family as NAME => 'f1', and "
            + "nothing else");
      }
      removeFamily(b, current, Values.toBytes(hash.get("NAME"), "NAME"));
      return;
    }
    if ("table_att_unset".equals(method)) {
      Object names = hash.get("NAME");
      if (names == null || hash.size() != 2) {
        throw new CommandException("METHOD => 'table_att_unset' takes the setting as NAME => "
            + "'MAX_FILESIZE' (or an array of names), and nothing else");
      }
      for (Object n : names instanceof List<?> l ? l : List.of(names)) {
        SchemaOptions.unset(b, current, Values.toName(n, "NAME"));
      }
      return;
    }
    if (method != null && !method.equals("table_att")) {
      throw new CommandException("METHOD must be 'delete', 'table_att' or 'table_att_unset', "
          + "got '" + method + "'");
    }
    if (method == null && SchemaOptions.isFamily(hash)) {
      byte[] family = Values.toBytes(hash.get("NAME"), "NAME");
      ColumnFamilyDescriptor base = current.getColumnFamily(family);
      b.setColumnFamily(SchemaOptions.family(hash,
          base != null ? base : ColumnFamilyDescriptor.newBuilder(family).build(), List.of()));
      return;
    }
    SchemaOptions.table(b, hash, List.of("METHOD"));
  }

  private static void removeFamily(TableDescriptor.Builder b, TableDescriptor current,
      byte[] family) {
    if (!current.hasColumnFamily(family)) {
      throw new CommandException("table " + current.getTableName() + " has no family '"
          + new String(family, java.nio.charset.StandardCharsets.UTF_8) + "' to delete; it has "
          + String.join(", ", current.getColumnFamilyNames()));
    }
    b.removeColumnFamily(family);
  }

  private static TableDescriptor build(TableDescriptor.Builder b) {
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
  }
}
