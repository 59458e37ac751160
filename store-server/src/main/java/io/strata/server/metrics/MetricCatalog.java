package io.strata.server.metrics;

import static io.strata.server.metrics.MetricDef.Type.COUNTER;
import static io.strata.server.metrics.MetricDef.Type.DISTRIBUTION;
import static io.strata.server.metrics.MetricDef.Type.GAUGE;
import static io.strata.server.metrics.MetricDef.Type.TIME;
import static io.strata.server.metrics.MetricDef.Type.TIMER;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Every metric Strata's daemons keep, besides the JVM's own (jvm.*, process.*, system.*, as
 * Micrometer's binders name them). docs/metrics.md is generated from this class.
 */
public final class MetricCatalog {
  private MetricCatalog() {}

  // Requests (region server and master: each daemon counts the calls it answers).
  public static final MetricDef REQUESTS = MetricDef.of("strata.requests", TIMER, "seconds",
      "Calls answered, by operation (get, scanNext, put, delete, increment, append, "
          + "checkAndMutate, multi, and each other method by its name): from a handler taking "
          + "the call to its answer written.", "op");
  public static final MetricDef REQUESTS_FAILED = MetricDef.of("strata.requests.failed",
      COUNTER, "calls", "Calls answered with an error, by operation and error code "
          + "(THROTTLED: refused by a quota; SERVER_BUSY: a full call queue).", "op", "code");
  public static final MetricDef QUEUE_TIME = MetricDef.of("strata.rpc.queue.time", TIME,
      "seconds", "How long calls waited from being read to a handler taking them.");
  public static final MetricDef RECEIVED_BYTES = MetricDef.of("strata.rpc.received", COUNTER,
      "bytes", "Bytes of calls' parameters and cell blocks read.");
  public static final MetricDef SENT_BYTES = MetricDef.of("strata.rpc.sent", COUNTER, "bytes",
      "Bytes of answers written.");
  public static final MetricDef QUEUE_LENGTH = MetricDef.of("strata.rpc.queue.length", GAUGE,
      "calls", "Calls waiting for a handler, by handler pool (read, write, scan, priority).",
      "pool");
  public static final MetricDef CALLS_ACTIVE = MetricDef.of("strata.rpc.calls.active", GAUGE,
      "calls", "Calls being served by handlers, by handler pool.", "pool");
  public static final MetricDef CONNECTIONS = MetricDef.of("strata.rpc.connections", GAUGE,
      "connections", "Open connections from clients and peers.");
  public static final MetricDef DROPPED_EXPIRED = MetricDef.of("strata.rpc.dropped.expired",
      COUNTER, "calls", "Calls not served because their client's timeout ran out while they "
          + "waited.");

  // Region server: its regions.
  public static final MetricDef REGIONS = MetricDef.of("strata.regionserver.regions", GAUGE,
      "regions", "Regions open on the server.");
  public static final MetricDef MEMSTORE_SIZE = MetricDef.of("strata.regionserver.memstore.size",
      GAUGE, "bytes", "Bytes in the server's memstores.");
  public static final MetricDef STOREFILES = MetricDef.of("strata.regionserver.storefiles",
      GAUGE, "files", "Block files of the server's regions.");
  public static final MetricDef STOREFILE_SIZE = MetricDef.of(
      "strata.regionserver.storefile.size", GAUGE, "bytes",
      "Bytes of the server's regions' block files.");
  public static final MetricDef TABLE_REGIONS = MetricDef.of("strata.table.regions", GAUGE,
      "regions", "Regions of a table open on the server.", "table");
  public static final MetricDef TABLE_MEMSTORE_SIZE = MetricDef.of("strata.table.memstore.size",
      GAUGE, "bytes", "Bytes in a table's memstores on the server.", "table");
  public static final MetricDef TABLE_STOREFILES = MetricDef.of("strata.table.storefiles",
      GAUGE, "files", "Block files of a table's regions on the server.", "table");
  public static final MetricDef TABLE_STOREFILE_SIZE = MetricDef.of(
      "strata.table.storefile.size", GAUGE, "bytes",
      "Bytes of a table's block files on the server.", "table");
  public static final MetricDef TABLE_READS = MetricDef.of("strata.table.read.requests", GAUGE,
      "requests", "Reads (gets, scanner calls) served by the table's regions open on the "
          + "server, since each opened here.", "table");
  public static final MetricDef TABLE_WRITES = MetricDef.of("strata.table.write.requests",
      GAUGE, "requests", "Writes served by the table's regions open on the server, since each "
          + "opened here.", "table");
  public static final MetricDef TABLE_REQUESTS = MetricDef.of("strata.table.requests", TIMER,
      "seconds", "Calls answered for a table's regions on the server, by operation (those naming "
          + "one region: not multi), with their latency.", "table", "op");
  public static final MetricDef TABLE_REQUESTS_FAILED = MetricDef.of(
      "strata.table.requests.failed", COUNTER, "calls",
      "Calls for a table's regions on the server answered with an error, by operation.",
      "table", "op");
  public static final MetricDef REGION_REQUESTS = MetricDef.of("strata.region.requests", GAUGE,
      "calls", "Calls a region answered since it opened here, by operation.", "table", "region",
      "op");
  public static final MetricDef REGION_MEMSTORE_SIZE = MetricDef.of(
      "strata.region.memstore.size", GAUGE, "bytes", "Bytes in a region's memstores.", "table",
      "region");
  public static final MetricDef REGION_STOREFILES = MetricDef.of("strata.region.storefiles",
      GAUGE, "files", "A region's block files.", "table", "region");
  public static final MetricDef REGION_STOREFILE_SIZE = MetricDef.of(
      "strata.region.storefile.size", GAUGE, "bytes", "Bytes of a region's block files.",
      "table", "region");
  public static final MetricDef REGION_READS = MetricDef.of("strata.region.read.requests",
      GAUGE, "requests", "Reads a region served since it opened here.", "table", "region");
  public static final MetricDef REGION_WRITES = MetricDef.of("strata.region.write.requests",
      GAUGE, "requests", "Writes a region served since it opened here.", "table", "region");

  // Region server: flushes, compactions, splits, WAL.
  public static final MetricDef FLUSH_TIME = MetricDef.of("strata.regionserver.flush.time",
      TIMER, "seconds", "Flushes of a region's memstores to block files, and how long each "
          + "took.");
  public static final MetricDef FLUSHED_BYTES = MetricDef.of("strata.regionserver.flushed",
      COUNTER, "bytes", "Memstore bytes flushed to block files.");
  public static final MetricDef FLUSH_QUEUE = MetricDef.of("strata.regionserver.flush.queue",
      GAUGE, "regions", "Regions waiting for their flush.");
  public static final MetricDef COMPACTION_TIME = MetricDef.of(
      "strata.regionserver.compaction.time", TIMER, "seconds",
      "Compactions of a store (major or minor), and how long each took.", "major");
  public static final MetricDef COMPACTED_INPUT_BYTES = MetricDef.of(
      "strata.regionserver.compacted.input", COUNTER, "bytes",
      "Bytes of the block files compactions replaced.");
  public static final MetricDef COMPACTED_OUTPUT_BYTES = MetricDef.of(
      "strata.regionserver.compacted.output", COUNTER, "bytes",
      "Bytes of the block files compactions wrote.");
  public static final MetricDef COMPACTION_QUEUE = MetricDef.of(
      "strata.regionserver.compaction.queue", GAUGE, "compactions",
      "Compactions requested and not yet started.");
  public static final MetricDef SPLITS = MetricDef.of("strata.regionserver.splits", COUNTER,
      "splits", "Regions this server split.");
  public static final MetricDef WAL_FILES = MetricDef.of("strata.wal.files", GAUGE, "files",
      "WAL files not yet archived, the one being written included.");
  public static final MetricDef WAL_SYNCS = MetricDef.of("strata.wal.syncs", COUNTER, "syncs",
      "Syncs of the WAL (hflush or hsync) for batches of edits; with strata.wal.synced.edits, "
          + "how many edits a sync covers (group commit).");
  public static final MetricDef WAL_SYNCED_EDITS = MetricDef.of("strata.wal.synced.edits",
      COUNTER, "edits", "Edits made durable by WAL syncs.");
  public static final MetricDef WAL_APPEND_TIME = MetricDef.of("strata.wal.append.time", TIMER,
      "seconds", "Writing a batch of edits to the WAL file, before its sync.");
  public static final MetricDef WAL_SYNC_TIME = MetricDef.of("strata.wal.sync.time", TIMER,
      "seconds", "One hflush (SYNC_WAL) or hsync (FSYNC_WAL) of the WAL.");
  public static final MetricDef WAL_SYNC_BATCH = MetricDef.of("strata.wal.sync.batch",
      DISTRIBUTION, "edits", "Edits one WAL sync made durable (group commit).");
  public static final MetricDef WAL_ROLLS = MetricDef.of("strata.wal.rolls", COUNTER, "rolls",
      "New WAL files started: by size, by age, or when asked (wal_roll).");

  // Region server: block cache.
  public static final MetricDef CACHE_SIZE = MetricDef.of("strata.blockcache.size", GAUGE,
      "bytes", "Bytes in use in a cache tier (L1: on-heap LRU, L2: bucket cache).", "tier");
  public static final MetricDef CACHE_FREE = MetricDef.of("strata.blockcache.free", GAUGE,
      "bytes", "A cache tier's capacity not in use.", "tier");
  public static final MetricDef CACHE_BLOCKS = MetricDef.of("strata.blockcache.blocks", GAUGE,
      "blocks", "Blocks in a cache tier, by block type (data, index, bloom, meta).", "tier",
      "type");
  public static final MetricDef CACHE_HITS = MetricDef.of("strata.blockcache.hits", COUNTER,
      "lookups", "Lookups a cache tier answered, by block type.", "tier", "type");
  public static final MetricDef CACHE_MISSES = MetricDef.of("strata.blockcache.misses", COUNTER,
      "lookups", "Lookups a cache tier could not answer, by block type.", "tier", "type");
  public static final MetricDef CACHE_EVICTIONS = MetricDef.of("strata.blockcache.evictions",
      COUNTER, "blocks", "Blocks a cache tier evicted, by block type.", "tier", "type");
  public static final MetricDef CACHE_HIT_RATIO = MetricDef.of("strata.blockcache.hit.ratio",
      GAUGE, "ratio", "Hits over lookups of a cache tier since the server started (0 to 1).",
      "tier");

  // Master.
  public static final MetricDef SERVERS_LIVE = MetricDef.of("strata.master.regionservers.live",
      GAUGE, "servers", "Region servers the master counts as live.");
  public static final MetricDef SERVERS_DEAD = MetricDef.of("strata.master.regionservers.dead",
      GAUGE, "servers", "Region servers the master saw die since it became active.");
  public static final MetricDef IN_TRANSITION = MetricDef.of(
      "strata.master.regions.in.transition", GAUGE, "regions",
      "Regions opening, closing, splitting or being moved.");
  public static final MetricDef MASTER_REGIONS = MetricDef.of("strata.master.regions", GAUGE,
      "regions", "Regions the catalog holds, of every table.");
  public static final MetricDef PROCEDURES_RUNNING = MetricDef.of(
      "strata.master.procedures.running", GAUGE, "procedures",
      "Procedures (table changes, splits, recoveries) not yet finished.");

  public static final MetricDef PROCEDURES_FAILED = MetricDef.of(
      "strata.master.procedures.failed", COUNTER, "procedures",
      "Procedures this master finished with an error (a table change refused, a split that "
          + "could not be made).");
  public static final MetricDef BALANCER_RUNS = MetricDef.of("strata.master.balancer.runs",
      COUNTER, "runs", "Balancer runs that moved regions or found nothing to move.");
  public static final MetricDef NORMALIZER_RUNS = MetricDef.of(
      "strata.master.normalizer.runs", COUNTER, "runs",
      "Normalizer runs over the tables with NORMALIZATION_ENABLED, switched on.");
  public static final MetricDef MERGES = MetricDef.of("strata.master.merges", COUNTER,
      "merges", "Region merges this master finished (each of two or more regions into one).");

  /** Every metric declared here, in declaration order. */
  public static List<MetricDef> all() {
    List<MetricDef> all = new ArrayList<>();
    for (Field f : MetricCatalog.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == MetricDef.class) {
        try {
          all.add((MetricDef) f.get(null));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return all;
  }
}
