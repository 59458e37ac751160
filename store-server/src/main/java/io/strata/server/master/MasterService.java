package io.strata.server.master;

import com.google.protobuf.MessageLite;
import io.strata.client.NamespaceDescriptor;
import io.strata.client.security.Permission.Action;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NamespaceExistsException;
import io.strata.common.error.NamespaceNotFoundException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.proto.MasterProtos;
import io.strata.common.proto.MasterProtos.BalanceRequest;
import io.strata.common.proto.MasterProtos.BalanceResponse;
import io.strata.common.proto.MasterProtos.CheckConsistencyRequest;
import io.strata.common.proto.MasterProtos.ClusterStatusRequest;
import io.strata.common.proto.MasterProtos.ClusterStatusResponse;
import io.strata.common.proto.MasterProtos.CreateNamespaceRequest;
import io.strata.common.proto.MasterProtos.CreateTableRequest;
import io.strata.common.proto.MasterProtos.EmptyResponse;
import io.strata.common.proto.MasterProtos.GetProcedureResultRequest;
import io.strata.common.proto.MasterProtos.GetProcedureResultResponse;
import io.strata.common.proto.MasterProtos.GetRegionResponse;
import io.strata.common.proto.MasterProtos.GetTableRegionsRequest;
import io.strata.common.proto.MasterProtos.GetTableRegionsResponse;
import io.strata.common.proto.MasterProtos.GetTableRequest;
import io.strata.common.proto.MasterProtos.GetTableResponse;
import io.strata.common.proto.MasterProtos.IsBalancerEnabledRequest;
import io.strata.common.proto.MasterProtos.IsBalancerEnabledResponse;
import io.strata.common.proto.MasterProtos.ListNamespacesRequest;
import io.strata.common.proto.MasterProtos.ListNamespacesResponse;
import io.strata.common.proto.MasterProtos.ListTablesRequest;
import io.strata.common.proto.MasterProtos.ListTablesResponse;
import io.strata.common.proto.MasterProtos.ModifyNamespaceRequest;
import io.strata.common.proto.MasterProtos.ModifyTableRequest;
import io.strata.common.proto.MasterProtos.MoveRequest;
import io.strata.common.proto.MasterProtos.NamespaceProto;
import io.strata.common.proto.MasterProtos.NamespaceRequest;
import io.strata.common.proto.MasterProtos.ProcedureIdProto;
import io.strata.common.proto.MasterProtos.RegionRequest;
import io.strata.common.proto.MasterProtos.RegionServerReportRequest;
import io.strata.common.proto.MasterProtos.RegionStateProto;
import io.strata.common.proto.MasterProtos.SetBalancerRunningRequest;
import io.strata.common.proto.MasterProtos.SetBalancerRunningResponse;
import io.strata.common.proto.MasterProtos.SplitRequest;
import io.strata.common.proto.MasterProtos.TableRequest;
import io.strata.common.proto.MasterProtos.TruncateTableRequest;
import io.strata.common.proto.QuotaProtos.GetQuotaRequest;
import io.strata.common.proto.QuotaProtos.GetSpaceQuotaSizesRequest;
import io.strata.common.proto.QuotaProtos.GetSpaceQuotaSnapshotsRequest;
import io.strata.common.proto.QuotaProtos.QuotaSwitchRequest;
import io.strata.common.proto.QuotaProtos.QuotaSwitchResponse;
import io.strata.common.proto.QuotaProtos.SetQuotaRequest;
import io.strata.common.proto.SnapshotProtos;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.MasterCoprocessorEnvironment;
import io.strata.server.coprocessor.MasterCoprocessorHost;
import io.strata.server.coprocessor.MasterObserver;
import io.strata.server.coprocessor.ObserverContext;
import io.strata.server.coprocessor.ServerCoprocessorHost;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.RpcMethod;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcService;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The master service: DDL (as procedures whose id is answered at once), namespaces, listings,
 * cluster status, region moves and the region servers' reports. Every call but the reports
 * needs an active, initialized master.
 */
