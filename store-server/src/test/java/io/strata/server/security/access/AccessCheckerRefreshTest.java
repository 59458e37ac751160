package io.strata.server.security.access;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Connection;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Table;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.client.security.UserPermission;
import io.strata.common.cell.ArraysCell;
import io.strata.common.cell.CellType;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.schema.TableName;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Overlapping permission refreshes: one that began earlier, and read strata:acl before a grant,
 * never replaces the reading of one that began later, whenever it ends. The connections are
 * stand-ins that hold a refresh back between its two reads, the one fault the test injects.
 */
class AccessCheckerRefreshTest {
  private static final UserPermission BOB_READS = new UserPermission("bob",
      Permission.newBuilder().withActions(Action.READ).build());

  /**
   * A connection whose strata:acl holds {@code grants} and which has no strata:labels; reading
   * the labels, which a refresh does after the permissions, first counts {@code reading} down
   * and waits for {@code release}.
   */
  private static Connection connection(List<UserPermission> grants, CountDownLatch reading,
      CountDownLatch release) {
    List<Result> rows = new ArrayList<>();
    for (UserPermission g : grants) {
      rows.add(Result.create(List.of(new ArraysCell(AclTable.row(g.getPermission()),
          AclTable.FAMILY, AclTable.column(g.getUser(), g.getPermission()), 1, CellType.PUT,
          AclTable.value(g)))));
    }
    ResultScanner acl = proxy(ResultScanner.class, (method, args) -> switch (method) {
      case "iterator" -> rows.iterator();
      case "close" -> null;
      default -> throw new UnsupportedOperationException(method);
    });
    Table aclTable = proxy(Table.class, (method, args) -> {
      if (!method.equals("getScanner")) {
        throw new UnsupportedOperationException(method);
      }
      return acl;
    });
    Table labelTable = proxy(Table.class, (method, args) -> {
      if (!method.equals("getScanner")) {
        throw new UnsupportedOperationException(method);
      }
      reading.countDown();
      if (!release.await(30, TimeUnit.SECONDS)) {
        throw new AssertionError("the held refresh was never released");
      }
      throw new TableNotFoundException(LabelTable.TABLE.getNameAsString());
    });
    return proxy(Connection.class, (method, args) -> {
      if (!method.equals("getTable")) {
        throw new UnsupportedOperationException(method);
      }
      return AclTable.TABLE.equals(args[0]) ? aclTable : labelTable;
    });
  }

  private interface Answer {
    Object answer(String method, Object[] args) throws Exception;
  }

  private static <T> T proxy(Class<T> type, Answer answer) {
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
        (self, method, args) -> answer.answer(method.getName(), args)));
  }

  @Test
  void aRefreshBegunEarlierNeverReplacesTheReadingOfOneBegunLater() throws Exception {
    AccessChecker checker = AccessChecker.of(StrataConfiguration.defaults()
        .set(SecurityKeys.AUTHORIZATION.name(), "true"));
    CountDownLatch firstRead = new CountDownLatch(1);
    CountDownLatch releaseFirst = new CountDownLatch(1);
    // The first refresh reads strata:acl before bob's grant, and is held there.
    boolean[] firstDone = new boolean[1];
    Thread first = new Thread(() -> firstDone[0] = checker.refresh(
        connection(List.of(), firstRead, releaseFirst)));
    first.start();
    assertTrue(firstRead.await(30, TimeUnit.SECONDS));
    // The second reads the grant and installs it.
    assertTrue(checker.refresh(connection(List.of(BOB_READS), new CountDownLatch(1),
        new CountDownLatch(0))));
    assertTrue(checker.cache().global("bob", Action.READ));
    // The first ends after it, with its reading from before the grant: the grant stays.
    releaseFirst.countDown();
    first.join(30_000);
    assertFalse(first.isAlive());
    assertTrue(firstDone[0]);
    assertTrue(checker.cache().global("bob", Action.READ),
        "an earlier refresh put back a reading without the grant");
    assertTrue(checker.loaded());
  }

  @Test
  void aLaterRefreshReplacesAnEarlierReading() throws Exception {
    AccessChecker checker = AccessChecker.of(StrataConfiguration.defaults()
        .set(SecurityKeys.AUTHORIZATION.name(), "true"));
    assertTrue(checker.refresh(connection(List.of(BOB_READS), new CountDownLatch(1),
        new CountDownLatch(0))));
    assertTrue(checker.cache().global("bob", Action.READ));
    // Revoked: the next refresh reads no grant, and bob reads no more.
    assertTrue(checker.refresh(connection(List.of(), new CountDownLatch(1),
        new CountDownLatch(0))));
    assertFalse(checker.cache().global("bob", Action.READ));
  }
}
