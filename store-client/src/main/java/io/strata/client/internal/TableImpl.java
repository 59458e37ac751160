package io.strata.client.internal;

import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.RegionLocation;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.proto.ClientProtos.GetResponse;
import io.strata.common.proto.ClientProtos.MutateRequest;
import io.strata.common.proto.ClientProtos.MutateResponse;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import com.google.protobuf.ByteString;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** A table over its connection: each call locates its region and retries through the caller. */
final class TableImpl implements Table {
  private final ConnectionImpl conn;
  private final TableName name;
  /** Calls on strata:meta go to the servers' priority handlers. */
  private final int priority;

  TableImpl(ConnectionImpl conn, TableName name) {
    this.conn = conn;
    this.name = name;
    this.priority = name.equals(TableName.META) ? 1 : 0;
  }

  @Override
  public TableName getName() {
    return name;
  }

  /** One RPC to the region holding a row. */
  @FunctionalInterface
  interface RegionCall<T> {
    CompletableFuture<T> call(RpcConnection c, RegionSpecifierProto region, Duration timeout);
  }

  /**
   * Runs {@code call} on the region holding {@code row}, looking the region up again after an
   * error that says the location was stale. With {@code idempotent} false (increment, append),
   * an error after which the call may or may not have been applied (a timeout, a lost
   * connection) is not retried but reported, so a counter is never incremented twice.
   */
  <T> CompletableFuture<T> onRegion(String what, byte[] row, boolean idempotent,
      RegionCall<T> call) {
    RegionLocation[] last = new RegionLocation[1];
    boolean[] sent = new boolean[1];
    return conn.caller().call(what + " on table '" + name + "' row '"
        + Bytes.toStringBinary(row) + "'", (timeout, previous) -> {
          boolean stale = previous != null && conn.locations().onError(last[0], previous);
          if (stale) {
            conn.locations().invalidate(last[0]);
          }
          sent[0] = false;
          return conn.locations().locate(name, row, stale, timeout).thenCompose(loc -> {
            last[0] = loc;
            RpcConnection c;
            try {
              c = conn.channels().get(loc.server(), "ClientService");
            } catch (IOException e) {
              return CompletableFuture.failedFuture(e);
            }
            sent[0] = true;
            return call.call(c, RegionSpecifierProto.newBuilder()
                .setEncodedName(loc.region().getEncodedName()).build(), Duration.ofMillis(timeout));
          }).handle((v, e) -> {
            if (e == null) {
              return v;
            }
            Throwable cause = RetryingCaller.unwrap(e);
            if (!idempotent && sent[0] && (cause instanceof CallTimeoutException
                || cause instanceof ServerErrorException)) {
              throw new CompletionException(new io.strata.client.OutcomeUnknownException(what
                  + " on table '" + name + "' row '" + Bytes.toStringBinary(row) + "'", cause));
            }
            throw new CompletionException(cause);
          });
        });
  }

  @Override
  public Result get(Get get) throws IOException {
    return RetryingCaller.join(get(OperationProtos.toProto(get), "get", get.getRow()));
  }

  private CompletableFuture<Result> get(GetProto proto, String what, byte[] row) {
    return onRegion(what, row, true, (c, region, timeout) -> c.call("Get",
        GetRequest.newBuilder().setRegion(region).setGet(proto).build(), null,
        GetResponse.parser(), timeout, priority).thenApply(resp -> result(
            resp.result().getResult(), resp.cellBlock())));
  }

  /** The Result an answer carries (inside a future's stage). */
  private static Result result(io.strata.common.proto.ClientProtos.ResultProto p, byte[] cells) {
    try {
      return OperationProtos.toResult(p, new CellBlock.Reader(cells));
    } catch (IOException e) {
      throw new CompletionException(e);
    }
  }

  @Override
  public Result[] get(List<Get> gets) throws IOException {
    List<BatchCaller.Action> actions = new ArrayList<>(gets.size());
    for (Get g : gets) {
      actions.add(BatchCaller.Action.get(g.getRow(), OperationProtos.toProto(g)));
    }
    Object[] results = new BatchCaller(conn, name, priority).run("get", actions);
    Result[] out = new Result[results.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = (Result) results[i];
    }
    return out;
  }

