package io.strata.server.region;

import io.strata.common.filter.CompareOperator;

/**
 * The test of a check-and-mutate on one column's newest value: {@code value <op> stored}, or,
 * with a null value, that the column has no value at all.
 */
public record Condition(byte[] family, byte[] qualifier, CompareOperator op, byte[] value) {
  public static Condition ifNotExists(byte[] family, byte[] qualifier) {
    return new Condition(family, qualifier, CompareOperator.EQUAL, null);
  }

  public static Condition ifEquals(byte[] family, byte[] qualifier, byte[] value) {
    return new Condition(family, qualifier, CompareOperator.EQUAL, value);
  }
}
