package io.strata.server.regionserver;

import com.google.protobuf.InvalidProtocolBufferException;
import io.strata.client.Get;
import io.strata.client.Mutation;
import io.strata.client.security.Permission;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.SpaceLimitingException;
import io.strata.common.error.StrataException;
import io.strata.common.error.WrongRegionException;
import io.strata.common.proto.ClientProtos.ActionProto;
import io.strata.common.proto.ClientProtos.ActionResultProto;
import io.strata.common.proto.ClientProtos.CoprocessorServiceRequest;
import io.strata.common.proto.ClientProtos.CoprocessorServiceResponse;
import io.strata.common.proto.ClientProtos.ExceptionPayloadProto;
import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.proto.ClientProtos.GetResponse;
import io.strata.common.proto.ClientProtos.MultiRequest;
import io.strata.common.proto.ClientProtos.MultiResponse;
import io.strata.common.proto.ClientProtos.MutateRequest;
import io.strata.common.proto.ClientProtos.MutateResponse;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.RegionActionProto;
import io.strata.common.proto.ClientProtos.RegionActionResultProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.proto.ClientProtos.ScanRequest;
import io.strata.common.quota.ThrottleType;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.MiniBatchOperationInProgress;
import io.strata.server.quota.RegionServerQuotas;
import io.strata.server.region.BulkLoader;
import io.strata.server.region.Condition;
import io.strata.server.region.Region;
import io.strata.server.region.RowEdit;
import io.strata.server.region.WriteWouldWaitException;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.RpcMethod;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcService;
import io.strata.server.scan.ScanSpec;
import io.strata.server.security.access.AccessChecker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The client service: Get, Mutate, Multi, PutBatch, Scan and ExecService (coprocessor
 * endpoints) over the hosted regions. Reads go
 * through the regions' in-place paths: cells are written straight from where they lie
 * (memstore, cache blocks) into the answer's cell block, and the blocks are given back once
 * written.
 */
final class ClientService {
  static final String NAME = "ClientService";

  private final OnlineRegions regions;
  /** Checks the calls no observer hook covers; null when permissions are not checked. */
  private final AccessChecker access;
  private final ScanCalls scans;
  private final RegionServerQuotas quotas;

  /**
   * @param access the permission checks of the calls without observer hooks (endpoints, bulk
   *     loads); null when strata.security.authorization is off
   */
  ClientService(OnlineRegions regions, ScannerRegistry scanners, RegionServerQuotas quotas,
      AccessChecker access) {
    this.regions = regions;
    this.access = access;
    this.quotas = quotas;
    this.scans = new ScanCalls(regions, scanners, quotas);
  }

  /** The user of the call being served, as quotas count it. */
  static String caller() {
    String user = RpcServer.caller();
    return user == null ? "" : user;
  }

  /** The service's methods; PutBatch only if {@code putBatch} (strata.regionserver.put.batch). */
  RpcService service(boolean putBatch) {
    Map<String, RpcMethod> methods = new java.util.HashMap<>(Map.of(
        "Get", new RpcMethod(GetRequest.parser(), CallKind.READ,
            (p, cells) -> get((GetRequest) p)),
        "Mutate", new RpcMethod(MutateRequest.parser(), CallKind.WRITE,
            (p, cells) -> {
              RpcServer.nameOperation(operation((MutateRequest) p));
              return mutateOrHandOff((MutateRequest) p, cells);
            }, true),
        "Multi", RpcMethod.raw(CallKind.WRITE, this::multi),
        "Scan", new RpcMethod(ScanRequest.parser(), CallKind.SCAN,
            (p, cells) -> scans.scan((ScanRequest) p)),
        "ExecService", new RpcMethod(CoprocessorServiceRequest.parser(), CallKind.SCAN,
            (p, cells) -> execService((CoprocessorServiceRequest) p)),
        "BulkLoad", new RpcMethod(io.strata.common.proto.ClientProtos.BulkLoadRequest.parser(),
            CallKind.WRITE, (p, cells) -> bulkLoad(
                (io.strata.common.proto.ClientProtos.BulkLoadRequest) p))));
    if (putBatch) {
      methods.put("PutBatch", RpcMethod.raw(CallKind.WRITE, this::putBatch));
    }
    return new RpcService(NAME, Map.copyOf(methods));
  }

