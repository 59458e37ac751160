package io.strata.server.regionserver;

import static io.strata.server.regionserver.ClientService.caller;
import static io.strata.server.regionserver.ClientService.checkAndUpdateValues;
import static io.strata.server.regionserver.ClientService.doGet;
import static io.strata.server.regionserver.ClientService.edits;
import static io.strata.server.regionserver.ClientService.failed;
import static io.strata.server.regionserver.ClientService.isIncrementOrAppend;
import static io.strata.server.regionserver.ClientService.merge;

import io.strata.client.Append;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.internal.OperationProtos;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.StrataException;
import io.strata.common.proto.ClientProtos.MutateRequest;
import io.strata.common.proto.ClientProtos.MutateResponse;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.RegionActionResultProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.rpc.CellBlock;
import io.strata.server.coprocessor.MiniBatchOperationInProgress;
import io.strata.server.coprocessor.RegionCoprocessorHost;
import io.strata.server.region.RowEdit;
import io.strata.server.rpc.RpcResult;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The client service's operations on a region with observers: each builds the client's object
 * the hooks see ({@link ObservedCalls}), runs the pre hooks (which may change, answer or veto
 * it), does the operation unless bypassed, and runs the post hooks (which may change the
 * answer). {@link ClientService} calls these only when a loaded observer overrides a hook of
 * the operation; otherwise it takes its plain path.
 */
final class ObservedOps {
  private ObservedOps() {}

  /**
   * A get on a region with coprocessors: its observers' pre hooks may change it or answer it
   * (bypass), their post hooks change the cells it read; the cells go out sorted.
   */
  static ResultProto observedGet(OnlineRegions.Hosted h,
      io.strata.common.proto.ClientProtos.GetProto g, CellBlock.Writer out) throws IOException {
    RegionCoprocessorHost cp = h.coprocessors();
    String caller = caller();
    Get get = ObservedCalls.get(g);
    if (g.getExistenceOnly()) {
      java.util.Optional<Boolean> answered = cp.preExists(caller, get);
      boolean exists = answered.isPresent() ? answered.get() : cp.postExists(caller, get,
          doGet(h, OperationProtos.toProto(get), out).getExists());
      return ResultProto.newBuilder().setExists(exists).build();
    }
    List<Cell> cells = new ArrayList<>();
    if (!cp.preGetOp(caller, get, cells)) {
      ScanSpec spec = h.translator().get(OperationProtos.toProto(get));
      h.reads().increment();
      h.region().readRow(spec.startRow(), spec, read -> {
        read.forEach(c -> cells.add(KeyValue.deepCopy(c)));
        return read.size();
      });
      cp.postGetOp(caller, get, cells);
    }
    cells.sort(CellComparator.INSTANCE);
    out.addAll(cells);
    return ResultProto.newBuilder().setCellCount(cells.size()).build();
  }

  /**
   * The edits of a mutate call once its observers' pre hooks had each put and delete (they may
   * change or bypass it); the ones to write, with their observed forms added to
   * {@code observed} for the post hooks.
   */
  static List<RowEdit> observe(OnlineRegions.Hosted h, List<MutationProto> ms,
      List<RowEdit> edits, List<Mutation> observed) throws IOException {
    List<RowEdit> kept = new ArrayList<>(edits.size());
    for (int i = 0; i < edits.size(); i++) {
      RowEdit e = pre(h, ms.get(i).getType(), edits.get(i), observed);
      if (e != null) {
        kept.add(e);
      }
    }
    return kept;
  }

  /**
   * One put's or delete's pre hook: the edit to write (changed if the hook changed it), or
   * null if it bypassed the write. What the post hook gets is added to {@code observed}.
   */
  static RowEdit pre(OnlineRegions.Hosted h, MutationProto.Type type, RowEdit e,
      List<Mutation> observed) throws IOException {
    RegionCoprocessorHost cp = h.coprocessors();
    Mutation m = ObservedCalls.mutation(type, e);
    boolean bypassed = m instanceof Put put ? cp.prePut(caller(), put, m.getDurability())
        : cp.preDelete(caller(), (Delete) m, m.getDurability());
    if (bypassed) {
      return null;
    }
    observed.add(m);
    return h.translator().observed(m, e);
  }

  /** The post hook of a written put or delete. */
  static void post(RegionCoprocessorHost cp, Mutation m) throws IOException {
    if (m instanceof Put put) {
      cp.postPut(caller(), put, m.getDurability());
    } else {
      cp.postDelete(caller(), (Delete) m, m.getDurability());
    }
  }