final class MasterService {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(MasterService.class);
  private final Master master;

  MasterService(Master master) {
    this.master = master;
  }

  @FunctionalInterface
  private interface Call<P extends MessageLite> {
    MessageLite run(P param) throws Exception;
  }

  @SuppressWarnings("unchecked")
  private <P extends MessageLite> RpcMethod method(com.google.protobuf.Parser<P> parser,
      Call<P> call) {
    return new RpcMethod(parser, CallKind.PRIORITY, (p, cells) -> {
      master.checkReady();
      try {
        return RpcResult.of(call.run((P) p));
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw AssignmentManager.asIo(e);
      }
    });
  }

  RpcService service() {
    Map<String, RpcMethod> m = new HashMap<>();
    m.put("CreateTable", method(CreateTableRequest.parser(), r -> {
      TableDescriptor t = SchemaCodec.fromProto(r.getTable());
      CreateTableProcedure.checkNotSystem(t.getTableName());
      master.checkCoprocessorJars(t);
      List<byte[]> keys = r.getSplitKeysList().stream()
          .map(com.google.protobuf.ByteString::toByteArray).toList();
      observe("preCreateTable", (o, c) -> o.preCreateTable(c, t, keys));
      ProcedureIdProto id = submit(CreateTableProcedure.of(t, keys, master.acls().owner()),
          r.getNonce());
      observe("postCreateTable", (o, c) -> o.postCreateTable(c, t, keys));
      return id;
    }));
    m.put("DeleteTable", method(TableRequest.parser(), r -> tableProcedure(r, "DeleteTable",
        DeleteTableProcedure::of)));
    m.put("EnableTable", method(TableRequest.parser(), r -> tableProcedure(r, "EnableTable",
        EnableTableProcedure::of)));
    m.put("DisableTable", method(TableRequest.parser(), r -> tableProcedure(r, "DisableTable",
        DisableTableProcedure::of)));
    m.put("ModifyTable", method(ModifyTableRequest.parser(), r -> {
      TableDescriptor asked = SchemaCodec.fromProto(r.getTable());
      TableName name = asked.getTableName();
      TableDescriptor old = master.descriptor(name);
      TableDescriptor[] next = {asked};
      observe("preModifyTable", (o, c) -> next[0] = o.preModifyTable(c, name, old, next[0]));
      master.checkCoprocessorJars(next[0]);
      ProcedureIdProto id = submit(ModifyTableProcedure.of(next[0]), r.getNonce());
      observe("postModifyTable", (o, c) -> o.postModifyTable(c, name, old, next[0]));
      return id;
    }));
    m.put("TruncateTable", method(TruncateTableRequest.parser(), r -> {
      TableName t = SchemaCodec.fromProto(r.getTable());
      observe("preTruncateTable", (o, c) -> o.preTruncateTable(c, t));
      ProcedureIdProto id = submit(TruncateTableProcedure.of(t, r.getPreserveSplits()),
          r.getNonce());
      observe("postTruncateTable", (o, c) -> o.postTruncateTable(c, t));
      return id;
    }));
    snapshots(m);
    m.put("GetProcedureResult", method(GetProcedureResultRequest.parser(), this::procResult));
    m.put("CreateNamespace", method(CreateNamespaceRequest.parser(), this::createNamespace));
    m.put("ModifyNamespace", method(ModifyNamespaceRequest.parser(), this::modifyNamespace));
    m.put("DeleteNamespace", method(NamespaceRequest.parser(), this::deleteNamespace));
    m.put("ListNamespaces", method(ListNamespacesRequest.parser(), r -> ListNamespacesResponse
        .newBuilder().addAllNamespaces(new java.util.TreeMap<>(master.namespaces()).values())
        .build()));
    m.put("ListTables", method(ListTablesRequest.parser(), this::listTables));
    m.put("GetTable", method(GetTableRequest.parser(), this::getTable));
    m.put("GetTableRegions", method(GetTableRegionsRequest.parser(), this::tableRegions));
    m.put("GetRegion", method(RegionRequest.parser(),
        r -> GetRegionResponse.newBuilder().setRegion(toProto(region(r.getRegion()))).build()));
    m.put("ClusterStatus", method(ClusterStatusRequest.parser(), this::clusterStatus));
    m.put("Move", method(MoveRequest.parser(), this::move));
    m.put("Assign", method(RegionRequest.parser(), r -> inline(() -> {
      RegionStates.Node n = region(r.getRegion());
      requireTable("assign a region of " + n.region().getTable(), n.region().getTable(),
          Action.ADMIN);
      master.assignment().assign(n.region(), null);
    })));
    m.put("Unassign", method(RegionRequest.parser(), r -> inline(() -> {
      RegionStates.Node n = region(r.getRegion());
      requireTable("unassign a region of " + n.region().getTable(), n.region().getTable(),
          Action.ADMIN);
      master.assignment().unassign(n.region());
    })));
    m.put("Balance", method(BalanceRequest.parser(),
        r -> BalanceResponse.newBuilder().setMoves(master.balance()).build()));
    m.put("SetBalancerRunning", method(SetBalancerRunningRequest.parser(), r -> {
      requireGlobal("switch the balancer", Action.ADMIN);
      return SetBalancerRunningResponse.newBuilder()
          .setPrevious(master.setBalancerRunning(r.getOn())).build();
    }));
    m.put("IsBalancerEnabled", method(IsBalancerEnabledRequest.parser(),
        r -> IsBalancerEnabledResponse.newBuilder().setEnabled(master.isBalancerOn()).build()));
    m.put("Normalize", method(MasterProtos.NormalizeRequest.parser(), r -> {
      requireGlobal("normalize", Action.ADMIN);
      return MasterProtos.NormalizeResponse.newBuilder().setRan(master.normalize()).build();
    }));
    m.put("SetNormalizerRunning", method(MasterProtos.SetNormalizerRunningRequest.parser(),
        r -> {
          requireGlobal("switch the normalizer", Action.ADMIN);
          return MasterProtos.SetNormalizerRunningResponse.newBuilder()
              .setPrevious(master.setNormalizerRunning(r.getOn())).build();
        }));
    m.put("IsNormalizerEnabled", method(MasterProtos.IsNormalizerEnabledRequest.parser(),
        r -> MasterProtos.IsNormalizerEnabledResponse.newBuilder()
            .setEnabled(master.isNormalizerOn()).build()));
    m.put("Split", method(SplitRequest.parser(), this::split));
    m.put("MergeRegions", method(MasterProtos.MergeRegionsRequest.parser(),
        this::mergeRegions));
    m.put("ExecMasterService", method(io.strata.common.proto.MasterProtos
        .MasterCoprocessorServiceRequest.parser(), r -> {
          requireGlobal("call master endpoint " + r.getCall().getServiceName(), Action.EXEC);
          MasterCoprocessorHost cp = master.coprocessors();
          if (cp == null) {
            throw new io.strata.common.error.CoprocessorException("no coprocessor endpoint "
                + r.getCall().getServiceName() + " is loaded on the master (it has no "
                + "coprocessors); name the coprocessor in strata.coprocessor.master.classes");
          }
          return io.strata.common.proto.ClientProtos.CoprocessorServiceResponse.newBuilder()
              .setValue(com.google.protobuf.ByteString.copyFrom(cp.execService(r.getCall())))
              .build();
        }));
    MasterQuotas quotas = master.quotas();
    m.put("CreateToken", method(
        io.strata.common.proto.MasterProtos.CreateTokenRequest.parser(),
        r -> master.tokens().create(r)));
    var delegationParser = io.strata.common.proto.MasterProtos.DelegationTokenRequest.parser();
    m.put("CreateDelegationToken", method(delegationParser,
        r -> master.tokens().createDelegation()));
    m.put("RenewDelegationToken", method(delegationParser, r -> master.tokens().renew(r)));
    m.put("CancelDelegationToken", method(delegationParser, r -> master.tokens().cancel(r)));
    m.put("SetQuota", method(SetQuotaRequest.parser(), r -> {
      requireGlobal("set a quota", Action.ADMIN);
      quotas.set(r.getSetting());
      return EmptyResponse.getDefaultInstance();
    }));
    m.put("GetQuota", method(GetQuotaRequest.parser(), quotas::get));
    m.put("GetSpaceQuotaSizes", method(GetSpaceQuotaSizesRequest.parser(), r -> quotas.sizes()));
    m.put("GetSpaceQuotaSnapshots", method(GetSpaceQuotaSnapshotsRequest.parser(),
        quotas::spaceSnapshots));
    m.put("QuotaSwitch", method(QuotaSwitchRequest.parser(), r -> {
      if (!r.getQuery()) {
        requireGlobal("switch " + r.getName(), Action.ADMIN);
      }
      return QuotaSwitchResponse.newBuilder().setPrevious(quotas.switchQuota(r)).build();
    }));
    MasterAcls acls = master.acls();
    m.put("Grant", method(io.strata.common.proto.AccessProtos.GrantRequest.parser(), r -> {
      acls.grant(r);
      return EmptyResponse.getDefaultInstance();
    }));
    m.put("Revoke", method(io.strata.common.proto.AccessProtos.RevokeRequest.parser(), r -> {
      acls.revoke(r);
      return EmptyResponse.getDefaultInstance();
    }));
    m.put("GetUserPermissions", method(io.strata.common.proto.AccessProtos
        .GetUserPermissionsRequest.parser(), acls::list));
    MasterLabels labels = master.labels();
    var labelsParser = io.strata.common.proto.AccessProtos.LabelsRequest.parser();
    m.put("AddLabels", method(labelsParser, labels::add));
    m.put("SetAuths", method(labelsParser, labels::setAuths));
    m.put("ClearAuths", method(labelsParser, labels::clearAuths));
    m.put("GetAuths", method(labelsParser, labels::getAuths));
    m.put("ListLabels", method(labelsParser, labels::list));
    m.put("CheckConsistency", method(CheckConsistencyRequest.parser(),
        r -> {
          requireGlobal("check the cluster's consistency", Action.ADMIN);
          if (r.getFix()) {
            RpcServer.requirePeer("hbck -fix", "run it as the user who runs the cluster, with"
                + " strata.client.cluster.secret.file naming <root>/cluster.secret (bin/strata"
                + " hbck -fix does so for a local root directory)");
          }
          return ConsistencyCheck.run(master, r.getFix());
        }));
    // Reports come from region servers even while this master is still taking over.
    m.put("RegionServerReport", new RpcMethod(RegionServerReportRequest.parser(),
        CallKind.PRIORITY, (p, cells) -> {
          RpcServer.requirePeer("RegionServerReport", "region servers report their own loads");
          master.servers().report(((RegionServerReportRequest) p).getLoad());
          return RpcResult.of(EmptyResponse.getDefaultInstance());
        }));
    return new RpcService("MasterService", m);
  }

