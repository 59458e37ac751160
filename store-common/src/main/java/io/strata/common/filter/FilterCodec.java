package io.strata.common.filter;

import com.google.protobuf.ByteString;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.ByteArrayComparable.BinaryPrefixComparator;
import io.strata.common.filter.ByteArrayComparable.BitComparator;
import io.strata.common.filter.ByteArrayComparable.NullComparator;
import io.strata.common.filter.ByteArrayComparable.RegexStringComparator;
import io.strata.common.filter.ByteArrayComparable.SubstringComparator;
import io.strata.common.proto.FilterProtos.ColumnPaginationProto;
import io.strata.common.proto.FilterProtos.ColumnRangeProto;
import io.strata.common.proto.FilterProtos.CompareProto;
import io.strata.common.proto.FilterProtos.ComparatorProto;
import io.strata.common.proto.FilterProtos.DependentColumnProto;
import io.strata.common.proto.FilterProtos.FilterListProto;
import io.strata.common.proto.FilterProtos.FilterProto;
import io.strata.common.proto.FilterProtos.FuzzyPairProto;
import io.strata.common.proto.FilterProtos.FuzzyRowProto;
import io.strata.common.proto.FilterProtos.KeyOnlyProto;
import io.strata.common.proto.FilterProtos.MultiRowRangeProto;
import io.strata.common.proto.FilterProtos.MultipleColumnPrefixProto;
import io.strata.common.proto.FilterProtos.RowRangeProto;
import io.strata.common.proto.FilterProtos.SingleColumnValueProto;
import io.strata.common.proto.FilterProtos.TimestampsProto;
import java.util.ArrayList;
import java.util.List;

/**
 * Filters and comparators to and from their protobuf form (store-common/src/main/proto/
 * filter.proto), so the client sends them and the server rebuilds fresh instances per scan.
 */
public final class FilterCodec {
  private FilterCodec() {}

  public static ComparatorProto toProto(ByteArrayComparable c) {
    ComparatorProto.Builder b = ComparatorProto.newBuilder();
    if (c instanceof BinaryComparator x) {
      b.setBinary(ByteString.copyFrom(x.value));
    } else if (c instanceof BinaryPrefixComparator x) {
      b.setBinaryPrefix(ByteString.copyFrom(x.value));
    } else if (c instanceof RegexStringComparator x) {
      b.setRegex(x.expression);
    } else if (c instanceof SubstringComparator x) {
      b.setSubstring(x.substring);
    } else if (c instanceof NullComparator) {
      b.setNullValue(true);
    } else if (c instanceof BitComparator x) {
      b.setBit(ComparatorProto.BitComparatorProto.newBuilder()
          .setValue(ByteString.copyFrom(x.value))
          .setOp(ComparatorProto.BitOp.valueOf(x.op.name())));
    } else {
      throw new IllegalArgumentException("unknown comparator " + c.getClass().getName());
    }
    return b.build();
  }

  public static ByteArrayComparable fromProto(ComparatorProto p) {
    return switch (p.getKindCase()) {
      case BINARY -> new BinaryComparator(p.getBinary().toByteArray());
      case BINARY_PREFIX -> new BinaryPrefixComparator(p.getBinaryPrefix().toByteArray());
      case REGEX -> new RegexStringComparator(p.getRegex());
      case SUBSTRING -> new SubstringComparator(p.getSubstring());
      case NULL_VALUE -> new NullComparator();
      case BIT -> new BitComparator(p.getBit().getValue().toByteArray(),
          BitComparator.BitOp.valueOf(p.getBit().getOp().name()));
      case KIND_NOT_SET -> throw new IllegalArgumentException(
          "a comparator names no kind; the request is malformed");
    };
  }

  private static CompareProto compare(CompareOperator op, ByteArrayComparable c) {
    return CompareProto.newBuilder().setOp(op.name()).setComparator(toProto(c)).build();
  }

