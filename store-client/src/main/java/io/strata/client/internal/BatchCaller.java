package io.strata.client.internal;

import io.strata.client.Mutation;
import io.strata.client.OutcomeUnknownException;
import io.strata.client.RegionLocation;
import io.strata.client.Result;
import io.strata.client.RetriesExhaustedException;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.StrataException;
import io.strata.common.proto.ClientProtos.ActionResultProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MultiResponse;
import io.strata.common.proto.ClientProtos.RegionActionResultProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.RpcParam;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A batch of gets and mutations: grouped by server and region into one Multi call per server,
 * sent in parallel. Each action's outcome is told as soon as its answer arrives: to its own
 * future, or to one {@link Outcome} for the whole batch.
 * Actions that fail retryably are located again and resent together after a pause, within the
 * operation timeout: the batch's single retry loop, in rounds, never blocking a thread.
 *
 * <p>An increment or append whose call timed out or lost its connection after it was sent may
 * have been applied; it is not resent but fails with {@link OutcomeUnknownException}, so a
 * counter never counts twice.
 */
final class BatchCaller {
  /** One action: a get (as its message) or a mutation. */
  record Action(byte[] row, GetProto get, Mutation mutation) {
    static Action get(byte[] row, GetProto g) {
      return new Action(row, g, null);
    }

    static Action mutation(Mutation m) {
      return new Action(m.getRow(), null, m);
    }

    /** Whether sending it twice does no harm. */
    boolean idempotent() {
      return mutation == null || mutation instanceof io.strata.client.Put
          || mutation instanceof io.strata.client.Delete;
    }
  }

  /**
   * Hears each action's outcome once: its result, or the error it ended with. Called under the
   * batch's lock, on whichever thread ended the action; must not block or throw.
   */
  interface Outcome {
    void ended(int index, Result result, Throwable error);
  }

  private final AsyncConnectionImpl conn;
  private final TableName table;
  private final int priority;
  private final RetryPolicy policy;

  BatchCaller(AsyncConnectionImpl conn, TableName table, int priority, RetryPolicy policy) {
    this.conn = conn;
    this.table = table;
    this.priority = priority;
    this.policy = policy;
  }

  /**
   * Starts the batch; one future per action, in order: a Result for gets, increments and
   * appends, {@link Result#EMPTY} (or the server's empty result) for puts and deletes.
   */
  @SuppressWarnings("unchecked")
  List<CompletableFuture<Result>> run(String what, List<Action> actions) {
    CompletableFuture<Result>[] futures = new CompletableFuture[actions.size()];
    for (int i = 0; i < futures.length; i++) {
      futures[i] = new CompletableFuture<>();
    }
    run(what, actions, (i, result, error) -> {
      if (error == null) {
        futures[i].complete(result);
      } else {
        futures[i].completeExceptionally(error);
      }
    });
    return List.of(futures);
  }

  /**
   * Starts the batch, telling {@code outcome} of each action as it ends; the future completes
   * after the last has been told. A write buffer's 2,000 puts need no future each this way.
   */
  CompletableFuture<Void> run(String what, List<Action> actions, Outcome outcome) {
    Run run = new Run(what, actions, outcome);
    List<Integer> all = new ArrayList<>(actions.size());
    for (int i = 0; i < actions.size(); i++) {
      all.add(i);
    }
    if (!all.isEmpty()) {
      run.round(all);
    }
    return run.allEnded;
  }

  /** The state of one batch; guarded by itself. */
  private final class Run {
    private final String what;
    private final List<Action> actions;
    private final Outcome outcome;
    private final boolean[] ended;
    private int running;
    private final CompletableFuture<Void> allEnded = new CompletableFuture<>();
    private final long startNanos = System.nanoTime();
    /** Failed attempts of each action, and where each was last sent. */
    private final Map<Integer, List<RetriesExhaustedException.Attempt>> attempts =
        new HashMap<>();
    private final RegionLocation[] used;
    private final Map<Integer, Throwable> retry = new LinkedHashMap<>();
    /** Actions whose last error proved their location stale: located past the cache. */
    private final java.util.Set<Integer> reload = new java.util.HashSet<>();
    private long roundStartMillis;

