package io.strata.client.security;

import io.strata.common.security.VisibilityExpression;
import java.util.Objects;

/**
 * The visibility expression a mutation gives its cells, as HBase's CellVisibility: readers see
 * them only when the labels they are authorized for, and ask for
 * ({@code Get/Scan.setAuthorizations}), satisfy it.
 *
 * <pre>{@code
 * put.setCellVisibility(new CellVisibility("secret & !probation"));
 * put.setCellVisibility(new CellVisibility(CellVisibility.quote("a label with spaces")));
 * }</pre>
 */
public final class CellVisibility {
  private final String expression;

  /** @throws IllegalArgumentException naming what is wrong with the expression */
  public CellVisibility(String expression) {
    Objects.requireNonNull(expression, "expression");
    VisibilityExpression.parse(expression); // refused here rather than by the server
    this.expression = expression;
  }

  public String getExpression() {
    return expression;
  }

  /** A label in double quotes, for labels with characters an expression cannot hold bare. */
  public static String quote(String label) {
    return VisibilityExpression.quote(label);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CellVisibility c && c.expression.equals(expression);
  }

  @Override
  public int hashCode() {
    return expression.hashCode();
  }

  @Override
  public String toString() {
    return expression;
  }
}
