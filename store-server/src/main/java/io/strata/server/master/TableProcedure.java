package io.strata.server.master;

import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableName;

/** A procedure on one named table: its record carries the name; logs say "verb table t". */
abstract class TableProcedure extends Procedure {
  TableProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  /** A new record of {@code type} for {@code table}. */
  static ProcedureProto.Builder record(int type, TableName table) {
    return ProcedureProto.newBuilder().setType(type).setTableName(SchemaCodec.toProto(table));
  }

  TableName table() {
    return SchemaCodec.fromProto(record.getTableName());
  }

  /** What it does to the table: "enable", "truncate"... */
  abstract String verb();

  @Override
  String describe() {
    return verb() + " table " + table();
  }

  @Override
  int step(int step, Master master) throws java.io.IOException {
    return step(step, table(), master);
  }

  /** Runs {@code step} on {@code table}; returns the next step or DONE. */
  abstract int step(int step, TableName table, Master master) throws java.io.IOException;

  /** For a step number the procedure does not have (a damaged record). */
  IllegalStateException noSuchStep(int step) {
    return new IllegalStateException(verb() + " table has no step " + step);
  }
}
