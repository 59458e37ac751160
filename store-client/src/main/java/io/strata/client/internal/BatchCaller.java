package io.strata.client.internal;

import io.strata.client.BatchFailedException;
import io.strata.client.Mutation;
import io.strata.client.RegionLocation;
import io.strata.client.Result;
import io.strata.client.RetriesExhaustedException;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.error.StrataException;
import io.strata.common.proto.ClientProtos.ActionProto;
import io.strata.common.proto.ClientProtos.ActionResultProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MultiRequest;
import io.strata.common.proto.ClientProtos.MultiResponse;
import io.strata.common.proto.ClientProtos.RegionActionProto;
import io.strata.common.proto.ClientProtos.RegionActionResultProto;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A batch of gets and mutations: grouped by server and region into one Multi call per server,
 * sent in parallel; actions that fail retryably are located again and resent together, within
 * the operation timeout. This is the batch's single retry loop; each action ends with its
 * result or its own error.
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
  }

  private final ConnectionImpl conn;
  private final TableName table;
  private final int priority;

  BatchCaller(ConnectionImpl conn, TableName table, int priority) {
    this.conn = conn;
    this.table = table;
    this.priority = priority;
  }

  /** Results by index: a Result for gets, increments and appends, Result.EMPTY for the rest. */
  Object[] run(String what, List<Action> actions) throws IOException {
    RetryPolicy policy = conn.caller().policy();
    long start = System.nanoTime();
    long timeout = policy.operationTimeout().toMillis();
    Object[] results = new Object[actions.size()];
    Map<Integer, IOException> errors = new TreeMap<>();
    Map<Integer, Throwable> retryable = new HashMap<>();
    List<Integer> pending = new ArrayList<>();
    for (int i = 0; i < actions.size(); i++) {
      pending.add(i);
    }
    Map<Integer, RegionLocation> used = new HashMap<>();
    int tries = 0;
    while (!pending.isEmpty()) {
      tries++;
      long left = timeout - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      long rpcTimeout = Math.max(1, Math.min(policy.rpcTimeout().toMillis(), left));
      // Locate every pending action (again, if its last error said the location was stale).
      Map<ServerName, Map<RegionLocation, List<Integer>>> byServer = new LinkedHashMap<>();
      for (int i : pending) {
        Throwable prev = retryable.remove(i);
        boolean stale = prev != null && conn.locations().onError(used.get(i), prev);
        if (stale) {
          conn.locations().invalidate(used.get(i));
        }
        try {
          RegionLocation loc = RetryingCaller.join(conn.locations().locate(table,
              actions.get(i).row(), stale, rpcTimeout));
          used.put(i, loc);
          byServer.computeIfAbsent(loc.server(), s -> new LinkedHashMap<>())
              .computeIfAbsent(loc, l -> new ArrayList<>()).add(i);
        } catch (IOException e) {
          if (RetryPolicy.retryable(e)) {
            retryable.put(i, e);
          } else {
            errors.put(i, e);
          }
        }
      }
      // One Multi per server, all in flight at once.
      List<CompletableFuture<Void>> calls = new ArrayList<>();
      for (Map.Entry<ServerName, Map<RegionLocation, List<Integer>>> e : byServer.entrySet()) {
        calls.add(send(e.getKey(), e.getValue(), actions, rpcTimeout, results, errors,
            retryable));
      }
      for (CompletableFuture<Void> c : calls) {
        c.join();
      }
      pending = new ArrayList<>(retryable.keySet());
      pending.sort(null);
      if (pending.isEmpty()) {
        break;
      }
      Throwable sample = retryable.get(pending.get(0));
      long pause = policy.pauseMillis(tries, sample);
      long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      if (tries > policy.retries() || elapsed + pause >= timeout) {
        for (int i : pending) {
          errors.put(i, new RetriesExhaustedException(what + " on table '" + table + "'", tries,
              elapsed, retryable.get(i)));
        }
        break;
      }
      try {
        Thread.sleep(pause);
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted during a " + what + " batch");
      }
    }
    if (!errors.isEmpty()) {
      IOException first = errors.values().iterator().next();
      boolean allAlike = errors.size() == actions.size() && first instanceof StrataException
          && errors.values().stream().allMatch(e -> e.getClass() == first.getClass()
              && java.util.Objects.equals(e.getMessage(), first.getMessage()));
      if (allAlike) {
        throw first; // one cause for the whole batch (an unknown table): report it as itself
      }
      throw new BatchFailedException(actions.size(), errors);
    }
    return results;
  }

  private CompletableFuture<Void> send(ServerName server,
      Map<RegionLocation, List<Integer>> byRegion, List<Action> actions, long rpcTimeout,
      Object[] results, Map<Integer, IOException> errors, Map<Integer, Throwable> retryable) {
    MultiRequest.Builder req = MultiRequest.newBuilder();
    CellBlock.Writer cells = new CellBlock.Writer(4096);
    List<List<Integer>> order = new ArrayList<>();
    for (Map.Entry<RegionLocation, List<Integer>> e : byRegion.entrySet()) {
      RegionActionProto.Builder ra = RegionActionProto.newBuilder().setRegion(
          RegionSpecifierProto.newBuilder().setEncodedName(e.getKey().region().getEncodedName()));
      for (int i : e.getValue()) {
        Action a = actions.get(i);
        ActionProto.Builder ap = ActionProto.newBuilder().setIndex(i);
        if (a.get() != null) {
          ap.setGet(a.get());
        } else {
          ap.setMutation(OperationProtos.toProto(a.mutation(), cells));
        }
        ra.addActions(ap);
      }
      req.addRegionActions(ra);
      order.add(e.getValue());
    }
    CompletableFuture<RpcResponse<MultiResponse>> f;
    try {
      RpcConnection c = conn.channels().get(server, "ClientService");
      f = c.call("Multi", req.build(), cells.toBytes(), MultiResponse.parser(),
          Duration.ofMillis(rpcTimeout), priority);
    } catch (IOException e) {
      f = CompletableFuture.failedFuture(e);
    }
    return f.handle((resp, err) -> {
      synchronized (results) {
        if (err != null) {
          Throwable cause = RetryingCaller.unwrap(err);
          order.forEach(ids -> ids.forEach(i -> fail(i, cause, errors, retryable)));
          return null;
        }
        try {
          CellBlock.Reader in = new CellBlock.Reader(resp.cellBlock());
          for (int r = 0; r < resp.result().getRegionResultsCount(); r++) {
            RegionActionResultProto rr = resp.result().getRegionResults(r);
            if (rr.hasException()) {
              StrataException ex = StrataException.fromWire(rr.getException().getCode(),
                  rr.getException().getMessage(), rr.getException().getDetailsMap());
              order.get(r).forEach(i -> fail(i, ex, errors, retryable));
              continue;
            }
            for (ActionResultProto ar : rr.getResultsList()) {
              int i = ar.getIndex();
              if (ar.hasException()) {
                fail(i, StrataException.fromWire(ar.getException().getCode(),
                    ar.getException().getMessage(), ar.getException().getDetailsMap()), errors,
                    retryable);
              } else {
                Result res = OperationProtos.toResult(ar.getResult(), in);
                results[i] = res;
              }
            }
          }
        } catch (IOException e) {
          order.forEach(ids -> ids.forEach(i -> fail(i, e, errors, retryable)));
        }
        return null;
      }
    });
  }

  private static void fail(int i, Throwable e, Map<Integer, IOException> errors,
      Map<Integer, Throwable> retryable) {
    if (RetryPolicy.retryable(e)) {
      retryable.put(i, e);
    } else {
      errors.put(i, e instanceof IOException io ? io : new IOException(e));
    }
  }
}
