package io.strata.common.filter;

/**
 * A filter that compares one part of a cell with a comparator: it keeps what satisfies
 * {@code data <op> value} (HBase's order for filters).
 */
public abstract class CompareFilter extends Filter {
  final CompareOperator op;
  final ByteArrayComparable comparator;

  protected CompareFilter(CompareOperator op, ByteArrayComparable comparator) {
    this.op = op;
    this.comparator = comparator;
  }

  public CompareOperator op() {
    return op;
  }

  public ByteArrayComparable comparator() {
    return comparator;
  }

  /** Whether the data passes: {@code data <op> value}. */
  protected boolean passes(byte[] data, int offset, int length) {
    return passes(op, comparator, data, offset, length);
  }

  static boolean passes(CompareOperator op, ByteArrayComparable comparator, byte[] data,
      int offset, int length) {
    return op.holds(-Integer.signum(comparator.compareTo(data, offset, length)));
  }
}
