package io.strata.client.internal;

import io.strata.client.LogQueryFilter;
import io.strata.client.OnlineLogRecord;
import io.strata.common.proto.AdminProtos.ClearSlowLogRequest;
import io.strata.common.proto.AdminProtos.ClearSlowLogResponse;
import io.strata.common.proto.AdminProtos.GetSlowLogRequest;
import io.strata.common.proto.AdminProtos.GetSlowLogResponse;
import io.strata.common.proto.AdminProtos.SlowLogRecordProto;
import io.strata.common.schema.ServerName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** Admin's slow log calls: each region server asked in parallel, the answers merged. */
final class SlowLogCalls {
  private SlowLogCalls() {}

  static CompletableFuture<List<OnlineLogRecord>> get(AsyncConnectionImpl conn,
      Set<ServerName> servers, LogQueryFilter filter) {
    GetSlowLogRequest.Builder r = GetSlowLogRequest.newBuilder().setLimit(filter.getLimit())
        .setLargeLog(filter.getType() == LogQueryFilter.Type.LARGE_LOG)
        .setMatchAll(filter.getFilterByOperator() == LogQueryFilter.FilterByOperator.AND);
    if (filter.getRegionName() != null) {
      r.setRegionName(filter.getRegionName());
    }
    if (filter.getTableName() != null) {
      r.setTableName(filter.getTableName());
    }
    if (filter.getClientAddress() != null) {
      r.setClientAddress(filter.getClientAddress());
    }
    if (filter.getUserName() != null) {
      r.setUser(filter.getUserName());
    }
    GetSlowLogRequest request = r.build();
    List<CompletableFuture<List<OnlineLogRecord>>> each = new ArrayList<>();
    for (ServerName s : servers) {
      each.add(conn.channels().connection(s, "AdminService")
          .thenCompose(c -> c.call("GetSlowLog", request, null, GetSlowLogResponse.parser(),
              conn.caller().policy().operationTimeout(), 1))
          .thenApply(resp -> records(s, resp.result())));
    }
    return CompletableFuture.allOf(each.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
      List<OnlineLogRecord> all = new ArrayList<>();
      each.forEach(f -> all.addAll(f.join()));
      all.sort(Comparator.comparingLong(OnlineLogRecord::getStartTime).reversed());
      return List.copyOf(all.subList(0, Math.min(all.size(), filter.getLimit())));
    });
  }

  private static List<OnlineLogRecord> records(ServerName server, GetSlowLogResponse resp) {
    List<OnlineLogRecord> out = new ArrayList<>();
    for (SlowLogRecordProto p : resp.getRecordsList()) {
      out.add(new OnlineLogRecord(server, p.getStartMillis(), p.getQueueMicros(),
          p.getProcessingMicros(), p.getResponseMicros(), p.getRequestBytes(),
          p.getResponseBytes(), p.getClientAddress(), p.getUser(), p.getMethod(), p.getParam(),
          p.getRegionName(), p.getTableName(), p.getError()));
    }
    return out;
  }

  static CompletableFuture<List<Boolean>> clear(AsyncConnectionImpl conn,
      Set<ServerName> servers) {
    List<CompletableFuture<Boolean>> each = new ArrayList<>();
    for (ServerName s : servers) {
      each.add(conn.channels().connection(s, "AdminService")
          .thenCompose(c -> c.call("ClearSlowLog", ClearSlowLogRequest.getDefaultInstance(),
              null, ClearSlowLogResponse.parser(), conn.caller().policy().operationTimeout(), 1))
          .thenApply(resp -> resp.result().getCleared())
          .exceptionally(e -> false)); // HBase's answer for a server that failed: false
    }
    return CompletableFuture.allOf(each.toArray(new CompletableFuture<?>[0]))
        .thenApply(v -> each.stream().map(CompletableFuture::join).toList());
  }
}
