package io.strata.server.master;

import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import java.io.IOException;

/**
 * A multi-step master operation whose progress is durable: the executor saves the record after
 * every step, so a master that takes over runs the recorded step again. Every step must
 * therefore be idempotent: running it twice does what running it once does.
 *
 * <p>A step that throws an error retrying cannot fix (a {@link
 * io.strata.common.error.DoNotRetryException}) fails the procedure, which must only happen in
 * the first step, before anything changed, or once the step has undone what earlier steps did
 * (a merge that reopens the regions it closed); any other error is retried until it succeeds.
 */
abstract class Procedure {
  /** Stable type ids, written in records (never class names). */
  static final int CREATE_TABLE = 1;
  static final int DELETE_TABLE = 2;
  static final int ENABLE_TABLE = 3;
  static final int DISABLE_TABLE = 4;
  static final int MODIFY_TABLE = 5;
  static final int TRUNCATE_TABLE = 6;
  static final int SPLIT_REGION = 7;
  static final int MERGE_REGIONS = 8;
  static final int SNAPSHOT = 9;
  static final int CLONE_SNAPSHOT = 10;
  static final int RESTORE_SNAPSHOT = 11;

  /** What {@link #step} returns when the procedure is done. */
  static final int DONE = -1;

  protected ProcedureProto.Builder record;

  Procedure(ProcedureProto.Builder record) {
    this.record = record;
  }

  ProcedureProto.Builder record() {
    return record;
  }

  long id() {
    return record.getId();
  }

  /** Runs step {@code step} against the master; returns the next step or {@link #DONE}. */
  abstract int step(int step, Master master) throws IOException;

  /** For logs: "create table t". */
  abstract String describe();

  /** Rebuilds a procedure from its record. */
  static Procedure fromRecord(ProcedureProto p) {
    ProcedureProto.Builder b = p.toBuilder();
    return switch (p.getType()) {
      case CREATE_TABLE -> new CreateTableProcedure(b);
      case DELETE_TABLE -> new DeleteTableProcedure(b);
      case ENABLE_TABLE -> new EnableTableProcedure(b);
      case DISABLE_TABLE -> new DisableTableProcedure(b);
      case MODIFY_TABLE -> new ModifyTableProcedure(b);
      case TRUNCATE_TABLE -> new TruncateTableProcedure(b);
      case SPLIT_REGION -> new SplitRegionProcedure(b);
      case MERGE_REGIONS -> new MergeRegionsProcedure(b);
      case SNAPSHOT -> new SnapshotProcedure(b);
      case CLONE_SNAPSHOT -> new CloneSnapshotProcedure(b);
      case RESTORE_SNAPSHOT -> new RestoreSnapshotProcedure(b);
      default -> throw new IllegalArgumentException("procedure " + p.getId() + " has type "
          + p.getType() + ", which this version does not know; finish it with the version "
          + "that started it");
    };
  }
}
