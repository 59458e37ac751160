package io.strata.server.region;

import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.ByteArrayComparable.SubstringComparator;
import io.strata.common.filter.ColumnCountGetFilter;
import io.strata.common.filter.ColumnPaginationFilter;
import io.strata.common.filter.ColumnPrefixFilter;
import io.strata.common.filter.ColumnRangeFilter;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.DependentColumnFilter;
import io.strata.common.filter.FamilyFilter;
import io.strata.common.filter.Filter;
import io.strata.common.filter.FilterList;
import io.strata.common.filter.FirstKeyOnlyFilter;
import io.strata.common.filter.FuzzyRowFilter;
import io.strata.common.filter.InclusiveStopFilter;
import io.strata.common.filter.KeyOnlyFilter;
import io.strata.common.filter.MultiRowRangeFilter;
import io.strata.common.filter.MultipleColumnPrefixFilter;
import io.strata.common.filter.PageFilter;
import io.strata.common.filter.PrefixFilter;
import io.strata.common.filter.QualifierFilter;
import io.strata.common.filter.RowFilter;
import io.strata.common.filter.SingleColumnValueFilter;
import io.strata.common.filter.SkipFilter;
import io.strata.common.filter.TimestampsFilter;
import io.strata.common.filter.ValueFilter;
import io.strata.common.filter.WhileMatchFilter;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * The operations of {@link RegionModelTest} as data, and their random generator: a failing run
 * is replayed and shrunk from the same list. Anything stateful (filters) is a recipe that makes
 * a fresh instance for each use.
 */
final class ModelOps {
  static final byte[] A = RegionFixture.CF1;
  static final byte[] B = RegionFixture.CF2;
  static final int ROWS = 12;
  static final long START_MILLIS = 1_700_000_000_000L;
  private static final CompareOperator[] OPS = CompareOperator.values();
  private static final String[] QUALIFIERS = {"p", "q", "r"};

  private ModelOps() {}

  /** One step. {@code row} is the row it touches (checked after it), or null. */
  record Op(String kind, String row, Object arg) {
    @Override
    public String toString() {
      return kind + (row == null ? "" : " " + row) + (arg == null ? "" : " " + describe(arg));
    }
  }

  @SuppressWarnings("unchecked")
  private static String describe(Object arg) {
    if (!(arg instanceof List<?> list) || list.isEmpty()) {
      return String.valueOf(arg);
    }
    List<String> out = new ArrayList<>();
    for (Object o : list) {
      if (o instanceof KeyValue) {
        return cells((List<KeyValue>) list);
      } else if (o instanceof ColumnDelta d) {
        out.add(Bytes.toString(d.family()) + ":" + Bytes.toString(d.qualifier()) + " += "
            + d.amount());
      } else if (o instanceof ColumnAppend a) {
        out.add(Bytes.toString(a.family()) + ":" + Bytes.toString(a.qualifier()) + " += '"
            + Bytes.toString(a.suffix()) + "'");
      }
    }
    return out.toString();
  }

  /** A filter made afresh for every use, described for the operation log. */
  record FilterRecipe(String text, Supplier<Filter> make) {
    @Override
    public String toString() {
      return text;
    }
  }

  /** What a get or scan asks for. */
  record Spec(int maxVersions, long minTs, long maxTs, String family, String qualifier,
      FilterRecipe filter) {
    ScanSpec build(ScanSpec base) {
      ScanSpec s = base.withMaxVersions(maxVersions).withTimeRange(minTs, maxTs);
      if (family != null) {
        s = s.withColumn(Bytes.toBytes(family), qualifier == null ? null
            : Bytes.toBytes(qualifier));
      }
      return filter == null ? s : s.withFilter(filter.make().get());
    }

    @Override
    public String toString() {
      return "{VERSIONS=" + maxVersions + (minTs > 0 || maxTs < Long.MAX_VALUE
          ? ", TIMERANGE=[" + (minTs - START_MILLIS) + "," + (maxTs == Long.MAX_VALUE ? "max"
          : maxTs - START_MILLIS) + ")" : "") + (family == null ? "" : ", COLUMN=" + family
          + (qualifier == null ? "" : ":" + qualifier)) + (filter == null ? ""
          : ", FILTER=" + filter) + "}";
    }
  }