  /**
   * A call of an endpoint of the region's coprocessors, on a scan handler (an endpoint may read
   * much of its region): admitted by quotas as one read, charged with its answer's size.
   */
  private RpcResult execService(CoprocessorServiceRequest req) throws IOException {
    if (RpcServer.onIoThread()) {
      return RpcResult.HAND_OFF; // an endpoint may wait, which a network thread must not
    }
    OnlineRegions.Hosted h = regions.get(req.getRegion().getEncodedName());
    if (h.coprocessors() == null) {
      throw new io.strata.common.error.CoprocessorException("no coprocessor endpoint "
          + req.getCall().getServiceName() + " is loaded on region "
          + h.region().info().getRegionNameAsString() + " (its table has no coprocessors); "
          + "load the coprocessor that registers it (alter 't', METHOD => 'table_att', "
          + "'coprocessor' => 'jar|class|priority')");
    }
    TableName table = h.region().info().getTable();
    if (access != null) {
      access.requireTable("call endpoint " + req.getCall().getServiceName(), table,
          Permission.Action.EXEC);
    }
    quotas.admit(ClientService::caller, table, ThrottleType.Kind.READ, 1, 0);
    byte[] value = h.coprocessors().execService(req.getCall());
    quotas.charge(ClientService::caller, table, ThrottleType.Kind.READ, value.length);
    return RpcResult.of(CoprocessorServiceResponse.newBuilder()
        .setValue(com.google.protobuf.ByteString.copyFrom(value)).build());
  }

  /** Adds ready block files to a region (a bulk load): see {@link BulkLoader}. */
  private RpcResult bulkLoad(io.strata.common.proto.ClientProtos.BulkLoadRequest req)
      throws IOException {
    OnlineRegions.Hosted h = regions.get(req.getRegion().getEncodedName());
    if (access != null) { // the server moves files from paths the client names
      access.requireGlobal("bulk load into " + h.region().info().getTable(),
          Permission.Action.ADMIN);
    }
    checkWritable(h);
    List<BulkLoader.LoadFile> files = new ArrayList<>();
    for (io.strata.common.proto.ClientProtos.BulkLoadFileProto f : req.getFilesList()) {
      files.add(new BulkLoader.LoadFile(f.getFamily().toByteArray(),
          new org.apache.hadoop.fs.Path(f.getPath())));
    }
    long seq = BulkLoader.load(h.region(), files);
    return RpcResult.of(io.strata.common.proto.ClientProtos.BulkLoadResponse.newBuilder()
        .setSequenceId(seq).build());
  }

  private RpcResult get(GetRequest req) throws IOException {
    if (RpcServer.onIoThread() && req.getGet().hasFilter()
        && FilterCost.costly(req.getGet().getFilter())) {
      return RpcResult.HAND_OFF; // a read handler runs it, not the connections' thread
    }
    OnlineRegions.Hosted h = regions.get(req.getRegion().getEncodedName());
    if (h.observingGets() != null && RpcServer.onIoThread()) {
      return RpcResult.HAND_OFF; // a hook may wait, which a network thread must not
    }
    TableName table = h.region().info().getTable();
    quotas.admit(ClientService::caller, table, ThrottleType.Kind.READ, 1, 0);
    CellBlock.Writer out = CellBlock.Writer.withoutTags(256);
    ResultProto result = h.observingGets() == null ? doGet(h, req.getGet(), out)
        : ObservedOps.observedGet(h, req.getGet(), out);
    quotas.charge(ClientService::caller, table, ThrottleType.Kind.READ, out.size());
    return new RpcResult(GetResponse.newBuilder().setResult(result).build(), out.toBytes());
  }