  /**
   * An increment or append on a region with coprocessors: the pre hook may change it or answer
   * it (bypass), the post hook change its result. The observed operation goes through the
   * client's encoding and the server's checks again, as if the client had sent it so.
   */
  static ResultProto observedAtomic(OnlineRegions.Hosted h, MutationProto m,
      CellBlock.Reader in, CellBlock.Writer out) throws IOException {
    RegionCoprocessorHost cp = h.coprocessors();
    Mutation op = ObservedCalls.readModifyWrite(m, in.next(m.getCellCount()));
    Result answer = op instanceof Increment inc ? cp.preIncrement(caller(), inc)
        : cp.preAppend(caller(), (Append) op);
    if (answer == null) {
      CellBlock.Writer encoded = CellBlock.Writer.withoutTags(128);
      MutationProto p = OperationProtos.toProto(op, encoded);
      CellBlock.Reader again = new CellBlock.Reader(encoded.toBytes());
      RequestTranslator t = h.translator();
      byte[] row = p.getRow().toByteArray();
      List<Cell> values = op instanceof Increment
          ? h.region().increment(row, t.deltas(p, again), t.readModifyWrite(p))
          : h.region().append(row, t.appends(p, again), t.readModifyWrite(p));
      answer = op instanceof Increment inc ? cp.postIncrement(caller(), inc,
          Result.create(values)) : cp.postAppend(caller(), (Append) op, Result.create(values));
    }
    if (m.getSkipResults()) {
      return ResultProto.getDefaultInstance();
    }
    List<Cell> cells = new ArrayList<>(java.util.Arrays.asList(answer.rawCells()));
    cells.sort(CellComparator.INSTANCE);
    out.addAll(cells);
    return ResultProto.newBuilder().setCellCount(cells.size()).build();
  }

  /**
   * A check-and-mutate on a region with check-and-mutate hooks: the pre hooks may answer it
   * (bypass), the post hooks change its answer. The call's cells are read twice: once into the
   * observers' CheckAndMutate, once to apply.
   */
  static RpcResult observedCheckAndMutate(OnlineRegions.Hosted h, MutateRequest req,
      byte[] row, byte[] cellBlock, CellBlock.Reader in) throws IOException {
    RegionCoprocessorHost cp = h.coprocessors();
    io.strata.client.CheckAndMutate cam = ObservedCalls.checkAndMutate(row, req,
        new CellBlock.Reader(cellBlock), h.translator());
    io.strata.client.CheckAndMutateResult answer = cp.preCheckAndMutate(caller(), cam);
    if (answer == null) {
      MutationProto first = req.getMutations(0);
      List<Cell> values = null;
      boolean done;
      if (isIncrementOrAppend(first)) {
        values = checkAndUpdateValues(h, req, row, in);
        done = values != null;
      } else {
        done = h.region().checkAndMutate(row, h.translator().condition(req),
            merge(row, edits(h, req.getMutationsList(), in)));
      }
      answer = cp.postCheckAndMutate(caller(), cam, new io.strata.client.CheckAndMutateResult(
          done, values == null || first.getSkipResults() ? null : Result.create(values)));
    }
    MutateResponse.Builder resp = MutateResponse.newBuilder().setProcessed(answer.isSuccess());
    Result r = answer.getResult();
    if (r == null || r.isEmpty()) {
      return RpcResult.of(resp.build());
    }
    List<Cell> cells = new ArrayList<>(java.util.Arrays.asList(r.rawCells()));
    cells.sort(CellComparator.INSTANCE);
    CellBlock.Writer out = CellBlock.Writer.withoutTags(128);
    out.addAll(cells);
    return new RpcResult(resp.setResult(ResultProto.newBuilder().setCellCount(cells.size()))
        .build(), out.toBytes());
  }

  /**
   * A mini-batch's pre hook: the actions it failed are answered with their errors and leave
   * the pending lists; an error of the hook itself fails them all.
   */
  static void preBatch(OnlineRegions.Hosted h, MiniBatchOperationInProgress<Mutation>
      batch, List<RowEdit> pending, List<Integer> indexes, List<Mutation> observed,
      RegionActionResultProto.Builder results) {
    String region = h.region().info().getRegionNameAsString();
    try {
      h.coprocessors().preBatchMutate(caller(), batch);
    } catch (IOException e) {
      StrataException refused = ObservedCalls.asStrata(e, region);
      indexes.forEach(i -> results.addResults(failed(i, refused)));
      pending.clear();
      indexes.clear();
      observed.clear();
      return;
    }
    for (int i = batch.size() - 1; i >= 0; i--) {
      IOException refused = batch.getOperationStatus(i);
      if (refused != null) {
        results.addResults(failed(indexes.get(i), ObservedCalls.asStrata(refused, region)));
        pending.remove(i);
        indexes.remove(i);
        observed.remove(i);
      }
    }
  }
}
