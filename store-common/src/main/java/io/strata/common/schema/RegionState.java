package io.strata.common.schema;

/**
 * Where a region is in its assignment, as the master records it in strata:meta
 * ({@link MetaLayout#STATE}) before every step, so a new master knows what was under way.
 *
 * <pre>
 *                 assign                 opened
 *   OFFLINE ----------------&gt; OPENING ------------&gt; OPEN
 *   CLOSED  ----------------&gt;   |                   |
 *     ^                         | open failed        | unassign / move / disable
 *     |                         v                   v
 *     |                    FAILED_OPEN           CLOSING
 *     |  (retried by assign)                        |
 *     +---------------------------------------------+ closed
 * </pre>
 *
 * OFFLINE: known but never assigned (a new region). OPENING and CLOSING name the server doing
 * it; OPEN names the server serving. FAILED_OPEN: every server tried refused to open it (the
 * error is logged); an operator assigns it again once the cause is fixed. A region whose server
 * died in any of OPENING, OPEN or CLOSING is assigned again after its WAL is replayed.
 */
public enum RegionState {
  OFFLINE,
  OPENING,
  OPEN,
  CLOSING,
  CLOSED,
  FAILED_OPEN;

  public static RegionState parse(String text) {
    return SchemaEnums.parse(RegionState.class, "region state", text);
  }
}