  record Scan(double regionPick, String start, String stop, boolean reversed, Spec spec,
      int maxRows, int batch, long maxBytes) {
    @Override
    public String toString() {
      return "region#" + regionPick + " [" + start + "," + stop + ")" + (reversed ? " REVERSED"
          : "") + " " + spec + " rows/call=" + maxRows + " batch=" + batch + " bytes=" + maxBytes;
    }
  }

  record CheckAndMutate(String family, String qualifier, CompareOperator op, String value,
      FilterRecipe filter, List<KeyValue> action) {
    Condition condition() {
      if (filter != null) {
        return Condition.ifMatches(filter.make().get());
      }
      return value == null ? Condition.ifNotExists(Bytes.toBytes(family), Bytes.toBytes(qualifier))
          : new Condition(Bytes.toBytes(family), Bytes.toBytes(qualifier), op,
              Bytes.toBytes(value));
    }

    @Override
    public String toString() {
      return (filter != null ? "if matches " + filter : value == null ? "if " + family + ":"
          + qualifier + " missing" : "if '" + value + "' " + op + " " + family + ":" + qualifier)
          + " then " + cells(action);
    }
  }

  static String cells(List<KeyValue> cells) {
    List<String> out = new ArrayList<>();
    for (KeyValue c : cells) {
      out.add(c.getType() + " " + Bytes.toString(TableModel.family(c)) + ":"
          + Bytes.toString(TableModel.qualifier(c)) + "@" + (c.getTimestamp()
          == CellLimits.LATEST_TIMESTAMP ? "latest" : c.getTimestamp() - START_MILLIS)
          + (c.getType() == CellType.PUT ? "=" + Bytes.toStringBinary(TableModel.value(c)) : ""));
    }
    return out.toString();
  }

  static String row(int r) {
    return String.format("row%02d", r);
  }

