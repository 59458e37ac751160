package io.strata.client;

import java.util.List;

/**
 * What {@code bin/strata hbck} ({@link Admin#checkConsistency}) found: strata:meta checked
 * against the file system and the live servers, over {@code tables} tables and {@code regions}
 * regions. Empty {@code findings} means consistent.
 *
 * <pre>{@code
 * ConsistencyReport r = admin.checkConsistency(false);
 * for (ConsistencyReport.Finding f : r.findings()) {
 *   System.out.println(f.kind() + " " + f.table() + ": " + f.detail());
 * }
 * }</pre>
 */
public record ConsistencyReport(int tables, int regions, List<Finding> findings) {
  /**
   * One problem: its kind (UNREADABLE_META_ROW, HOLE, OVERLAP, REGION_NOT_ON_DISK,
   * REGION_NOT_IN_META, ON_DEAD_SERVER), the table ("" if it cannot be told), what is wrong,
   * and what the check did ({@code fixed}) or what an operator can do.
   */
  public record Finding(String kind, String table, String detail, String action,
      boolean fixed) {}

  /** Whether nothing is left to repair: no findings, or all of them fixed. */
  public boolean consistentNow() {
    return findings.stream().allMatch(Finding::fixed);
  }
}