  static ResultProto doGet(OnlineRegions.Hosted h,
      io.strata.common.proto.ClientProtos.GetProto g, CellBlock.Writer out) throws IOException {
    ScanSpec spec = h.translator().get(g);
    h.reads().increment();
    if (g.getExistenceOnly()) {
      boolean exists = h.region().readRow(spec.startRow(), spec, cells -> !cells.isEmpty());
      return ResultProto.newBuilder().setExists(exists).build();
    }
    int n = h.region().readRow(spec.startRow(), spec, cells -> {
      out.addAll(cells);
      return cells.size();
    });
    return ResultProto.newBuilder().setCellCount(n).build();
  }


  /**
   * Refuses a write to a system table (strata:meta) unless one of the cluster's own processes
   * sends it: a client's write there could leave the catalog unreadable.
   */
  private static void checkWritable(OnlineRegions.Hosted h) throws AccessDeniedException {
    TableName t = h.region().info().getTable();
    if (t.isSystemTable() && !RpcServer.callFromPeer()) {
      throw new AccessDeniedException(t + " is written only by the cluster's own processes;"
          + " change tables, regions and namespaces through the master (the shell or Admin)");
    }
  }

  /** Refuses a batched edit outside the region up front, so only that action fails. */
  private static void checkInRegion(Region r, byte[] row) throws WrongRegionException {
    if (!r.info().containsRow(row)) {
      throw new WrongRegionException(Bytes.toStringBinary(row), r.info().getRegionNameAsString());
    }
  }

  /**
   * On a network thread, the write runs only if it need not wait there (see
   * {@link Region#withoutWaiting}); otherwise it is handed to a write handler.
   */
  /** A mutate call's operation, as metrics name it. */
  private static String operation(MutateRequest req) {
    if (req.hasCondition()) {
      return "checkAndMutate";
    }
    if (req.getMutationsCount() == 0) {
      return "put";
    }
    return switch (req.getMutations(0).getType()) {
      case DELETE -> "delete";
      case INCREMENT -> "increment";
      case APPEND -> "append";
      default -> "put";
    };
  }

  private RpcResult mutateOrHandOff(MutateRequest req, byte[] cellBlock) throws IOException {
    if (!RpcServer.onIoThread()) {
      return mutate(req, cellBlock);
    }
    OnlineRegions.Hosted observed = regions.find(req.getRegion().getEncodedName());
    if (observed != null && (observed.observingPuts() != null
        || observed.observingAtomics() != null || observed.observingCheckAndMutate() != null)) {
      return RpcResult.HAND_OFF; // a hook may wait, which a network thread must not
    }
    try {
      return Region.withoutWaiting(() -> mutate(req, cellBlock));
    } catch (WriteWouldWaitException e) {
      OnlineRegions.Hosted h = regions.get(req.getRegion().getEncodedName());
      h.writes().decrement(); // counted again there
      quotas.refund(ClientService::caller, h.region().info().getTable(), ThrottleType.Kind.WRITE, 1,
          cellBlock == null ? 0 : cellBlock.length); // and admitted again there
      return RpcResult.HAND_OFF;
    }
  }

