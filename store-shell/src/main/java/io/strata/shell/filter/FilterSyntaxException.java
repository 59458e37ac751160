package io.strata.shell.filter;

/**
 * A filter expression that {@link FilterParser} cannot turn into a filter. The message starts
 * with the 1-based column of the offending byte and then says what was expected or wrong, so the
 * shell can print it as is or draw a caret under the expression:
 *
 * <pre>
 *   try {
 *     FilterParser.parse(expression);
 *   } catch (FilterSyntaxException e) {
 *     out.println(expression);
 *     out.println(" ".repeat(e.column() - 1) + "^ " + e.detail());
 *   }
 * </pre>
 */
public final class FilterSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int column;
  private final String detail;

  public FilterSyntaxException(int column, String detail) {
    super("column " + column + ": " + detail);
    this.column = column;
    this.detail = detail;
  }

  /** The 1-based column (byte position) in the expression where the problem is. */
  public int column() {
    return column;
  }

  /** The message without its {@code "column N: "} prefix. */
  public String detail() {
    return detail;
  }
}
