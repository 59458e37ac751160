package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.MessageLite;
import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.conf.CoreKeys;
import io.strata.common.coordination.ZNodes;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.proto.AdminProtos.CloseRegionRequest;
import io.strata.common.proto.AdminProtos.GetServerInfoRequest;
import io.strata.common.proto.AdminProtos.GetServerInfoResponse;
import io.strata.common.proto.AdminProtos.OpenRegionRequest;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.proto.AdminProtos.SplitRegionRequest;
import io.strata.common.proto.MasterProtos.EmptyResponse;
import io.strata.common.proto.MasterProtos.RegionServerReportRequest;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only a cluster's own processes may do, tried by a client that is not one: writing
 * strata:meta (which once left the catalog unreadable and the master unable to start), opening,
 * closing and splitting regions on a region server behind the master's back (which once left a
 * table that could not be brought back), reporting a server's load, and changing znodes. Each
 * is refused with ACCESS_DENIED saying what to do instead, and the cluster goes on serving; the
 * master's own calls, through the same ports, still work.
 */
class PeerOnlyCallsTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final String MASTER_DOES_IT = " is done only by the cluster's own processes;"
      + " ask the master, which keeps strata:meta right: the shell's assign, unassign, move and"
      + " split, or Admin's";

  @TempDir
  Path dir;

  @Test
  void aClientCannotDoWhatOnlyTheClustersProcessesMay() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      TableName t = TableName.valueOf("t");
      byte[] f = Bytes.toBytes("f");
      admin.createTable(TableDescriptor.newBuilder(t)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      conn.getTable(t).put(new Put(f).addColumn(f, f, f));
      RegionInfo region = admin.getRegions(t).get(0);

      // The secret is its owner's alone.
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
          dir.resolve("root/cluster.secret"))));

      // strata:meta takes no client writes.
      AccessDeniedException meta = assertThrows(AccessDeniedException.class,
          () -> conn.getTable(TableName.META).put(new Put(MetaLayout.regionRow(region))
              .addColumn(MetaLayout.INFO, MetaLayout.REGION_INFO, Bytes.toBytes("garbage"))));
      assertTrue(meta.getMessage().contains("strata:meta is written only by the cluster's own"
          + " processes; change tables, regions and namespaces through the master (the shell"
          + " or Admin)"), meta.getMessage());

      ServerName rs = cluster.regionServer(0).serverName();
      try (RpcClient intruder = new RpcClient("intruder", 1)) {
        RpcConnection admin2 = intruder.connect(address(rs), "AdminService", TIMEOUT);
        assertDenied("CloseRegion" + MASTER_DOES_IT, admin2, "CloseRegion",
            CloseRegionRequest.newBuilder().setEncodedName(region.getEncodedName()).build());
        assertDenied("SplitRegion" + MASTER_DOES_IT, admin2, "SplitRegion",
            SplitRegionRequest.newBuilder().setEncodedName(region.getEncodedName())
                .setSplitRow(ByteString.copyFromUtf8("m")).build());
        assertDenied("OpenRegion" + MASTER_DOES_IT, admin2, "OpenRegion",
            OpenRegionRequest.newBuilder().setRegion(SchemaCodec.toProto(region))
                .setTable(SchemaCodec.toProto(admin.getDescriptor(t))).build());
        // What any client may ask still answers.
        assertTrue(admin2.call("GetServerInfo", GetServerInfoRequest.getDefaultInstance(), null,
            GetServerInfoResponse.parser(), TIMEOUT, 1).get().result().hasLoad());

        ServerName master = cluster.master().serverName();
        RpcConnection masterCalls = intruder.connect(address(master), "MasterService",
            TIMEOUT);
        assertDenied("RegionServerReport is done only by the cluster's own processes; region"
            + " servers report their own loads", masterCalls, "RegionServerReport",
            RegionServerReportRequest.newBuilder().setLoad(ServerLoadProto.newBuilder()
                .setServer(SchemaCodec.toProto(rs))).build());
      }

      // A token that is not the cluster's closes the connection.
      try (RpcClient impostor = new RpcClient("impostor", 1)) {
        impostor.presentClusterToken(new byte[32]);
        RpcConnection c = impostor.connect(address(rs), "AdminService", TIMEOUT);
        ExecutionException e = assertThrows(ExecutionException.class, () -> c.call(
            "GetServerInfo", GetServerInfoRequest.getDefaultInstance(), null,
            GetServerInfoResponse.parser(), TIMEOUT, 1).get());
        assertTrue(String.valueOf(e.getCause()).contains("the cluster token this connection"
            + " presents is not this cluster's secret"), String.valueOf(e.getCause()));
      }

      // The znodes: anyone reads them, no client changes them.
      String quorum = cluster.configuration().get(CoreKeys.ZOOKEEPER_QUORUM);
      CountDownLatch connected = new CountDownLatch(1);
      ZooKeeper zk = new ZooKeeper(quorum, 10_000, ev -> {
        if (ev.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) {
          connected.countDown();
        }
      });
      try {
        assertTrue(connected.await(30, TimeUnit.SECONDS));
        byte[] where = zk.getData(ZNodes.META_REGION_SERVER, false, null);
        assertTrue(where.length > 0);
        assertThrows(KeeperException.NoAuthException.class,
            () -> zk.setData(ZNodes.META_REGION_SERVER, Bytes.toBytes("nowhere,1,1"), -1));
        assertThrows(KeeperException.NoAuthException.class,
            () -> zk.create(ZNodes.BASE + "/intruder", new byte[0],
                ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT));
        assertThrows(KeeperException.NoAuthException.class,
            () -> zk.delete(ZNodes.MASTER, -1));
        assertArrayEquals(where, zk.getData(ZNodes.META_REGION_SERVER, false, null));
      } finally {
        zk.close();
      }

      // Through the master, the same changes go on working, and the table serves throughout.
      admin.split(t, Bytes.toBytes("m"));
      assertEquals(2, admin.getRegions(t).size());
      admin.move(admin.getRegions(t).get(0).getEncodedName(), null);
      assertArrayEquals(f, conn.getTable(t).get(new Get(f)).getValue(f, f));
    }
  }

  private static java.net.InetSocketAddress address(ServerName s) {
    return new java.net.InetSocketAddress(s.host(), s.port());
  }

  private static void assertDenied(String message, RpcConnection c, String method,
      MessageLite param) throws Exception {
    ExecutionException e = assertThrows(ExecutionException.class, () -> c.call(method, param,
        null, EmptyResponse.parser(), TIMEOUT, 1).get());
    assertTrue(e.getCause() instanceof AccessDeniedException, String.valueOf(e.getCause()));
    assertEquals(message, e.getCause().getMessage());
  }
}