  private RpcResult mutate(MutateRequest req, byte[] cellBlock) throws IOException {
    OnlineRegions.Hosted h = regions.get(req.getRegion().getEncodedName());
    checkWritable(h);
    quotas.checkSpace(h.region().info().getTable(), req.getMutationsList().stream()
        .anyMatch(m -> m.getType() != MutationProto.Type.DELETE));
    quotas.admit(ClientService::caller, h.region().info().getTable(), ThrottleType.Kind.WRITE, 1,
        cellBlock == null ? 0 : cellBlock.length);
    CellBlock.Reader in = new CellBlock.Reader(cellBlock);
    if (req.getMutationsCount() == 0) {
      throw new BadRequestException("a mutate call carries no mutation; send at least one");
    }
    h.writes().increment();
    if (req.hasCondition()) {
      byte[] row = req.getConditionRow().toByteArray();
      if (h.observingCheckAndMutate() != null) {
        return ObservedOps.observedCheckAndMutate(h, req, row, cellBlock, in);
      }
      if (isIncrementOrAppend(req.getMutations(0))) {
        return checkAndUpdate(h, req, row, in);
      }
      List<RowEdit> edits = edits(h, req.getMutationsList(), in);
      RowEdit action = merge(row, edits);
      boolean done = h.region().checkAndMutate(row, h.translator().condition(req),
          action);
      return RpcResult.of(MutateResponse.newBuilder().setProcessed(done).build());
    }
    MutationProto first = req.getMutations(0);
    if (isIncrementOrAppend(first)) {
      if (req.getMutationsCount() != 1) {
        throw new BadRequestException("an increment or append goes alone in a mutate call");
      }
      CellBlock.Writer out = CellBlock.Writer.withoutTags(128);
      ResultProto r = atomic(h, first, in, out);
      return new RpcResult(MutateResponse.newBuilder().setProcessed(true).setResult(r).build(),
          out.toBytes());
    }
    List<RowEdit> edits = edits(h, req.getMutationsList(), in);
    List<Mutation> observed = null;
    if (h.observingPuts() != null) {
      observed = new ArrayList<>();
      edits = ObservedOps.observe(h, req.getMutationsList(), edits, observed);
      if (edits.isEmpty()) { // every one bypassed
        return RpcResult.of(MutateResponse.newBuilder().setProcessed(true).build());
      }
    }
    MiniBatchOperationInProgress<Mutation> batch = null;
    if (observed != null && h.coprocessors().observesBatches()) {
      batch = new MiniBatchOperationInProgress<>(observed);
      h.coprocessors().preBatchMutate(caller(), batch);
      for (int i = 0; i < batch.size(); i++) {
        if (batch.getOperationStatus(i) != null) {
          throw batch.getOperationStatus(i); // one row's mutations go together or not at all
        }
      }
    }
    // One row, one edit: a RowMutations is atomic, also across a crash, so its mutations share
    // the strongest of their durabilities.
    h.region().mutate(List.of(merge(edits.get(0).row(), edits)));
    if (batch != null) {
      h.coprocessors().postBatchMutate(caller(), batch);
    }
    if (observed != null) {
      for (Mutation m : observed) {
        ObservedOps.post(h.coprocessors(), m);
      }
    }
    return RpcResult.of(MutateResponse.newBuilder().setProcessed(true).build());
  }




  static boolean isIncrementOrAppend(MutationProto m) {
    return m.getType() == MutationProto.Type.INCREMENT
        || m.getType() == MutationProto.Type.APPEND;
  }


  /**
   * A check-and-mutate whose action is one increment or append: applied, under the row lock,
   * only if the condition holds; the new values come back as for an increment on its own.
   */
  private static RpcResult checkAndUpdate(OnlineRegions.Hosted h, MutateRequest req, byte[] row,
      CellBlock.Reader in) throws IOException {
    MutationProto m = req.getMutations(0);
    List<Cell> values = checkAndUpdateValues(h, req, row, in);
    MutateResponse.Builder resp = MutateResponse.newBuilder().setProcessed(values != null);
    if (values == null || m.getSkipResults()) {
      return RpcResult.of(resp.build());
    }
    CellBlock.Writer out = CellBlock.Writer.withoutTags(128);
    out.addAll(values);
    return new RpcResult(resp.setResult(ResultProto.newBuilder().setCellCount(values.size()))
        .build(), out.toBytes());
  }