  @Override
  public boolean exists(Get get) throws IOException {
    GetProto p = OperationProtos.toProto(get).toBuilder().setExistenceOnly(true).build();
    Boolean exists = RetryingCaller.join(this.get(p, "exists", get.getRow())).getExists();
    return exists != null && exists;
  }

  @Override
  public boolean[] exists(List<Get> gets) throws IOException {
    List<BatchCaller.Action> actions = new ArrayList<>(gets.size());
    for (Get g : gets) {
      actions.add(BatchCaller.Action.get(g.getRow(), OperationProtos.toProto(g).toBuilder()
          .setExistenceOnly(true).build()));
    }
    Object[] results = new BatchCaller(conn, name, priority).run("exists", actions);
    boolean[] out = new boolean[results.length];
    for (int i = 0; i < out.length; i++) {
      Boolean e = ((Result) results[i]).getExists();
      out[i] = e != null && e;
    }
    return out;
  }

  @Override
  public void put(Put put) throws IOException {
    mutate("put", put.getRow(), List.of(put), true);
  }

  @Override
  public void put(List<Put> puts) throws IOException {
    batchMutations("put", puts);
  }

  @Override
  public void delete(Delete delete) throws IOException {
    mutate("delete", delete.getRow(), List.of(delete), true);
  }

  @Override
  public void delete(List<Delete> deletes) throws IOException {
    batchMutations("delete", deletes);
  }

  private void batchMutations(String what, List<? extends Mutation> ms) throws IOException {
    List<BatchCaller.Action> actions = new ArrayList<>(ms.size());
    for (Mutation m : ms) {
      actions.add(BatchCaller.Action.mutation(m));
    }
    new BatchCaller(conn, name, priority).run(what, actions);
  }

  @Override
  public Result increment(Increment increment) throws IOException {
    return mutate("increment", increment.getRow(), List.of(increment), false);
  }

  @Override
  public Result append(Append append) throws IOException {
    return mutate("append", append.getRow(), List.of(append), false);
  }

  @Override
  public void mutateRow(RowMutations mutations) throws IOException {
    mutate("mutateRow", mutations.getRow(), mutations.getMutations(), true);
  }

  private Result mutate(String what, byte[] row, List<? extends Mutation> ms, boolean idempotent)
      throws IOException {
    CellBlock.Writer cells = new CellBlock.Writer(256);
    MutateRequest.Builder b = MutateRequest.newBuilder();
    for (Mutation m : ms) {
      b.addMutations(OperationProtos.toProto(m, cells));
    }
    byte[] block = cells.toBytes();
    return RetryingCaller.join(onRegion(what, row, idempotent, (c, region, timeout) ->
        c.call("Mutate", b.setRegion(region).build(), block, MutateResponse.parser(), timeout,
            priority).thenApply(resp -> result(resp.result().getResult(), resp.cellBlock()))));
  }

  @Override
  public CheckAndMutateResult checkAndMutate(CheckAndMutate cam) throws IOException {
    CellBlock.Writer cells = new CellBlock.Writer(256);
    MutateRequest.Builder b = MutateRequest.newBuilder()
        .setCondition(OperationProtos.toProto(cam))
        .setConditionRow(ByteString.copyFrom(cam.getRow()));
    if (cam.getAction() instanceof RowMutations rm) {
      b.addAllMutations(OperationProtos.toProtos(rm, cells));
    } else {
      b.addMutations(OperationProtos.toProto((Mutation) cam.getAction(), cells));
    }
    byte[] block = cells.toBytes();
    boolean done = RetryingCaller.join(onRegion("checkAndMutate", cam.getRow(), false,
        (c, region, timeout) -> c.call("Mutate", b.setRegion(region).build(), block,
            MutateResponse.parser(), timeout, priority)
            .thenApply(resp -> resp.result().getProcessed())));
    return new CheckAndMutateResult(done, Result.EMPTY);
  }

  @Override
  public ResultScanner getScanner(Scan scan) throws IOException {
    return new ClientScanner(conn, name, scan, priority);
  }

  @Override
  public String toString() {
    return "Table{" + name + "}";
  }
}
