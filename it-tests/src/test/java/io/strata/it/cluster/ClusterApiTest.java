package io.strata.it.cluster;

import static io.strata.it.cluster.ClusterTestSupport.table;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.NamespaceDescriptor;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Table;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.ErrorCode;
import io.strata.common.error.NamespaceExistsException;
import io.strata.common.error.NamespaceNotFoundException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.TableDisabledException;
import io.strata.common.error.TableExistsException;
import io.strata.common.error.TableNotDisabledException;
import io.strata.common.error.TableNotEnabledException;
import io.strata.common.error.TableNotFoundException;
import io.strata.client.internal.OperationProtos;
import io.strata.common.proto.ClientProtos.ActionProto;
import io.strata.common.proto.ClientProtos.ActionResultProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MultiRequest;
import io.strata.common.proto.ClientProtos.MultiResponse;
import io.strata.common.proto.ClientProtos.RegionActionProto;
import io.strata.common.proto.ClientProtos.RegionActionResultProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.proto.ClientProtos.GetResponse;
import io.strata.common.proto.ClientProtos.MutateRequest;
import io.strata.common.proto.ClientProtos.MutateResponse;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.rpc.RpcGarbage;
import io.strata.server.launcher.StandaloneCluster;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DDL round trips with the right errors for the wrong states, clear answers to bad requests
 * (the same text on the client as the server wrote), and garbage on the RPC ports, against one
 * standalone cluster.
 */
class ClusterApiTest {
  private static final byte[] A = Bytes.toBytes("a");
  private static final byte[] B = Bytes.toBytes("b");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  static Path root;
  private static StandaloneCluster cluster;
  private static Connection conn;

  @BeforeAll
  static void start() throws IOException {
    cluster = StandaloneCluster.start(ClusterTestSupport.conf(root)
        .set("strata.regionserver.cell.max.size", "64k")
        .set("strata.rpc.connection.setup.timeout", "500ms")
        .set("strata.regionserver.scanner.lease.timeout", "1s"));
    conn = ConnectionFactory.createConnection(cluster.clientConfiguration());
  }

  @AfterAll
  static void stop() throws IOException {
    if (conn != null) {
      conn.close();
    }
    if (cluster != null) {
      cluster.stop();
    }
  }

  /** The error {@code call} throws is {@code type} with exactly {@code expected}'s message. */
  private static <E extends Exception> void assertSameError(Exception expected,
      org.junit.jupiter.api.function.Executable call) {
    Exception e = assertThrows(Exception.class, call);
    assertEquals(expected.getClass(), e.getClass(), e.toString());
    assertEquals(expected.getMessage(), e.getMessage());
  }