  /** A delete, enable or disable: the observers' pre hook, the procedure, their post hook. */
  private ProcedureIdProto tableProcedure(TableRequest r, String what,
      java.util.function.Function<TableName, Procedure> procedure) throws IOException {
    TableName t = SchemaCodec.fromProto(r.getTable());
    observe("pre" + what, (o, c) -> tableHook(what, true, o, c, t));
    ProcedureIdProto id = submit(procedure.apply(t), r.getNonce());
    observe("post" + what, (o, c) -> tableHook(what, false, o, c, t));
    return id;
  }

  private static void tableHook(String what, boolean pre, MasterObserver o,
      ObserverContext<MasterCoprocessorEnvironment> c, TableName t) throws IOException {
    switch (what) {
      case "DeleteTable" -> {
        if (pre) {
          o.preDeleteTable(c, t);
        } else {
          o.postDeleteTable(c, t);
        }
      }
      case "EnableTable" -> {
        if (pre) {
          o.preEnableTable(c, t);
        } else {
          o.postEnableTable(c, t);
        }
      }
      default -> {
        if (pre) {
          o.preDisableTable(c, t);
        } else {
          o.postDisableTable(c, t);
        }
      }
    }
  }

  /**
   * Requires one of {@code anyOf} globally of the caller, when permissions are checked: for the
   * calls no observer hook covers.
   */
  private void requireGlobal(String request, Action... anyOf) throws IOException {
    io.strata.server.security.access.AccessChecker a = master.access();
    if (a != null) {
      a.requireGlobal(request, anyOf);
    }
  }

