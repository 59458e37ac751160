package io.strata.common.conf;

import java.time.Duration;

/** Keys of the region server and master daemons (beyond their ports in {@link CoreKeys}). */
public final class ServerKeys {
  public static final String SECTION = "Servers";

  public static final ConfigKey<String> MASTER_HOSTNAME = ConfigKey.string(
      "strata.master.hostname", "",
      "Host name or address the master binds its RPC and info ports to and publishes in "
          + "ZooKeeper, as HBase's hbase.master.hostname. Empty: 127.0.0.1 in standalone mode; "
          + "in distributed mode this machine's host name, bound at the address it resolves "
          + "to. 0.0.0.0 binds every interface and publishes the host name.");

  public static final ConfigKey<String> REGIONSERVER_HOSTNAME = ConfigKey.string(
      "strata.regionserver.hostname", "",
      "Host name or address a region server binds its RPC and info ports to and publishes in "
          + "ZooKeeper, as HBase's hbase.regionserver.hostname. Empty or 0.0.0.0: as for "
          + "strata.master.hostname. Each host sets its own, or none.");

  public static final ConfigKey<Duration> REPORT_INTERVAL = ConfigKey.duration(
      "strata.regionserver.report.interval", "3s",
      "How often a region server reports its load (regions, requests, memstore) to the master.");

  public static final ConfigKey<Duration> QUOTA_REFRESH_PERIOD = ConfigKey.duration(
      "strata.quota.refresh.period", "60s",
      "How often a region server reads the quota settings again by itself. The master tells "
          + "every server at once when a setting changes; this period is the safety net for a "
          + "server that missed it. 0 turns the periodic reading off.");

  public static final ConfigKey<Long> SCANNER_MAX_RESULT_SIZE = ConfigKey.size(
      "strata.server.scanner.max.result.size", "100m",
      "Most bytes of rows one scanner call returns, whatever the client asks for in its "
          + "max_result_size: a call reaching it ends early and the client calls again, as "
          + "HBase's hbase.server.scanner.max.result.size.");

  public static final ConfigKey<Duration> SCANNER_LEASE = ConfigKey.duration(
      "strata.regionserver.scanner.lease.timeout", "60s",
      "A scanner the client has not called for this long is closed and its resources freed; "
          + "the client's next call gets an error telling it to open a new scanner.");

  public static final ConfigKey<Long> SCANNER_READAHEAD_SIZE = ConfigKey.size(
      "strata.regionserver.scanner.readahead.size", "64m",
      "Memory for scan answers read ahead: after answering a scanner's second or later call, "
          + "the server reads the next batch at once, so it is ready when the client asks. "
          + "Scanners read ahead only while the answers waiting together are below this; "
          + "0 turns reading ahead off.");

  public static final ConfigKey<Long> MAX_CELL_SIZE = ConfigKey.size(
      "strata.regionserver.cell.max.size", "10m",
      "Largest cell (key, value and tags) a write may carry. A larger one is refused with an "
          + "error naming the row and this key. 0 disables the check.");

  public static final ConfigKey<Integer> REGION_OPEN_THREADS = ConfigKey.integer(
      "strata.master.assignment.threads", 8, "threads",
      "Regions the master opens or closes at the same time.");

  public static final ConfigKey<Duration> REGION_OPEN_TIMEOUT = ConfigKey.duration(
      "strata.master.region.open.timeout", "10m",
      "How long the master waits for a region server to open a region (which includes "
          + "replaying a dead server's WAL) before it tries another server.");

  public static final ConfigKey<Long> RECYCLED_FILES_SIZE = ConfigKey.size(
      "strata.regionserver.recycled.size", "1g",
      "On the local file system, bytes of dead files (block files replaced by a compaction "
          + "with no reader left, WAL files whose edits are all flushed) kept in "
          + "archive/recycled/ so that new WAL files (and flushes and compactions, when "
          + "strata.regionserver.blockfile.direct.io is off) write over their pages in the "
          + "page cache instead of taking new ones. A WAL file goes to oldWALs/ only when it "
          + "does not fit. 0 turns it off; other file systems never recycle.");

