package io.strata.it.coprocessor;

import io.strata.client.Append;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.ObserverContext;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import io.strata.server.coprocessor.RegionObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Observers the coprocessor tests load, from the server's class path. */
public final class Observers {
  /** Every hook call the recorders saw, as "name hook row caller". */
  public static final List<String> CALLS = Collections.synchronizedList(new ArrayList<>());

  private Observers() {}

  /** Calls of user tables only (the recorders see strata:meta and strata:quota too). */
  static List<String> userCalls() {
    synchronized (CALLS) {
      return CALLS.stream().filter(c -> !c.contains(" strata:")).toList();
    }
  }

  /** Records each hook with its name (the property {@code name}) and arguments. */
  public static class Recorder implements RegionCoprocessor, RegionObserver {
    private String name = "system";

    @Override
    public void start(CoprocessorEnvironment<?> env) {
      name = env.getConfiguration().getRaw("name") == null ? "system"
          : env.getConfiguration().getRaw("name");
    }

    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    private void record(ObserverContext<RegionCoprocessorEnvironment> c, String hook,
        byte[] row) {
      if (io.strata.server.rpc.RpcServer.onIoThread()) {
        CALLS.add("ON A NETWORK THREAD: " + hook); // hooks may wait: they must not run there
      }
      CALLS.add(name + " " + hook + " " + (row == null ? "" : Bytes.toString(row)) + " "
          + c.getCaller().orElse("-") + " " + c.getEnvironment().getRegionInfo().getTable());
    }

    @Override
    public void postOpen(ObserverContext<RegionCoprocessorEnvironment> c) {
      record(c, "postOpen", null);
    }

    @Override
    public void preClose(ObserverContext<RegionCoprocessorEnvironment> c, boolean abort) {
      record(c, "preClose", null);
    }

    @Override
    public void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
        List<Cell> result) {
      record(c, "preGetOp", get.getRow());
    }

