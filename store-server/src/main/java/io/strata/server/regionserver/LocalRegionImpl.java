package io.strata.server.regionserver;

import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.client.internal.OperationProtos;
import io.strata.common.cell.Cell;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.WrongRegionException;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.InternalScanner;
import io.strata.server.coprocessor.LocalRegion;
import io.strata.server.region.RegionScanner;
import io.strata.server.region.RowEdit;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A hosted region as its coprocessors see it: each operation goes through the client's
 * encoding and the server's checks ({@link RequestTranslator}) as if a client had sent it, then
 * straight to the region.
 */
final class LocalRegionImpl implements LocalRegion {
  private final OnlineRegions.Hosted h;

  LocalRegionImpl(OnlineRegions.Hosted h) {
    this.h = h;
  }

  @Override
  public RegionInfo getRegionInfo() {
    return h.region().info();
  }

  @Override
  public TableDescriptor getTableDescriptor() {
    return h.region().table();
  }

  @Override
  public Result get(Get get) throws IOException {
    ScanSpec spec = h.translator().get(OperationProtos.toProto(get));
    return Result.create(h.region().get(spec.startRow(), spec));
  }

  @Override
  public InternalScanner getScanner(Scan scan) throws IOException {
    RegionScanner s = h.region().scanner(h.translator().scan(OperationProtos.toProto(scan)));
    return new InternalScanner() {
      private List<Cell> ahead;
      private boolean started;

      @Override
      public boolean next(List<Cell> row) throws IOException {
        if (!started) {
          started = true;
          ahead = s.nextRow();
        }
        if (ahead == null) {
          return false;
        }
        row.addAll(ahead);
        ahead = s.nextRow();
        return ahead != null;
      }

      @Override
      public void close() {
        s.close();
      }
    };
  }

  @Override
  public void put(Put put) throws IOException {
    batchMutate(List.of(put));
  }

  @Override
  public void delete(Delete delete) throws IOException {
    batchMutate(List.of(delete));
  }

  @Override
  public void batchMutate(List<? extends Mutation> mutations) throws IOException {
    if (mutations.isEmpty()) {
      return;
    }
    CellBlock.Writer cells = new CellBlock.Writer(256);
    List<MutationProto> protos = new ArrayList<>(mutations.size());
    for (Mutation m : mutations) {
      if (!(m instanceof Put) && !(m instanceof Delete)) {
        throw new BadRequestException("batchMutate takes puts and deletes, not "
            + m.getClass().getSimpleName() + "; increment or append through the connection");
      }
      protos.add(OperationProtos.toProto(m, cells));
    }
    CellBlock.Reader in = new CellBlock.Reader(cells.toBytes());
    List<RowEdit> edits = new ArrayList<>(protos.size());
    for (MutationProto p : protos) {
      RowEdit e = h.translator().edit(p, in);
      if (!h.region().info().containsRow(e.row())) {
        throw new WrongRegionException(Bytes.toStringBinary(e.row()),
            h.region().info().getRegionNameAsString());
      }
      edits.add(e);
    }
    h.region().mutate(edits);
  }
}
