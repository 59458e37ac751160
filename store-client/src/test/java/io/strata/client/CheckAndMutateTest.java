package io.strata.client;

import static io.strata.client.TestCells.assertBadArgument;
import static io.strata.client.TestCells.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.PrefixFilter;
import org.junit.jupiter.api.Test;

class CheckAndMutateTest {
  private static final Put PUT = new Put(b("r")).addColumn(b("f"), b("q"), b("v"));

  @Test
  void ifNotExistsIsEqualsAbsent() {
    CheckAndMutate cam = CheckAndMutate.newBuilder(b("r")).ifNotExists(b("f"), b("q")).build(PUT);
    assertArrayEquals(b("r"), cam.getRow());
    assertArrayEquals(b("f"), cam.getFamily());
    assertArrayEquals(b("q"), cam.getQualifier());
    assertEquals(CompareOperator.EQUAL, cam.getCompareOp());
    assertNull(cam.getValue());
    assertNull(cam.getFilter());
    assertFalse(cam.hasFilter());
    assertSame(PUT, cam.getAction());
  }

  @Test
  void ifEqualsAndIfMatches() {
    Delete delete = new Delete(b("r"));
    CheckAndMutate eq = CheckAndMutate.newBuilder(b("r")).ifEquals(b("f"), b("q"), b("7"))
        .build(delete);
    assertEquals(CompareOperator.EQUAL, eq.getCompareOp());
    assertArrayEquals(b("7"), eq.getValue());
    assertSame(delete, eq.getAction());

    CheckAndMutate gt = CheckAndMutate.newBuilder(b("r"))
        .ifMatches(b("f"), b("q"), CompareOperator.GREATER, b("5")).build(PUT);
    assertEquals(CompareOperator.GREATER, gt.getCompareOp());
    assertArrayEquals(b("5"), gt.getValue());

    CheckAndMutate present = CheckAndMutate.newBuilder(b("r"))
        .ifMatches(b("f"), b("q"), CompareOperator.NOT_EQUAL, null).build(PUT);
    assertNull(present.getValue());
  }

  @Test
  void filterCondition() {
    PrefixFilter filter = new PrefixFilter(b("r"));
    RowMutations rm = new RowMutations(b("r")).add(PUT);
    CheckAndMutate cam = CheckAndMutate.newBuilder(b("r")).ifMatches(filter).build(rm);
    assertTrue(cam.hasFilter());
    assertSame(filter, cam.getFilter());
    assertNull(cam.getFamily());
    assertNull(cam.getCompareOp());
    Row action = cam.getAction();
    assertTrue(action instanceof RowMutations);
  }

  @Test
  void theActionMustBeOfTheSameRow() {
    assertBadArgument(() -> CheckAndMutate.newBuilder(b("row1")).ifNotExists(b("f"), b("q"))
        .build(new Put(b("row2")).addColumn(b("f"), b("q"), b("v"))),
        "Put row 'row2'", "CheckAndMutate row 'row1'");
    assertBadArgument(() -> CheckAndMutate.newBuilder(b("row1")).ifNotExists(b("f"), b("q"))
        .build(new RowMutations(b("row2"))), "RowMutations row 'row2'", "'row1'");
    assertBadArgument(() -> CheckAndMutate.newBuilder(b("row1")).ifNotExists(b("f"), b("q"))
        .build((Delete) null), "Delete", "null");
  }

  @Test
  void exactlyOneConditionIsNeeded() {
    assertBadArgument(() -> CheckAndMutate.newBuilder(b("r")).build(PUT), "no condition",
        "ifNotExists");
    assertBadArgument(() -> CheckAndMutate.newBuilder(b("r")).ifNotExists(b("f"), b("q"))
        .ifMatches(new PrefixFilter(b("r"))), "already has a condition");
    assertBadArgument(() -> CheckAndMutate.newBuilder(b("r")).ifMatches(new PrefixFilter(b("r")))
        .ifEquals(b("f"), b("q"), b("v")), "already has a condition (a filter)");
  }

  @Test
  void badConditions() {
    CheckAndMutate.Builder builder = CheckAndMutate.newBuilder(b("r"));
    assertBadArgument(() -> builder.ifEquals(b("f"), b("q"), null), "ifNotExists");
    assertBadArgument(() -> builder.ifMatches(b("f"), b("q"), CompareOperator.LESS, null),
        "LESS needs a value");
    assertBadArgument(() -> builder.ifMatches(b("f"), b("q"), null, b("v")), "operator is null");
    assertBadArgument(() -> builder.ifMatches(null), "filter is null");
    assertBadArgument(() -> builder.ifNotExists(null, b("q")), "family", "null");
    assertBadArgument(() -> CheckAndMutate.newBuilder(null), "CheckAndMutate row", "null");
    // The rejected calls left the builder without a condition.
    assertEquals(CompareOperator.EQUAL,
        builder.ifNotExists(b("f"), b("q")).build(PUT).getCompareOp());
  }

  @Test
  void result() {
    CheckAndMutateResult ok = new CheckAndMutateResult(true, null);
    assertTrue(ok.isSuccess());
    assertSame(Result.EMPTY, ok.getResult());
    Result r = Result.create(PUT.cells());
    CheckAndMutateResult failed = new CheckAndMutateResult(false, r);
    assertFalse(failed.isSuccess());
    assertSame(r, failed.getResult());
  }

  @Test
  void incrementAndAppendActions() {
    Increment inc = new Increment(b("r")).addColumn(b("f"), b("n"), 1);
    CheckAndMutate cam = CheckAndMutate.newBuilder(b("r")).ifNotExists(b("f"), b("q")).build(inc);
    assertSame(inc, cam.getAction());
    Append app = new Append(b("r")).addColumn(b("f"), b("log"), b("x"));
    assertSame(app, CheckAndMutate.newBuilder(b("r")).ifEquals(b("f"), b("q"), b("v"))
        .build(app).getAction());
    assertBadArgument(() -> CheckAndMutate.newBuilder(b("r")).ifNotExists(b("f"), b("q"))
        .build(new Increment(b("other")).addColumn(b("f"), b("n"), 1)),
        "Increment row 'other'", "CheckAndMutate row 'r'");
    assertBadArgument(() -> CheckAndMutate.newBuilder(b("r")).ifNotExists(b("f"), b("q"))
        .build((Append) null), "the Append to apply is null");
  }

  @Test
  void timeRangeNarrowsTheCondition() {
    CheckAndMutate all = CheckAndMutate.newBuilder(b("r")).ifNotExists(b("f"), b("q")).build(PUT);
    assertTrue(all.getTimeRange().isAllTime());
    assertFalse(all.toString().contains(" in ["), all.toString());

    CheckAndMutate cam = CheckAndMutate.newBuilder(b("r"))
        .ifMatches(b("f"), b("q"), CompareOperator.GREATER, b("5"))
        .timeRange(TimeRange.between(100, 200)).build(PUT);
    assertEquals(TimeRange.between(100, 200), cam.getTimeRange());
    assertTrue(cam.toString().contains("f:q GREATER 5 in [100, 200)"), cam.toString());
    // With a filter condition too, and set before the condition.
    CheckAndMutate filtered = CheckAndMutate.newBuilder(b("r"))
        .timeRange(TimeRange.at(7)).ifMatches(new PrefixFilter(b("r"))).build(PUT);
    assertEquals(TimeRange.at(7), filtered.getTimeRange());

    assertBadArgument(() -> CheckAndMutate.newBuilder(b("r")).timeRange(null),
        "time range is null", "TimeRange.allTime()");
  }
}
