package io.strata.shell.commands.ddl;

import io.strata.client.Admin;
import io.strata.client.SplitAlgorithm;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.TableRef;
import io.strata.shell.command.Values;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** create: a table with its families, settings and initial regions. */
public final class CreateCommand extends BaseCommand {
  private static final List<String> SPLIT_KEYS = List.of("SPLITS", "SPLITS_FILE", "NUMREGIONS",
      "SPLITALGO");

  public CreateCommand() {
    super("create", CommandGroup.DDL, false, """
        Creates a table. Pass the table name ('ns:table' for a namespace other than default), \
        then families: a name, or a hash with NAME and the family's settings:
          VERSIONS, MIN_VERSIONS, TTL (seconds, 'FOREVER' or '1 DAY 2 HOURS'),
          BLOOMFILTER (NONE, ROW, ROWCOL), COMPRESSION (NONE, GZ, SNAPPY, LZ4, ZSTD),
          DATA_BLOCK_ENCODING (NONE, PREFIX, FAST_DIFF, ROW_INDEX_V1), BLOCKSIZE (bytes),
          IN_MEMORY, BLOCKCACHE (true/false), CONFIGURATION => {'key' => 'value'}
        A hash without NAME sets the table: initial regions by SPLITS => ['10', '20'], \
        SPLITS_FILE => 'file' (one split key per line) or NUMREGIONS => n with SPLITALGO => \
        'HexStringSplit', 'UniformSplit' or 'DecimalStringSplit'; and the table attributes \
        MAX_FILESIZE, MEMSTORE_FLUSHSIZE (bytes), DURABILITY (USE_DEFAULT, SKIP_WAL, \
        ASYNC_WAL, SYNC_WAL, FSYNC_WAL), READONLY (true/false), METADATA => {'key' => 'value'}.

        Examples:
          create 't1', 'f1', 'f2', 'f3'
          create 'ns1:t1', {NAME => 'f1', VERSIONS => 5}
          create 't1', {NAME => 'f1'}, {NAME => 'f2'}, {NAME => 'f3'}
          create 't1', {NAME => 'f1', VERSIONS => 1, TTL => 2592000, BLOCKCACHE => true}
          create 't1', {NAME => 'f1', COMPRESSION => 'ZSTD', BLOOMFILTER => 'ROWCOL'}
          create 't1', 'f1', SPLITS => ['10', '20', '30', '40']
          create 't1', 'f1', SPLITS_FILE => 'splits.txt'
          create 't1', 'f1', {NUMREGIONS => 15, SPLITALGO => 'HexStringSplit'}
          create 't1', 'f1', {MAX_FILESIZE => 1073741824, DURABILITY => 'ASYNC_WAL'}
          create 't1', {NAME => 'f1', VERSIONS => 5}, METADATA => {'mykey' => 'myvalue'}

        It returns a table reference: t1 = create 't1', 'f1' then t1.put 'r1', 'f1:q', 'v'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, Integer.MAX_VALUE);
    TableName name = args.table(0);
    TableDescriptor.Builder b = TableDescriptor.newBuilder(name);
    java.util.Set<String> families = new java.util.HashSet<>();
    List<byte[]> splits = null;
    SplitAlgorithm algo = null;
    int regions = 0;
    for (int i = 1; i < args.size(); i++) {
      if (!args.isHash(i)) {
        addFamily(b, families, ColumnFamilyDescriptor.of(args.name(i, "column family name")));
        continue;
      }
      Map<Object, Object> hash = args.hash(i, "family or table settings");
      if (SchemaOptions.isFamily(hash)) {
        Values.toName(hash.get("NAME"), "NAME");
        addFamily(b, families, SchemaOptions.family(hash, null, List.of()));
        continue;
      }
      SchemaOptions.table(b, hash, SPLIT_KEYS);
      if (hash.containsKey("SPLITS") || hash.containsKey("SPLITS_FILE")) {
        if (splits != null || algo != null || hash.containsKey("NUMREGIONS")) {
          throw new CommandException("give one of SPLITS, SPLITS_FILE or NUMREGIONS");
        }
        splits = hash.containsKey("SPLITS") ? splitList(hash.get("SPLITS"))
            : splitFile(Values.toText(hash.get("SPLITS_FILE"), "SPLITS_FILE"));
        if (hash.containsKey("SPLITS") && hash.containsKey("SPLITS_FILE")) {
          throw new CommandException("give SPLITS or SPLITS_FILE, not both");
        }
      }
      if (hash.containsKey("NUMREGIONS") || hash.containsKey("SPLITALGO")) {
        if (!hash.containsKey("NUMREGIONS") || !hash.containsKey("SPLITALGO")) {
          throw new CommandException("NUMREGIONS and SPLITALGO go together, e.g. {NUMREGIONS =>"
              + " 15, SPLITALGO => 'HexStringSplit'}");
        }
        if (splits != null || algo != null) {
          throw new CommandException("give one of SPLITS, SPLITS_FILE or NUMREGIONS");
        }
        regions = Values.toInt(hash.get("NUMREGIONS"), "NUMREGIONS");
        if (regions < 2) {
          throw new CommandException("NUMREGIONS must be at least 2 (one region needs no "
              + "split), got " + regions);
        }
        algo = algorithm(Values.toText(hash.get("SPLITALGO"), "SPLITALGO"));
      }
    }
    TableDescriptor desc;
    try {
      desc = b.build();
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
    Admin admin = ctx.admin();
    if (algo != null) {
      admin.createTable(desc, algo, regions);
    } else if (splits != null) {
      admin.createTable(desc, splits.toArray(new byte[0][]));
    } else {
      admin.createTable(desc);
    }
    ctx.out().println("Created table " + name);
    return new TableRef(name);
  }

  private static void addFamily(TableDescriptor.Builder b, java.util.Set<String> seen,
      ColumnFamilyDescriptor f) {
    if (!seen.add(f.getNameAsString())) {
      throw new CommandException("column family '" + f.getNameAsString() + "' is given twice");
    }
    b.setColumnFamily(f);
  }

  private static List<byte[]> splitList(Object v) {
    if (!(v instanceof List<?> l)) {
      throw new CommandException("SPLITS must be an array of split keys, such as ['10', '20'],"
          + " got " + Values.inspect(v));
    }
    List<byte[]> out = new ArrayList<>();
    for (Object o : l) {
      out.add(Values.toBytes(o, "a split key"));
    }
    return out;
  }

  private static List<byte[]> splitFile(String file) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new CommandException("SPLITS_FILE '" + file + "' does not exist (a relative path is"
          + " read from " + Path.of("").toAbsolutePath() + ")");
    }
    List<byte[]> out = new ArrayList<>();
    for (String line : lines) {
      if (!line.isEmpty()) {
        out.add(line.getBytes(StandardCharsets.UTF_8));
      }
    }
    return out;
  }

  private static SplitAlgorithm algorithm(String name) {
    return switch (name) {
      case "HexStringSplit" -> SplitAlgorithm.HEX_STRING;
      case "UniformSplit" -> SplitAlgorithm.UNIFORM;
      case "DecimalStringSplit" -> SplitAlgorithm.DECIMAL_STRING;
      default -> throw new CommandException("SPLITALGO must be HexStringSplit, UniformSplit or "
          + "DecimalStringSplit, got '" + name + "'");
    };
  }
}
