package io.strata.it.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.ClusterStatus;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.SplitAlgorithm;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.hosts.HostCluster;
import io.strata.it.minicluster.SteadyWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster as operators run one: a 3-member ZooKeeper ensemble, an active and a backup master
 * and 3 region servers, each its own process on its own loopback address, over real HDFS (a
 * NameNode and 4 DataNodes, files kept on 3). Under a steady write it loses a ZooKeeper member,
 * a DataNode, the active master, and sees the NameNode restart, then flushes, splits, compacts
 * and merges; every acknowledged write is then read back.
 */
class ClusterOnHdfsTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void survivesLosingAZooKeeperMemberADataNodeAndTheActiveMaster() throws Exception {
    Configuration hc = new Configuration();
    hc.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("dfs").toString());
    try (MiniDFSCluster dfs = new MiniDFSCluster.Builder(hc).numDataNodes(4).build()) {
      dfs.waitActive();
      String root = dfs.getFileSystem().getUri() + "/strata";
      try (HostCluster c = HostCluster.start(dir.resolve("cluster"), root, 3, 2, 3, List.of());
          Connection conn = ConnectionFactory.createConnection(c.clientConfiguration());
          Admin admin = conn.getAdmin()) {
        c.waitFor(() -> status(admin) != null && status(admin).liveServers().size() == 3
            && status(admin).backupMasters().size() == 1, Duration.ofMinutes(2),
            "three region servers and a backup master");
        admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor
            .of("f")).build(), SplitAlgorithm.HEX_STRING, 6);
        SteadyWriter writer = SteadyWriter.start(conn, T, F, 8);
        try {
          awaitMore(c, writer, 300, "writes before the faults");
          c.zookeeper(0).kill();
          awaitMore(c, writer, 300, "writes after a ZooKeeper member died");
          String dead = dfs.getDataNodes().get(0).getXferAddress().getPort() + "";
          dfs.stopDataNode(0);
          awaitMore(c, writer, 300, "writes after a DataNode died");
          // Each server's WAL rolled off the dead DataNode: its newest file's pipeline is three
          // live ones (the old file's went on with two).
          c.waitFor(() -> newestWalsAvoid(dfs, dead), Duration.ofMinutes(1),
              "every WAL to roll to a pipeline without the dead DataNode");
          c.master(0).kill();
          awaitMore(c, writer, 300, "writes after the active master died");
          TableName other = TableName.valueOf("after_failover");
          admin.createTable(TableDescriptor.newBuilder(other)
              .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
          assertTrue(admin.tableExists(other));
          dfs.restartNameNode(0, true);
          awaitMore(c, writer, 300, "writes after the NameNode restarted");
          admin.flush(T);
          awaitMore(c, writer, 100, "writes after a flush");
          // Splits (reference files, renames into place) and compactions on HDFS.
          admin.split(T);
          awaitMore(c, writer, 100, "writes after a split");
          admin.majorCompact(T);
          awaitMore(c, writer, 100, "writes after a major compaction");
          // A merge (references, the merge record, renames into place) on HDFS, once the
          // compaction left the first two regions reading only their own files.
          c.waitFor(() -> {
            try {
              List<io.strata.common.schema.RegionInfo> rs = admin.getRegions(T);
              admin.mergeRegions(List.of(rs.get(0).getEncodedName(),
                  rs.get(1).getEncodedName()));
              return true;
            } catch (Exception e) {
              return false;
            }
          }, Duration.ofMinutes(1), "the first two regions to merge");
          awaitMore(c, writer, 100, "writes after a merge");
        } catch (Exception e) {
          throw new AssertionError(e + "\n" + c.outputs(), e);
        } finally {
          writer.close();
        }
        for (int i = 0; i < 3; i++) {
          assertTrue(c.regionServer(i).isAlive(), c.outputs());
        }
        assertTrue(admin.getRegions(T).size() > 6, "the split made no daughters");
        int found = writer.verify(conn);
        assertTrue(found >= 1500, "only " + found + " rows");
      }
    }
  }

  /**
   * Whether the newest WAL file of every server has its blocks on three DataNodes, none of them
   * the one at {@code port}.
   */
  private static boolean newestWalsAvoid(MiniDFSCluster dfs, String port) {
    try {
      org.apache.hadoop.fs.FileSystem fs = dfs.getFileSystem();
      org.apache.hadoop.fs.FileStatus[] servers = fs.listStatus(new org.apache.hadoop.fs.Path(
          "/strata/wals"));
      if (servers.length != 3) {
        return false;
      }
      for (org.apache.hadoop.fs.FileStatus server : servers) {
        org.apache.hadoop.fs.FileStatus newest = null;
        for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(server.getPath())) {
          if (newest == null || f.getPath().getName().compareTo(newest.getPath().getName()) > 0) {
            newest = f;
          }
        }
        if (newest == null) {
          return false;
        }
        for (org.apache.hadoop.fs.BlockLocation b : fs.getFileBlockLocations(newest.getPath(), 0,
            Long.MAX_VALUE)) {
          if (b.getNames().length != 3) {
            return false;
          }
          for (String name : b.getNames()) {
            if (name.endsWith(":" + port)) {
              return false;
            }
          }
        }
      }
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  private static ClusterStatus status(Admin admin) {
    try {
      return admin.getClusterStatus();
    } catch (Exception e) {
      return null;
    }
  }

  private static void awaitMore(HostCluster c, SteadyWriter writer, int more, String what) {
    writer.awaitMore(more, Duration.ofMinutes(2), what,
        e -> new AssertionError(e.getMessage() + "\n" + c.outputs(), e));
  }
}
