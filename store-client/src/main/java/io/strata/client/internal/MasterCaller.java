package io.strata.client.internal;

import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.error.StrataException;
import io.strata.common.proto.MasterProtos.GetProcedureResultRequest;
import io.strata.common.proto.MasterProtos.GetProcedureResultResponse;
import io.strata.common.proto.MasterProtos.ProcedureIdProto;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Calls the active master's service, finding the master in ZooKeeper again after an error
 * that says it may have changed (a backup took over). DDL calls return a procedure id; {@link
 * #awaitProcedure} waits for its end and rethrows its error as the typed exception.
 */
final class MasterCaller {
  private final ClusterRegistry registry;
  private final RpcChannels channels;
  private final RetryingCaller caller;
  private final Duration ddlTimeout;
  private volatile ServerName master;

  MasterCaller(ClusterRegistry registry, RpcChannels channels, RetryingCaller caller,
      Duration ddlTimeout) {
    this.registry = registry;
    this.channels = channels;
    this.caller = caller;
    this.ddlTimeout = ddlTimeout;
  }

  <T> CompletableFuture<T> call(String method, MessageLite request, Parser<T> parser) {
    return caller.call("master call " + method, (timeout, previous) -> {
      if (previous != null && RegionLocations.staleLocation(previous)) {
        master = null;
      }
      ServerName m = master;
      if (m == null) {
        m = registry.master();
        master = m;
      }
      return channels.connection(m, "MasterService").thenCompose(c -> c.call(method, request,
          null, parser, Duration.ofMillis(timeout), 1)).thenApply(r -> r.result());
    });
  }

  /**
   * Submits a DDL call and completes when its procedures finished; fails with the first one's
   * error after all ended.
   */
  CompletableFuture<Void> procedure(String method, MessageLite request) {
    return call(method, request, ProcedureIdProto.parser()).thenCompose(id -> {
      List<Long> all = new ArrayList<>();
      all.add(id.getProcId());
      all.addAll(id.getMoreProcIdsList());
      List<CompletableFuture<Void>> waits = new ArrayList<>();
      for (long p : all) {
        waits.add(awaitProcedure(method, p, System.nanoTime() + ddlTimeout.toNanos(), 10));
      }
      return CompletableFuture.allOf(waits.toArray(new CompletableFuture<?>[0]))
          .handle((x, e) -> {
            for (CompletableFuture<Void> w : waits) {
              if (w.isCompletedExceptionally()) {
                w.join(); // the first failure, in submission order
              }
            }
            return null;
          });
    });
  }

  /** Polls the procedure's outcome, pausing 10 ms doubling to 500 ms between polls. */
  private CompletableFuture<Void> awaitProcedure(String method, long procId, long deadline,
      long pause) {
    return call("GetProcedureResult", GetProcedureResultRequest.newBuilder().setProcId(procId)
        .build(), GetProcedureResultResponse.parser()).thenCompose(r -> {
          switch (r.getState()) {
            case FINISHED -> {
              if (r.getErrorCode() != 0) {
                return CompletableFuture.failedFuture(StrataException.fromWire(
                    r.getErrorCode(), r.getErrorMessage(), r.getErrorDetailsMap()));
              }
              return CompletableFuture.completedFuture(null);
            }
            case NOT_FOUND -> {
              // The master keeps the last 1000 outcomes, across failovers: one this old is done.
              return CompletableFuture.completedFuture(null);
            }
            default -> { }
          }
          if (System.nanoTime() > deadline) {
            return CompletableFuture.failedFuture(new IOException(method + " (procedure "
                + procId + ") is still running after " + ddlTimeout.toSeconds()
                + " s (strata.client.ddl.timeout); it goes on in the master; check the "
                + "table's state later"));
          }
          CompletableFuture<Void> next = new CompletableFuture<>();
          try {
            caller.timer().schedule(() -> {
              awaitProcedure(method, procId, deadline, Math.min(500, pause * 2))
                  .whenComplete((v, e) -> {
                    if (e == null) {
                      next.complete(v);
                    } else {
                      next.completeExceptionally(RetryingCaller.unwrap(e));
                    }
                  });
            }, pause, TimeUnit.MILLISECONDS);
          } catch (java.util.concurrent.RejectedExecutionException closed) {
            return CompletableFuture.failedFuture(new IOException("the connection was closed "
                + "while waiting for " + method));
          }
          return next;
        });
  }
}
