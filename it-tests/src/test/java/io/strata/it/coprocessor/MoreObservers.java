package io.strata.it.coprocessor;

import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Mutation;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.RegionInfo;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.InternalScanner;
import io.strata.server.coprocessor.MiniBatchOperationInProgress;
import io.strata.server.coprocessor.ObserverContext;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import io.strata.server.coprocessor.RegionObserver;
import io.strata.server.coprocessor.WALCoprocessor;
import io.strata.server.coprocessor.WALCoprocessorEnvironment;
import io.strata.server.coprocessor.WALObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * Observers of the hooks around check-and-mutates, mini-batches, compactions (selection and
 * the rows written), splits, WAL replay and WAL writes, for {@code RegionHooksTest}.
 */
public final class MoreObservers {
  /** What the observers saw, as "hook arguments". */
  public static final List<String> CALLS = Collections.synchronizedList(new ArrayList<>());

  private MoreObservers() {}

  static List<String> calls(String prefix) {
    synchronized (CALLS) {
      return CALLS.stream().filter(c -> c.startsWith(prefix)).toList();
    }
  }

  private static String row(byte[] row) {
    return Bytes.toString(row);
  }

  /** Answers check-and-mutates of rows "answer*", flips the answer for rows "flip*". */
  public static class Conditions implements RegionCoprocessor, RegionObserver {
    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public CheckAndMutateResult preCheckAndMutate(
        ObserverContext<RegionCoprocessorEnvironment> c, CheckAndMutate cam,
        CheckAndMutateResult result) {
      CALLS.add("preCheckAndMutate " + row(cam.getRow()) + " " + row(cam.getFamily()) + ":"
          + row(cam.getQualifier()) + " " + cam.getCompareOp() + " "
          + cam.getAction().getClass().getSimpleName());
      if (row(cam.getRow()).startsWith("answer")) {
        c.bypass();
        return new CheckAndMutateResult(true, null);
      }
      return result;
    }

    @Override
    public CheckAndMutateResult postCheckAndMutate(
        ObserverContext<RegionCoprocessorEnvironment> c, CheckAndMutate cam,
        CheckAndMutateResult result) {
      CALLS.add("postCheckAndMutate " + row(cam.getRow()) + " " + result.isSuccess());
      return row(cam.getRow()).startsWith("flip")
          ? new CheckAndMutateResult(!result.isSuccess(), result.getResult()) : result;
    }
  }

  /** Fails the puts of rows "veto*" in a mini-batch; records each mini-batch's rows. */
  public static class Batches implements RegionCoprocessor, RegionObserver {
    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    private static String rows(MiniBatchOperationInProgress<Mutation> batch) {
      List<String> rows = new ArrayList<>();
      for (int i = 0; i < batch.size(); i++) {
        rows.add(row(batch.getOperation(i).getRow())
            + (batch.getOperationStatus(i) != null ? "(failed)" : ""));
      }
      return String.join(",", rows);
    }

    @Override
    public void preBatchMutate(ObserverContext<RegionCoprocessorEnvironment> c,
        MiniBatchOperationInProgress<Mutation> batch) {
      for (int i = 0; i < batch.size(); i++) {
        if (row(batch.getOperation(i).getRow()).startsWith("veto")) {
          batch.setOperationStatus(i, new CoprocessorException("row "
              + row(batch.getOperation(i).getRow()) + " is vetoed by its mini-batch"));
        }
      }
      CALLS.add("preBatchMutate " + rows(batch));
    }

    @Override
    public void postBatchMutate(ObserverContext<RegionCoprocessorEnvironment> c,
        MiniBatchOperationInProgress<Mutation> batch) {
      CALLS.add("postBatchMutate " + rows(batch));
    }
  }

  /**
   * Keeps files named in nothing out of compactions, drops cells whose value is "expired" from
   * what compactions write, and records splits and WAL replays.
   */
  public static class Compactions implements RegionCoprocessor, RegionObserver {
    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public void preCompactSelection(ObserverContext<RegionCoprocessorEnvironment> c,
        byte[] family, List<String> candidates) {
      CALLS.add("preCompactSelection " + row(family) + " " + candidates.size());
    }

    @Override
    public void postCompactSelection(ObserverContext<RegionCoprocessorEnvironment> c,
        byte[] family, List<String> selected) {
      CALLS.add("postCompactSelection " + row(family) + " " + selected.size());
    }

    @Override
    public InternalScanner preCompact(ObserverContext<RegionCoprocessorEnvironment> c,
        byte[] family, InternalScanner scanner, boolean major) {
      CALLS.add("preCompact scanner " + row(family) + " " + major);
      return new InternalScanner() {
        @Override
        public boolean next(List<Cell> row) throws IOException {
          boolean more = scanner.next(row);
          row.removeIf(cell -> CellUtil.matchingValue(cell, Bytes.toBytes("expired")));
          return more;
        }

        @Override
        public void close() {
          scanner.close();
        }
      };
    }

    @Override
    public void preSplit(ObserverContext<RegionCoprocessorEnvironment> c, byte[] splitRow) {
      CALLS.add("preSplit " + (splitRow == null ? "(middle)" : row(splitRow)));
    }

    @Override
    public void postSplit(ObserverContext<RegionCoprocessorEnvironment> c, RegionInfo left,
        RegionInfo right) {
      CALLS.add("postSplit [" + row(left.getStartKey()) + "," + row(left.getEndKey()) + ") ["
          + row(right.getStartKey()) + "," + row(right.getEndKey()) + ")");
    }

    @Override
    public void preReplayWALs(ObserverContext<RegionCoprocessorEnvironment> c, RegionInfo info,
        Path edits) {
      CALLS.add("preReplayWALs " + info.getTable() + " " + edits.getName());
    }

    @Override
    public void postReplayWALs(ObserverContext<RegionCoprocessorEnvironment> c, RegionInfo info,
        Path edits) {
      CALLS.add("postReplayWALs " + info.getTable() + " " + edits.getName());
    }
  }

  /** Records the WAL's edits of user tables; refuses those of rows "nowal*". */
  public static class WalRecorder implements WALCoprocessor, WALObserver {
    @Override
    public Optional<WALObserver> getWALObserver() {
      return Optional.of(this);
    }

    @Override
    public void preWALWrite(ObserverContext<WALCoprocessorEnvironment> c, RegionInfo region,
        List<Cell> cells) throws IOException {
      if (region.getTable().isSystemTable()) {
        return;
      }
      String first = row(CellUtil.cloneRow(cells.get(0)));
      CALLS.add("preWALWrite " + region.getTable() + " " + first + " " + cells.size());
      if (first.startsWith("nowal")) {
        throw new CoprocessorException("the WAL refuses row " + first);
      }
    }

    @Override
    public void postWALWrite(ObserverContext<WALCoprocessorEnvironment> c, RegionInfo region,
        long sequenceId, List<Cell> cells) {
      if (!region.getTable().isSystemTable()) {
        CALLS.add("postWALWrite " + region.getTable() + " "
            + row(CellUtil.cloneRow(cells.get(0))) + " seq>0=" + (sequenceId > 0));
      }
    }
  }
}