  /** Requires one of {@code anyOf} on table {@code t}, when permissions are checked. */
  private void requireTable(String request, TableName t, Action... anyOf) throws IOException {
    io.strata.server.security.access.AccessChecker a = master.access();
    if (a != null) {
      a.requireTable(request, t, anyOf);
    }
  }

  /** Calls a hook of the master's observers, as the caller's request; nothing if none. */
  private void observe(String name,
      ServerCoprocessorHost.Hook<MasterCoprocessorEnvironment, MasterObserver> hook)
      throws IOException {
    MasterCoprocessorHost cp = master.coprocessors();
    if (cp != null) {
      String caller = RpcServer.caller();
      cp.call(name, caller == null ? "" : caller, hook);
    }
  }

  private static NamespaceDescriptor namespace(NamespaceProto p) {
    if (p == null) {
      return null;
    }
    NamespaceDescriptor.Builder b = NamespaceDescriptor.create(p.getName());
    p.getConfigurationMap().forEach(b::addConfiguration);
    return b.build();
  }

  /** Taking, cloning, restoring, deleting and listing snapshots (docs/formats/snapshot.md). */
  private void snapshots(Map<String, RpcMethod> m) {
    MasterSnapshots snaps = new MasterSnapshots(master);
    m.put("Snapshot", method(SnapshotProtos.SnapshotRequest.parser(), r -> {
      TableName t = SchemaCodec.fromProto(r.getTable());
      requireTable("snapshot table " + t, t, Action.ADMIN);
      return submit(SnapshotProcedure.of(r.getName(), t, r.getSkipFlush()), r.getNonce());
    }));
    m.put("CloneSnapshot", method(SnapshotProtos.CloneSnapshotRequest.parser(), r -> {
      TableName t = SchemaCodec.fromProto(r.getTable());
      requireGlobal("clone snapshot '" + r.getName() + "'", Action.ADMIN);
      return submit(CloneSnapshotProcedure.of(r.getName(), t, master.acls().owner()),
          r.getNonce());
    }));
    m.put("RestoreSnapshot", method(SnapshotProtos.RestoreSnapshotRequest.parser(), r -> {
      TableName t = snaps.tableOf(r.getName());
      requireTable("restore snapshot '" + r.getName() + "' to " + t, t, Action.ADMIN);
      return submit(RestoreSnapshotProcedure.of(r.getName(), t, r.getTakeFailsafeSnapshot()),
          r.getNonce());
    }));
    m.put("DeleteSnapshot", method(SnapshotProtos.DeleteSnapshotRequest.parser(), r -> {
      requireGlobal("delete snapshot '" + r.getName() + "'", Action.ADMIN);
      return snaps.delete(r.getName());
    }));
    m.put("ListSnapshots", method(SnapshotProtos.ListSnapshotsRequest.parser(),
        r -> snaps.list()));
  }

