package io.strata.server.master;

import io.strata.client.Delete;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.error.BadRequestException;
import io.strata.common.proto.AdminProtos.RefreshQuotasRequest;
import io.strata.common.proto.AdminProtos.RefreshQuotasResponse;
import io.strata.common.proto.QuotaProtos.GetQuotaRequest;
import io.strata.common.proto.QuotaProtos.GetQuotaResponse;
import io.strata.common.proto.QuotaProtos.GetSpaceQuotaSizesResponse;
import io.strata.common.proto.QuotaProtos.GetSpaceQuotaSnapshotsRequest;
import io.strata.common.proto.QuotaProtos.GetSpaceQuotaSnapshotsResponse;
import io.strata.common.proto.QuotaProtos.QuotaSettingProto;
import io.strata.common.proto.QuotaProtos.QuotaSwitchRequest;
import io.strata.common.proto.QuotaProtos.QuotaTargetProto;
import io.strata.common.proto.QuotaProtos.SpaceQuotaProto;
import io.strata.common.proto.QuotaProtos.SpaceSnapshotEntryProto;
import io.strata.common.proto.QuotaProtos.SpaceSnapshotProto;
import io.strata.common.proto.QuotaProtos.TableSizeProto;
import io.strata.common.proto.QuotaProtos.ThrottleProto;
import io.strata.common.quota.QuotaLayout;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.ServerName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Quota settings as the master keeps them: in strata:quota (made when the master starts), each
 * change written there and then pushed to every live region server, which reads the table again
 * at once (HBase's servers wait for their next refresh, five minutes by default).
 */
final class MasterQuotas {
  private static final Logger LOG = LoggerFactory.getLogger(MasterQuotas.class);
  private static final Duration PUSH_TIMEOUT = Duration.ofSeconds(5);

  private final Master m;
  private final SpaceQuotaChore space;

  MasterQuotas(Master m) {
    this.m = m;
    this.space = new SpaceQuotaChore(m, this);
  }

  /** The space quota checks, run as often as region servers report. */
  SpaceQuotaChore space() {
    return space;
  }

  void set(QuotaSettingProto s) throws IOException {
    byte[] row = row(s.getTarget());
    ensureTable();
    Table t = m.connection().getTable(QuotaLayout.TABLE);
    switch (s.getKindCase()) {
      case THROTTLE -> {
        ThrottleProto p = s.getThrottle();
        ThrottleType type = type(p.getType());
        QuotaLayout.limit(p); // refuses what it cannot read back
        t.put(new Put(row).addColumn(QuotaLayout.FAMILY, Bytes.toBytes(type.name()),
            p.toByteArray()));
      }
      case UNTHROTTLE -> {
        Delete d = new Delete(row);
        if (s.getUnthrottle().isEmpty()) {
          for (ThrottleType type : ThrottleType.values()) {
            d.addColumns(QuotaLayout.FAMILY, Bytes.toBytes(type.name()));
          }
        } else {
          d.addColumns(QuotaLayout.FAMILY, Bytes.toBytes(type(s.getUnthrottle()).name()));
        }
        t.delete(d);
      }
      case BYPASS -> {
        if (s.getBypass()) {
          t.put(new Put(row).addColumn(QuotaLayout.FAMILY, QuotaLayout.BYPASS,
              Bytes.toBytes("true")));
        } else {
          t.delete(new Delete(row).addColumns(QuotaLayout.FAMILY, QuotaLayout.BYPASS));
        }
      }
      case SPACE, REMOVE_SPACE -> {
        checkSpaceTarget(s.getTarget());
        if (s.getKindCase() == QuotaSettingProto.KindCase.SPACE) {
          try {
            QuotaLayout.policy(s.getSpace());
          } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
          }
          t.put(new Put(row).addColumn(QuotaLayout.FAMILY, QuotaLayout.SPACE,
              s.getSpace().toByteArray()));
        } else {
          t.delete(new Delete(row).addColumns(QuotaLayout.FAMILY, QuotaLayout.SPACE));
        }
        space.settingChanged();
        space.run(); // judges at once, and tells the servers if that changes what they enforce
        return;
      }
      default -> throw new BadRequestException("a quota setting says neither a throttle, a"
          + " space limit, their removal nor a bypass");
    }
    push();
  }

  /** A space quota is for a user table or a namespace other than strata. */
  private static void checkSpaceTarget(QuotaTargetProto t) throws BadRequestException {
    if (!t.getUser().isEmpty() || t.getRegionServers()
        || t.getTable().isEmpty() == t.getNamespace().isEmpty()) {
      throw new BadRequestException("a space quota is for a table or a namespace alone: TABLE =>"
          + " 't1' or NAMESPACE => 'ns1'");
    }
    boolean system = t.getTable().isEmpty()
        ? t.getNamespace().equals(io.strata.common.schema.TableName.SYSTEM_NAMESPACE)
        : io.strata.common.schema.TableName.valueOf(t.getTable()).isSystemTable();
    if (system) {
      throw new BadRequestException("system tables take no space quota: "
          + (t.getTable().isEmpty() ? "namespace " + t.getNamespace() : t.getTable())
          + " holds the cluster's own catalog and settings");
    }
  }

  /** The master's space verdicts in strata:quota, of one table or namespace, or all. */
  GetSpaceQuotaSnapshotsResponse spaceSnapshots(GetSpaceQuotaSnapshotsRequest r)
      throws IOException {
    GetSpaceQuotaSnapshotsResponse.Builder out = GetSpaceQuotaSnapshotsResponse.newBuilder();
    if (!m.tableNames().contains(QuotaLayout.TABLE)) {
      return out.build();
    }
    Table t = m.connection().getTable(QuotaLayout.TABLE);
    try (ResultScanner s = t.getScanner(new Scan().addColumn(QuotaLayout.FAMILY,
        QuotaLayout.SPACE_SNAPSHOT))) {
      for (Result res : s) {
        QuotaTargetProto target;
        try {
          target = QuotaLayout.target(res.getRow());
        } catch (IllegalArgumentException e) {
          continue;
        }
        if ((!r.getTable().isEmpty() && !r.getTable().equals(target.getTable()))
            || (!r.getNamespace().isEmpty() && !r.getNamespace().equals(target.getNamespace()))) {
          continue;
        }
        out.addSnapshots(SpaceSnapshotEntryProto.newBuilder().setTarget(target)
            .setSnapshot(SpaceSnapshotProto.parseFrom(res.getValue(QuotaLayout.FAMILY,
                QuotaLayout.SPACE_SNAPSHOT))));
      }
    }
    return out.build();
  }

  /** Every user table's size as space quotas count it. */
  GetSpaceQuotaSizesResponse sizes() {
    GetSpaceQuotaSizesResponse.Builder out = GetSpaceQuotaSizesResponse.newBuilder();
    space.sizes().forEach((t, b) -> out.addSizes(TableSizeProto.newBuilder()
        .setTable(t.toString()).setBytes(b)));
    return out.build();
  }

  /**
   * Sets one of the cluster's switches (or only reads it, for {@code query}); returns its state
   * before. The rpc throttle is on until turned off, the exceed switch off until turned on.
   */
  boolean switchQuota(QuotaSwitchRequest r) throws IOException {
    byte[] cell = switch (r.getName()) {
      case "RPC_THROTTLE" -> QuotaLayout.RPC_THROTTLE;
      case "EXCEED_THROTTLE" -> QuotaLayout.EXCEED_THROTTLE;
      default -> throw new BadRequestException("quota switch '" + r.getName() + "' is not one"
          + " of RPC_THROTTLE, EXCEED_THROTTLE");
    };
    boolean byDefault = r.getName().equals("RPC_THROTTLE");
    boolean previous = byDefault;
    if (m.tableNames().contains(QuotaLayout.TABLE)) {
      byte[] v = m.connection().getTable(QuotaLayout.TABLE).get(new io.strata.client.Get(
          QuotaLayout.SWITCHES).addColumn(QuotaLayout.FAMILY, cell))
          .getValue(QuotaLayout.FAMILY, cell);
      previous = v == null ? byDefault : Bytes.toString(v).equals("true");
    }
    if (!r.getQuery()) {
      ensureTable();
      m.connection().getTable(QuotaLayout.TABLE).put(new Put(QuotaLayout.SWITCHES)
          .addColumn(QuotaLayout.FAMILY, cell, Bytes.toBytes(Boolean.toString(r.getOn()))));
      push();
    }
    return previous;
  }

  GetQuotaResponse get(GetQuotaRequest r) throws IOException {
    GetQuotaResponse.Builder out = GetQuotaResponse.newBuilder();
    if (!m.tableNames().contains(QuotaLayout.TABLE)) {
      return out.build();
    }
    Pattern user = pattern(r.getUserRegex());
    Pattern table = pattern(r.getTableRegex());
    Pattern ns = pattern(r.getNamespaceRegex());
    Table t = m.connection().getTable(QuotaLayout.TABLE);
    try (ResultScanner s = t.getScanner(new Scan().addFamily(QuotaLayout.FAMILY))) {
      for (Result res : s) {
        if (Bytes.equals(res.getRow(), QuotaLayout.SWITCHES)) {
          continue;
        }
        QuotaTargetProto target;
        try {
          target = QuotaLayout.target(res.getRow());
        } catch (IllegalArgumentException e) {
          continue;
        }
        if (!matches(user, target.getUser()) || !matches(table, target.getTable())
            || !matches(ns, target.getNamespace())) {
          continue;
        }
        for (Cell c : res.rawCells()) {
          byte[] q = Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(),
              c.getQualifierLength());
          byte[] v = Bytes.copy(c.getValueArray(), c.getValueOffset(), c.getValueLength());
          QuotaSettingProto.Builder b = QuotaSettingProto.newBuilder().setTarget(target);
          if (Bytes.equals(q, QuotaLayout.BYPASS)) {
            out.addSettings(b.setBypass(Bytes.toString(v).equals("true")));
          } else if (Bytes.equals(q, QuotaLayout.SPACE)) {
            out.addSettings(b.setSpace(SpaceQuotaProto.parseFrom(v)));
          } else if (QuotaLayout.isThrottle(q)) {
            out.addSettings(b.setThrottle(ThrottleProto.parseFrom(v)));
          }
        }
      }
    }
    return out.build();
  }

  private static Pattern pattern(String regex) throws BadRequestException {
    try {
      return regex.isEmpty() ? null : Pattern.compile(regex);
    } catch (java.util.regex.PatternSyntaxException e) {
      throw new BadRequestException("quota filter '" + regex + "' is not a regular expression: "
          + e.getDescription());
    }
  }

  /** An empty filter matches all; a filter on a part the setting lacks matches none. */
  private static boolean matches(Pattern p, String value) {
    return p == null || (!value.isEmpty() && p.matcher(value).matches());
  }

  private static byte[] row(QuotaTargetProto target) throws BadRequestException {
    try {
      return QuotaLayout.row(target);
    } catch (IllegalArgumentException e) {
      throw new BadRequestException(e.getMessage());
    }
  }

  private static ThrottleType type(String name) throws BadRequestException {
    try {
      return ThrottleType.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new BadRequestException("throttle type '" + name + "' is not one of "
          + java.util.Arrays.toString(ThrottleType.values()));
    }
  }

  /**
   * Makes strata:quota when the master starts, as strata:meta, so that a cluster's first setting
   * finds it; logs, rather than throws, what stops it: the first setting tries again.
   */
  void ensureTableQuietly() {
    try {
      ensureTable();
    } catch (IOException | RuntimeException e) {
      LOG.warn("could not create {} at start; the first quota setting tries again: {}",
          QuotaLayout.TABLE, e.toString());
    }
  }

  /** Makes strata:quota if it is missing, through the same procedure as any table. */
  private void ensureTable() throws IOException {
    m.ensureSystemTable(QuotaLayout.descriptor());
  }

  /** Tells every live region server to read the settings again, waiting a little for each. */
  void push() {
    for (ServerName s : m.servers().liveServers()) {
      try {
        m.servers().admin(s).call("RefreshQuotas", RefreshQuotasRequest.getDefaultInstance(),
            null, RefreshQuotasResponse.parser(), PUSH_TIMEOUT, 1)
            .get(PUSH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        LOG.warn("could not tell {} that the quotas changed; it reads them within"
            + " strata.quota.refresh.period: {}", s, e.toString());
      }
    }
  }
}
