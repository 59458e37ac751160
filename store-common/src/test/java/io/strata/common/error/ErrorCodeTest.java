package io.strata.common.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ErrorCodeTest {
  /** One sample of every exception, covering every code. */
  static List<StrataException> samples() {
    return List.of(
        new RegionMovedException("users,,1", "h2,17020,5"),
        new NotServingRegionException("users,,1", "h1,17020,4"),
        new ServerBusyException("h1,17020,4", "memstore above its upper limit"),
        new ThrottlingException("user 'bob' read 100req/sec", 250),
        new CallTimeoutException("Get", "h1,17020,4", 60000),
        new ServerErrorException("h1,17020,4", new IOException("disk full")),
        new TableNotFoundException("users"),
        new NoSuchFamilyException("users", "x", List.of("a", "b")),
        new TableDisabledException("users"),
        new BadRequestException("row key is empty; give every mutation a row key"),
        new CorruptFileException("/data/f1", "checksum mismatch at block 65536"),
        new AccessDeniedException("bob", "write", "table 'users'"),
        new TableExistsException("users"),
        new NamespaceNotFoundException("ns"),
        new NamespaceExistsException("ns"),
        new WrongRegionException("row1", "users,,1"),
        new RegionInTransitionException("users,,1", "OPENING"),
        new UnknownScannerException(42, "its lease expired"),
        new TableNotEnabledException("users", "disabled"),
        new TableNotDisabledException("users", "delete it"),
        new TableReadOnlyException("users"),
        new SpaceLimitingException("users", "NO_INSERTS", "table 'users' is over its space"
            + " quota"),
        new CoprocessorException("com.example.Veto refused the put: no email"),
        new SnapshotExistsException("snap1"),
        new SnapshotDoesNotExistException("snap1"),
        new CorruptedSnapshotException("snap1", List.of("default/t/abc/f/0123")));
  }

  @Test
  void everyCodeHasASampleAndCodesAreStable() {
    Set<ErrorCode> covered = EnumSet.noneOf(ErrorCode.class);
    samples().forEach(e -> covered.add(e.code()));
    assertEquals(EnumSet.allOf(ErrorCode.class), covered);
    // Wire numbers must never change: pin them.
    assertEquals(1001, ErrorCode.REGION_MOVED.code());
    assertEquals(1004, ErrorCode.THROTTLED.code());
    assertEquals(1006, ErrorCode.SERVER_ERROR.code());
    assertEquals(2001, ErrorCode.TABLE_NOT_FOUND.code());
    assertEquals(2009, ErrorCode.NAMESPACE_EXISTS.code());
    assertEquals(2013, ErrorCode.SPACE_LIMITED.code());
    assertEquals(2014, ErrorCode.COPROCESSOR.code());
    assertEquals(2017, ErrorCode.CORRUPTED_SNAPSHOT.code());
    for (ErrorCode c : ErrorCode.values()) {
      assertEquals(c.retryable(), c.code() < 2000, c + " is in the wrong range");
      assertSame(c, ErrorCode.fromCode(c.code()));
    }
  }

  @Test
  void retryableErrorsAreSeparateFromFatalOnes() {
    for (StrataException e : samples()) {
      assertEquals(e.isRetryable(), e instanceof RetryableException, e.getClass().getName());
      assertEquals(!e.isRetryable(), e instanceof DoNotRetryException, e.getClass().getName());
    }
  }

  @Test
  void everyExceptionIsRebuiltFromTheWireIdentically() {
    for (StrataException e : samples()) {
      StrataException back = StrataException.fromWire(e.code().code(), e.getMessage(), e.details());
      assertSame(e.getClass(), back.getClass());
      assertEquals(e.getMessage(), back.getMessage());
      assertEquals(e.details(), back.details());
    }
  }

  @Test
  void messagesNameTheObjectAndTheFix() {
    assertEquals("table 'users' does not exist; create it first (create 'users', 'cf') or check "
        + "the name with list", new TableNotFoundException("users").getMessage());
    assertEquals("column family 'x' does not exist in table 'users'; valid families: a, b; add it "
        + "with alter 'users', 'x'",
        new NoSuchFamilyException("users", "x", List.of("a", "b")).getMessage());
    assertEquals("table 'users' is disabled; enable it with enable 'users'",
        new TableDisabledException("users").getMessage());
    assertEquals("table 'users' is read-only; allow writes with alter 'users', READONLY => "
        + "false", new TableReadOnlyException("users").getMessage());
    assertEquals(2012, ErrorCode.TABLE_READ_ONLY.code());
    assertEquals("request throttled by quota user 'bob' read 100req/sec; retry after 250 ms",
        new ThrottlingException("user 'bob' read 100req/sec", 250).getMessage());
    assertEquals(250, ((ThrottlingException) StrataException.fromWire(1004, "m",
        Map.of("quota", "q", "wait.millis", "250"))).waitMillis());
    assertEquals("region users,,1 moved to h2,17020,5; the client refreshes its location and "
        + "retries there", new RegionMovedException("users,,1", "h2,17020,5").getMessage());
    assertEquals("h2,17020,5", new RegionMovedException("users,,1", "h2,17020,5").newServer());
  }

  @Test
  void unknownCodesFromNewerPeersKeepTheMessage() {
    StrataException e = StrataException.fromWire(4242, "something new", Map.of());
    assertInstanceOf(ServerErrorException.class, e);
    assertEquals("error code 4242 from a newer server: something new", e.getMessage());
    assertTrue(e.isRetryable());
    assertFalse(new BadRequestException("x").isRetryable());
  }
}