  private ProcedureIdProto submit(Procedure p, long nonce) throws IOException {
    return ProcedureIdProto.newBuilder().setProcId(master.procedures().submit(p, nonce)).build();
  }

  private GetProcedureResultResponse procResult(GetProcedureResultRequest r) {
    GetProcedureResultResponse.Builder b = GetProcedureResultResponse.newBuilder();
    ProcedureExecutor.Outcome o = master.procedures().outcome(r.getProcId());
    if (o != null) {
      b.setState(GetProcedureResultResponse.State.FINISHED);
      if (o.error() != null) {
        b.setErrorCode(o.error().code().code()).setErrorMessage(o.error().getMessage())
            .putAllErrorDetails(o.error().details());
      }
    } else if (master.procedures().isRunning(r.getProcId())) {
      b.setState(GetProcedureResultResponse.State.RUNNING);
    } else {
      b.setState(GetProcedureResultResponse.State.NOT_FOUND);
    }
    return b.build();
  }

  @FunctionalInterface
  private interface Task {
    void run() throws IOException;
  }

  /** Runs on the procedure thread, so it never interleaves with DDL. */
  private EmptyResponse inline(Task t) throws Exception {
    master.procedures().runInline(() -> {
      t.run();
      return null;
    }).get();
    return EmptyResponse.getDefaultInstance();
  }

