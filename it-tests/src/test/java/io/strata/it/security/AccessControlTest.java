package io.strata.it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ServiceException;
import io.strata.client.Admin;
import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.NamespaceDescriptor;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.security.GetUserPermissionsRequest;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.client.security.UserPermission;
import io.strata.common.cell.Cell;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.filter.ByteArrayComparable;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.SingleColumnValueFilter;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.coprocessor.proto.TestEndpointProtos.PingRequest;
import io.strata.it.coprocessor.proto.TestEndpointProtos.PingService;
import io.strata.it.minicluster.MiniCluster;
import io.strata.it.shell.ShellRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * strata.security.authorization on a mini cluster of two region servers: each permission
 * scope (global, namespace, table, family, qualifier) granted and revoked, checked for every
 * operation kind, the exact errors, the audit lines, and grants in force on every server when
 * grant returns. Users are named by strata.client.user (simple authentication); the test
 * process's own user is a superuser, as the daemons run as it.
 */
class AccessControlTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q1 = Bytes.toBytes("q1");
  private static final byte[] Q2 = Bytes.toBytes("q2");
  private static final byte[] A = Bytes.toBytes("a");
  private static final byte[] Z = Bytes.toBytes("z");

  @TempDir
  static Path dir;
  private static MiniCluster cluster;
  private static Admin root;
  private static final List<String> audit = Collections.synchronizedList(new ArrayList<>());
  private static AbstractAppender capture;

  @BeforeAll
  static void start() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.security.authorization", "true")
        .set("strata.security.acl.refresh.period", "0s"); // only the master's push
    cluster = MiniCluster.start(conf, dir, 2);
    root = cluster.connect().getAdmin();
    // Two regions, one on each server: a grant must reach both before it returns.
    root.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor.of("f"))
        .setColumnFamily(ColumnFamilyDescriptor.of("g"))
        .addCoprocessor(new CoprocessorSpec("io.strata.it.coprocessor.Pings$RegionPing", null,
            CoprocessorSpec.PRIORITY_USER, Map.of())).build(), new byte[][] {Bytes.toBytes("m")});
    List<io.strata.client.RegionLocation> where = cluster.connect().getRegionLocator(T)
        .getAllRegionLocations();
    if (where.get(0).server().equals(where.get(1).server())) {
      io.strata.common.schema.ServerName other = cluster.regionServer(0).serverName()
          .equals(where.get(0).server()) ? cluster.regionServer(1).serverName()
          : cluster.regionServer(0).serverName();
      root.move(where.get(1).region().getEncodedName(), other);
    }
    Table t = cluster.connect().getTable(T);
    for (byte[] row : new byte[][] {A, Z}) {
      t.put(new Put(row).addColumn(F, Q1, Bytes.toBytes("f1")).addColumn(F, Q2,
          Bytes.toBytes("f2")).addColumn(G, Q1, Bytes.toBytes("g1")).addColumn(G, Q2,
          Bytes.toBytes("g2")));
    }
    capture = new AbstractAppender("audit", null, null, true, Property.EMPTY_ARRAY) {
      @Override
      public void append(LogEvent event) {
        audit.add(event.getMessage().getFormattedMessage());
      }
    };
    capture.start();
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    LoggerConfig auditLogger = new LoggerConfig("io.strata.security.audit", Level.INFO, true);
    auditLogger.addAppender(capture, Level.INFO, null);
    ctx.getConfiguration().addLogger("io.strata.security.audit", auditLogger);
    ctx.updateLoggers();
  }

  @AfterAll
  static void stop() throws IOException {
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    ctx.getConfiguration().removeLogger("io.strata.security.audit");
    ctx.updateLoggers();
    capture.stop();
    cluster.close();
  }

  private static Connection as(String user) throws IOException {
    return cluster.connect(cluster.configuration().set("strata.client.user", user));
  }

  private static String denial(org.junit.jupiter.api.function.Executable e) {
    Throwable t = assertThrows(Throwable.class, e);
    while (!(t instanceof AccessDeniedException) && t.getCause() != null) {
      t = t.getCause();
    }
    return assertInstanceOf(AccessDeniedException.class, t).getMessage();
  }

  private static String cells(Result r) {
    StringBuilder b = new StringBuilder();
    for (Cell c : r.rawCells()) {
      b.append(Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()))
          .append(':').append(Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
              c.getQualifierLength())).append(' ');
    }
    return b.toString().trim();
  }

  private static String scanAll(Table t, Scan s) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ResultScanner rs = t.getScanner(s)) {
      for (Result r : rs) {
        rows.add(Bytes.toString(r.getRow()) + "[" + cells(r) + "]");
      }
    }
    return String.join(" ", rows);
  }

  private static UserPermission on(String user, String actions) {
    return new UserPermission(user, Permission.newBuilder(T).withActionCodes(actions).build());
  }

  @Test
  void withoutGrantsAUserMayDoNothingAndIsToldWhatToAskFor() throws Exception {
    Connection nobody = as("nobody");
    Table t = nobody.getTable(T);
    assertEquals("user 'nobody' may not get: it needs READ (R) permission on table t; ask an "
        + "administrator to grant it (grant 'nobody', 'R', 't')",
        denial(() -> t.get(new Get(A))));
    assertEquals("user 'nobody' may not scan: it needs READ (R) permission on table t; ask an "
        + "administrator to grant it (grant 'nobody', 'R', 't')",
        denial(() -> scanAll(t, new Scan())));
    assertEquals("user 'nobody' may not exists: it needs READ (R) permission on table t; ask "
        + "an administrator to grant it (grant 'nobody', 'R', 't')",
        denial(() -> t.exists(new Get(A))));
    assertEquals("user 'nobody' may not put: it needs WRITE (W) permission on table t, family "
        + "f, qualifier q1; ask an administrator to grant it (grant 'nobody', 'W', 't', 'f', "
        + "'q1')", denial(() -> t.put(new Put(A).addColumn(F, Q1, A))));
    assertEquals("user 'nobody' may not delete table t: it needs ADMIN (A) or CREATE (C) "
        + "permission on table t; ask an administrator to grant it (grant 'nobody', 'A', 't')",
        denial(() -> nobody.getAdmin().deleteTable(T)));
    assertEquals("user 'nobody' may not disable table t: it needs ADMIN (A) or CREATE (C) "
        + "permission on table t; ask an administrator to grant it (grant 'nobody', 'A', 't')",
        denial(() -> nobody.getAdmin().disableTable(T)));
    assertEquals("user 'nobody' may not flush table t: it needs ADMIN (A) or CREATE (C) "
        + "permission on table t; ask an administrator to grant it (grant 'nobody', 'A', 't')",
        denial(() -> nobody.getAdmin().flush(T)));
    assertEquals("user 'nobody' may not create table nope: it needs CREATE (C) or ADMIN (A) "
        + "permission on namespace default; ask an administrator to grant it (grant 'nobody', "
        + "'C', '@default')", denial(() -> nobody.getAdmin().createTable(TableDescriptor
            .newBuilder(TableName.valueOf("nope")).setColumnFamily(ColumnFamilyDescriptor
                .of("f")).build())));
    assertEquals("user 'nobody' may not create namespace nope: it needs ADMIN (A) permission "
        + "on global; ask an administrator to grant it (grant 'nobody', 'A')",
        denial(() -> nobody.getAdmin().createNamespace(NamespaceDescriptor.create("nope")
            .build())));
    assertEquals("user 'nobody' may not balance: it needs ADMIN (A) permission on global; ask "
        + "an administrator to grant it (grant 'nobody', 'A')",
        denial(() -> nobody.getAdmin().balance()));
    assertEquals("user 'nobody' may not grant: it needs ADMIN (A) permission on table t; ask "
        + "an administrator to grant it (grant 'nobody', 'A', 't')",
        denial(() -> nobody.getAdmin().grant(on("nobody", "R"), true)));
    assertEquals("user 'nobody' may not list the permissions: it needs ADMIN (A) permission "
        + "on table t; ask an administrator to grant it (grant 'nobody', 'A', 't')",
        denial(() -> nobody.getAdmin().getUserPermissions(
            GetUserPermissionsRequest.newBuilder(T).build())));
    assertEquals("user 'nobody' may not call endpoint strata.test.PingService: it needs EXEC "
        + "(X) permission on table t; ask an administrator to grant it (grant 'nobody', 'X', "
        + "'t')", denial(() -> PingService.newBlockingStub(t.coprocessorService(A)).ping(null,
            PingRequest.newBuilder().setText("hi").build())));
    // Each denial is an audit line naming the user, request, action, object and address.
    String from = " from=(127\\.0\\.0\\.1:\\d+|local pid \\d+)";
    assertTrue(audit.stream().anyMatch(l -> l.matches("denied: user=nobody request=put "
        + "action=WRITE object=\\[table t, family f, qualifier q1\\]" + from)),
        audit.toString());
    assertTrue(audit.stream().anyMatch(l -> l.matches("denied: user=nobody request=delete "
        + "table t action=ADMIN\\|CREATE object=\\[table t\\]" + from)), audit.toString());
  }

  @Test
  void aTableGrantAppliesOnEveryServerWhenGrantReturnsAndARevokeToo() throws Exception {
    Table t = as("reader").getTable(T);
    assertEquals("user 'reader' may not get: it needs READ (R) permission on table t; ask an "
        + "administrator to grant it (grant 'reader', 'R', 't')",
        denial(() -> t.get(new Get(Z))));
    root.grant(on("reader", "R"), true);
    // No waiting: both regions, on both servers, know the grant already.
    assertEquals("f:q1 f:q2 g:q1 g:q2", cells(t.get(new Get(A))));
    assertEquals("f:q1 f:q2 g:q1 g:q2", cells(t.get(new Get(Z))));
    assertEquals("a[f:q1 f:q2 g:q1 g:q2] z[f:q1 f:q2 g:q1 g:q2]", scanAll(t, new Scan()));
    assertTrue(t.exists(new Get(A)));
    assertEquals("user 'reader' may not increment: it needs WRITE (W) permission on table t, "
        + "family f, qualifier n; ask an administrator to grant it (grant 'reader', 'W', 't', "
        + "'f', 'n')", denial(() -> t.increment(new Increment(A).addColumn(F,
            Bytes.toBytes("n"), 1))));
    assertEquals(List.of(on("reader", "R")), root.getUserPermissions(
        GetUserPermissionsRequest.newBuilder(T).withUserName("reader").build()));
    // Anyone may list their own permissions.
    assertEquals(List.of(on("reader", "R")), as("reader").getAdmin().getUserPermissions(
        GetUserPermissionsRequest.newBuilder(T).withUserName("reader").build()));

    root.revoke(on("reader", ""));
    assertEquals("user 'reader' may not get: it needs READ (R) permission on table t; ask an "
        + "administrator to grant it (grant 'reader', 'R', 't')",
        denial(() -> t.get(new Get(A))));
    denial(() -> t.get(new Get(Z)));
    assertEquals(List.of(), root.getUserPermissions(
        GetUserPermissionsRequest.newBuilder(T).withUserName("reader").build()));
  }

  @Test
  void familyAndQualifierGrantsNarrowReadsSoNeitherAnswersNorFiltersSeeTheRest()
      throws Exception {
    String user = "narrow";
    Table t = as(user).getTable(T);
    root.grant(new UserPermission(user, Permission.newBuilder(T).withFamily(F)
        .withActions(Action.READ).build()), true);
    assertEquals("f:q1 f:q2", cells(t.get(new Get(A))));
    assertEquals("a[f:q1 f:q2] z[f:q1 f:q2]", scanAll(t, new Scan()));
    assertEquals("user 'narrow' may not get: it needs READ (R) permission on table t, family g;"
        + " ask an administrator to grant it (grant 'narrow', 'R', 't', 'g')",
        denial(() -> t.get(new Get(A).addFamily(G))));
    // A filter on a column the user may not read sees nothing of it: no row passes.
    SingleColumnValueFilter onG = new SingleColumnValueFilter(G, Q1, CompareOperator.EQUAL,
        new ByteArrayComparable.BinaryComparator(Bytes.toBytes("g1")), true, true);
    assertEquals("", scanAll(t, new Scan().setFilter(onG)));
    assertEquals("", cells(t.get(new Get(A).setFilter(onG))));

    root.grant(new UserPermission(user, Permission.newBuilder(T).withFamily(G).withQualifier(Q1)
        .withActions(Action.READ).build()), true);
    assertEquals("f:q1 f:q2 g:q1", cells(t.get(new Get(A))));
    assertEquals("g:q1", cells(t.get(new Get(Z).addFamily(G))));
    assertEquals("a[f:q1 f:q2 g:q1] z[f:q1 f:q2 g:q1]", scanAll(t, new Scan().setFilter(onG)));
    assertEquals("user 'narrow' may not get: it needs READ (R) permission on table t, family g;"
        + " ask an administrator to grant it (grant 'narrow', 'R', 't', 'g')",
        denial(() -> t.get(new Get(A).addColumn(G, Q2))));
    assertEquals("g:q1", cells(t.get(new Get(A).addColumn(G, Q1).addColumn(G, Q2))));
    assertEquals(List.of(
        new UserPermission(user, Permission.newBuilder(T).withFamily(F)
            .withActions(Action.READ).build()),
        new UserPermission(user, Permission.newBuilder(T).withFamily(G).withQualifier(Q1)
            .withActions(Action.READ).build())),
        root.getUserPermissions(GetUserPermissionsRequest.newBuilder(T).withUserName(user)
            .build()));
    root.revoke(new UserPermission(user, Permission.newBuilder(T).withFamily(F).build()));
    assertEquals("g:q1", cells(t.get(new Get(A))));
  }

  @Test
  void writesNeedWriteOnEveryColumnTheyTouch() throws Exception {
    String user = "writer";
    Table t = as(user).getTable(T);
    root.grant(new UserPermission(user, Permission.newBuilder(T).withFamily(F)
        .withActions(Action.READ, Action.WRITE).build()), true);
    byte[] row = Bytes.toBytes("w");
    t.put(new Put(row).addColumn(F, Q1, Bytes.toBytes("v")));
    assertEquals("user 'writer' may not put: it needs WRITE (W) permission on table t, family "
        + "g, qualifier q1; ask an administrator to grant it (grant 'writer', 'W', 't', 'g', "
        + "'q1')", denial(() -> t.put(new Put(row).addColumn(F, Q2, A).addColumn(G, Q1, A))));
    assertEquals(1L, Bytes.toLong(t.increment(new Increment(row).addColumn(F,
        Bytes.toBytes("n"), 1)).getValue(F, Bytes.toBytes("n"))));
    t.append(new Append(row).addColumn(F, Q2, Bytes.toBytes("x")));
    assertEquals("user 'writer' may not append: it needs WRITE (W) permission on table t, "
        + "family g, qualifier q2; ask an administrator to grant it (grant 'writer', 'W', 't', "
        + "'g', 'q2')", denial(() -> t.append(new Append(row).addColumn(G, Q2, A))));
    assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(F, Q1,
        Bytes.toBytes("v")).build(new Put(row).addColumn(F, Q1, Bytes.toBytes("v2"))))
        .isSuccess());
    assertEquals("user 'writer' may not checkAndMutate: it needs READ (R) permission on table "
        + "t, family g, qualifier q1; ask an administrator to grant it (grant 'writer', 'R', "
        + "'t', 'g', 'q1')", denial(() -> t.checkAndMutate(CheckAndMutate.newBuilder(row)
            .ifEquals(G, Q1, A).build(new Put(row).addColumn(F, Q1, A)))));
    assertEquals("user 'writer' may not delete: it needs WRITE (W) permission on table t, "
        + "family g; ask an administrator to grant it (grant 'writer', 'W', 't', 'g')",
        denial(() -> t.delete(new Delete(row))));
    t.delete(new Delete(row).addFamily(F));
    assertTrue(cluster.connect().getTable(T).get(new Get(row)).isEmpty());
    // A batch: each action answered on its own.
    Object[] results = new Object[2];
    IOException failed = assertThrows(IOException.class, () -> t.batch(List.of(
        new Put(row).addColumn(F, Q1, A), new Put(row).addColumn(G, Q1, A)), results));
    assertTrue(failed.getMessage().contains("may not put"), failed.getMessage());
    assertEquals("f:q1", cells(cluster.connect().getTable(T).get(new Get(row))));
  }

  @Test
  void aNamespaceGrantLetsAUserCreateTablesThereWhichTheyOwnUntilDropped() throws Exception {
    root.createNamespace(NamespaceDescriptor.create("ns1").build());
    root.grant(new UserPermission("creator", Permission.newBuilder("ns1")
        .withActions(Action.CREATE).build()), true);
    Admin admin = as("creator").getAdmin();
    TableName mine = TableName.valueOf("ns1:mine");
    admin.createTable(TableDescriptor.newBuilder(mine).setColumnFamily(ColumnFamilyDescriptor
        .of("f")).build());
    assertEquals(List.of(new UserPermission("creator", Permission.newBuilder(mine)
        .withActions(Action.values()).build())),
        root.getUserPermissions(GetUserPermissionsRequest.newBuilder(mine).build()));
    Table t = as("creator").getTable(mine);
    t.put(new Put(A).addColumn(F, Q1, A));
    assertEquals("f:q1", cells(t.get(new Get(A))));
    admin.flush(mine);
    admin.disableTable(mine);
    admin.deleteTable(mine);
    assertEquals(List.of(), root.getUserPermissions(GetUserPermissionsRequest.newBuilder(mine)
        .build()));
    assertEquals("user 'creator' may not create table other: it needs CREATE (C) or ADMIN (A)"
        + " permission on namespace default; ask an administrator to grant it (grant "
        + "'creator', 'C', '@default')", denial(() -> admin.createTable(TableDescriptor
            .newBuilder(TableName.valueOf("other")).setColumnFamily(ColumnFamilyDescriptor
                .of("f")).build())));
  }

  @Test
  void snapshotsNeedAdminOnTheTableAndClonesAndDeletesGlobalAdmin() throws Exception {
    Admin keeper = as("keeper").getAdmin();
    assertEquals("user 'keeper' may not snapshot table t: it needs ADMIN (A) permission on "
        + "table t; ask an administrator to grant it (grant 'keeper', 'A', 't')",
        denial(() -> keeper.snapshot("acl_snap", T)));
    root.grant(on("keeper", "A"), true);
    keeper.snapshot("acl_snap", T);
    assertEquals(List.of("acl_snap"), keeper.listSnapshots().stream()
        .map(io.strata.client.SnapshotDescription::getName).toList());
    assertEquals("user 'keeper' may not clone snapshot 'acl_snap': it needs ADMIN (A) "
        + "permission on global; ask an administrator to grant it (grant 'keeper', 'A')",
        denial(() -> keeper.cloneSnapshot("acl_snap", TableName.valueOf("acl_clone"))));
    assertEquals("user 'keeper' may not delete snapshot 'acl_snap': it needs ADMIN (A) "
        + "permission on global; ask an administrator to grant it (grant 'keeper', 'A')",
        denial(() -> keeper.deleteSnapshot("acl_snap")));
    root.revoke(on("keeper", ""));
    assertEquals("user 'keeper' may not restore snapshot 'acl_snap' to t: it needs ADMIN (A) "
        + "permission on table t; ask an administrator to grant it (grant 'keeper', 'A', 't')",
        denial(() -> keeper.restoreSnapshot("acl_snap")));
    root.deleteSnapshot("acl_snap");
  }

  @Test
  void aGlobalAdminMayGrantAndManageButNotReadWithoutRead() throws Exception {
    root.grant(new UserPermission("boss", Permission.newBuilder().withActions(Action.ADMIN)
        .build()), true);
    Connection boss = as("boss");
    boss.getAdmin().grant(new UserPermission("runner", Permission.newBuilder(T)
        .withActions(Action.EXEC, Action.READ).build()), true);
    assertEquals("hi", PingService.newBlockingStub(as("runner").getTable(T)
        .coprocessorService(A)).ping(null, PingRequest.newBuilder().setText("hi").build())
        .getText());
    boss.getAdmin().flush(T);
    assertEquals("user 'boss' may not get: it needs READ (R) permission on table t; ask an "
        + "administrator to grant it (grant 'boss', 'R', 't')",
        denial(() -> boss.getTable(T).get(new Get(A))));
    boss.getAdmin().revoke(new UserPermission("runner", Permission.newBuilder(T)
        .withActions(Action.EXEC).build()));
    assertEquals(List.of(new UserPermission("runner", Permission.newBuilder(T)
        .withActions(Action.READ).build())), boss.getAdmin().getUserPermissions(
            GetUserPermissionsRequest.newBuilder(T).withUserName("runner").build()));
    ServiceException e = assertThrows(ServiceException.class, () -> PingService
        .newBlockingStub(as("runner").getTable(T).coprocessorService(A)).ping(null,
            PingRequest.newBuilder().setText("hi").build()));
    assertTrue(e.getMessage().contains("needs EXEC (X) permission on table t"), e.getMessage());
  }

  @Test
  void theShellGrantsRevokesAndListsAsHBasesDoes() throws Exception {
    ShellRunner shell = new ShellRunner(cluster.configuration());
    ShellRunner.Outcome granted = shell.execute("grant 'sheller', 'RW', 't', 'f'; "
        + "grant 'sheller', 'R', 't', 'g', 'q1'; grant 'sheller', 'C', '@default'; "
        + "user_permission 't', 'f'");
    assertEquals("", granted.err());
    assertEquals("Took T seconds\nTook T seconds\nTook T seconds\n"
        + String.format("%-28s %s%n", "User", "Namespace,Table,Family,Qualifier:Permission")
        + String.format("%-28s %s%n", " sheller", "default,t,f,: [Permission: "
            + "actions=READ,WRITE]")
        + "1 row(s)\nTook T seconds\n", granted.out());
    assertEquals(String.format("%-28s %s%n", "User", "Namespace,Table,Family,Qualifier:"
        + "Permission") + String.format("%-28s %s%n", " sheller", "default,,,: [Permission: "
        + "actions=CREATE]") + "1 row(s)\nTook T seconds\n",
        shell.execute("user_permission '@def.*'").out());
    ShellRunner.Outcome bad = shell.execute("grant 'sheller', 'RZ', 't'");
    assertTrue(bad.err().startsWith("ERROR: 'Z' in 'RZ' is not a permission; use the letters "
        + "R (read), W (write), X (exec), C (create) and A (admin)\n\nHere is some help for "
        + "this command:\n"), bad.err());
    ShellRunner.Outcome revoked = shell.execute("revoke 'sheller', 't', 'f'; "
        + "revoke 'sheller', 't', 'g', 'q1'; revoke 'sheller', '@default'; "
        + "user_permission 't'");
    assertEquals("", revoked.err());
    assertTrue(!revoked.out().contains("sheller"), revoked.out());
  }
}