  private static CompareOperator op(CompareProto p) {
    try {
      return CompareOperator.valueOf(p.getOp());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown compare operator '" + p.getOp()
          + "'; use LESS, LESS_OR_EQUAL, EQUAL, NOT_EQUAL, GREATER_OR_EQUAL or GREATER");
    }
  }

  private static ByteString bytes(byte[] b) {
    return ByteString.copyFrom(b);
  }

  public static FilterProto toProto(Filter f) {
    FilterProto.Builder b = FilterProto.newBuilder();
    if (f instanceof PrefixFilter x) {
      b.setPrefix(bytes(x.prefix));
    } else if (f instanceof RowFilter x) {
      b.setRow(compare(x.op, x.comparator));
    } else if (f instanceof FamilyFilter x) {
      b.setFamily(compare(x.op, x.comparator));
    } else if (f instanceof QualifierFilter x) {
      b.setQualifier(compare(x.op, x.comparator));
    } else if (f instanceof ValueFilter x) {
      b.setValue(compare(x.op, x.comparator));
    } else if (f instanceof SingleColumnValueFilter x) {
      b.setSingleColumnValue(SingleColumnValueProto.newBuilder().setFamily(bytes(x.family))
          .setQualifier(bytes(x.qualifier)).setCompare(compare(x.op, x.comparator))
          .setFilterIfMissing(x.filterIfMissing).setLatestVersionOnly(x.latestVersionOnly));
    } else if (f instanceof ColumnPrefixFilter x) {
      b.setColumnPrefix(bytes(x.prefix));
    } else if (f instanceof MultipleColumnPrefixFilter x) {
      MultipleColumnPrefixProto.Builder m = MultipleColumnPrefixProto.newBuilder();
      x.prefixes.forEach(p -> m.addPrefixes(bytes(p)));
      b.setMultipleColumnPrefix(m);
    } else if (f instanceof ColumnRangeFilter x) {
      b.setColumnRange(ColumnRangeProto.newBuilder().setMin(bytes(x.min))
          .setMinInclusive(x.minInclusive).setMax(bytes(x.max)).setMaxInclusive(x.maxInclusive));
    } else if (f instanceof ColumnPaginationFilter x) {
      b.setColumnPagination(ColumnPaginationProto.newBuilder().setLimit(x.limit)
          .setOffset(x.offset));
    } else if (f instanceof ColumnCountGetFilter x) {
      b.setColumnCountGet(x.limit);
    } else if (f instanceof PageFilter x) {
      b.setPage(x.pageSize);
    } else if (f instanceof FirstKeyOnlyFilter) {
      b.setFirstKeyOnly(true);
    } else if (f instanceof KeyOnlyFilter x) {
      b.setKeyOnly(KeyOnlyProto.newBuilder().setLengthAsValue(x.lengthAsValue));
    } else if (f instanceof TimestampsFilter x) {
      b.setTimestamps(TimestampsProto.newBuilder().addAllTimestamps(x.timestamps));
    } else if (f instanceof InclusiveStopFilter x) {
      b.setInclusiveStop(bytes(x.stopRow));
    } else if (f instanceof MultiRowRangeFilter x) {
      MultiRowRangeProto.Builder m = MultiRowRangeProto.newBuilder();
      for (MultiRowRangeFilter.RowRange r : x.ranges) {
        m.addRanges(RowRangeProto.newBuilder().setStart(bytes(r.start()))
            .setStartInclusive(r.startInclusive()).setStop(bytes(r.stop()))
            .setStopInclusive(r.stopInclusive()));
      }
      b.setMultiRowRange(m);
    } else if (f instanceof FuzzyRowFilter x) {
      FuzzyRowProto.Builder m = FuzzyRowProto.newBuilder();
      for (FuzzyRowFilter.FuzzyKey k : x.keys) {
        m.addPairs(FuzzyPairProto.newBuilder().setKey(bytes(k.key())).setMask(bytes(k.mask())));
      }
      b.setFuzzyRow(m);
    } else if (f instanceof DependentColumnFilter x) {
      DependentColumnProto.Builder d = DependentColumnProto.newBuilder()
          .setFamily(bytes(x.family)).setQualifier(bytes(x.qualifier))
          .setDropDependentColumn(x.dropDependentColumn);
      if (x.comparator != null) {
        d.setCompare(compare(x.op, x.comparator));
      }
      b.setDependentColumn(d);
    } else if (f instanceof WhileMatchFilter x) {
      b.setWhileMatch(toProto(x.inner));
    } else if (f instanceof SkipFilter x) {
      b.setSkip(toProto(x.inner));
    } else if (f instanceof FilterList x) {
      FilterListProto.Builder l = FilterListProto.newBuilder()
          .setOperator(FilterListProto.Operator.valueOf(x.operator.name()));
      x.filters.forEach(inner -> l.addFilters(toProto(inner)));
      b.setList(l);
    } else {
      throw new IllegalArgumentException("filter " + f.getClass().getName()
          + " cannot be sent to a server");
    }
    return b.build();
  }

  /** A fresh filter (filters keep per-scan state). */
  public static Filter fromProto(FilterProto p) {
    return switch (p.getKindCase()) {
      case PREFIX -> new PrefixFilter(p.getPrefix().toByteArray());
      case ROW -> new RowFilter(op(p.getRow()), fromProto(p.getRow().getComparator()));
      case FAMILY -> new FamilyFilter(op(p.getFamily()), fromProto(p.getFamily().getComparator()));
      case QUALIFIER -> new QualifierFilter(op(p.getQualifier()),
          fromProto(p.getQualifier().getComparator()));
      case VALUE -> new ValueFilter(op(p.getValue()), fromProto(p.getValue().getComparator()));
      case SINGLE_COLUMN_VALUE -> {
        SingleColumnValueProto s = p.getSingleColumnValue();
        yield new SingleColumnValueFilter(s.getFamily().toByteArray(),
            s.getQualifier().toByteArray(), op(s.getCompare()),
            fromProto(s.getCompare().getComparator()), s.getFilterIfMissing(),
            s.getLatestVersionOnly());
      }
      case COLUMN_PREFIX -> new ColumnPrefixFilter(p.getColumnPrefix().toByteArray());
      case MULTIPLE_COLUMN_PREFIX -> {
        List<byte[]> prefixes = new ArrayList<>();
        p.getMultipleColumnPrefix().getPrefixesList().forEach(x -> prefixes.add(x.toByteArray()));
        yield new MultipleColumnPrefixFilter(prefixes);
      }
      case COLUMN_RANGE -> {
        ColumnRangeProto r = p.getColumnRange();
        yield new ColumnRangeFilter(r.getMin().toByteArray(), r.getMinInclusive(),
            r.getMax().toByteArray(), r.getMaxInclusive());
      }
      case COLUMN_PAGINATION -> new ColumnPaginationFilter(p.getColumnPagination().getLimit(),
          p.getColumnPagination().getOffset());
      case COLUMN_COUNT_GET -> new ColumnCountGetFilter(p.getColumnCountGet());
      case PAGE -> new PageFilter(p.getPage());
      case FIRST_KEY_ONLY -> new FirstKeyOnlyFilter();
      case KEY_ONLY -> new KeyOnlyFilter(p.getKeyOnly().getLengthAsValue());
      case TIMESTAMPS -> new TimestampsFilter(p.getTimestamps().getTimestampsList());
      case INCLUSIVE_STOP -> new InclusiveStopFilter(p.getInclusiveStop().toByteArray());
      case MULTI_ROW_RANGE -> {
        List<MultiRowRangeFilter.RowRange> ranges = new ArrayList<>();
        for (RowRangeProto r : p.getMultiRowRange().getRangesList()) {
          ranges.add(new MultiRowRangeFilter.RowRange(r.getStart().toByteArray(),
              r.getStartInclusive(), r.getStop().toByteArray(), r.getStopInclusive()));
        }
        yield new MultiRowRangeFilter(ranges);
      }
      case FUZZY_ROW -> {
        List<FuzzyRowFilter.FuzzyKey> keys = new ArrayList<>();
        for (FuzzyPairProto k : p.getFuzzyRow().getPairsList()) {
          keys.add(new FuzzyRowFilter.FuzzyKey(k.getKey().toByteArray(),
              k.getMask().toByteArray()));
        }
        yield new FuzzyRowFilter(keys);
      }
      case DEPENDENT_COLUMN -> {
        DependentColumnProto d = p.getDependentColumn();
        yield d.hasCompare()
            ? new DependentColumnFilter(d.getFamily().toByteArray(),
                d.getQualifier().toByteArray(), d.getDropDependentColumn(), op(d.getCompare()),
                fromProto(d.getCompare().getComparator()))
            : new DependentColumnFilter(d.getFamily().toByteArray(),
                d.getQualifier().toByteArray(), d.getDropDependentColumn(), null, null);
      }
      case WHILE_MATCH -> new WhileMatchFilter(fromProto(p.getWhileMatch()));
      case SKIP -> new SkipFilter(fromProto(p.getSkip()));
      case LIST -> {
        List<Filter> filters = new ArrayList<>();
        p.getList().getFiltersList().forEach(x -> filters.add(fromProto(x)));
        yield new FilterList(FilterList.Operator.valueOf(p.getList().getOperator().name()),
            filters);
      }
      case KIND_NOT_SET -> throw new IllegalArgumentException(
          "a filter names no kind; the request is malformed");
    };
  }
}