    Run(String what, List<Action> actions, Outcome outcome) {
      this.what = what;
      this.actions = actions;
      this.outcome = outcome;
      this.ended = new boolean[actions.size()];
      this.running = actions.size();
      this.used = new RegionLocation[actions.size()];
      if (running == 0) {
        allEnded.complete(null);
      }
    }

    /** Ends action {@code i} with its result or error, once (caller holds the lock). */
    private void end(int i, Result result, Throwable error) {
      if (ended[i]) {
        return;
      }
      ended[i] = true;
      try {
        outcome.ended(i, result, error);
      } finally {
        if (--running == 0) {
          allEnded.complete(null);
        }
      }
    }

    /**
     * Ends every action of {@code ids} not ended yet with {@code error}: what this client failed
     * to do for them before they were sent (out of memory, say) ends them, where it would
     * otherwise leave their callers waiting forever.
     */
    private synchronized void giveUp(List<Integer> ids, Throwable error) {
      Throwable cause = RetryingCaller.unwrap(error);
      for (int i : ids) {
        retry.remove(i);
        end(i, null, cause);
      }
    }

    private long elapsedMillis() {
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** Locates the pending actions, then sends one Multi per server. */
    void round(List<Integer> pending) {
      try {
        locateAndSend(pending);
      } catch (Throwable e) {
        giveUp(pending, e);
      }
    }

    private void locateAndSend(List<Integer> pending) {
      roundStartMillis = elapsedMillis();
      long left = policy.operationTimeout().toMillis() - roundStartMillis;
      long rpcTimeout = Math.max(1, Math.min(policy.rpcTimeout().toMillis(), left));
      // Cached locations are taken as they are; only the others are looked up, in parallel.
      RegionLocation[] hits = new RegionLocation[pending.size()];
      List<CompletableFuture<RegionLocation>> lookups = new ArrayList<>();
      CompletableFuture<?>[] looked = new CompletableFuture<?>[pending.size()];
      synchronized (this) {
        // Neighbouring rows mostly share a region: the last one found is tried first, two key
        // comparisons instead of a search of the cache (a tenth of a write buffer's encoding).
        RegionLocation near = null;
        for (int k = 0; k < pending.size(); k++) {
          int i = pending.get(k);
          boolean again = !reload.isEmpty() && reload.remove(i);
          byte[] row = actions.get(i).row();
          if (again) {
            hits[k] = null;
          } else if (near != null && near.region().containsRow(row)) {
            hits[k] = near;
          } else {
            hits[k] = conn.locations().cachedLocation(table, row);
            near = hits[k];
          }
          if (hits[k] == null) {
            CompletableFuture<RegionLocation> f =
                conn.locations().locate(table, row, again, rpcTimeout);
            looked[k] = f;
            lookups.add(f);
          }
        }
      }
      CompletableFuture.allOf(lookups.toArray(new CompletableFuture<?>[0]))
          .handle((x, e) -> {
            Map<ServerName, Map<RegionLocation, List<Integer>>> byServer =
                new LinkedHashMap<>();
            try {
              group(pending, hits, looked, byServer);
            } catch (Throwable error) {
              giveUp(pending, error);
              return CompletableFuture.<Void>completedFuture(null);
            }
            List<CompletableFuture<Void>> calls = new ArrayList<>();
            byServer.forEach((server, regions) -> calls.add(send(server, regions, rpcTimeout)));
            return CompletableFuture.allOf(calls.toArray(new CompletableFuture<?>[0]));
          })
          .thenCompose(f -> f)
          .whenComplete((x, e) -> afterRound());
    }

    /** Groups the located actions of a round by server and region; fails the unlocated ones. */
    private void group(List<Integer> pending, RegionLocation[] hits,
        CompletableFuture<?>[] looked,
        Map<ServerName, Map<RegionLocation, List<Integer>>> byServer) {
      synchronized (this) {
        RegionLocation last = null;
        List<Integer> lastIds = null;
        for (int k = 0; k < pending.size(); k++) {
          int i = pending.get(k);
          RegionLocation loc = hits[k];
          if (loc == null) {
            CompletableFuture<?> f = looked[k];
            if (f.isCompletedExceptionally()) {
              failed(i, errorOf(f), false);
              continue;
            }
            loc = (RegionLocation) f.join();
          }
          used[i] = loc;
          // Neighbouring rows mostly share a region: no map lookups for those.
          if (loc != last) {
            last = loc;
            lastIds = byServer.computeIfAbsent(loc.server(), s -> new LinkedHashMap<>())
                .computeIfAbsent(loc, l -> new ArrayList<>());
          }
          lastIds.add(i);
        }
      }
    }

    private Throwable errorOf(CompletableFuture<?> f) {
      try {
        f.join();
        return null;
      } catch (RuntimeException e) {
        return RetryingCaller.unwrap(e);
      }
    }

    /** Ends the actions that cannot be retried; schedules a round for the others. */
    private void afterRound() {
      List<Integer> again;
      long pause;
      synchronized (this) {
        if (retry.isEmpty()) {
          return;
        }
        again = new ArrayList<>(retry.keySet());
        again.sort(null);
        int tries = 0;
        Throwable sample = null;
        for (int i : again) {
          List<RetriesExhaustedException.Attempt> a = attempts.get(i);
          if (a.size() > tries) {
            tries = a.size();
            sample = a.get(a.size() - 1).error();
          }
        }
        pause = policy.pauseMillis(tries, sample);
        if (tries >= policy.maxAttempts()
            || elapsedMillis() + pause >= policy.operationTimeout().toMillis()) {
          for (int i : again) {
            end(i, null, new RetriesExhaustedException(what + " on table '" + table
                + "' row '" + Bytes.toStringBinary(actions.get(i).row()) + "'", elapsedMillis(),
                attempts.get(i)));
          }
          return;
        }
        for (int i : again) {
          if (conn.locations().onError(used[i], retry.get(i))) {
            reload.add(i);
          }
        }
        retry.clear();
      }
      try {
        conn.timer().schedule(() -> round(again), pause, TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException closed) {
        synchronized (this) {
          for (int i : again) {
            end(i, null, new IOException(what + " on table '" + table
                + "': the connection was closed while the batch waited to retry"));
          }
        }
      }
    }

    /** Records a failed action: retried later if the error allows, else ended with it. */
    private void failed(int i, Throwable e, boolean sent) {
      Action a = actions.get(i);
      if (sent && !a.idempotent()
          && (e instanceof CallTimeoutException || e instanceof ServerErrorException)) {
        end(i, null, new OutcomeUnknownException(what + " on table '"
            + table + "' row '" + Bytes.toStringBinary(a.row()) + "'", e));
        return;
      }
      if (!RetryPolicy.retryable(e)) {
        end(i, null, e);
        return;
      }
      List<RetriesExhaustedException.Attempt> list =
          attempts.computeIfAbsent(i, k -> new ArrayList<>());
      list.add(new RetriesExhaustedException.Attempt(list.size() + 1, roundStartMillis, e));
      retry.put(i, e);
    }

    /** Sends one server its actions; ends them all if the request could not be made. */
    private CompletableFuture<Void> send(ServerName server,
        Map<RegionLocation, List<Integer>> byRegion, long rpcTimeout) {
      try {
        return call(server, byRegion, rpcTimeout);
      } catch (Throwable e) {
        byRegion.values().forEach(ids -> giveUp(ids, e));
        return CompletableFuture.completedFuture(null);
      }
    }

    private CompletableFuture<Void> call(ServerName server,
        Map<RegionLocation, List<Integer>> byRegion, long rpcTimeout) {
      int cellCount = 0;
      for (List<Integer> ids : byRegion.values()) {
        for (int i : ids) {
          Mutation m = actions.get(i).mutation();
          cellCount += m == null ? 0 : m.size();
        }
      }
      CellBlock.Writer cells = OperationProtos.cellWriter(cellCount);
      List<List<Integer>> order = new ArrayList<>();
      List<MultiRequestEncoder.Region> regions = new ArrayList<>(byRegion.size());
      for (Map.Entry<RegionLocation, List<Integer>> e : byRegion.entrySet()) {
        regions.add(new MultiRequestEncoder.Region(e.getKey().region().getEncodedName(),
            e.getValue()));
        order.add(e.getValue());
      }
      boolean putBatch = !conn.lacksPutBatch(server) && allFit(regions);
      RpcParam req = putBatch ? new PutBatchEncoder(regions, actions, cells)
          : new MultiRequestEncoder(regions, actions, cells, true);
      String method = putBatch ? "PutBatch" : "Multi";
      boolean[] sent = {false};
      CompletableFuture<RpcResponse<MultiResponse>> f = conn.channels()
          .connection(server, "ClientService").thenCompose(c -> {
            sent[0] = true;
            return c.callEncoded(method, req, cells, MultiResponse.parser(),
                Duration.ofMillis(rpcTimeout), priority);
          });
      return f.handle((resp, err) -> {
        if (putBatch && err != null
            && BadRequestException.isNoSuchMethod(RetryingCaller.unwrap(err), "PutBatch")) {
          // A server of an earlier release: the same batch as a Multi, and every later one.
          conn.notePutBatchMissing(server);
          return call(server, byRegion, rpcTimeout);
        }
        synchronized (this) {
          if (err != null) {
            Throwable cause = RetryingCaller.unwrap(err);
            order.forEach(ids -> ids.forEach(i -> failed(i, cause, sent[0])));
          } else {
            answered(resp, order);
          }
        }
        return CompletableFuture.<Void>completedFuture(null);
      }).thenCompose(x -> x);
    }

    /** Whether every region's actions can go in a PutBatch. */
    private boolean allFit(List<MultiRequestEncoder.Region> regions) {
      for (MultiRequestEncoder.Region r : regions) {
        if (!PutBatchEncoder.fitsAll(r.actions(), actions)) {
          return false;
        }
      }
      return true;
    }

    private void answered(RpcResponse<MultiResponse> resp, List<List<Integer>> order) {
      try {
        CellBlock.Reader in = new CellBlock.Reader(resp.cellBlock());
        for (int r = 0; r < resp.result().getRegionResultsCount(); r++) {
          RegionActionResultProto rr = resp.result().getRegionResults(r);
          if (rr.hasException()) {
            StrataException ex = StrataException.fromWire(rr.getException().getCode(),
                rr.getException().getMessage(), rr.getException().getDetailsMap());
            order.get(r).forEach(i -> failed(i, ex, false));
            continue;
          }
          for (int k = 0; k < rr.getSucceededCount(); k++) {
            end(rr.getSucceeded(k), Result.EMPTY, null);
          }
          for (ActionResultProto ar : rr.getResultsList()) {
            int i = ar.getIndex();
            if (ar.hasException()) {
              failed(i, StrataException.fromWire(ar.getException().getCode(),
                  ar.getException().getMessage(), ar.getException().getDetailsMap()), false);
            } else {
              end(i, OperationProtos.toResult(ar.getResult(), in), null);
            }
          }
        }
        for (List<Integer> ids : order) {
          for (int i : ids) {
            if (!ended[i] && !retry.containsKey(i)) {
              end(i, null, new IOException("the server's answer to " + what
                  + " on table '" + table + "' left out action " + i + "; it may or may not "
                  + "have been applied"));
            }
          }
        }
      } catch (IOException | RuntimeException e) {
        // An answer we cannot read: whatever it said is lost, as if the call had timed out.
        order.forEach(ids -> ids.forEach(i -> {
          if (!ended[i]) {
            failed(i, e, true);
          }
        }));
      }
    }
  }
}
