package io.strata.common.filter;

/**
 * How a given value is compared with a stored one, as HBase users write it: the test is
 * {@code given <op> stored}, so {@code GREATER} with 5 holds when 5 is greater than the stored
 * value. Comparison of bytes is unsigned lexicographic.
 */
public enum CompareOperator {
  LESS,
  LESS_OR_EQUAL,
  EQUAL,
  NOT_EQUAL,
  GREATER_OR_EQUAL,
  GREATER;

  /** Whether {@code given <op> stored} holds, given {@code compare(given, stored)}. */
  public boolean holds(int givenComparedToStored) {
    int c = givenComparedToStored;
    return switch (this) {
      case LESS -> c < 0;
      case LESS_OR_EQUAL -> c <= 0;
      case EQUAL -> c == 0;
      case NOT_EQUAL -> c != 0;
      case GREATER_OR_EQUAL -> c >= 0;
      case GREATER -> c > 0;
    };
  }
}