  /** The new values of a check-and-mutate's increment or append, or null if it failed. */
  static List<Cell> checkAndUpdateValues(OnlineRegions.Hosted h, MutateRequest req,
      byte[] row, CellBlock.Reader in) throws IOException {
    if (req.getMutationsCount() != 1) {
      throw new BadRequestException("a check-and-mutate with an increment or append carries "
          + "that one mutation only");
    }
    MutationProto m = req.getMutations(0);
    if (!Bytes.equals(row, m.getRow().toByteArray())) {
      throw new BadRequestException("check-and-mutate on row '" + Bytes.toStringBinary(row)
          + "' carries a mutation of row '" + Bytes.toStringBinary(m.getRow().toByteArray())
          + "'; both must be the same row");
    }
    RequestTranslator t = h.translator();
    Condition condition = t.condition(req);
    return m.getType() == MutationProto.Type.INCREMENT
        ? h.region().checkAndIncrement(row, condition, t.deltas(m, in), t.readModifyWrite(m))
        : h.region().checkAndAppend(row, condition, t.appends(m, in), t.readModifyWrite(m));
  }

  static List<RowEdit> edits(OnlineRegions.Hosted h, List<MutationProto> ms,
      CellBlock.Reader in) throws IOException {
    List<RowEdit> edits = new ArrayList<>(ms.size());
    for (MutationProto m : ms) {
      edits.add(h.translator().edit(m, in));
    }
    return edits;
  }

  /**
   * The edits as one edit of {@code row}, with the strongest of their durabilities; refuses
   * edits of other rows. Each put keeps its own TTL: it is written into its cells here.
   */
  static RowEdit merge(byte[] row, List<RowEdit> edits) throws BadRequestException {
    if (edits.size() == 1) {
      RowEdit only = edits.get(0);
      if (!Bytes.equals(only.row(), row)) {
        throw otherRow(only, row);
      }
      return only;
    }
    List<Cell> cells = new ArrayList<>();
    io.strata.common.schema.Durability d = io.strata.common.schema.Durability.USE_DEFAULT;
    Map<String, byte[]> attributes = new java.util.TreeMap<>();
    for (RowEdit e : edits) {
      if (!Bytes.equals(e.row(), row)) {
        throw otherRow(e, row);
      }
      for (Cell c : e.cells()) {
        cells.add(e.ttlMillis() == Tag.NO_TTL || c.getType() != CellType.PUT ? c
            : KeyValue.copyOf(c, c.getTimestamp(), Tag.withTtl(Tag.tagsOf(c), e.ttlMillis())));
      }
      attributes.putAll(e.attributes());
      d = e.durability().ordinal() > d.ordinal() ? e.durability() : d;
    }
    return new RowEdit(row, cells, d, Tag.NO_TTL, attributes);
  }

  private static BadRequestException otherRow(RowEdit e, byte[] row) {
    return new BadRequestException("the mutation of row '" + Bytes.toStringBinary(e.row())
        + "' is in a row mutation of row '" + Bytes.toStringBinary(row) + "'; one atomic "
        + "row mutation changes one row");
  }

  /** An increment or append; the new values go to {@code out}. */
  private static ResultProto atomic(OnlineRegions.Hosted h, MutationProto m, CellBlock.Reader in,
      CellBlock.Writer out) throws IOException {
    if (h.observingAtomics() != null) {
      return ObservedOps.observedAtomic(h, m, in, out);
    }
    byte[] row = m.getRow().toByteArray();
    List<Cell> values = m.getType() == MutationProto.Type.INCREMENT
        ? h.region().increment(row, h.translator().deltas(m, in),
            h.translator().readModifyWrite(m))
        : h.region().append(row, h.translator().appends(m, in),
            h.translator().readModifyWrite(m));
    if (m.getSkipResults()) {
      return ResultProto.getDefaultInstance();
    }
    out.addAll(values);
    return ResultProto.newBuilder().setCellCount(values.size()).build();
  }


  /**
   * A batch from its parameter's bytes: a batch of plain puts and deletes read by
   * {@link PlainMulti}, any other by the generated parser.
   */
  private RpcResult multi(byte[] param, byte[] cellBlock, int cellBlockLength)
      throws IOException {
    PlainMulti plain;
    try {
      plain = PlainMulti.read(param);
    } catch (InvalidProtocolBufferException malformed) {
      plain = null; // the generated parser says what is wrong with it
    }
    CellBlock.Reader in = new CellBlock.Reader(cellBlock, cellBlockLength);
    if (plain != null) {
      return plainMulti(plain, in);
    }
    MultiRequest req;
    try {
      req = MultiRequest.parseFrom(param);
    } catch (InvalidProtocolBufferException e) {
      throw BadRequestException.malformedParameter(NAME, "Multi", e.getMessage());
    }
    return multi(req, in);
  }

