package io.strata.client.quotas;

import io.strata.common.proto.QuotaProtos.QuotaSettingProto;
import io.strata.common.proto.QuotaProtos.QuotaTargetProto;
import io.strata.common.proto.QuotaProtos.SpaceSnapshotProto;
import io.strata.common.quota.QuotaLayout;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.TableName;

/** Quota settings to and from the messages SetQuota and GetQuota carry. */
public final class QuotaCodec {
  private QuotaCodec() {}

  public static QuotaSettingProto toProto(QuotaSettings s) {
    QuotaTargetProto.Builder t = QuotaTargetProto.newBuilder();
    if (s.getUserName() != null) {
      t.setUser(s.getUserName());
    }
    if (s.getTableName() != null) {
      t.setTable(s.getTableName().toString());
    }
    if (s.getNamespace() != null) {
      t.setNamespace(s.getNamespace());
    }
    t.setRegionServers(s.getRegionServer() != null);
    QuotaSettingProto.Builder b = QuotaSettingProto.newBuilder().setTarget(t);
    if (s instanceof GlobalBypassSettings g) {
      return b.setBypass(g.getBypass()).build();
    }
    if (s instanceof SpaceLimitSettings sp) {
      return sp.isRemove() ? b.setRemoveSpace(true).build()
          : b.setSpace(QuotaLayout.toProto(sp.getSizeLimit(), sp.getViolationPolicy())).build();
    }
    ThrottleSettings th = (ThrottleSettings) s;
    if (th.getLimit() == null) {
      return b.setUnthrottle(th.getThrottleType() == null ? "" : th.getThrottleType().name())
          .build();
    }
    return b.setThrottle(QuotaLayout.toProto(th.getThrottleType(), th.getLimit(),
        th.getQuotaScope().name())).build();
  }

  public static QuotaSettings fromProto(QuotaSettingProto p) {
    QuotaTargetProto t = p.getTarget();
    String user = t.getUser().isEmpty() ? null : t.getUser();
    TableName table = t.getTable().isEmpty() ? null : TableName.valueOf(t.getTable());
    String ns = t.getNamespace().isEmpty() ? null : t.getNamespace();
    String rs = t.getRegionServers() ? QuotaSettingsFactory.ALL_REGION_SERVERS : null;
    return switch (p.getKindCase()) {
      case BYPASS -> new GlobalBypassSettings(user, p.getBypass());
      case SPACE -> new SpaceLimitSettings(table, ns, p.getSpace().getLimitBytes(),
          QuotaLayout.policy(p.getSpace()));
      case REMOVE_SPACE -> new SpaceLimitSettings(table, ns, 0, null);
      case THROTTLE -> new ThrottleSettings(user, table, ns, rs,
          ThrottleType.valueOf(p.getThrottle().getType()), QuotaLayout.limit(p.getThrottle()),
          QuotaScope.valueOf(p.getThrottle().getScope()));
      default -> new ThrottleSettings(user, table, ns, rs, p.getUnthrottle().isEmpty() ? null
          : ThrottleType.valueOf(p.getUnthrottle()), null, null);
    };
  }

  public static SpaceQuotaSnapshot fromProto(SpaceSnapshotProto p) {
    return new SpaceQuotaSnapshot(QuotaLayout.enforced(p), p.getUsageBytes(), p.getLimitBytes());
  }
}