  @Test
  void ddlRoundTripWithTheRightErrorsForTheWrongStates() throws Exception {
    try (Admin admin = conn.getAdmin()) {
      TableName t = TableName.valueOf("ddl");
      admin.createTable(table("ddl", "a"), new byte[][] {Bytes.toBytes("m")});
      assertTrue(admin.tableExists(t));
      assertTrue(admin.isTableEnabled(t));
      assertEquals(table("ddl", "a"), admin.getDescriptor(t));
      assertEquals(2, admin.getRegions(t).size());
      assertSameError(new TableExistsException("ddl"), () -> admin.createTable(table("ddl", "a")));
      Table data = conn.getTable(t);
      data.put(new Put(Bytes.toBytes("r1")).addColumn(A, Q, Bytes.toBytes("v1")));

      // Alter: add a family, change one, remove one.
      admin.addColumnFamily(t, ColumnFamilyDescriptor.of("b"));
      data.put(new Put(Bytes.toBytes("r1")).addColumn(B, Q, Bytes.toBytes("vb")));
      admin.modifyColumnFamily(t, ColumnFamilyDescriptor.newBuilder("a").setMaxVersions(3)
          .build());
      assertEquals(3, admin.getDescriptor(t).getColumnFamily(A).getMaxVersions());
      for (int v = 2; v <= 4; v++) {
        data.put(new Put(Bytes.toBytes("r1")).addColumn(A, Q, v, Bytes.toBytes("v" + v)));
      }
      assertEquals(3, data.get(new Get(Bytes.toBytes("r1")).addFamily(A).readAllVersions())
          .size());
      assertArrayEquals(Bytes.toBytes("vb"), data.get(new Get(Bytes.toBytes("r1")))
          .getValue(B, Q));
      // Table attributes.
      admin.modifyTable(TableDescriptor.newBuilder(admin.getDescriptor(t))
          .setDurability(io.strata.common.schema.Durability.ASYNC_WAL)
          .setMaxFileSize(1L << 30).setValue("owner", "ops").build());
      TableDescriptor changed = admin.getDescriptor(t);
      assertEquals(io.strata.common.schema.Durability.ASYNC_WAL, changed.getDurability());
      assertEquals(1L << 30, changed.getMaxFileSize());
      assertEquals("ops", changed.getMetadata().get("owner"));
      data.put(new Put(Bytes.toBytes("r9")).addColumn(A, Q, Bytes.toBytes("after")));
      assertArrayEquals(Bytes.toBytes("after"), data.get(new Get(Bytes.toBytes("r9")))
          .getValue(A, Q));
      admin.deleteColumnFamily(t, B);
      assertEquals(List.of("a"), admin.getDescriptor(t).getColumnFamilyNames());
      assertSameError(new NoSuchFamilyException("ddl", "b", List.of("a")),
          () -> data.put(new Put(Bytes.toBytes("r1")).addColumn(B, Q, Bytes.toBytes("x"))));

      // Wrong states.
      assertSameError(new TableNotDisabledException("ddl", "delete it"),
          () -> admin.deleteTable(t));
      assertSameError(TableNotDisabledException.alreadyEnabled("ddl"),
          () -> admin.enableTable(t));
      assertSameError(new TableNotDisabledException("ddl", "truncate it"),
          () -> admin.truncateTable(t, true));
      admin.disableTable(t);
      assertTrue(admin.isTableDisabled(t));
      assertSameError(new TableNotEnabledException("ddl", "disabled"),
          () -> admin.disableTable(t));
      assertSameError(new TableDisabledException("ddl"),
          () -> data.get(new Get(Bytes.toBytes("r1"))));
      assertSameError(new TableDisabledException("ddl"),
          () -> data.put(new Put(Bytes.toBytes("r2")).addColumn(A, Q, Bytes.toBytes("x"))));

      // Enable again: the data is there (v1, written at the current time, is the newest).
      admin.enableTable(t);
      assertArrayEquals(Bytes.toBytes("v1"), data.get(new Get(Bytes.toBytes("r1")))
          .getValue(A, Q));

      // Truncate keeping the split, then without it.
      admin.disableTable(t);
      admin.truncateTable(t, true);
      assertTrue(admin.isTableEnabled(t));
      assertEquals(2, admin.getRegions(t).size());
      assertTrue(data.get(new Get(Bytes.toBytes("r1"))).isEmpty());
      data.put(new Put(Bytes.toBytes("r3")).addColumn(A, Q, Bytes.toBytes("v")));
      admin.disableTable(t);
      admin.truncateTable(t, false);
      assertEquals(1, admin.getRegions(t).size());
      assertTrue(data.get(new Get(Bytes.toBytes("r3"))).isEmpty());

      // Drop.
      admin.disableTable(t);
      admin.deleteTable(t);
      assertFalse(admin.tableExists(t));
      assertSameError(new TableNotFoundException("ddl"),
          () -> data.get(new Get(Bytes.toBytes("r1"))));
      assertSameError(new TableNotFoundException("ddl"), () -> admin.disableTable(t));
      assertSameError(new TableNotFoundException("ddl"), () -> admin.deleteTable(t));
      assertSameError(new TableNotFoundException("ddl"), () -> admin.getDescriptor(t));
      // The name is free again.
      admin.createTable(table("ddl", "a"));
      assertTrue(data.get(new Get(Bytes.toBytes("r1"))).isEmpty());
      admin.disableTable(t);
      admin.deleteTable(t);
    }
  }

