package io.strata.common.conf;

/**
 * Keys of MapReduce jobs over tables (docs/mapreduce.md), as HBase's hbase.mapreduce.*: set in
 * a job's Hadoop configuration, usually by {@code TableMapReduceUtil}.
 */
public final class MapReduceKeys {
  public static final String SECTION = "MapReduce";

  public static final ConfigKey<String> INPUT_TABLE = ConfigKey.string(
      "strata.mapreduce.inputtable", "",
      "The table a TableInputFormat job reads.");

  public static final ConfigKey<String> SCAN = ConfigKey.string(
      "strata.mapreduce.scan", "",
      "The scan of a TableInputFormat job, as TableMapReduceUtil.convertScanToString writes it "
          + "(Base64 of the scan's protobuf form); the strata.mapreduce.scan.* keys below "
          + "build one when it is empty.");

  public static final ConfigKey<String> SCANS = ConfigKey.string(
      "strata.mapreduce.scans", "",
      "The scans of a MultiTableInputFormat job, comma-separated, each as "
          + "TableMapReduceUtil.convertScanToString writes it, naming its table in the "
          + "attribute scan.attributes.table.name.");

  public static final ConfigKey<String> SCAN_ROW_START = ConfigKey.string(
      "strata.mapreduce.scan.row.start", "",
      "The first row a job's scan reads (Bytes.toBytesBinary form, \\x00 escapes allowed).");

  public static final ConfigKey<String> SCAN_ROW_STOP = ConfigKey.string(
      "strata.mapreduce.scan.row.stop", "",
      "The row a job's scan stops before (Bytes.toBytesBinary form); empty: the table's end.");

  public static final ConfigKey<String> SCAN_COLUMNS = ConfigKey.string(
      "strata.mapreduce.scan.columns", "",
      "The columns a job's scan reads: family or family:qualifier, space-separated; empty: "
          + "every column.");

  public static final ConfigKey<Integer> SCAN_CACHEDROWS = ConfigKey.integer(
      "strata.mapreduce.scan.cachedrows", 1000, "rows",
      "Rows a job's scanner fetches per call (its Scan's caching, unless the scan sets one).");

  public static final ConfigKey<Boolean> SCAN_CACHEBLOCKS = ConfigKey.bool(
      "strata.mapreduce.scan.cacheblocks", false,
      "Whether a job's scan keeps the blocks it reads in the block cache: off by default, so "
          + "a full pass does not push out what online readers need.");

  public static final ConfigKey<Integer> SCAN_MAXVERSIONS = ConfigKey.integer(
      "strata.mapreduce.scan.maxversions", 1, "versions",
      "Versions of each column a job's scan reads.");

  public static final ConfigKey<Long> SCAN_TIMERANGE_START = ConfigKey.longKey(
      "strata.mapreduce.scan.timerange.start", 0, "ms",
      "The first timestamp a job's scan reads.");

  public static final ConfigKey<Long> SCAN_TIMERANGE_END = ConfigKey.longKey(
      "strata.mapreduce.scan.timerange.end", Long.MAX_VALUE, "ms",
      "The timestamp a job's scan stops before.");

  public static final ConfigKey<Integer> SCAN_BATCHSIZE = ConfigKey.integer(
      "strata.mapreduce.scan.batchsize", 0, "cells",
      "Cells per result at most for a job's scan (0: whole rows).");

  public static final ConfigKey<Integer> MAPPERS_PER_REGION = ConfigKey.integer(
      "strata.mapreduce.tableinput.mappers.per.region", 1, "splits",
      "Splits (map tasks) each region's part of a job's range is cut into, as HBase's "
          + "hbase.mapreduce.tableinput.mappers.per.region: more parallelism for few, large "
          + "regions. Applies when strata.mapreduce.input.autobalance is true.");

  public static final ConfigKey<Boolean> AUTOBALANCE = ConfigKey.bool(
      "strata.mapreduce.input.autobalance", false,
      "Cut each region's split into strata.mapreduce.tableinput.mappers.per.region sub-ranges "
          + "of about equal key space, as HBase's hbase.mapreduce.tif.input.autobalance.");

  public static final ConfigKey<String> OUTPUT_TABLE = ConfigKey.string(
      "strata.mapred.outputtable", "",
      "The table a TableOutputFormat job writes.");

  public static final ConfigKey<String> OUTPUT_QUORUM = ConfigKey.string(
      "strata.mapred.output.quorum", "",
      "The ZooKeeper quorum of the cluster a TableOutputFormat job writes to, when it is not the "
          + "one the job reads (copytable --peer.adr); empty: strata.zookeeper.quorum.");

  public static final ConfigKey<String> BULKLOAD_TABLE = ConfigKey.string(
      "strata.mapreduce.bulkload.table", "",
      "The descriptor of the table a bulk-load job writes block files for (Base64 of its "
          + "protobuf form), as BlockFileOutputFormat.configureIncrementalLoad sets it: each "
          + "family's files take its compression, encoding and bloom filter.");

  public static final ConfigKey<String> DELEGATION_TOKEN_ID = ConfigKey.string(
      "strata.mapreduce.delegation.token.id", "",
      "Set by TableMapReduceUtil.initCredentials: the id (not the secret) of the Strata "
          + "delegation token it put in the job's credentials, by which a task on Hadoop's local "
          + "runner finds the token in the submitting process when the job's credentials are not "
          + "yet its own (StrataTokens.ofJob).");

  public static final ConfigKey<String> OUTPUT_DELEGATION_TOKEN_ID = ConfigKey.string(
      "strata.mapreduce.output.delegation.token.id", "",
      "Set by TableMapReduceUtil.initCredentials for a job writing to another cluster "
          + "(strata.mapred.output.quorum): the id of the delegation token it obtained there, "
          + "with which the job's TableOutputFormat proves the user to that cluster.");

  public static final ConfigKey<String> CELLCOUNTER_SEPARATOR = ConfigKey.string(
      "strata.mapreduce.cellcounter.separator", ":",
      "Set by bin/strata cellcounter from its SEPARATOR argument: what joins the names in the "
          + "counts it writes.");

  public static final ConfigKey<String> COPYTABLE_FAMILIES = ConfigKey.string(
      "strata.mapreduce.copytable.families", "",
      "Set by bin/strata copytable from --families: the families copied, each 'a' or 'a:b' "
          + "(family a copied into family b), comma-separated; empty: every family.");

  private MapReduceKeys() {}
}