  private EmptyResponse createNamespace(CreateNamespaceRequest r) throws Exception {
    String name;
    try {
      name = TableName.validateNamespace(r.getNamespace().getName());
    } catch (IllegalArgumentException e) {
      throw new BadRequestException(e.getMessage());
    }
    NamespaceDescriptor ns = namespace(r.getNamespace());
    observe("preCreateNamespace", (o, c) -> o.preCreateNamespace(c, ns));
    EmptyResponse done = inline(() -> {
      if (master.namespaceExists(name)) {
        throw new NamespaceExistsException(name);
      }
      master.putNamespace(r.getNamespace());
    });
    observe("postCreateNamespace", (o, c) -> o.postCreateNamespace(c, ns));
    return done;
  }

  /** Replaces the configuration of an existing namespace (HBase's alter_namespace). */
  private EmptyResponse modifyNamespace(ModifyNamespaceRequest r) throws Exception {
    String name = r.getNamespace().getName();
    NamespaceDescriptor old = namespace(master.namespaces().get(name));
    NamespaceDescriptor next = namespace(r.getNamespace());
    observe("preModifyNamespace", (o, c) -> o.preModifyNamespace(c, old, next));
    EmptyResponse done = inline(() -> {
      if (!master.namespaceExists(name)) {
        throw new NamespaceNotFoundException(name);
      }
      master.putNamespace(r.getNamespace());
    });
    observe("postModifyNamespace", (o, c) -> o.postModifyNamespace(c, old, next));
    return done;
  }

  private EmptyResponse deleteNamespace(NamespaceRequest r) throws Exception {
    String name = r.getName();
    observe("preDeleteNamespace", (o, c) -> o.preDeleteNamespace(c, name));
    EmptyResponse done = inline(() -> {
      if (!master.namespaceExists(name)) {
        throw new NamespaceNotFoundException(name);
      }
      if (name.equals(TableName.DEFAULT_NAMESPACE) || name.equals(TableName.SYSTEM_NAMESPACE)) {
        throw new BadRequestException("namespace '" + name + "' is built in and cannot be "
            + "dropped");
      }
      List<String> tables = master.descriptors().keySet().stream()
          .filter(t -> t.getNamespace().equals(name)).map(TableName::toString).sorted().toList();
      if (!tables.isEmpty()) {
        throw new BadRequestException("namespace '" + name + "' still holds table(s) "
            + String.join(", ", tables) + "; disable and drop them first");
      }
      master.deleteNamespace(name);
      master.acls().forget(io.strata.client.security.Permission.newBuilder(name).build());
    });
    observe("postDeleteNamespace", (o, c) -> o.postDeleteNamespace(c, name));
    return done;
  }