  public static final ConfigKey<Boolean> METRICS_ENABLED = ConfigKey.bool(
      "strata.metrics.enabled", true,
      "Keep metrics of the calls a daemon answers (counts, latencies, bytes: docs/metrics.md), "
          + "of flushes, compactions and WAL syncs. Off, /jmx and /prometheus show only the "
          + "gauges read when asked (regions, caches, the JVM); for measuring what the counting "
          + "costs. The slow log is kept either way.");

  public static final ConfigKey<Duration> STATUS_HISTORY_INTERVAL = ConfigKey.duration(
      "strata.status.history.interval", "10s",
      "How often a daemon samples the figures its status page charts; the charts show the "
          + "last 360 samples (an hour at 10 s).");

  public static final ConfigKey<Duration> SLOWLOG_THRESHOLD = ConfigKey.duration(
      "strata.regionserver.slowlog.threshold", "100ms",
      "A call that takes longer, from being read to its answer written, is kept in the region "
          + "server's slow log (get_slowlog_responses in the shell, the status page).");

  public static final ConfigKey<Long> SLOWLOG_SIZE_THRESHOLD = ConfigKey.size(
      "strata.regionserver.slowlog.size.threshold", "10m",
      "A call whose request or answer is larger is kept in the region server's slow log as a "
          + "large call (get_largelog_responses).");

  public static final ConfigKey<Integer> SLOWLOG_CAPACITY = ConfigKey.integer(
      "strata.regionserver.slowlog.ringbuffer.size", 256, "calls",
      "How many of the latest slow and large calls a region server keeps.");

  public static final ConfigKey<Boolean> PUT_BATCH = ConfigKey.bool(
      "strata.regionserver.put.batch", true,
      "Serve ClientService.PutBatch: a write buffer's batch of plain puts, sent as each put's "
          + "index and cell count instead of a message a put (docs/formats/rpc.md). Off, the "
          + "method is absent, as on a server of an earlier release, and clients send those "
          + "batches as Multi.");

  public static final ConfigKey<Boolean> DIRECT_BLOCK_FILE_IO = ConfigKey.bool(
      "strata.regionserver.blockfile.direct.io", true,
      "On the local file system, write flushed and compacted block files, and read "
          + "compactions' inputs, around the page cache (O_DIRECT), as "
          + "RocksDB's use_direct_io_for_flush_and_compaction: the kernel neither copies their "
          + "bytes into new pages nor writes those back later. Reads of a new file then come "
          + "from the disk until the page cache or the block cache holds them. A file system "
          + "that refuses O_DIRECT gets buffered I/O, with a warning. false goes through the "
          + "page cache, block files written over recycled files.");

  public static final ConfigKey<Duration> CLEANER_INTERVAL = ConfigKey.duration(
      "strata.master.cleaner.interval", "1m",
      "How often the active master deletes archived WAL files (oldWALs/) and archived block "
          + "files (archive/) that have outlived their TTL. 0 turns the cleaner off, and both "
          + "directories then grow without bound.");

  public static final ConfigKey<Duration> WAL_CLEANER_TTL = ConfigKey.duration(
      "strata.master.logcleaner.ttl", "10m",
      "How long a WAL file stays in oldWALs/ after it was archived (every edit in it flushed) "
          + "before the master's cleaner deletes it.");

  public static final ConfigKey<Duration> FILE_CLEANER_TTL = ConfigKey.duration(
      "strata.master.hfilecleaner.ttl", "5m",
      "How long a block file stays in archive/ after a compaction, split or table clean-up "
          + "moved it there before the master's cleaner deletes it; scanners opened before "
          + "the move may still be reading it. Files waiting in archive/recycled/ "
          + "(strata.regionserver.recycled.size) are deleted after it too.");

