package io.strata.client.internal;

import com.google.protobuf.ByteString;
import io.strata.client.Connection;
import io.strata.client.RegionLocation;
import io.strata.common.proto.ClientProtos.BulkLoadFileProto;
import io.strata.common.proto.ClientProtos.BulkLoadRequest;
import io.strata.common.proto.ClientProtos.BulkLoadResponse;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import java.io.IOException;
import java.util.List;

/**
 * One bulk-load call on one region where a location says it is, not retried: a bulk loader
 * that gets a retryable error (the region moved or split) groups its files again from fresh
 * locations. For the server module's loader, which writes and splits the block files.
 */
public final class BulkLoadCall {
  /** A block file for a family, by its path on a file system the region server reaches. */
  public record File(byte[] family, String path) {}

  private BulkLoadCall() {}

  /** Loads {@code files} into {@code loc}'s region; returns the sequence id they got. */
  public static long load(Connection connection, RegionLocation loc, List<File> files)
      throws IOException {
    AsyncConnectionImpl async = ((ConnectionImpl) connection).async();
    BulkLoadRequest.Builder req = BulkLoadRequest.newBuilder().setRegion(
        RegionSpecifierProto.newBuilder().setEncodedName(loc.region().getEncodedName()));
    for (File f : files) {
      req.addFiles(BulkLoadFileProto.newBuilder().setFamily(ByteString.copyFrom(f.family()))
          .setPath(f.path()));
    }
    return RetryingCaller.join(async.channels().connection(loc.server(), "ClientService")
        .thenCompose(c -> c.call("BulkLoad", req.build(), null, BulkLoadResponse.parser(),
            async.caller().policy().operationTimeout(), 0)))
        .result().getSequenceId();
  }
}