  private ListTablesResponse listTables(ListTablesRequest r) throws BadRequestException {
    Pattern p;
    try {
      p = r.getRegex().isEmpty() ? null : Pattern.compile(r.getRegex());
    } catch (PatternSyntaxException e) {
      throw new BadRequestException("table pattern '" + r.getRegex() + "' is not a regular "
          + "expression: " + e.getDescription());
    }
    ListTablesResponse.Builder b = ListTablesResponse.newBuilder();
    for (TableDescriptor d : new java.util.TreeMap<>(master.descriptors()).values()) {
      TableName t = d.getTableName();
      if ((t.isSystemTable() && !r.getIncludeSystem()) || master.tableState(t) == null
          || (!r.getNamespace().isEmpty() && !t.getNamespace().equals(r.getNamespace()))
          || (p != null && !p.matcher(t.getNameAsString()).matches())) {
        continue;
      }
      b.addTables(SchemaCodec.toProto(d));
    }
    return b.build();
  }

  private GetTableResponse getTable(GetTableRequest r) throws IOException {
    TableName t = SchemaCodec.fromProto(r.getTable());
    TableDescriptor d = master.descriptor(t);
    TableState s = master.tableState(t);
    if (d == null || s == null) {
      if (!master.namespaceExists(t.getNamespace())) {
        throw new NamespaceNotFoundException(t.getNamespace());
      }
      throw new TableNotFoundException(t.toString());
    }
    return GetTableResponse.newBuilder().setTable(SchemaCodec.toProto(d)).setState(s.name())
        .build();
  }

  private GetTableRegionsResponse tableRegions(GetTableRegionsRequest r) throws IOException {
    TableName t = SchemaCodec.fromProto(r.getTable());
    if (master.descriptor(t) == null) {
      throw new TableNotFoundException(t.toString());
    }
    GetTableRegionsResponse.Builder b = GetTableRegionsResponse.newBuilder();
    for (RegionStates.Node n : master.states().ofTable(t)) {
      b.addRegions(toProto(n));
    }
    return b.build();
  }

  private static RegionStateProto toProto(RegionStates.Node n) {
    RegionStateProto.Builder b = RegionStateProto.newBuilder()
        .setRegion(SchemaCodec.toProto(n.region())).setState(n.state().name());
    if (n.server() != null) {
      b.setServer(SchemaCodec.toProto(n.server()));
    }
    return b.build();
  }

  private RegionStates.Node region(String name) throws BadRequestException {
    RegionStates.Node n = master.states().find(name);
    if (n == null) {
      throw new BadRequestException("no region is named '" + name + "'; give an encoded name "
          + "(32 hex digits) or a full region name as listed by the table's regions");
    }
    return n;
  }

  private ClusterStatusResponse clusterStatus(ClusterStatusRequest r) {
    ClusterStatusResponse.Builder b = ClusterStatusResponse.newBuilder()
        .setClusterId(master.clusterId()).setMaster(SchemaCodec.toProto(master.serverName()));
    master.backupMasters().forEach(s -> b.addBackupMasters(SchemaCodec.toProto(s)));
    for (ServerName s : master.servers().liveServers()) {
      b.addServers(LiveServerLoad.of(s, master.servers().load(s), master.states()));
    }
    master.servers().deadServers().forEach(s -> b.addDeadServers(SchemaCodec.toProto(s)));
    for (RegionStates.Node n : master.states().all()) {
      if (RegionStates.inTransition(n.state())) {
        b.addRegionsInTransition(toProto(n));
      }
    }
    return b.build();
  }

