package io.strata.common.conf;

import java.time.Duration;

/** Keys of coprocessors (docs/coprocessors.md). */
public final class CoprocessorKeys {
  public static final String SECTION = "Coprocessors";

  public static final ConfigKey<String> REGION_CLASSES = ConfigKey.string(
      "strata.coprocessor.region.classes", "",
      "Region coprocessors every region loads, as HBase's hbase.coprocessor.region.classes: "
          + "class names on the region server's class path, comma-separated, run before any "
          + "table's own (priority PRIORITY_SYSTEM, then PRIORITY_SYSTEM + 1, ... in order).");

  public static final ConfigKey<String> MASTER_CLASSES = ConfigKey.string(
      "strata.coprocessor.master.classes", "",
      "Master coprocessors the active master loads, as HBase's hbase.coprocessor.master.classes: "
          + "class names on the master's class path, comma-separated, run in that order.");

  public static final ConfigKey<String> REGIONSERVER_CLASSES = ConfigKey.string(
      "strata.coprocessor.regionserver.classes", "",
      "Region server coprocessors each region server loads, as HBase's "
          + "hbase.coprocessor.regionserver.classes: class names on the server's class path, "
          + "comma-separated, run in that order.");

  public static final ConfigKey<String> WAL_CLASSES = ConfigKey.string(
      "strata.coprocessor.wal.classes", "",
      "WAL coprocessors each region server loads for its WAL, as HBase's "
          + "hbase.coprocessor.wal.classes: class names on the server's class path, "
          + "comma-separated, run in that order; their WALObserver hooks see every edit "
          + "written.");

  public static final ConfigKey<Boolean> ABORT_ON_ERROR = ConfigKey.bool(
      "strata.coprocessor.abortonerror", true,
      "What a coprocessor that throws anything but an IOException from a hook, or cannot be "
          + "loaded, does to its server: true (as HBase) aborts the server, master or region "
          + "server (a region coprocessor that cannot load fails its region's open, a master "
          + "one the master's start); false unloads that coprocessor (or goes on without it) "
          + "and fails the call with a COPROCESSOR error.");

  public static final ConfigKey<Duration> SLOW_HOOK = ConfigKey.duration(
      "strata.coprocessor.slow.hook", "500ms",
      "A coprocessor hook that runs longer than this is logged with its class, hook, region and "
          + "duration.");

  private CoprocessorKeys() {}
}
