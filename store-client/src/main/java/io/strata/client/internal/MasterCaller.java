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

  <T> T call(String method, MessageLite request, Parser<T> parser) throws IOException {
    return RetryingCaller.join(caller.call("master call " + method, (timeout, previous) -> {
      if (previous != null && RegionLocations.staleLocation(previous)) {
        master = null;
      }
      ServerName m = master;
      if (m == null) {
        m = registry.master();
        master = m;
      }
      RpcConnection c = channels.get(m, "MasterService");
      return c.call(method, request, null, parser, Duration.ofMillis(timeout), 1)
          .thenApply(r -> r.result());
    }));
  }

  /**
   * Submits a DDL call and waits for its procedures to finish; throws the first one's error
   * after all ended.
   */
  void procedure(String method, MessageLite request) throws IOException {
    ProcedureIdProto id = call(method, request, ProcedureIdProto.parser());
    IOException first = null;
    List<Long> all = new ArrayList<>();
    all.add(id.getProcId());
    all.addAll(id.getMoreProcIdsList());
    for (long p : all) {
      try {
        awaitProcedure(method, p);
      } catch (StrataException e) {
        if (first == null) {
          first = e;
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private void awaitProcedure(String method, long procId) throws IOException {
    long deadline = System.nanoTime() + ddlTimeout.toNanos();
    long pause = 10;
    while (true) {
      GetProcedureResultResponse r = call("GetProcedureResult", GetProcedureResultRequest
          .newBuilder().setProcId(procId).build(), GetProcedureResultResponse.parser());
      switch (r.getState()) {
        case FINISHED -> {
          if (r.getErrorCode() != 0) {
            throw StrataException.fromWire(r.getErrorCode(), r.getErrorMessage(),
                r.getErrorDetailsMap());
          }
          return;
        }
        case NOT_FOUND -> {
          // The master keeps the last 1000 outcomes, across failovers: one this old is done.
          return;
        }
        default -> { }
      }
      if (System.nanoTime() > deadline) {
        throw new IOException(method + " (procedure " + procId + ") is still running after "
            + ddlTimeout.toSeconds() + " s (strata.client.ddl.timeout); it goes on in the "
            + "master; check the table's state later");
      }
      try {
        TimeUnit.MILLISECONDS.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted waiting for " + method);
      }
      pause = Math.min(500, pause * 2);
    }
  }

}
