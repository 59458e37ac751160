package io.strata.server.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.error.ThrottlingException;
import io.strata.common.quota.ThrottleLimit;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.TableName;
import io.strata.server.quota.Throttles.Scope;
import io.strata.server.quota.Throttles.Subject;
import org.junit.jupiter.api.Test;

/** Which throttles count a request, all-or-nothing takes, and what a refusal says. */
class ThrottlesTest {
  private static final TableName T = TableName.valueOf("ns:t");
  private static final TableName OTHER = TableName.valueOf("other");

  private static void admitted(Throttles th, String user, TableName t, ThrottleType.Kind kind,
      long bytes) throws ThrottlingException {
    th.admit(user, t, kind, bytes, 0);
  }

  @Test
  void aUsersReadThrottleCountsItsReadsOnly() throws Exception {
    Throttles th = new Throttles.Builder(0).limit(new Subject(Scope.USER, "bob", ""),
        ThrottleType.READ_NUMBER, ThrottleLimit.parse("2req/sec")).build();
    admitted(th, "bob", T, ThrottleType.Kind.READ, 10);
    admitted(th, "bob", OTHER, ThrottleType.Kind.READ, 10);
    for (int i = 0; i < 10; i++) {
      admitted(th, "bob", T, ThrottleType.Kind.WRITE, 10); // writes are not counted
      admitted(th, "alice", T, ThrottleType.Kind.READ, 10); // nor other users
    }
    ThrottlingException e = assertThrows(ThrottlingException.class,
        () -> admitted(th, "bob", T, ThrottleType.Kind.READ, 10));
    assertEquals("request throttled by quota USER => 'bob', THROTTLE_TYPE => READ_NUMBER,"
        + " LIMIT => 2req/sec; retry after 500 ms", e.getMessage());
    assertEquals(500, e.waitMillis());
  }

  @Test
  void aRefusedRequestCostsNoThrottleAnything() throws Exception {
    Throttles th = new Throttles.Builder(0)
        .limit(new Subject(Scope.NAMESPACE, "", "ns"), ThrottleType.REQUEST_NUMBER,
            ThrottleLimit.parse("10req/sec"))
        .limit(new Subject(Scope.USER_TABLE, "bob", "ns:t"), ThrottleType.REQUEST_SIZE,
            ThrottleLimit.parse("1K/sec"))
        .build();
    admitted(th, "bob", T, ThrottleType.Kind.WRITE, 1000);
    // bob's bytes are spent; his refused requests must not eat the namespace's numbers
    for (int i = 0; i < 20; i++) {
      assertThrows(ThrottlingException.class,
          () -> admitted(th, "bob", T, ThrottleType.Kind.WRITE, 1000));
    }
    for (int i = 0; i < 9; i++) {
      admitted(th, "alice", T, ThrottleType.Kind.READ, 1);
    }
    assertEquals("request throttled by quota NAMESPACE => 'ns', THROTTLE_TYPE =>"
        + " REQUEST_NUMBER, LIMIT => 10req/sec; retry after 100 ms",
        assertThrows(ThrottlingException.class,
            () -> admitted(th, "alice", T, ThrottleType.Kind.READ, 1)).getMessage());
  }

  @Test
  void capacityUnitsAreKilobytesRoundedUpAndBypassingUsersAreNotCounted() throws Exception {
    Throttles th = new Throttles.Builder(0)
        .limit(new Subject(Scope.REGIONSERVER, "", "all"), ThrottleType.WRITE_CAPACITY_UNIT,
            ThrottleLimit.parse("3CU/sec"))
        .bypass("admin").build();
    admitted(th, "bob", T, ThrottleType.Kind.WRITE, 1025); // 2 units
    admitted(th, "bob", T, ThrottleType.Kind.WRITE, 1); // 1 unit
    assertThrows(ThrottlingException.class,
        () -> admitted(th, "bob", T, ThrottleType.Kind.WRITE, 1));
    for (int i = 0; i < 100; i++) {
      admitted(th, "admin", T, ThrottleType.Kind.WRITE, 1 << 20);
    }
    assertEquals("a READ_SIZE throttle takes a limit in bytes, not 5req/sec",
        assertThrows(IllegalArgumentException.class, () -> new Throttles.Builder(0)
            .limit(new Subject(Scope.USER, "u", ""), ThrottleType.READ_SIZE,
                ThrottleLimit.parse("5req/sec"))).getMessage());
  }

  @Test
  void readingTheSameSettingsAgainGrantsNoBurst() throws Exception {
    Subject bob = new Subject(Scope.USER, "bob", "");
    Throttles first = new Throttles.Builder(0).limit(bob, ThrottleType.REQUEST_NUMBER,
        ThrottleLimit.parse("2req/sec")).build();
    admitted(first, "bob", T, ThrottleType.Kind.READ, 1);
    admitted(first, "bob", T, ThrottleType.Kind.READ, 1);
    Throttles again = new Throttles.Builder(0, first).limit(bob, ThrottleType.REQUEST_NUMBER,
        ThrottleLimit.parse("2req/sec")).build();
    assertThrows(ThrottlingException.class,
        () -> admitted(again, "bob", T, ThrottleType.Kind.READ, 1));
    Throttles changed = new Throttles.Builder(0, again).limit(bob, ThrottleType.REQUEST_NUMBER,
        ThrottleLimit.parse("3req/sec")).build();
    admitted(changed, "bob", T, ThrottleType.Kind.READ, 1); // a new limit, a new full bucket
  }

  @Test
  void switchesTurnEnforcementOffOrLetOthersGiveWayToTheServersRoom() throws Exception {
    Subject bob = new Subject(Scope.USER, "bob", "");
    Subject server = new Subject(Scope.REGIONSERVER, "", "all");
    Throttles off = new Throttles.Builder(0).limit(bob, ThrottleType.REQUEST_NUMBER,
        ThrottleLimit.parse("1req/sec")).switches(false, false).build();
    for (int i = 0; i < 10; i++) {
      admitted(off, "bob", T, ThrottleType.Kind.READ, 1);
    }
    Throttles exceed = new Throttles.Builder(0)
        .limit(bob, ThrottleType.REQUEST_NUMBER, ThrottleLimit.parse("1req/sec"))
        .limit(server, ThrottleType.REQUEST_NUMBER, ThrottleLimit.parse("3req/sec"))
        .switches(true, true).build();
    for (int i = 0; i < 3; i++) { // bob past his 1/s while the server has room
      admitted(exceed, "bob", T, ThrottleType.Kind.READ, 1);
    }
    assertEquals("request throttled by quota REGIONSERVER => 'all', THROTTLE_TYPE =>"
        + " REQUEST_NUMBER, LIMIT => 3req/sec; retry after 334 ms",
        assertThrows(ThrottlingException.class,
            () -> admitted(exceed, "bob", T, ThrottleType.Kind.READ, 1)).getMessage());
    Throttles held = new Throttles.Builder(0)
        .limit(bob, ThrottleType.REQUEST_NUMBER, ThrottleLimit.parse("1req/sec"))
        .limit(server, ThrottleType.REQUEST_NUMBER, ThrottleLimit.parse("3req/sec")).build();
    admitted(held, "bob", T, ThrottleType.Kind.READ, 1);
    assertThrows(ThrottlingException.class,
        () -> admitted(held, "bob", T, ThrottleType.Kind.READ, 1));
  }
}
