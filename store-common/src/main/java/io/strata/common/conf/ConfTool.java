package io.strata.common.conf;

/**
 * {@code bin/strata getconf KEY...}: prints each key's effective value (site file, then
 * {@code -D} settings, else its default), one per line, as HBase's HBaseConfTool does; the
 * launcher reads its cluster settings through it. Exit status 2 names a key that does not exist.
 */
public final class ConfTool {
  private ConfTool() {}

  public static void main(String[] args) {
    if (args.length == 0) {
      System.err.println("Usage: bin/strata getconf KEY [KEY ...]");
      System.exit(2);
    }
    StrataConfiguration conf;
    try {
      conf = StrataConfiguration.create();
    } catch (IllegalArgumentException e) {
      System.err.println("bin/strata getconf: " + e.getMessage());
      System.exit(1);
      return;
    }
    StringBuilder out = new StringBuilder();
    for (String key : args) {
      if (ConfigKeys.find(key) == null && conf.getRaw(key) == null) {
        String near = ConfigKeys.closest(key);
        System.err.println("bin/strata getconf: unknown configuration key '" + key + "'"
            + (near == null ? "; docs/configuration.md lists them" : "; did you mean '" + near
                + "'?"));
        System.exit(2);
      }
      String v = conf.getRaw(key);
      out.append(v == null ? "" : v).append('\n');
    }
    System.out.print(out);
  }
}