  private EmptyResponse move(MoveRequest r) throws Exception {
    RegionStates.Node n = region(r.getRegion());
    ServerName to = r.hasDestination() ? SchemaCodec.fromProto(r.getDestination()) : null;
    if (to != null && !master.servers().isLive(to)) {
      throw new BadRequestException("server " + to + " is not a live region server; pick one "
          + "from status 'detailed'");
    }
    // As HBase's master does, a move with nowhere to go is not an error (a program moving a
    // table's regions onto one server keeps working): the region stays open where it is, and
    // the shell, which looks first, says so.
    if (n.server() != null && (to != null ? to.equals(n.server())
        : master.servers().liveServers().stream().allMatch(n.server()::equals))) {
      LOG.info("not moving {}: it is on {}{}", n.region().getEncodedName(), n.server(),
          to != null ? ", the server asked for" : ", the only live region server");
      return EmptyResponse.getDefaultInstance();
    }
    observe("preMove", (o, c) -> o.preMove(c, n.region(), n.server(), to));
    EmptyResponse done = n.region().isMetaRegion() ? inline(() -> master.moveMeta(to))
        : inline(() -> master.assignment().move(n.region(), to));
    observe("postMove", (o, c) -> o.postMove(c, n.region(), n.server(), to));
    return done;
  }

  private ProcedureIdProto split(SplitRequest r) throws IOException {
    ProcedureIdProto retried = master.procedures().knownNonces(r.getNonce());
    if (retried != null) {
      return retried; // a retry: the regions changed since the first try split them
    }
    byte[] row = r.getSplitRow().isEmpty() ? null : r.getSplitRow().toByteArray();
    List<RegionInfo> targets = new ArrayList<>();
    if (!r.getRegion().isEmpty()) {
      targets.add(region(r.getRegion()).region());
    } else {
      TableName t = SchemaCodec.fromProto(r.getTable());
      master.requireUserTable(t);
      for (RegionStates.Node n : master.states().ofTable(t)) {
        if (row == null || n.region().containsRow(row)) {
          targets.add(n.region());
        }
      }
    }
    if (targets.isEmpty()) {
      throw new BadRequestException("no region to split"
          + (row == null ? "" : " holds row '" + Bytes.toStringBinary(row) + "'"));
    }
    TableName splitTable = targets.get(0).getTable();
    observe("preSplitRegion", (o, c) -> o.preSplitRegion(c, splitTable, row));
    ProcedureIdProto.Builder ids = ProcedureIdProto.newBuilder();
    for (RegionInfo region : targets) {
      if (region.isMetaRegion()) {
        throw new BadRequestException("strata:meta does not split");
      }
      // Every region of a table at its middle: those that cannot split now are skipped.
      boolean bestEffort = r.getRegion().isEmpty() && row == null;
      // One nonce per region of the call: a retry maps each to the procedure it started.
      long nonce = r.getNonce() == 0 ? 0 : r.getNonce() + targets.indexOf(region);
      long id = master.procedures().submit(SplitRegionProcedure.of(region, row, bestEffort),
          nonce);
      if (ids.getProcId() == 0) {
        ids.setProcId(id);
      } else {
        ids.addMoreProcIds(id);
      }
    }
    observe("postSplitRegion", (o, c) -> o.postSplitRegion(c, splitTable, row));
    return ids.build();
  }

  private ProcedureIdProto mergeRegions(MasterProtos.MergeRegionsRequest r)
      throws IOException {
    ProcedureIdProto retried = master.procedures().knownNonces(r.getNonce());
    if (retried != null) {
      return retried; // a retry: the first try's merge may have replaced the regions already
    }
    List<RegionInfo> parents = new ArrayList<>();
    for (String name : r.getRegionsList()) {
      RegionInfo p = region(name).region();
      if (parents.contains(p)) {
        throw new BadRequestException("region " + p.getEncodedName() + " is named twice; name "
            + "each region to merge once");
      }
      parents.add(p);
    }
    requireTable("merge regions of " + parents.get(0).getTable(), parents.get(0).getTable(),
        Action.ADMIN);
    // Refused here, with the reason, rather than as a failed procedure.
    io.strata.server.region.RegionMerger.mergedRegion(parents, System.currentTimeMillis());
    master.requireUserTable(parents.get(0).getTable());
    return ProcedureIdProto.newBuilder().setProcId(master.procedures().submit(
        MergeRegionsProcedure.of(parents), r.getNonce())).build();
  }
}