  public static final ConfigKey<Duration> BALANCER_PERIOD = ConfigKey.duration(
      "strata.balancer.period", "5m",
      "How often the master runs the balancer, which moves regions to even out the costs "
          + "below. 0 turns the periodic run off; the balancer command still runs it. Neither "
          + "runs while the balancer is switched off (balance_switch false).");

  public static final ConfigKey<Double> BALANCER_REGION_COUNT_COST = ConfigKey.decimal(
      "strata.master.balancer.region.count.cost", 500, "weight",
      "Weight of uneven region counts per server in the balancer's cost, as HBase's "
          + "hbase.master.balancer.stochastic.regionCountCost.");

  public static final ConfigKey<Double> BALANCER_TABLE_SKEW_COST = ConfigKey.decimal(
      "strata.master.balancer.table.skew.cost", 35, "weight",
      "Weight of a table's regions gathered on few servers (tableSkewCost).");

  public static final ConfigKey<Double> BALANCER_READ_COST = ConfigKey.decimal(
      "strata.master.balancer.read.cost", 5, "weight",
      "Weight of uneven read requests a second per server (readRequestCost).");

  public static final ConfigKey<Double> BALANCER_WRITE_COST = ConfigKey.decimal(
      "strata.master.balancer.write.cost", 5, "weight",
      "Weight of uneven write requests a second per server (writeRequestCost).");

  public static final ConfigKey<Double> BALANCER_LOCALITY_COST = ConfigKey.decimal(
      "strata.master.balancer.locality.cost", 25, "weight",
      "Weight of region data not on its server's host (on HDFS only; localityCost).");

  public static final ConfigKey<Double> BALANCER_MOVE_COST = ConfigKey.decimal(
      "strata.master.balancer.move.cost", 7, "weight",
      "Weight of the moves a plan makes, as a share of the most it may (moveCost): a move "
          + "must gain more than it costs.");

  public static final ConfigKey<Double> BALANCER_MAX_MOVES_FRACTION = ConfigKey.decimal(
      "strata.master.balancer.max.moves.fraction", 0.25, "fraction of regions",
      "The most regions one balancer run moves, as a share of all regions (maxMovePercent), "
          + "or strata.master.balancer.max.moves, whichever is more.");

  public static final ConfigKey<Integer> BALANCER_MAX_MOVES = ConfigKey.integer(
      "strata.master.balancer.max.moves", 600, "regions",
      "A balancer run may always move this many regions, whatever the share above allows "
          + "(HBase's 600), so that a small cluster balances in one run; 0 leaves only the "
          + "share.");

  public static final ConfigKey<Double> BALANCER_MIN_COST = ConfigKey.decimal(
      "strata.master.balancer.min.cost", 0.025, "cost",
      "A cluster whose cost (0: even, 1: all on one server) is below this is left as it is "
          + "(minCostNeedBalance).");

  public static final ConfigKey<Duration> NORMALIZER_PERIOD = ConfigKey.duration(
      "strata.normalizer.period", "5m",
      "How often the master runs the region normalizer over the tables with "
          + "NORMALIZATION_ENABLED. 0 turns the periodic run off; normalize still runs it. "
          + "Neither runs while it is switched off (normalizer_switch false).");

  public static final ConfigKey<Duration> NORMALIZER_MERGE_MIN_AGE = ConfigKey.duration(
      "strata.normalizer.merge.min.region.age", "3d",
      "The normalizer merges only regions at least this old, so that a fresh split is not "
          + "undone (hbase.normalizer.merge.min.region.age.days).");

  public static final ConfigKey<Integer> NORMALIZER_MIN_REGIONS = ConfigKey.integer(
      "strata.normalizer.min.region.count", 3, "regions",
      "Tables with fewer regions are not merged by the normalizer (HBase's "
          + "hbase.normalizer.merge.min.region.count).");

  public static final ConfigKey<Duration> WAIT_FOR_SERVERS = ConfigKey.duration(
      "strata.master.wait.for.servers", "5m",
      "How long a starting master waits for a first region server before it gives up.");

  private ServerKeys() {}
}
