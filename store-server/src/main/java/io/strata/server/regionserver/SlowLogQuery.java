package io.strata.server.regionserver;

import io.strata.common.proto.AdminProtos.GetSlowLogRequest;
import io.strata.common.proto.AdminProtos.GetSlowLogResponse;
import io.strata.common.proto.AdminProtos.SlowLogRecordProto;
import io.strata.server.metrics.SlowLog;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Answers GetSlowLog: the slow log's calls matching a filter, as HBase's LogQueryFilter. */
final class SlowLogQuery {
  /** The most calls one answer holds when the request names no limit (HBase's default). */
  static final int DEFAULT_LIMIT = 10;

  private SlowLogQuery() {}

  static GetSlowLogResponse answer(SlowLog log, GetSlowLogRequest r) {
    GetSlowLogResponse.Builder out = GetSlowLogResponse.newBuilder();
    int limit = r.getLimit() == 0 ? DEFAULT_LIMIT : r.getLimit();
    for (SlowLog.Entry e : log.query(filter(r), limit)) {
      out.addRecords(SlowLogRecordProto.newBuilder().setStartMillis(e.startMillis())
          .setMethod(e.method()).setQueueMicros(e.queueNanos() / 1000)
          .setProcessingMicros(e.processingNanos() / 1000)
          .setResponseMicros(e.responseNanos() / 1000).setRequestBytes(e.requestBytes())
          .setResponseBytes(e.responseBytes()).setClientAddress(e.client())
          .setUser(e.user() == null ? "" : e.user()).setParam(e.param())
          .setRegionName(e.regionName()).setTableName(e.tableName()).setError(e.error())
          .setSlow(e.slow()).setLarge(e.large()));
    }
    return out.build();
  }

  /** The kind asked for (slow or large), and the fields given, all or any. */
  static Predicate<SlowLog.Entry> filter(GetSlowLogRequest r) {
    List<Predicate<SlowLog.Entry>> fields = new ArrayList<>();
    if (!r.getRegionName().isEmpty()) {
      fields.add(e -> e.regionName().equals(r.getRegionName()));
    }
    if (!r.getTableName().isEmpty()) {
      fields.add(e -> e.tableName().equals(r.getTableName()));
    }
    if (!r.getClientAddress().isEmpty()) {
      // An address with no port matches every port of that host.
      fields.add(e -> e.client().equals(r.getClientAddress())
          || e.client().startsWith(r.getClientAddress() + ":"));
    }
    if (!r.getUser().isEmpty()) {
      fields.add(e -> r.getUser().equals(e.user()));
    }
    Predicate<SlowLog.Entry> kind = r.getLargeLog() ? SlowLog.Entry::large : SlowLog.Entry::slow;
    if (fields.isEmpty()) {
      return kind;
    }
    Predicate<SlowLog.Entry> match = fields.get(0);
    for (Predicate<SlowLog.Entry> f : fields.subList(1, fields.size())) {
      match = r.getMatchAll() ? match.and(f) : match.or(f);
    }
    return kind.and(match);
  }
}