  /** Generates {@code steps} operations; the generator keeps the clock the run will have. */
  static List<Op> generate(long seed, int steps) {
    Random rnd = new Random(seed);
    List<Op> ops = new ArrayList<>();
    long now = START_MILLIS;
    for (int step = 0; step < steps; step++) {
      String row = row(rnd.nextInt(ROWS));
      int p = rnd.nextInt(1000);
      if (p < 330) {
        List<KeyValue> cells = new ArrayList<>();
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
          cells.add(put(rnd, row, now, step));
        }
        ops.add(new Op("mutate", row, cells));
      } else if (p < 480) {
        ops.add(new Op("mutate", row, List.of(delete(rnd, row, now))));
      } else if (p < 560) {
        List<ColumnDelta> deltas = new ArrayList<>();
        deltas.add(new ColumnDelta(rnd.nextBoolean() ? A : B, Bytes.toBytes("n"),
            rnd.nextInt(16) - 5));
        if (rnd.nextInt(3) == 0) {
          byte[] other = Bytes.equals(deltas.get(0).family(), A) ? B : A;
          deltas.add(new ColumnDelta(other, Bytes.toBytes("n"), rnd.nextInt(7)));
        }
        ops.add(new Op("increment", row, deltas));
      } else if (p < 610) {
        ops.add(new Op("append", row, List.of(new ColumnAppend(rnd.nextBoolean() ? A : B,
            Bytes.toBytes("s"), Bytes.toBytes("+" + step)))));
      } else if (p < 680) {
        ops.add(new Op("checkAndMutate", row, checkAndMutate(rnd, row, now, step)));
      } else if (p < 740) {
        ops.add(new Op("get", row, spec(rnd, now, false)));
      } else if (p < 810) {
        int a = rnd.nextInt(ROWS + 1);
        int b = rnd.nextInt(ROWS + 1);
        boolean reversed = rnd.nextInt(3) == 0;
        boolean whole = rnd.nextInt(5) < 2;
        String start = whole || a == ROWS ? "" : row(Math.min(a, b));
        String stop = whole || b == ROWS ? "" : row(Math.max(a, b) + (a == b ? 1 : 0));
        if (reversed) {
          String t = start;
          start = stop.isEmpty() ? "" : stop;
          stop = t;
        }
        ops.add(new Op("scan", null, new Scan(rnd.nextDouble(), start, stop, reversed,
            spec(rnd, now, true), 1 + rnd.nextInt(4), rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(3)
            : 0, rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(200) : 1L << 20)));
      } else if (p < 850) {
        ops.add(new Op("flush", null, null));
      } else if (p < 870) {
        ops.add(new Op("minor compaction", null, null));
      } else if (p < 880) {
        ops.add(new Op("major compaction", null, null));
      } else if (p < 905) {
        ops.add(new Op("split", row, rnd.nextBoolean() ? "at its mid row" : "at this row"));
      } else if (p < 930) {
        long by = 1000L * (1 + rnd.nextInt(40));
        now += by;
        ops.add(new Op("advance clock", null, by));
      } else if (p < 945) {
        ops.add(new Op("clean restart", null, null));
      } else if (p < 970) {
        ops.add(new Op("crash and recover", null, null));
      } else {
        ops.add(new Op("check every row", null, null));
      }
    }
    return ops;
  }

  private static long ts(Random rnd, long now) {
    return rnd.nextInt(8) == 0 ? CellLimits.LATEST_TIMESTAMP : now - 1000L * rnd.nextInt(20);
  }

  private static KeyValue put(Random rnd, String row, long now, int step) {
    byte[] family = rnd.nextBoolean() ? A : B;
    int k = rnd.nextInt(40);
    String q = k == 0 ? "n" : k == 1 ? "s" : QUALIFIERS[rnd.nextInt(3)];
    // Some values repeat, so that value conditions and filters sometimes match.
    String value = k == 0 ? "bad" : rnd.nextInt(3) == 0 ? "k" + rnd.nextInt(3) : "v" + step;
    if (value.startsWith("v") && rnd.nextInt(3) == 0) {
      value += "-" + "x".repeat(rnd.nextInt(400)); // files of several blocks, in family b
    }
    return KeyValue.of(Bytes.toBytes(row), family, Bytes.toBytes(q), ts(rnd, now), CellType.PUT,
        Bytes.toBytes(value));
  }

  private static KeyValue delete(Random rnd, String row, long now) {
    byte[] family = rnd.nextBoolean() ? A : B;
    String q = rnd.nextInt(5) == 0 ? "n" : QUALIFIERS[rnd.nextInt(3)];
    CellType type = List.of(CellType.DELETE, CellType.DELETE, CellType.DELETE_COLUMN,
        CellType.DELETE_COLUMN, CellType.DELETE_FAMILY, CellType.DELETE_FAMILY_VERSION)
        .get(rnd.nextInt(6));
    boolean familyWide = type == CellType.DELETE_FAMILY || type == CellType.DELETE_FAMILY_VERSION;
    // Half the version deletes take the newest version, as Delete.addColumn does: after a flush
    // has dropped a column's surplus versions, that shows none of them come back.
    long ts = type == CellType.DELETE_FAMILY_VERSION && rnd.nextInt(8) == 0
        ? now - 1000L * rnd.nextInt(20) : type == CellType.DELETE && rnd.nextBoolean()
        ? CellLimits.LATEST_TIMESTAMP : ts(rnd, now);
    return KeyValue.of(Bytes.toBytes(row), family, familyWide ? Bytes.EMPTY : Bytes.toBytes(q),
        ts, type, Bytes.EMPTY);
  }

  private static CheckAndMutate checkAndMutate(Random rnd, String row, long now, int step) {
    List<KeyValue> action = new ArrayList<>();
    int kind = rnd.nextInt(3);
    if (kind != 1) {
      action.add(put(rnd, row, now, step));
    }
    if (kind != 0) {
      action.add(delete(rnd, row, now));
    }
    String family = rnd.nextBoolean() ? "a" : "b";
    String qualifier = QUALIFIERS[rnd.nextInt(3)];
    return switch (rnd.nextInt(4)) {
      case 0 -> new CheckAndMutate(family, qualifier, CompareOperator.EQUAL, null, null, action);
      case 1 -> new CheckAndMutate(family, qualifier, CompareOperator.EQUAL, "k" + rnd.nextInt(3),
          null, action);
      case 2 -> new CheckAndMutate(family, qualifier, OPS[rnd.nextInt(OPS.length)],
          "k" + rnd.nextInt(3), null, action);
      default -> new CheckAndMutate(null, null, null, null, filter(rnd, now, false), action);
    };
  }

  private static Spec spec(Random rnd, long now, boolean scan) {
    int versions = 1 + rnd.nextInt(3);
    long min = 0;
    long max = Long.MAX_VALUE;
    if (rnd.nextInt(4) == 0) {
      min = now - 1000L * rnd.nextInt(25);
      max = rnd.nextBoolean() ? Long.MAX_VALUE : min + 1000L * (1 + rnd.nextInt(15));
    }
    String family = null;
    String qualifier = null;
    if (rnd.nextInt(4) == 0) {
      family = rnd.nextBoolean() ? "a" : "b";
      qualifier = rnd.nextBoolean() ? null : List.of("p", "q", "r", "n", "s").get(rnd.nextInt(5));
    }
    FilterRecipe filter = rnd.nextBoolean() ? null
        : filter(rnd, now, scan && min == 0 && max == Long.MAX_VALUE);
    return new Spec(versions, min, max, family, qualifier, filter);
  }

  /**
   * A random filter. Filters whose state depends on which rows they are shown (page, while
   * match) only when {@code rowStateful}: a scan with a time range may skip whole files, and
   * with them rows that hold nothing in range, which such filters would otherwise count.
   */
  static FilterRecipe filter(Random rnd, long now, boolean rowStateful) {
    int choices = rowStateful ? 21 : 19;
    int k = rnd.nextInt(choices);
    CompareOperator op = OPS[rnd.nextInt(OPS.length)];
    String r = row(rnd.nextInt(ROWS));
    String q = QUALIFIERS[rnd.nextInt(3)];
    String f = rnd.nextBoolean() ? "a" : "b";
    String v = "k" + rnd.nextInt(3);
    long ts = now - 1000L * rnd.nextInt(20);
    return switch (k) {
      case 0 -> recipe("PrefixFilter('" + r.substring(0, 4) + "')",
          () -> new PrefixFilter(Bytes.toBytes(r.substring(0, 4))));
      case 1 -> recipe("RowFilter(" + op + ", '" + r + "')",
          () -> new RowFilter(op, new BinaryComparator(Bytes.toBytes(r))));
      case 2 -> recipe("QualifierFilter(" + op + ", '" + q + "')",
          () -> new QualifierFilter(op, new BinaryComparator(Bytes.toBytes(q))));
      case 3 -> recipe("FamilyFilter(" + op + ", '" + f + "')",
          () -> new FamilyFilter(op, new BinaryComparator(Bytes.toBytes(f))));
      case 4 -> recipe("ValueFilter(" + op + ", '" + v + "')",
          () -> new ValueFilter(op, new BinaryComparator(Bytes.toBytes(v))));
      case 5 -> recipe("ValueFilter(=, substring:'1')",
          () -> new ValueFilter(CompareOperator.EQUAL, new SubstringComparator("1")));
      case 6 -> recipe("ColumnPrefixFilter('" + q + "')",
          () -> new ColumnPrefixFilter(Bytes.toBytes(q)));
      case 7 -> recipe("MultipleColumnPrefixFilter('n', '" + q + "')",
          () -> new MultipleColumnPrefixFilter(List.of(Bytes.toBytes("n"), Bytes.toBytes(q))));
      case 8 -> recipe("ColumnRangeFilter('p', true, 'r', false)",
          () -> new ColumnRangeFilter(Bytes.toBytes("p"), true, Bytes.toBytes("r"), false));
      case 9 -> recipe("TimestampsFilter(" + (ts - START_MILLIS) + ", " + (now - START_MILLIS)
          + ")", () -> new TimestampsFilter(List.of(ts, now)));
      case 10 -> recipe("KeyOnlyFilter", KeyOnlyFilter::new);
      case 11 -> recipe("FirstKeyOnlyFilter", FirstKeyOnlyFilter::new);
      case 12 -> recipe("ColumnPaginationFilter(2, 1)", () -> new ColumnPaginationFilter(2, 1));
      case 13 -> recipe("ColumnCountGetFilter(2)", () -> new ColumnCountGetFilter(2));
      case 14 -> recipe("SingleColumnValueFilter('" + f + "', '" + q + "', " + op + ", '" + v
          + "')", () -> new SingleColumnValueFilter(Bytes.toBytes(f), Bytes.toBytes(q), op,
          new BinaryComparator(Bytes.toBytes(v))));
      case 15 -> recipe("DependentColumnFilter('" + f + "', '" + q + "')",
          () -> new DependentColumnFilter(Bytes.toBytes(f), Bytes.toBytes(q)));
      case 16 -> recipe("SkipFilter(ValueFilter(!=, '" + v + "'))",
          () -> new SkipFilter(new ValueFilter(CompareOperator.NOT_EQUAL,
              new BinaryComparator(Bytes.toBytes(v)))));
      case 17 -> {
        String ra = row(rnd.nextInt(ROWS));
        String rb = row(rnd.nextInt(ROWS));
        String lo = ra.compareTo(rb) <= 0 ? ra : rb;
        String hi = ra.compareTo(rb) <= 0 ? rb : ra;
        yield switch (rnd.nextInt(3)) {
          case 0 -> recipe("MultiRowRangeFilter([" + lo + ", " + hi + "])",
              () -> new MultiRowRangeFilter(List.of(new MultiRowRangeFilter.RowRange(
                  Bytes.toBytes(lo), true, Bytes.toBytes(hi), true))));
          case 1 -> recipe("FuzzyRowFilter('row?" + r.charAt(4) + "')",
              () -> new FuzzyRowFilter(List.of(new FuzzyRowFilter.FuzzyKey(Bytes.toBytes(
                  "row?" + r.charAt(4)), new byte[] {0, 0, 0, 1, 0}))));
          default -> recipe("InclusiveStopFilter('" + r + "')",
              () -> new InclusiveStopFilter(Bytes.toBytes(r)));
        };
      }
      case 18 -> {
        FilterRecipe x = filter(rnd, now, false);
        FilterRecipe y = filter(rnd, now, false);
        FilterList.Operator listOp = rnd.nextBoolean() ? FilterList.Operator.MUST_PASS_ALL
            : FilterList.Operator.MUST_PASS_ONE;
        yield recipe("FilterList(" + listOp + ", " + x + ", " + y + ")",
            () -> new FilterList(listOp, List.of(x.make().get(), y.make().get())));
      }
      case 19 -> recipe("PageFilter(3)", () -> new PageFilter(3));
      default -> recipe("WhileMatchFilter(RowFilter(<, '" + r + "'))",
          () -> new WhileMatchFilter(new RowFilter(CompareOperator.LESS,
              new BinaryComparator(Bytes.toBytes(r)))));
    };
  }

  private static FilterRecipe recipe(String text, Supplier<Filter> make) {
    return new FilterRecipe(text, make);
  }
}
