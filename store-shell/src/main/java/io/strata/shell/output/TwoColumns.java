package io.strata.shell.output;

import java.io.PrintStream;

/**
 * HBase's two-column listing: a header ({@code ROW  COLUMN+CELL}), rows inset by one space with
 * the left column padded so the right one lines up, and a {@code N row(s)} footer. Rows stream
 * out as they come, so a long scan prints at once.
 */
public final class TwoColumns {
  /** Width of the left column, inset included (HBase's is a quarter of its 100 columns). */
  static final int LEFT_WIDTH = 28;

  private final PrintStream out;
  private String header;
  private long rows;

  /**
   * The header prints with the first line or the footer, so a command that fails before it
   * has anything to show (a scan of a missing table) prints only its error.
   */
  public TwoColumns(PrintStream out, String left, String right) {
    this.out = out;
    this.header = pad(left) + " " + right;
  }

  private void header() {
    if (header != null) {
      out.println(header);
      header = null;
    }
  }

  /** Prints one line; counts it as a row when {@code newRow} (a scan's second cell is not). */
  public void line(String left, String right, boolean newRow) {
    header();
    out.println(pad(" " + left) + " " + right);
    if (newRow) {
      rows++;
    }
  }

  public long rows() {
    return rows;
  }

  /** The {@code N row(s)} line. */
  public void footer() {
    header();
    out.println(rows + " row(s)");
  }

  private static String pad(String s) {
    if (s.length() >= LEFT_WIDTH) {
      return s;
    }
    return s + " ".repeat(LEFT_WIDTH - s.length());
  }
}
