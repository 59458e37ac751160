package io.strata.client;

import com.google.protobuf.RpcChannel;
import io.strata.client.coprocessor.ServiceCaller;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Reads and writes one table without blocking: every operation returns a future at once and
 * completes it on the connection's callback threads. It routes each call to the region holding
 * its row and retries what is retryable (a region moving or splitting, a busy server) within the
 * operation timeout, in one retry loop per operation; errors retrying cannot fix fail the future
 * at once with the server's exception. Light and thread-safe.
 *
 * <pre>{@code
 * AsyncTable t = asyncConn.getTable(TableName.valueOf("events"));
 * List<CompletableFuture<Void>> puts = t.put(manyPuts);       // grouped per server, in parallel
 * t.scan(new Scan().setRowPrefixFilter(day), consumer);        // results pushed to the consumer
 * }</pre>
 */
public interface AsyncTable {
  TableName getName();

  StrataConfiguration getConfiguration();

  /** This handle's operation timeout (all attempts of one operation). */
  Duration getOperationTimeout();

  /** This handle's timeout of one RPC. */
  Duration getRpcTimeout();

  CompletableFuture<Result> get(Get get);

  /** One future per get, in order; the gets are grouped per server and sent in parallel. */
  List<CompletableFuture<Result>> get(List<Get> gets);

  /** All results in the order of the gets; fails with the first failure. */
  default CompletableFuture<List<Result>> getAll(List<Get> gets) {
    return allOf(get(gets));
  }

  CompletableFuture<Boolean> exists(Get get);

  List<CompletableFuture<Boolean>> exists(List<Get> gets);

  default CompletableFuture<List<Boolean>> existsAll(List<Get> gets) {
    return allOf(exists(gets));
  }

  CompletableFuture<Void> put(Put put);

  List<CompletableFuture<Void>> put(List<Put> puts);

  default CompletableFuture<Void> putAll(List<Put> puts) {
    return allOf(put(puts)).thenApply(x -> null);
  }

  CompletableFuture<Void> delete(Delete delete);

  List<CompletableFuture<Void>> delete(List<Delete> deletes);

  default CompletableFuture<Void> deleteAll(List<Delete> deletes) {
    return allOf(delete(deletes)).thenApply(x -> null);
  }

  /** Adds to 8-byte counters atomically; the new values (unless returnResults is off). */
  CompletableFuture<Result> increment(Increment increment);

  default CompletableFuture<Long> incrementColumnValue(byte[] row, byte[] family,
      byte[] qualifier, long amount) {
    return increment(new Increment(row).addColumn(family, qualifier, amount))
        .thenApply(r -> Bytes.toLong(r.getValue(family, qualifier)));
  }

  CompletableFuture<Result> append(Append append);

  /** A compare-and-set: applies the action if the condition holds on the row's newest values. */
  CompletableFuture<CheckAndMutateResult> checkAndMutate(CheckAndMutate checkAndMutate);

  /** Applies the puts and deletes of one row atomically. */
  CompletableFuture<Void> mutateRow(RowMutations mutations);

  /**
   * Any mix of {@link Get}, {@link Put}, {@link Delete}, {@link Increment}, {@link Append},
   * {@link RowMutations} and {@link CheckAndMutate}: one future per action, in order, completing
   * with a {@link Result} ({@link Result#EMPTY} for puts, deletes and row mutations) or a
   * {@link CheckAndMutateResult}. Actions are grouped per region server into one call each, sent
   * in parallel; only failed actions are retried. The order in which actions apply is not
   * defined, even for actions on the same row.
   */
  <T> List<CompletableFuture<T>> batch(List<? extends Row> actions);

  /** All results of {@link #batch}, in order; fails with the first failure. */
  default <T> CompletableFuture<List<T>> batchAll(List<? extends Row> actions) {
    List<CompletableFuture<T>> fs = batch(actions);
    return allOf(fs);
  }

  /**
   * Pushes the scan's rows to {@code consumer}, one call at a time, fetching the next batch as
   * the consumer takes them; {@link ScanResultConsumer#onNext} returning false stops the scan.
   */
  void scan(Scan scan, ScanResultConsumer consumer);

  /** The scan's rows pulled one future at a time (the async iterator form). */
  AsyncResultScanner openScanner(Scan scan);

  /** A blocking iterator over the scan (for a thread that may block). */
  ResultScanner getScanner(Scan scan);

  /** Every row of the scan in one list: for scans known to be small. */
  CompletableFuture<List<Result>> scanAll(Scan scan);

  /**
   * Calls a coprocessor endpoint on the region holding {@code row}: {@code stubMaker} makes a
   * stub of the endpoint's service over the region's channel (for a generated service, {@code
   * MyService::newStub}), and {@code callable} makes the call with the given controller and
   * callback. The future completes with what the callback is given, or fails with the server's
   * error; a region moving or splitting is retried as every call is.
   */
  <S, R> CompletableFuture<R> coprocessorService(Function<RpcChannel, S> stubMaker,
      ServiceCaller<S, R> callable, byte[] row);

  /**
   * Calls a coprocessor endpoint on every region of a key range, in parallel, telling {@code
   * callback} of each region's outcome: set the range on the builder and {@link
   * CoprocessorServiceBuilder#execute()} it. Regions that split, merge or move while the call
   * runs are followed: every row of the range is covered by exactly one region's answer.
   */
  <S, R> CoprocessorServiceBuilder<S, R> coprocessorService(Function<RpcChannel, S> stubMaker,
      ServiceCaller<S, R> callable, CoprocessorCallback<R> callback);

  /**
   * The outcomes of a range call of an endpoint, as HBase's: each region's answer or error, then
   * {@link #onComplete()} once all are in; or {@link #onError} if the range's regions could not be
   * found. Called on the connection's callback threads, one at a time.
   */
  interface CoprocessorCallback<R> {
    void onRegionComplete(RegionInfo region, R resp);

    /**
     * A region's call failed (after retries, where retrying could help). {@code region} is
     * null when the region of a part of the range could not be found.
     */
    void onRegionError(RegionInfo region, Throwable error);

    void onComplete();

    void onError(Throwable error);
  }

  /** The key range of an endpoint's range call: from the table's start to its end unless set. */
  interface CoprocessorServiceBuilder<S, R> {
    default CoprocessorServiceBuilder<S, R> fromRow(byte[] startKey) {
      return fromRow(startKey, true);
    }

    CoprocessorServiceBuilder<S, R> fromRow(byte[] startKey, boolean inclusive);

    default CoprocessorServiceBuilder<S, R> toRow(byte[] endKey) {
      return toRow(endKey, false);
    }

    CoprocessorServiceBuilder<S, R> toRow(byte[] endKey, boolean inclusive);

    /** Starts the calls; the callback hears how they went. */
    void execute();
  }

  /** One future done when all are, with their values in order; fails as the first failure. */
  private static <T> CompletableFuture<List<T>> allOf(List<CompletableFuture<T>> fs) {
    return CompletableFuture.allOf(fs.toArray(new CompletableFuture<?>[0]))
        .thenApply(x -> fs.stream().map(CompletableFuture::join).toList());
  }
}
