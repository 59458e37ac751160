package io.strata.common.conf;

import java.util.Map;

/**
 * The Strata keys of the HBase keys a ported program most often sets, so that a program still
 * setting {@code hbase.zookeeper.quorum} is told what Strata reads instead of being ignored
 * without a word (docs/client.md).
 */
final class HBaseKeys {
  private static final Map<String, String> RENAMED = Map.of(
      "hbase.zookeeper.quorum", "strata.zookeeper.quorum",
      "hbase.zookeeper.property.clientPort", "strata.zookeeper.quorum",
      "hbase.rpc.timeout", "strata.client.rpc.timeout");

  private HBaseKeys() {}

  /**
   * What to say of HBase's key {@code name}: the Strata key to set instead, or where the keys
   * are listed.
   */
  static String advice(String name) {
    String strata = RENAMED.get(name);
    if (strata == null && ConfigKeys.find("strata." + name.substring("hbase.".length())) != null) {
      strata = "strata." + name.substring("hbase.".length());
    }
    if (strata == null) {
      return "Strata has no such setting (docs/configuration.md lists every key)";
    }
    return "set '" + strata + "' instead" + (strata.equals("strata.zookeeper.quorum")
        ? " (host:port,host:port,...)" : "");
  }
}
