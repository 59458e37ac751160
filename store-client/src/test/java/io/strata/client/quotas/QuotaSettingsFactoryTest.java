package io.strata.client.quotas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.TableName;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The factory's settings as list_quotas shows them, and the targets it refuses. */
class QuotaSettingsFactoryTest {
  @Test
  void settingsReadAsHbasesShellWritesThem() {
    assertEquals("USER => 'bob', TYPE => THROTTLE, THROTTLE_TYPE => READ_NUMBER, LIMIT =>"
        + " 500req/sec, SCOPE => CLUSTER", QuotaSettingsFactory.throttleUser("bob",
            ThrottleType.READ_NUMBER, 500, TimeUnit.SECONDS).toString());
    assertEquals("USER => 'bob', TABLE => 't1', TYPE => THROTTLE, THROTTLE_TYPE =>"
        + " WRITE_SIZE, LIMIT => 10M/min, SCOPE => MACHINE", QuotaSettingsFactory.throttleUser(
            "bob", TableName.valueOf("t1"), ThrottleType.WRITE_SIZE, 10L << 20,
            TimeUnit.MINUTES, QuotaScope.MACHINE).toString());
    assertEquals("NAMESPACE => 'ns', TYPE => THROTTLE, LIMIT => NONE, SCOPE => CLUSTER",
        QuotaSettingsFactory.unthrottleNamespace("ns").toString());
    assertEquals("REGIONSERVER => 'all', TYPE => THROTTLE, THROTTLE_TYPE =>"
        + " REQUEST_CAPACITY_UNIT, LIMIT => 10CU/hour, SCOPE => MACHINE",
        QuotaSettingsFactory.throttleRegionServer("all", ThrottleType.REQUEST_CAPACITY_UNIT,
            10, TimeUnit.HOURS).toString());
    assertEquals("USER => 'etl', GLOBAL_BYPASS => true",
        QuotaSettingsFactory.bypassGlobals("etl", true).toString());
    assertEquals(QuotaSettingsFactory.throttleTable(TableName.valueOf("t"),
        ThrottleType.REQUEST_NUMBER, 5, TimeUnit.SECONDS), QuotaSettingsFactory.throttleTable(
            TableName.valueOf("t"), ThrottleType.REQUEST_NUMBER, 5, TimeUnit.SECONDS));
  }

  @Test
  void targetsAndLimitsThatMakeNoQuotaAreRefused() {
    assertEquals("a region server quota is for every server: give 'all', not 'rs1'",
        assertThrows(IllegalArgumentException.class, () -> QuotaSettingsFactory
            .throttleRegionServer("rs1", ThrottleType.REQUEST_NUMBER, 1, TimeUnit.SECONDS))
            .getMessage());
    assertEquals("a throttle limit must be above 0, got -3; to remove a throttle set LIMIT =>"
        + " NONE", assertThrows(IllegalArgumentException.class, () -> QuotaSettingsFactory
            .throttleUser("bob", ThrottleType.READ_NUMBER, -3, TimeUnit.SECONDS)).getMessage());
    assertEquals("a throttle limit is per second, minute, hour or day, not per milliseconds",
        assertThrows(IllegalArgumentException.class, () -> QuotaSettingsFactory
            .throttleUser("bob", ThrottleType.READ_NUMBER, 3, TimeUnit.MILLISECONDS))
            .getMessage());
    assertEquals("a quota needs a target: a user, a table, a namespace, a user with a table or"
        + " a namespace, or the region servers", assertThrows(IllegalArgumentException.class,
            () -> QuotaSettingsFactory.unthrottleUser(null)).getMessage());
    assertEquals("GLOBAL_BYPASS is set for a user: give USER => 'name'",
        assertThrows(IllegalArgumentException.class,
            () -> QuotaSettingsFactory.bypassGlobals("", true)).getMessage());
  }

  @Test
  void spaceLimitsReadAsListQuotasShowsThemAndSurviveTheirMessage() {
    SpaceLimitSettings t = QuotaSettingsFactory.limitTableSpace(TableName.valueOf("t1"),
        1L << 30, SpaceViolationPolicy.NO_INSERTS);
    assertEquals("TABLE => 't1', TYPE => SPACE, LIMIT => 1G, VIOLATION_POLICY => NO_INSERTS",
        t.toString());
    SpaceLimitSettings ns = QuotaSettingsFactory.limitNamespaceSpace("ns", 5L << 20,
        SpaceViolationPolicy.DISABLE);
    assertEquals("NAMESPACE => 'ns', TYPE => SPACE, LIMIT => 5M, VIOLATION_POLICY => DISABLE",
        ns.toString());
    SpaceLimitSettings off = QuotaSettingsFactory.removeTableSpaceLimit(TableName.valueOf("t1"));
    assertEquals("TABLE => 't1', TYPE => SPACE, LIMIT => NONE", off.toString());
    for (QuotaSettings s : new QuotaSettings[] {t, ns, off,
        QuotaSettingsFactory.removeNamespaceSpaceLimit("ns")}) {
      assertEquals(s, QuotaCodec.fromProto(QuotaCodec.toProto(s)));
    }
    assertEquals("a space limit must be above 0 bytes, got 0; to remove a space quota set LIMIT"
        + " => NONE", assertThrows(IllegalArgumentException.class, () -> QuotaSettingsFactory
            .limitTableSpace(TableName.valueOf("t1"), 0, SpaceViolationPolicy.NO_WRITES))
            .getMessage());
    assertEquals("a space quota needs its policy: NO_INSERTS, NO_WRITES, NO_WRITES_COMPACTIONS"
        + " or DISABLE", assertThrows(IllegalArgumentException.class, () -> QuotaSettingsFactory
            .limitNamespaceSpace("ns", 10, null)).getMessage());
  }
}
