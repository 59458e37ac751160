package io.strata.common.conf;

import java.time.Duration;

/** Keys every Strata process reads: where data lives, how to find the cluster, which ports. */
public final class CoreKeys {
  public static final String SECTION = "Cluster and storage";

  public static final ConfigKey<String> HOME = ConfigKey.string("strata.home", "${user.dir}",
      "Strata's installation directory. bin/strata sets it to the checkout it runs from.");

  public static final ConfigKey<String> ROOT_DIR = ConfigKey.string("strata.rootdir",
      "file://${strata.home}/data",
      "Root directory of all durable data, as a Hadoop FileSystem URI: file:///path for the "
          + "local file system, hdfs://namenode:port/path for HDFS.");

  public static final ConfigKey<Boolean> CLUSTER_DISTRIBUTED = ConfigKey.bool(
      "strata.cluster.distributed", false,
      "false runs standalone: embedded ZooKeeper, master and region server in one JVM. true "
          + "runs each daemon as its own process against an external ZooKeeper ensemble.");

  public static final ConfigKey<String> ZOOKEEPER_QUORUM = ConfigKey.string(
      "strata.zookeeper.quorum", "127.0.0.1:2182",
      "ZooKeeper servers as host:port[,host:port...]. In standalone mode the embedded server "
          + "listens on the port of the first entry. With several, bin/strata zookeeper start on "
          + "each host runs one member of a replicated ensemble, whose id is the entry's place "
          + "in this list (1, 2, ...): keep the order the same on every host.");

  public static final ConfigKey<String> ZOOKEEPER_DATA_DIR = ConfigKey.string(
      "strata.zookeeper.data.dir", "",
      "Where the embedded ZooKeeper of standalone mode (and bin/strata zookeeper) keeps its "
          + "data, a local directory. Empty: zookeeper/ under a local strata.rootdir, else "
          + "data/zookeeper/ under strata.home; a member of an ensemble adds its host to the "
          + "directory's name (zookeeper-HOST), so that members sharing a machine keep apart.");

  public static final ConfigKey<String> ZOOKEEPER_HOSTNAME = ConfigKey.string(
      "strata.zookeeper.hostname", "",
      "Which entry of strata.zookeeper.quorum this ZooKeeper member is (bin/strata zookeeper "
          + "start). Empty: the one entry whose host is an address of this machine; set it when "
          + "several members share a machine (bin/strata start sets it for each).");

  public static final ConfigKey<Integer> ZOOKEEPER_PEER_PORT = ConfigKey.integer(
      "strata.zookeeper.peerport", 2888, "port",
      "Port an ensemble's followers connect to its leader on, as HBase's "
          + "hbase.zookeeper.peerport.");

  public static final ConfigKey<Integer> ZOOKEEPER_LEADER_PORT = ConfigKey.integer(
      "strata.zookeeper.leaderport", 3888, "port",
      "Port an ensemble's members elect their leader on, as HBase's "
          + "hbase.zookeeper.leaderport.");

  public static final ConfigKey<Duration> ZOOKEEPER_SESSION_TIMEOUT = ConfigKey.duration(
      "strata.zookeeper.session.timeout", "6s",
      "ZooKeeper session timeout of servers: a server silent for this long is declared dead "
          + "and its regions are recovered elsewhere (a server process that dies on a host that "
          + "stays up is noticed at once, without waiting for this). Servers log a JVM pause "
          + "longer than a third of it; raise it only for heaps whose collections pause longer.");

  public static final ConfigKey<Integer> MASTER_PORT = ConfigKey.integer("strata.master.port",
      17000, "port", "RPC port of the master. 0 picks a free port (tests).");

  public static final ConfigKey<Integer> MASTER_INFO_PORT = ConfigKey.integer(
      "strata.master.info.port", 17010, "port",
      "HTTP status port of the master. -1 disables it; 0 picks a free port.");

  public static final ConfigKey<Integer> REGIONSERVER_PORT = ConfigKey.integer(
      "strata.regionserver.port", 17020, "port",
      "RPC port of a region server. 0 picks a free port (tests).");

  public static final ConfigKey<Integer> REGIONSERVER_INFO_PORT = ConfigKey.integer(
      "strata.regionserver.info.port", 17030, "port",
      "HTTP status port of a region server. -1 disables it; 0 picks a free port.");

  private CoreKeys() {}
}
