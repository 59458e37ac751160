package io.strata.it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.security.Authorizations;
import io.strata.client.security.CellVisibility;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.client.security.UserPermission;
import io.strata.client.security.VisibilityClient;
import io.strata.common.cell.Cell;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.error.BadRequestException;
import io.strata.common.filter.ByteArrayComparable;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.SingleColumnValueFilter;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.it.shell.ShellRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Visibility labels and cell ACLs on a mini cluster under strata.security.authorization, with
 * strata.security.access.early_out false (so a user without any grant on a table still reads
 * the cells whose ACLs name them): which cells each user sees with which authorizations, on
 * gets and on scans with filters, the labels' administration, and the exact refusals.
 */
class CellSecurityTest {
  private static final TableName T = TableName.valueOf("cells");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");

  @TempDir
  static Path dir;
  private static MiniCluster cluster;
  private static Admin root;
  private static Table rootTable;

  @BeforeAll
  static void start() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.security.authorization", "true")
        .set("strata.security.access.early_out", "false");
    cluster = MiniCluster.start(conf, dir, 1);
    Connection rootConn = cluster.connect();
    root = rootConn.getAdmin();
    root.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor
        .newBuilder(F).setMaxVersions(3).build()).setColumnFamily(ColumnFamilyDescriptor
        .of("g")).build());
    VisibilityClient.addLabels(rootConn, new String[] {"secret", "probation", "public"});
    root.setAuths("alice", List.of("secret"));
    root.setAuths("bob", List.of("secret", "probation"));
    for (String user : List.of("alice", "bob", "carol")) {
      root.grant(new UserPermission(user, Permission.newBuilder(T).withActions(Action.READ,
          Action.WRITE).build()), true);
    }
    rootTable = rootConn.getTable(T);
    byte[] r1 = Bytes.toBytes("r1");
    rootTable.put(new Put(r1).addColumn(F, Bytes.toBytes("a"), Bytes.toBytes("open")));
    rootTable.put(new Put(r1).addColumn(F, Bytes.toBytes("b"), Bytes.toBytes("s"))
        .setCellVisibility(new CellVisibility("secret")));
    rootTable.put(new Put(r1).addColumn(F, Bytes.toBytes("c"), Bytes.toBytes("snp"))
        .setCellVisibility(new CellVisibility("secret & !probation")));
    rootTable.put(new Put(r1).addColumn(F, Bytes.toBytes("d"), Bytes.toBytes("pp"))
        .setCellVisibility(new CellVisibility("(probation | public)")));
    // Two versions: the newer labeled, the older not.
    rootTable.put(new Put(r1).addColumn(F, Bytes.toBytes("e"), 1, Bytes.toBytes("old")));
    rootTable.put(new Put(r1).addColumn(F, Bytes.toBytes("e"), 2, Bytes.toBytes("new"))
        .setCellVisibility(new CellVisibility("secret")));
  }

  @AfterAll
  static void stop() throws IOException {
    cluster.close();
  }

  private static Table as(String user) throws IOException {
    return cluster.connect(cluster.configuration().set("strata.client.user", user))
        .getTable(T);
  }

  private static String columns(Result r) {
    List<String> out = new ArrayList<>();
    for (Cell c : r.rawCells()) {
      out.add(Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength())
          + ":" + Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
              c.getQualifierLength()) + "=" + Bytes.toString(c.getValueArray(),
              c.getValueOffset(), c.getValueLength()));
    }
    return String.join(" ", out);
  }

  private static String read(Table t, String... auths) throws IOException {
    Get g = new Get(Bytes.toBytes("r1")).addFamily(F);
    if (auths.length > 0) {
      g.setAuthorizations(new Authorizations(auths));
    }
    return columns(t.get(g));
  }

  private static String scan(Table t, Scan s) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ResultScanner rs = t.getScanner(s)) {
      for (Result r : rs) {
        rows.add(Bytes.toString(r.getRow()) + "[" + columns(r) + "]");
      }
    }
    return String.join(" ", rows);
  }

  @Test
  void eachReaderSeesTheCellsItsAuthorizationsSatisfy() throws Exception {
    Table alice = as("alice");
    assertEquals("f:a=open f:e=old", read(alice));
    assertEquals("f:a=open f:b=s f:c=snp f:e=new", read(alice, "secret"));
    // probation is not alice's: asking for it changes nothing.
    assertEquals("f:a=open f:b=s f:c=snp f:e=new", read(alice, "secret", "probation"));
    Table bob = as("bob");
    assertEquals("f:a=open f:b=s f:d=pp f:e=new", read(bob, "secret", "probation"));
    assertEquals("f:a=open f:b=s f:c=snp f:e=new", read(bob, "secret"));
    // carol holds no authorization.
    assertEquals("f:a=open f:e=old", read(as("carol"), "secret", "public"));
    // A superuser reads with what it asks for.
    assertEquals("f:a=open f:d=pp f:e=old", read(rootTable, "public"));
    // A hidden newer version does not count: the older one is the latest alice sees.
    assertEquals("f:e=old", columns(alice.get(new Get(Bytes.toBytes("r1"))
        .addColumn(F, Bytes.toBytes("e")))));
    assertEquals("f:e=new f:e=old", columns(alice.get(new Get(Bytes.toBytes("r1"))
        .addColumn(F, Bytes.toBytes("e")).readVersions(3)
        .setAuthorizations(new Authorizations("secret")))));
  }

  @Test
  void filtersNeverSeeCellsTheReaderMayNotSee() throws Exception {
    SingleColumnValueFilter onB = new SingleColumnValueFilter(F, Bytes.toBytes("b"),
        CompareOperator.EQUAL, new ByteArrayComparable.BinaryComparator(Bytes.toBytes("s")),
        true, true);
    Table alice = as("alice");
    assertEquals("", scan(alice, new Scan().addFamily(F).setFilter(onB)));
    assertEquals("r1[f:a=open f:b=s f:c=snp f:e=new]", scan(alice, new Scan().addFamily(F)
        .setFilter(onB).setAuthorizations(new Authorizations("secret"))));
  }

  @Test
  void labelsAreAdministeredAndBadOnesRefused() throws Exception {
    assertEquals(List.of("probation", "public", "secret"), root.listLabels(null));
    assertEquals(List.of("probation", "public"), root.listLabels("p.*"));
    assertEquals(List.of("probation", "secret"), root.getAuths("bob"));
    Connection alice = cluster.connect(cluster.configuration().set("strata.client.user",
        "alice"));
    assertEquals(List.of("secret"), alice.getAdmin().getAuths("alice"));
    AccessDeniedException denied = assertThrows(AccessDeniedException.class,
        () -> alice.getAdmin().listLabels(null));
    assertEquals("user 'alice' may not list visibility labels: it needs ADMIN (A) permission "
        + "on global; ask an administrator to grant it (grant 'alice', 'A')",
        denied.getMessage());
    BadRequestException undefined = assertThrows(BadRequestException.class,
        () -> as("alice").put(new Put(Bytes.toBytes("r9")).addColumn(F, F, F)
            .setCellVisibility(new CellVisibility("secret | topsecret"))));
    assertEquals("bad request: visibility label 'topsecret' is not defined; an administrator "
        + "defines it with add_labels 'topsecret'", undefined.getMessage());
    IllegalArgumentException syntax = assertThrows(IllegalArgumentException.class,
        () -> new CellVisibility("secret &"));
    assertEquals("visibility expression 'secret &' at position 8: the expression ends where a "
        + "label was expected; write labels joined by & (and), | (or) and ! (not), grouped "
        + "with parentheses, as \"secret & !probation\"", syntax.getMessage());
    BadRequestException onDelete = assertThrows(BadRequestException.class,
        () -> rootTable.delete(new Delete(Bytes.toBytes("r9")).addFamily(F)
            .setCellVisibility(new CellVisibility("secret"))));
    assertEquals("bad request: a delete carries no cell visibility or ACL: it masks the cells "
        + "it names whatever theirs; remove setCellVisibility and setACL from the delete",
        onDelete.getMessage());
    BadRequestException unknownAuth = assertThrows(BadRequestException.class,
        () -> root.setAuths("alice", List.of("nosuch")));
    assertEquals("bad request: visibility label 'nosuch' is not defined; define it first with "
        + "add_labels 'nosuch'", unknownAuth.getMessage());
  }

  @Test
  void anIncrementsNewValueCarriesTheMutationsVisibility() throws Exception {
    byte[] row = Bytes.toBytes("counter");
    Table bob = as("bob");
    bob.increment(new Increment(row).addColumn(F, Bytes.toBytes("n"), 5)
        .setCellVisibility(new CellVisibility("secret")));
    assertTrue(bob.get(new Get(row)).isEmpty());
    assertEquals("f:n", columns(bob.get(new Get(row).setAuthorizations(new Authorizations(
        "secret")))).substring(0, 3));
    assertEquals(5L, Bytes.toLong(bob.get(new Get(row).setAuthorizations(new Authorizations(
        "secret"))).getValue(F, Bytes.toBytes("n"))));
    // carol may not see the labeled value: her increment builds on nothing, and answers 1.
    assertEquals(1L, Bytes.toLong(as("carol").increment(new Increment(row).addColumn(F,
        Bytes.toBytes("n"), 1)).getValue(F, Bytes.toBytes("n"))));
  }

  @Test
  void aConditionSeesOnlyTheCellsItsCallerMaySee() throws Exception {
    byte[] r1 = Bytes.toBytes("r1");
    Table alice = as("alice");
    // f:b holds "s" under the label secret: without authorizations it counts as absent.
    assertTrue(alice.checkAndMutate(io.strata.client.CheckAndMutate.newBuilder(r1)
        .ifNotExists(F, Bytes.toBytes("b")).build(new Put(r1).addColumn(F, Bytes.toBytes("x1"),
            Bytes.toBytes("1")))).isSuccess());
    assertTrue(!alice.checkAndMutate(io.strata.client.CheckAndMutate.newBuilder(r1)
        .ifEquals(F, Bytes.toBytes("b"), Bytes.toBytes("s")).build(new Put(r1).addColumn(F,
            Bytes.toBytes("x2"), Bytes.toBytes("2")))).isSuccess());
    // With her authorization on the mutation, the condition sees it.
    Put withAuths = new Put(r1).addColumn(F, Bytes.toBytes("x3"), Bytes.toBytes("3"));
    withAuths.setAttribute("strata.authorizations", new Authorizations("secret").toBytes());
    assertTrue(alice.checkAndMutate(io.strata.client.CheckAndMutate.newBuilder(r1)
        .ifEquals(F, Bytes.toBytes("b"), Bytes.toBytes("s")).build(withAuths)).isSuccess());
    rootTable.delete(new Delete(r1).addColumns(F, Bytes.toBytes("x1"))
        .addColumns(F, Bytes.toBytes("x3")));
  }

  @Test
  void aCellAclLetsItsUsersReadTheCellAndNothingElse() throws Exception {
    byte[] row = Bytes.toBytes("acl");
    rootTable.put(new Put(row).addColumn(G, Bytes.toBytes("x"), Bytes.toBytes("for erin"))
        .setACL("erin", Permission.newBuilder().withActions(Action.READ).build()));
    rootTable.put(new Put(row).addColumn(G, Bytes.toBytes("y"), Bytes.toBytes("not")));
    // erin holds no grant on the table: she sees exactly the cell whose ACL names her.
    Table erin = as("erin");
    assertEquals("g:x=for erin", columns(erin.get(new Get(row))));
    assertEquals("acl[g:x=for erin]", scan(erin, new Scan()));
    AccessDeniedException write = assertThrows(AccessDeniedException.class,
        () -> erin.put(new Put(row).addColumn(G, Bytes.toBytes("x"), Bytes.toBytes("mine"))));
    assertEquals("user 'erin' may not put: it needs WRITE (W) permission on table cells, "
        + "family g, qualifier x; ask an administrator to grant it (grant 'erin', 'W', "
        + "'cells', 'g', 'x')", write.getMessage());
    BadRequestException acl = assertThrows(BadRequestException.class,
        () -> rootTable.put(new Put(row).addColumn(G, G, G).setACL(Map.of("erin",
            Permission.newBuilder().withActions(Action.READ, Action.WRITE).build()))));
    assertEquals("bad request: the cell ACL of user 'erin' grants [READ, WRITE]; a cell ACL "
        + "grants READ, so give that alone, and grant other actions on the family or qualifier"
        + " (grant 'erin', 'W', 'table', 'family')", acl.getMessage());
  }

  @Test
  void theShellAdministersLabelsAndReadsAndWritesWithThem() throws Exception {
    ShellRunner shell = new ShellRunner(cluster.configuration());
    ShellRunner.Outcome out = shell.execute("add_labels ['blue', 'green']; "
        + "set_auths 'frank', ['blue', 'green']; clear_auths 'frank', 'green'; "
        + "get_auths 'frank'; list_labels 'b.*|g.*'; "
        + "put 'cells', 'sh', 'g:q', 'v', {VISIBILITY => 'blue'}; "
        + "scan 'cells', {STARTROW => 'sh', STOPROW => 'si'}; "
        + "scan 'cells', {STARTROW => 'sh', STOPROW => 'si', AUTHORIZATIONS => ['blue']}");
    assertEquals("", out.err());
    String[] lines = out.out().split("\n");
    assertEquals("Took T seconds", lines[0]);
    assertEquals("Took T seconds", lines[1]);
    assertEquals("Took T seconds", lines[2]);
    assertEquals("blue", lines[3]);
    assertEquals("Took T seconds", lines[4]);
    assertEquals("blue", lines[5]);
    assertEquals("green", lines[6]);
    assertTrue(out.out().contains("0 row(s)"), out.out());
    assertTrue(out.out().matches("(?s).* sh +column=g:q, timestamp=\\d+, value=v\n1 row\\(s\\)"
        + ".*"), out.out());
  }

  @Test
  void withoutAuthorizationACellVisibilityIsRefusedNotIgnored(@TempDir Path other)
      throws Exception {
    try (MiniCluster plain = MiniCluster.start(other, 1)) {
      Connection c = plain.connect();
      c.getAdmin().createTable(TableDescriptor.newBuilder(T).setColumnFamily(
          ColumnFamilyDescriptor.of("f")).build());
      BadRequestException e = assertThrows(BadRequestException.class, () -> c.getTable(T)
          .put(new Put(F).addColumn(F, F, F).setCellVisibility(new CellVisibility("secret"))));
      assertEquals("bad request: the put carries a cell visibility or ACL, which this cluster "
          + "does not check: set strata.security.authorization=true on every master and region "
          + "server (docs/security.md), or write without them", e.getMessage());
    }
  }
}
