package io.strata.server.master;

import io.strata.common.conf.ServerKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@link NormalizerPlan} over every enabled table with NORMALIZATION_ENABLED, on the
 * procedure thread, and submits its splits and merges as procedures (a split that its server
 * refuses, a merge of regions that changed meanwhile, fails alone and harmlessly). Region sizes
 * come from the servers' load reports; a table with a region not yet reported waits for the
 * next run.
 */
final class RegionNormalizer {
  private static final Logger LOG = LoggerFactory.getLogger(RegionNormalizer.class);

  private final Master master;
  private final int minRegionsToMerge;
  private final long minAgeMillis;

  RegionNormalizer(Master master, StrataConfiguration conf) {
    this.master = master;
    this.minRegionsToMerge = conf.get(ServerKeys.NORMALIZER_MIN_REGIONS);
    this.minAgeMillis = conf.get(ServerKeys.NORMALIZER_MERGE_MIN_AGE).toMillis();
  }

  /** Plans every table and submits the actions; returns how many it submitted. */
  int run() throws IOException {
    Map<String, RegionLoadProto> sizes = new HashMap<>();
    for (ServerName s : master.servers().liveServers()) {
      ServerLoadProto load = master.servers().load(s);
      if (load != null) {
        load.getRegionsList().forEach(r -> sizes.put(BalancerInput.encoded(r), r));
      }
    }
    int submitted = 0;
    for (Map.Entry<TableName, TableDescriptor> e : master.descriptors().entrySet()) {
      TableName t = e.getKey();
      if (t.isSystemTable() || !e.getValue().isNormalizationEnabled()
          || master.tableState(t) != TableState.ENABLED) {
        continue;
      }
      List<NormalizerPlan.Sized> regions = new ArrayList<>();
      boolean complete = true;
      for (RegionStates.Node n : master.states().ofTable(t)) {
        RegionLoadProto load = sizes.get(n.region().getEncodedName());
        if (n.state() != RegionState.OPEN || load == null) {
          complete = false;
          break;
        }
        regions.add(new NormalizerPlan.Sized(n.region(), load.getSpaceBytes()));
      }
      if (!complete) {
        LOG.debug("normalizer skips {}: a region is in transition or not yet reported", t);
        continue;
      }
      for (NormalizerPlan.Action a : NormalizerPlan.plan(regions, minRegionsToMerge,
          minAgeMillis, System.currentTimeMillis())) {
        if (a.split() != null) {
          master.procedures().submit(SplitRegionProcedure.of(a.split(), null, true), 0);
          LOG.info("normalizer splits region {} of {}", a.split().getEncodedName(), t);
        } else {
          master.procedures().submit(MergeRegionsProcedure.of(a.merge()), 0);
          LOG.info("normalizer merges regions {} of {}", a.merge().stream()
              .map(r -> r.getEncodedName()).toList(), t);
        }
        submitted++;
      }
    }
    return submitted;
  }
}