  /** A batch of plain puts sent without a message each ({@code PutBatchRequest}). */
  private RpcResult putBatch(byte[] param, byte[] cellBlock, int cellBlockLength)
      throws IOException {
    PlainMulti puts;
    try {
      puts = PlainMulti.readPutBatch(param);
    } catch (InvalidProtocolBufferException e) {
      throw BadRequestException.malformedParameter(NAME, "PutBatch", e.getMessage());
    }
    return plainMulti(puts, new CellBlock.Reader(cellBlock, cellBlockLength));
  }

  /**
   * {@link #multi(MultiRequest, CellBlock.Reader)} of a batch of plain puts and deletes; its
   * result says the request is free when every region wrote copies of its cells.
   */
  private RpcResult plainMulti(PlainMulti req, CellBlock.Reader in) throws IOException {
    boolean kept = false;
    MultiResponse.Builder resp = MultiResponse.newBuilder();
    for (PlainMulti.Region ra : req.regions()) {
      OnlineRegions.Hosted h = regions.find(ra.encodedName());
      StrataException refused = null;
      if (h != null) {
        try {
          checkWritable(h);
          quotas.checkSpace(h.region().info().getTable(), ra.actions().stream()
              .anyMatch(a -> a.type() != MutationProto.Type.DELETE));
        } catch (AccessDeniedException | SpaceLimitingException e) {
          refused = e;
        }
      }
      if (h != null && refused == null) {
        try {
          quotas.admit(ClientService::caller, h.region().info().getTable(), ThrottleType.Kind.WRITE,
              ra.actions().size(), 0);
        } catch (io.strata.common.error.ThrottlingException e) {
          refused = e;
        }
      }
      if (h == null || refused != null) {
        for (PlainMulti.Action a : ra.actions()) {
          in.next(a.cellCount());
        }
        resp.addRegionResults(refused == null ? notServing(ra.encodedName())
            : RegionActionResultProto.newBuilder().setException(payload(refused)).build());
        continue;
      }
      int cellsFrom = in.position();
      RegionActionResultProto.Builder results = RegionActionResultProto.newBuilder();
      List<Integer> indexes = new ArrayList<>(ra.actions().size());
      List<RowEdit> pending = new ArrayList<>(ra.actions().size());
      List<Mutation> observed = h.observingPuts() == null ? null : new ArrayList<>();
      for (PlainMulti.Action a : ra.actions()) {
        try {
          RowEdit e = h.translator().plainEdit(a, in);
          checkInRegion(h.region(), e.row());
          if (observed != null && (e = ObservedOps.pre(h, a.type(), e, observed)) == null) {
            ok(results, a.index(), req.succeededAsIndexes()); // bypassed: not written
            continue;
          }
          pending.add(e);
          indexes.add(a.index());
        } catch (IOException e) {
          results.addResults(failed(a.index(), ObservedCalls.asStrata(e, regions.server())));
        }
      }
      kept |= applyPending(h, pending, indexes, observed, results, req.succeededAsIndexes());
      quotas.charge(ClientService::caller, h.region().info().getTable(), ThrottleType.Kind.WRITE,
          in.position() - cellsFrom);
      resp.addRegionResults(results.build());
    }
    return new RpcResult(resp.build(), null, null, !kept);
  }

  private RegionActionResultProto notServing(String encodedName) {
    return RegionActionResultProto.newBuilder().setException(payload(
        new io.strata.common.error.NotServingRegionException(encodedName, regions.server())))
        .build();
  }

