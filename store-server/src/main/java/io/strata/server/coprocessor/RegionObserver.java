package io.strata.server.coprocessor;

import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.common.schema.Durability;
import io.strata.common.schema.RegionInfo;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Hooks around a region's operations, with HBase's names; every one does nothing unless
 * overridden. A pre hook runs before the operation and may change its argument (the get, the
 * put) or skip the operation with {@link ObserverContext#bypass()}; a post hook runs after it
 * and may change its result. A hook that throws an IOException fails the call with it
 * ({@code io.strata.common.error.CoprocessorException} to refuse it for good, as HBase's
 * DoNotRetryIOException); any other throwable is a coprocessor bug, handled as
 * {@code strata.coprocessor.abortonerror} says. Each put or delete of a batch gets its own hooks.
 */
public interface RegionObserver {
  /** Before the region opens. */
  default void preOpen(ObserverContext<RegionCoprocessorEnvironment> c) throws IOException {}

  /** Once the region is open and serving. */
  default void postOpen(ObserverContext<RegionCoprocessorEnvironment> c) {}

  /** Before the region closes; {@code abortRequested}: the server is aborting. */
  default void preClose(ObserverContext<RegionCoprocessorEnvironment> c,
      boolean abortRequested) throws IOException {}

  /** Once the region has closed. */
  default void postClose(ObserverContext<RegionCoprocessorEnvironment> c,
      boolean abortRequested) {}

  /**
   * Before a get. To answer it without reading, add the cells to {@code result} and bypass.
   */
  default void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
      List<Cell> result) throws IOException {}

  /** After a get, with the cells it read, which the hook may change. */
  default void postGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
      List<Cell> result) throws IOException {}

  /**
   * Before an exists check ({@code Table.exists}); returns the answer to give if the hook
   * bypasses, else {@code exists} unchanged.
   */
  default boolean preExists(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
      boolean exists) throws IOException {
    return exists;
  }

  /** After an exists check; returns the answer to give. */
  default boolean postExists(ObserverContext<RegionCoprocessorEnvironment> c, Get get,
      boolean exists) throws IOException {
    return exists;
  }

  /** Before a put is written; the hook may add or change its cells, or bypass it. */
  default void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
      Durability durability) throws IOException {}

  /** After a put is written. */
  default void postPut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
      Durability durability) throws IOException {}

  /** Before a delete is written; the hook may change it, or bypass it. */
  default void preDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete,
      Durability durability) throws IOException {}

  /** After a delete is written. */
  default void postDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete,
      Durability durability) throws IOException {}

  /**
   * Before an increment; the hook may change it, or answer it with a result of its own and
   * bypass it. Returns that result (null: none), as HBase's.
   */
  default Result preIncrement(ObserverContext<RegionCoprocessorEnvironment> c,
      Increment increment) throws IOException {
    return null;
  }

  /** After an increment, with the new values; returns the result to give. */
  default Result postIncrement(ObserverContext<RegionCoprocessorEnvironment> c,
      Increment increment, Result result) throws IOException {
    return result;
  }

  /**
   * Before an append; the hook may change it, or answer it with a result of its own and bypass
   * it. Returns that result (null: none).
   */
  default Result preAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append)
      throws IOException {
    return null;
  }

  /** After an append, with the new values; returns the result to give. */
  default Result postAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append,
      Result result) throws IOException {
    return result;
  }

  /** Before a scanner opens on the region; the hook may change the scan. */
  default void preScannerOpen(ObserverContext<RegionCoprocessorEnvironment> c, Scan scan)
      throws IOException {}

  /** Once the scanner {@code scannerId} is open. */
  default void postScannerOpen(ObserverContext<RegionCoprocessorEnvironment> c, Scan scan,
      long scannerId) throws IOException {}

  /**
   * Before a scanner call reads up to {@code limit} rows. To answer it without reading, add
   * the rows to {@code result}, bypass, and return whether the scanner has more after them;
   * else return {@code hasNext} unchanged.
   */
  default boolean preScannerNext(ObserverContext<RegionCoprocessorEnvironment> c,
      long scannerId, List<Result> result, int limit, boolean hasNext) throws IOException {
    return hasNext;
  }

  /**
   * After a scanner call read its rows, which the hook may change; returns whether the scanner
   * has more (false ends the scan in this region).
   */
  default boolean postScannerNext(ObserverContext<RegionCoprocessorEnvironment> c,
      long scannerId, List<Result> result, int limit, boolean hasNext) throws IOException {
    return hasNext;
  }

  /** Before a scanner closes: the client closed it, or it reached its end. */
  default void preScannerClose(ObserverContext<RegionCoprocessorEnvironment> c, long scannerId)
      throws IOException {}

  /** Once the scanner closed. */
  default void postScannerClose(ObserverContext<RegionCoprocessorEnvironment> c,
      long scannerId) throws IOException {}

  /**
   * Before the region flushes its memstores (asked for, or as they fill); an IOException fails
   * this flush, which is tried again.
   */
  default void preFlush(ObserverContext<RegionCoprocessorEnvironment> c) throws IOException {}

  /** Once a flush committed its files. */
  default void postFlush(ObserverContext<RegionCoprocessorEnvironment> c) throws IOException {}

  /**
   * Before a family's store compacts ({@code major}: all its files); an IOException fails this
   * compaction, whose inputs stay.
   */
  default void preCompact(ObserverContext<RegionCoprocessorEnvironment> c, byte[] family,
      boolean major) throws IOException {}

  /** Once a family's compaction committed its file. */
  default void postCompact(ObserverContext<RegionCoprocessorEnvironment> c, byte[] family,
      boolean major) throws IOException {}

  /**
   * Before a family's store picks the files of a compaction: {@code candidates} are the names of
   * its files, newest first; remove any to keep it out of this compaction.
   */
  default void preCompactSelection(ObserverContext<RegionCoprocessorEnvironment> c,
      byte[] family, List<String> candidates) throws IOException {}

  /** Once the store picked the files it compacts ({@code selected}, by name). */
  default void postCompactSelection(ObserverContext<RegionCoprocessorEnvironment> c,
      byte[] family, List<String> selected) {}

  /**
   * The rows a family's compaction writes, as HBase's preCompact: return {@code scanner}, or a
   * wrapper of it that drops or changes cells (a cleanup of expired queue entries, say). A
   * wrapper's rows must keep their cells in order and in their row; what it returns is what the
   * new file holds. A wrapper makes the compaction merge cells even where it would have copied
   * whole blocks.
   */
  default InternalScanner preCompact(ObserverContext<RegionCoprocessorEnvironment> c,
      byte[] family, InternalScanner scanner, boolean major) throws IOException {
    return scanner;
  }

  /**
   * Before a check-and-mutate (HBase 2.4's form): bypass and return the answer to skip it, or
   * return {@code result} to go on.
   */
  default CheckAndMutateResult preCheckAndMutate(ObserverContext<RegionCoprocessorEnvironment> c,
      CheckAndMutate checkAndMutate, CheckAndMutateResult result) throws IOException {
    return result;
  }

  /** After a check-and-mutate, with its answer; returns the answer the client gets. */
  default CheckAndMutateResult postCheckAndMutate(
      ObserverContext<RegionCoprocessorEnvironment> c, CheckAndMutate checkAndMutate,
      CheckAndMutateResult result) throws IOException {
    return result;
  }

  /**
   * Before a mini-batch, the puts and deletes the region writes as one (a batch's run of them on
   * this region, or one row's mutations), once each one's own pre hook ran: fail any with
   * {@link MiniBatchOperationInProgress#setOperationStatus}; an IOException fails them all.
   */
  default void preBatchMutate(ObserverContext<RegionCoprocessorEnvironment> c,
      MiniBatchOperationInProgress<Mutation> miniBatch) throws IOException {}

  /**
   * Once a mini-batch was written: the same one, whose operations failed by preBatchMutate
   * (their status set) were not.
   */
  default void postBatchMutate(ObserverContext<RegionCoprocessorEnvironment> c,
      MiniBatchOperationInProgress<Mutation> miniBatch) throws IOException {}

  /**
   * Before the region splits at {@code splitRow} (null: at its middle row, found next); an
   * IOException refuses the split.
   */
  default void preSplit(ObserverContext<RegionCoprocessorEnvironment> c, byte[] splitRow)
      throws IOException {}

  /** Once the region split into {@code left} and {@code right} (before its coprocessors stop). */
  default void postSplit(ObserverContext<RegionCoprocessorEnvironment> c, RegionInfo left,
      RegionInfo right) {}

  /**
   * Before the region, opening, replays the edits of one WAL file it did not flush (after a
   * server's crash): {@code edits} is the file.
   */
  default void preReplayWALs(ObserverContext<RegionCoprocessorEnvironment> c, RegionInfo info,
      Path edits) throws IOException {}

  /** Once the region replayed the file's edits. */
  default void postReplayWALs(ObserverContext<RegionCoprocessorEnvironment> c, RegionInfo info,
      Path edits) throws IOException {}
}