    @Override
    public void postGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
        List<Cell> result) {
      record(c, "postGetOp(" + result.size() + ")", get.getRow());
    }

    @Override
    public boolean preExists(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
        boolean exists) {
      record(c, "preExists", get.getRow());
      return exists;
    }

    @Override
    public boolean postExists(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
        boolean exists) {
      record(c, "postExists(" + exists + ")", get.getRow());
      return exists;
    }

    @Override
    public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
        Durability durability) {
      record(c, "prePut", put.getRow());
    }

    @Override
    public void postPut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
        Durability durability) {
      record(c, "postPut", put.getRow());
    }

    @Override
    public void preDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete,
        Durability durability) {
      record(c, "preDelete", delete.getRow());
    }

    @Override
    public void postDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete,
        Durability durability) {
      record(c, "postDelete", delete.getRow());
    }

    @Override
    public Result preIncrement(ObserverContext<RegionCoprocessorEnvironment> c,
        Increment increment) {
      record(c, "preIncrement", increment.getRow());
      return null;
    }

    @Override
    public Result postIncrement(ObserverContext<RegionCoprocessorEnvironment> c,
        Increment increment, Result result) {
      record(c, "postIncrement(" + result.size() + ")", increment.getRow());
      return result;
    }

    @Override
    public Result preAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append) {
      record(c, "preAppend", append.getRow());
      return null;
    }

    @Override
    public void preFlush(ObserverContext<RegionCoprocessorEnvironment> c) {
      record(c, "preFlush", null);
    }

    @Override
    public void postFlush(ObserverContext<RegionCoprocessorEnvironment> c) {
      record(c, "postFlush", null);
    }

    @Override
    public void preCompact(ObserverContext<RegionCoprocessorEnvironment> c, byte[] family,
        boolean major) {
      record(c, "preCompact(" + Bytes.toString(family) + "," + major + ")", null);
    }

    @Override
    public void postCompact(ObserverContext<RegionCoprocessorEnvironment> c, byte[] family,
        boolean major) {
      record(c, "postCompact(" + Bytes.toString(family) + "," + major + ")", null);
    }

    @Override
    public void preScannerOpen(ObserverContext<RegionCoprocessorEnvironment> c, Scan scan) {
      record(c, "preScannerOpen", scan.getStartRow());
    }

    @Override
    public void postScannerOpen(ObserverContext<RegionCoprocessorEnvironment> c, Scan scan,
        long scannerId) {
      record(c, "postScannerOpen", scan.getStartRow());
    }

    @Override
    public boolean preScannerNext(ObserverContext<RegionCoprocessorEnvironment> c,
        long scannerId, List<Result> result, int limit, boolean hasNext) {
      record(c, "preScannerNext", null);
      return hasNext;
    }

    @Override
    public boolean postScannerNext(ObserverContext<RegionCoprocessorEnvironment> c,
        long scannerId, List<Result> result, int limit, boolean hasNext) {
      record(c, "postScannerNext(" + result.size() + "," + hasNext + ")", null);
      return hasNext;
    }

    @Override
    public void preScannerClose(ObserverContext<RegionCoprocessorEnvironment> c,
        long scannerId) {
      record(c, "preScannerClose", null);
    }

    @Override
    public void postScannerClose(ObserverContext<RegionCoprocessorEnvironment> c,
        long scannerId) {
      record(c, "postScannerClose", null);
    }

    @Override
    public Result postAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append,
        Result result) {
      record(c, "postAppend(" + result.size() + ")", append.getRow());
      return result;
    }
  }

  /** Another recorder class: a table attaches each class once. */
  public static class OtherRecorder extends Recorder {}

  /** Answers, changes, bypasses and refuses, by row. */
  public static class Shaper implements RegionCoprocessor, RegionObserver {
    static final byte[] F = Bytes.toBytes("f");

    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    private static boolean is(byte[] row, String prefix) {
      return Bytes.toString(row).startsWith(prefix);
    }

    @Override
    public void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
        List<Cell> result) {
      if (is(get.getRow(), "virtual")) {
        result.add(KeyValue.of(get.getRow(), F, Bytes.toBytes("q"), 7, CellType.PUT,
            Bytes.toBytes("made")));
        c.bypass();
      }
    }

    @Override
    public void postGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
        List<Cell> result) {
      result.removeIf(cell -> Bytes.toString(cell.getQualifierArray(), cell.getQualifierOffset(),
          cell.getQualifierLength()).equals("secret"));
    }

    @Override
    public boolean preExists(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
        boolean exists) {
      if (is(get.getRow(), "virtual")) {
        c.bypass();
        return true;
      }
      return exists;
    }

    @Override
    public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
        Durability durability) throws IOException {
      if (is(put.getRow(), "bad")) {
        throw new CoprocessorException("row " + Bytes.toString(put.getRow()) + " is refused");
      }
      if (is(put.getRow(), "skip")) {
        c.bypass();
        return;
      }
      put.addColumn(F, Bytes.toBytes("stamp"), Bytes.toBytes("observed"));
    }

    @Override
    public void preDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete,
        Durability durability) {
      if (is(delete.getRow(), "keep")) {
        c.bypass();
      }
    }

    @Override
    public Result preIncrement(ObserverContext<RegionCoprocessorEnvironment> c,
        Increment increment) {
      if (is(increment.getRow(), "fixed")) {
        c.bypass();
        return Result.create(List.of(KeyValue.of(increment.getRow(), F, Bytes.toBytes("q"), 9,
            CellType.PUT, Bytes.toBytes(42L))));
      }
      return null;
    }

    @Override
    public Result preAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append) {
      append.addColumn(F, Bytes.toBytes("mark"), Bytes.toBytes("!"));
      return null;
    }

    /** Scans skip rows whose key starts with "hidden", and every "secret" column. */
    @Override
    public boolean postScannerNext(ObserverContext<RegionCoprocessorEnvironment> c,
        long scannerId, List<Result> result, int limit, boolean hasNext) {
      List<Result> shown = new ArrayList<>();
      for (Result r : result) {
        if (is(r.getRow(), "hidden")) {
          continue;
        }
        List<Cell> cells = new ArrayList<>(List.of(r.rawCells()));
        postGetOp(c, null, cells);
        if (!cells.isEmpty()) {
          shown.add(Result.create(cells));
        }
      }
      result.clear();
      result.addAll(shown);
      return hasNext;
    }

    @Override
    public Result postAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append,
        Result result) {
      List<Cell> kept = new ArrayList<>();
      for (Cell cell : result.rawCells()) {
        if (!Bytes.toString(cell.getQualifierArray(), cell.getQualifierOffset(),
            cell.getQualifierLength()).equals("mark")) {
          kept.add(cell);
        }
      }
      return Result.create(kept); // the client does not see the mark
    }
  }

  /** A bug: throws an unchecked exception on the put of row "boom". */
  public static class Boom implements RegionCoprocessor, RegionObserver {
    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
        Durability durability) {
      if (Bytes.toString(put.getRow()).equals("boom")) {
        throw new IllegalStateException("boom");
      }
    }
  }
}