  /**
   * A batch: per region, runs of puts and deletes go to the region as one call (one WAL entry);
   * gets, increments and appends run one by one in between, so every action sees the ones
   * before it. An action that fails gets its own error; the others still run.
   */
  private RpcResult multi(MultiRequest req, CellBlock.Reader in) throws IOException {
    CellBlock.Writer out = CellBlock.Writer.withoutTags(256);
    MultiResponse.Builder resp = MultiResponse.newBuilder();
    for (RegionActionProto ra : req.getRegionActionsList()) {
      OnlineRegions.Hosted h = regions.find(ra.getRegion().getEncodedName());
      if (h == null) {
        skipCells(ra, in);
        resp.addRegionResults(notServing(ra.getRegion().getEncodedName()));
        continue;
      }
      try {
        long mutations = ra.getActionsList().stream().filter(ActionProto::hasMutation).count();
        if (mutations > 0) {
          checkWritable(h);
          quotas.checkSpace(h.region().info().getTable(), ra.getActionsList().stream()
              .anyMatch(a -> a.hasMutation()
                  && a.getMutation().getType() != MutationProto.Type.DELETE));
          quotas.admit(ClientService::caller, h.region().info().getTable(), ThrottleType.Kind.WRITE,
              (int) mutations, 0);
        }
        if (mutations < ra.getActionsCount()) {
          quotas.admit(ClientService::caller, h.region().info().getTable(), ThrottleType.Kind.READ,
              ra.getActionsCount() - (int) mutations, 0);
        }
      } catch (AccessDeniedException | SpaceLimitingException
          | io.strata.common.error.ThrottlingException e) {
        skipCells(ra, in);
        resp.addRegionResults(RegionActionResultProto.newBuilder().setException(payload(e)));
        continue;
      }
      resp.addRegionResults(regionActions(h, ra, in, out, req.getSucceededAsIndexes()));
    }
    return new RpcResult(resp.build(), out.toBytes());
  }

  private static void skipCells(RegionActionProto ra, CellBlock.Reader in)
      throws BadRequestException {
    for (ActionProto a : ra.getActionsList()) {
      if (a.hasMutation()) {
        in.next(a.getMutation().getCellCount());
      }
    }
  }

  private static RegionActionResultProto regionActions(OnlineRegions.Hosted h,
      RegionActionProto ra, CellBlock.Reader in, CellBlock.Writer out, boolean asIndexes)
      throws IOException {
    RegionActionResultProto.Builder results = RegionActionResultProto.newBuilder();
    List<Integer> pendingIndexes = new ArrayList<>();
    List<RowEdit> pending = new ArrayList<>();
    List<Mutation> observed = h.observingPuts() == null ? null : new ArrayList<>();
    for (ActionProto a : ra.getActionsList()) {
      if (a.hasMutation() && isPutOrDelete(a.getMutation())) {
        try {
          RowEdit e = h.translator().edit(a.getMutation(), in);
          checkInRegion(h.region(), e.row());
          if (observed != null
              && (e = ObservedOps.pre(h, a.getMutation().getType(), e, observed)) == null) {
            ok(results, a.getIndex(), asIndexes); // bypassed: not written
            continue;
          }
          pending.add(e);
          pendingIndexes.add(a.getIndex());
        } catch (IOException e) {
          results.addResults(failed(a.getIndex(), ObservedCalls.asStrata(e,
              h.region().info().getRegionNameAsString())));
        }
        continue;
      }
      applyPending(h, pending, pendingIndexes, observed, results, asIndexes);
      try {
        if (a.hasGet()) {
          results.addResults(ActionResultProto.newBuilder().setIndex(a.getIndex())
              .setResult(h.observingGets() == null ? doGet(h, a.getGet(), out)
                  : ObservedOps.observedGet(h, a.getGet(), out)));
        } else if (a.hasMutation()) {
          h.writes().increment();
          results.addResults(ActionResultProto.newBuilder().setIndex(a.getIndex())
              .setResult(atomic(h, a.getMutation(), in, out)));
        } else {
          throw new BadRequestException("action " + a.getIndex() + " is neither a get nor a "
              + "mutation");
        }
      } catch (StrataException e) {
        results.addResults(failed(a.getIndex(), e));
      }
    }
    applyPending(h, pending, pendingIndexes, observed, results, asIndexes);
    return results.build();
  }

