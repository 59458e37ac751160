package io.strata.common.schema;

/**
 * Whether a table's regions serve. Kept in strata:meta ({@link MetaLayout#TABLE_STATE}); the
 * -ING states last while the master opens or closes the regions.
 *
 * <pre>
 *   (create) --&gt; ENABLING --&gt; ENABLED --(disable)--&gt; DISABLING --&gt; DISABLED
 *                    ^                                               |
 *                    +------------------(enable)---------------------+
 *   DISABLED --(delete)--&gt; gone        DISABLED --(truncate)--&gt; ENABLING
 * </pre>
 */
public enum TableState {
  ENABLED,
  DISABLED,
  ENABLING,
  DISABLING;

  public static TableState parse(String text) {
    return SchemaEnums.parse(TableState.class, "table state", text);
  }
}