  @Test
  void namespaces() throws Exception {
    try (Admin admin = conn.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("sales").addConfiguration("owner", "ann")
          .build());
      assertSameError(new NamespaceExistsException("sales"),
          () -> admin.createNamespace(NamespaceDescriptor.create("sales").build()));
      assertEquals("ann", admin.getNamespaceDescriptor("sales").getConfigurationValue("owner"));
      assertSameError(new NamespaceNotFoundException("nowhere"),
          () -> admin.createTable(table("nowhere:t", "a")));
      admin.createTable(table("sales:orders", "a"));
      assertEquals(List.of(TableName.valueOf("sales:orders")),
          admin.listTableNamesByNamespace("sales"));
      BadRequestException full = assertThrows(BadRequestException.class,
          () -> admin.deleteNamespace("sales"));
      assertEquals("bad request: namespace 'sales' still holds table(s) sales:orders; disable "
          + "and drop them first", full.getMessage());
      assertThrows(BadRequestException.class, () -> admin.deleteNamespace("default"));
      admin.disableTable(TableName.valueOf("sales:orders"));
      admin.deleteTable(TableName.valueOf("sales:orders"));
      admin.deleteNamespace("sales");
      assertEquals(List.of("default", "strata"), admin.listNamespaceDescriptors().stream()
          .map(NamespaceDescriptor::getName).toList());
    }
  }

  /** One raw call to the region server, bypassing the client's own checks. */
  private static <T> T raw(String method, com.google.protobuf.MessageLite req, byte[] cells,
      com.google.protobuf.Parser<T> parser) throws Throwable {
    var rs = cluster.regionServer().serverName();
    try (RpcClient client = new RpcClient("test", 1);
        RpcConnection c = client.connect(new InetSocketAddress(rs.host(), rs.port()),
            "ClientService", Duration.ofSeconds(10))) {
      return c.call(method, req, CellBlock.Writer.encoded(cells), parser, Duration.ofSeconds(10), 0)
          .get(20, TimeUnit.SECONDS).result();
    } catch (ExecutionException e) {
      throw e.getCause();
    }
  }

  @Test
  void badRequestsGetTypedErrorsNamingTheFix() throws Throwable {
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(table("bad", "a"));
      Table t = conn.getTable(TableName.valueOf("bad"));
      String region = admin.getRegions(TableName.valueOf("bad")).get(0).getEncodedName();

      // Unknown table and family.
      assertSameError(new TableNotFoundException("missing"), () -> conn.getTable(
          TableName.valueOf("missing")).get(new Get(Bytes.toBytes("r"))));
      assertSameError(new NoSuchFamilyException("bad", "zz", List.of("a")),
          () -> t.put(new Put(Bytes.toBytes("r")).addColumn(Bytes.toBytes("zz"), Q, A)));
      assertSameError(new NoSuchFamilyException("bad", "zz", List.of("a")),
          () -> t.get(new Get(Bytes.toBytes("r")).addFamily(Bytes.toBytes("zz"))));

      // Empty and oversized row keys: the client refuses them before sending...
      IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
          () -> new Put(new byte[0]));
      assertTrue(empty.getMessage().contains("empty"), empty.getMessage());
      assertThrows(IllegalArgumentException.class, () -> new Get(new byte[40_000]));
      // ... and so does the server, for clients that do not.
      Throwable emptyOnServer = assertThrows(BadRequestException.class, () -> raw("Mutate",
          MutateRequest.newBuilder().setRegion(RegionSpecifierProto.newBuilder()
              .setEncodedName(region)).addMutations(MutationProto.newBuilder()
                  .setType(MutationProto.Type.DELETE)).build(), null, MutateResponse.parser()));
      assertEquals("bad request: the delete has an empty row key; every row key has at least "
          + "one byte", emptyOnServer.getMessage());
      Throwable longOnServer = assertThrows(BadRequestException.class, () -> raw("Get",
          GetRequest.newBuilder().setRegion(RegionSpecifierProto.newBuilder()
              .setEncodedName(region)).setGet(GetProto.newBuilder()
                  .setRow(ByteString.copyFrom(new byte[40_000]))).build(), null,
          GetResponse.parser()));
      assertEquals("bad request: the get's row key of 40000 bytes exceeds the 32767-byte limit; "
          + "use a shorter row key", longOnServer.getMessage());

      // An oversized cell.
      BadRequestException big = assertThrows(BadRequestException.class, () -> t.put(
          new Put(Bytes.toBytes("big")).addColumn(A, Q, new byte[100_000])));
      assertTrue(big.getMessage().startsWith("bad request: the cell 'a:q' of row 'big' is "),
          big.getMessage());
      assertTrue(big.getMessage().endsWith("over the 65536-byte limit of "
          + "strata.regionserver.cell.max.size; store smaller values or raise the limit"),
          big.getMessage());
      assertTrue(t.get(new Get(Bytes.toBytes("big"))).isEmpty(), "nothing was written");

      // A wrong region name.
      Throwable wrong = assertThrows(NotServingRegionException.class, () -> raw("Get",
          GetRequest.newBuilder().setRegion(RegionSpecifierProto.newBuilder()
              .setEncodedName("0123456789abcdef0123456789abcdef")).setGet(GetProto.newBuilder()
                  .setRow(ByteString.copyFromUtf8("r"))).build(), null, GetResponse.parser()));
      assertEquals(new NotServingRegionException("0123456789abcdef0123456789abcdef",
          cluster.regionServer().serverName().toString()).getMessage(), wrong.getMessage());
      BadRequestException noRegion = assertThrows(BadRequestException.class,
          () -> admin.flushRegion("nope"));
      assertEquals("bad request: no region is named 'nope'; give an encoded name (32 hex "
          + "digits) or a full region name as listed by the table's regions",
          noRegion.getMessage());

      // The server still serves.
      t.put(new Put(Bytes.toBytes("ok")).addColumn(A, Q, A));
      t.delete(new Delete(Bytes.toBytes("ok")));
      assertTrue(t.get(new Get(Bytes.toBytes("ok"))).isEmpty());
      admin.disableTable(TableName.valueOf("bad"));
      admin.deleteTable(TableName.valueOf("bad"));
    }
  }

  /**
   * A Multi answers each action in order of its writes: applied puts and deletes as indexes
   * when the request asks (the Java client's do), as messages otherwise (older clients); a
   * refused put and a get are messages either way.
   */
  @Test
  void aMultiAnswersAppliedWritesAsIndexesOnlyWhenAsked() throws Throwable {
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(table("multi", "a"));
      String region = admin.getRegions(TableName.valueOf("multi")).get(0).getEncodedName();
      for (boolean asIndexes : new boolean[] {false, true}) {
        // A row of its own each round: the first round's delete of r1 may share a millisecond
        // with the second round's put, and a delete masks a put of the same timestamp.
        byte[] r1 = Bytes.toBytes(asIndexes ? "r1b" : "r1a");
        CellBlock.Writer cells = new CellBlock.Writer(256);
        List<io.strata.client.Mutation> writes = List.of(
            new Put(r1).addColumn(A, Q, A),
            new Put(Bytes.toBytes("r2")).addColumn(Bytes.toBytes("zz"), Q, A),
            new Put(Bytes.toBytes("r3")).addColumn(A, Q, A));
        RegionActionProto.Builder ra = RegionActionProto.newBuilder()
            .setRegion(RegionSpecifierProto.newBuilder().setEncodedName(region));
        for (int i = 0; i < writes.size(); i++) {
          ra.addActions(ActionProto.newBuilder().setIndex(i)
              .setMutation(OperationProtos.toProto(writes.get(i), cells)));
        }
        ra.addActions(ActionProto.newBuilder().setIndex(3)
            .setGet(OperationProtos.toProto(new Get(r1))));
        ra.addActions(ActionProto.newBuilder().setIndex(4).setMutation(
            OperationProtos.toProto(new Delete(Bytes.toBytes("r3")), cells)));
        MultiResponse resp = raw("Multi", MultiRequest.newBuilder().addRegionActions(ra)
            .setSucceededAsIndexes(asIndexes).build(), cells.toBytes(), MultiResponse.parser());

        RegionActionResultProto rr = resp.getRegionResults(0);
        Map<Integer, ActionResultProto> byIndex = new TreeMap<>();
        rr.getResultsList().forEach(r -> byIndex.put(r.getIndex(), r));
        assertEquals(asIndexes ? List.of(0, 2, 4) : List.of(), rr.getSucceededList());
        assertEquals(asIndexes ? Set.of(1, 3) : Set.of(0, 1, 2, 3, 4), byIndex.keySet());
        assertEquals(ErrorCode.NO_SUCH_FAMILY.code(), byIndex.get(1).getException().getCode());
        assertEquals(1, byIndex.get(3).getResult().getCellCount(), "the get sees r1's put");
        if (!asIndexes) {
          for (int i : List.of(0, 2, 4)) {
            assertFalse(byIndex.get(i).hasException(), "action " + i);
            assertEquals(0, byIndex.get(i).getResult().getCellCount(), "action " + i);
          }
        }
        Table t = conn.getTable(TableName.valueOf("multi"));
        assertFalse(t.get(new Get(r1)).isEmpty());
        assertTrue(t.get(new Get(Bytes.toBytes("r3"))).isEmpty(), "deleted after its put");
        t.delete(new Delete(r1));
      }
      admin.disableTable(TableName.valueOf("multi"));
      admin.deleteTable(TableName.valueOf("multi"));
    }
  }

  @Test
  void garbageOnTheRpcPortsLeavesTheServersServing() throws Exception {
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(table("garbage", "a"));
      Table t = conn.getTable(TableName.valueOf("garbage"));
      t.put(new Put(Bytes.toBytes("r")).addColumn(A, Q, A));
      RpcGarbage.Check serves = () -> {
        Result r = t.get(new Get(Bytes.toBytes("r")));
        assertArrayEquals(A, r.getValue(A, Q));
        assertTrue(admin.tableExists(TableName.valueOf("garbage")));
      };
      var rs = cluster.regionServer().serverName();
      RpcGarbage.throwAt(new InetSocketAddress(rs.host(), rs.port()), serves);
      var m = cluster.master().serverName();
      RpcGarbage.throwAt(new InetSocketAddress(m.host(), m.port()), serves);
      admin.disableTable(TableName.valueOf("garbage"));
      admin.deleteTable(TableName.valueOf("garbage"));
    }
  }

  @Test
  void aScanWhoseServerScannerExpiredGoesOnAfterItsLastRow() throws Exception {
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(table("lease", "a"), new byte[][] {Bytes.toBytes("r5")});
      Table t = conn.getTable(TableName.valueOf("lease"));
      for (int i = 0; i < 10; i++) {
        t.put(new Put(Bytes.toBytes("r" + i)).addColumn(A, Q, Bytes.toBytes(i)));
      }
      StringBuilder rows = new StringBuilder();
      try (io.strata.client.ResultScanner s = t.getScanner(new io.strata.client.Scan()
          .setCaching(2))) {
        rows.append(Bytes.toString(s.next().getRow())).append(' ');
        rows.append(Bytes.toString(s.next().getRow())).append(' ');
        // The lease (1 s here) runs out while the application thinks.
        io.strata.it.minicluster.MiniCluster.waitFor(
            () -> cluster.regionServer().openScanners() == 0, Duration.ofSeconds(30),
            "the idle scanner's lease to expire");
        for (Result r : s) {
          rows.append(Bytes.toString(r.getRow())).append(' ');
        }
      }
      assertEquals("r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 ", rows.toString());
      admin.disableTable(TableName.valueOf("lease"));
      admin.deleteTable(TableName.valueOf("lease"));
    }
  }

  @Test
  void splittingATableSplitsTheRegionsThatCanAndLeavesTheRest() throws Exception {
    try (Admin admin = conn.getAdmin()) {
      TableName name = TableName.valueOf("halves");
      admin.createTable(table("halves", "a"), new byte[][] {Bytes.toBytes("m")});
      Table t = conn.getTable(name);
      for (int i = 0; i < 100; i++) {
        t.put(new Put(Bytes.toBytes("n" + (100 + i))).addColumn(A, Q, Bytes.toBytes(i)));
      }
      admin.flush(name);
      admin.split(name); // [, m) holds nothing to split at: it stays whole
      List<io.strata.common.schema.RegionInfo> regions = admin.getRegions(name);
      assertEquals(3, regions.size());
      assertEquals("m", Bytes.toString(regions.get(0).getEndKey()));
      // Splitting one region at a row it does not hold is refused by name.
      BadRequestException outside = assertThrows(BadRequestException.class,
          () -> admin.splitRegion(regions.get(0).getEncodedName(), Bytes.toBytes("z")));
      assertTrue(outside.getMessage().contains("'z'"), outside.getMessage());
      for (int i = 0; i < 100; i++) {
        assertEquals(i, Bytes.toInt(t.get(new Get(Bytes.toBytes("n" + (100 + i))))
            .getValue(A, Q)));
      }
      admin.disableTable(name);
      admin.deleteTable(name);
    }
  }
}