  private static boolean isPutOrDelete(MutationProto m) {
    return m.getType() == MutationProto.Type.PUT || m.getType() == MutationProto.Type.DELETE;
  }

  /**
   * Writes the pending puts and deletes as one region call. If that fails for a reason retrying
   * cannot fix, one of them is bad: write them one by one so each gets its own answer. Applied
   * ones are answered as indexes in {@code succeeded} when the client reads them so (a write
   * buffer's 2,000 puts were 2,000 messages to build, send and parse), else as messages.
   * Returns whether anything may still hold the request's cells ({@link Region#mutate}).
   * With {@code observed} (the region has coprocessors), each written one's post hook runs.
   */
  private static boolean applyPending(OnlineRegions.Hosted h, List<RowEdit> pending,
      List<Integer> indexes, List<Mutation> observed, RegionActionResultProto.Builder results,
      boolean asIndexes) throws IOException {
    MiniBatchOperationInProgress<Mutation> batch = null;
    if (!pending.isEmpty() && observed != null && h.coprocessors().observesBatches()) {
      batch = new MiniBatchOperationInProgress<>(observed);
      ObservedOps.preBatch(h, batch, pending, indexes, observed, results);
    }
    if (pending.isEmpty()) {
      return false;
    }
    h.writes().add(pending.size());
    boolean kept = true; // unless the region says it copied them: a failed write may not have
    try {
      kept = h.region().mutate(pending);
      StrataException postFailed = null;
      if (batch != null) {
        try {
          h.coprocessors().postBatchMutate(caller(), batch);
        } catch (IOException e) {
          postFailed = ObservedCalls.asStrata(e, h.region().info().getRegionNameAsString());
        }
      }
      for (int i = 0; i < pending.size(); i++) {
        if (postFailed != null) {
          results.addResults(failed(indexes.get(i), postFailed));
        } else {
          written(h, observed, i, indexes.get(i), results, asIndexes);
        }
      }
    } catch (StrataException e) {
      if (e.isRetryable() || pending.size() == 1) {
        indexes.forEach(i -> results.addResults(failed(i, e)));
      } else {
        for (int i = 0; i < pending.size(); i++) {
          try {
            h.region().mutate(List.of(pending.get(i)));
            written(h, observed, i, indexes.get(i), results, asIndexes);
          } catch (StrataException one) {
            results.addResults(failed(indexes.get(i), one));
          }
        }
      }
    }
    pending.clear();
    indexes.clear();
    if (observed != null) {
      observed.clear();
    }
    return kept;
  }


  /** Answers a written action: its post hook's error if it has one, else success. */
  private static void written(OnlineRegions.Hosted h, List<Mutation> observed, int position,
      int index, RegionActionResultProto.Builder results, boolean asIndexes) {
    if (observed != null) {
      try {
        ObservedOps.post(h.coprocessors(), observed.get(position));
      } catch (IOException e) {
        results.addResults(failed(index, ObservedCalls.asStrata(e,
            h.region().info().getRegionNameAsString())));
        return;
      }
    }
    ok(results, index, asIndexes);
  }

  private static void ok(RegionActionResultProto.Builder results, int index,
      boolean asIndexes) {
    if (asIndexes) {
      results.addSucceeded(index);
    } else {
      results.addResults(ActionResultProto.newBuilder().setIndex(index)
          .setResult(ResultProto.getDefaultInstance()));
    }
  }

  static ActionResultProto failed(int index, StrataException e) {
    return ActionResultProto.newBuilder().setIndex(index).setException(payload(e)).build();
  }

  static ExceptionPayloadProto payload(StrataException e) {
    return ExceptionPayloadProto.newBuilder().setCode(e.code().code())
        .setMessage(e.getMessage() == null ? "" : e.getMessage()).putAllDetails(e.details())
        .build();
  }
}
