package io.strata.server.master;

import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import java.io.IOException;

/** Enables a disabled table: 0 check; 1 ENABLING; 2 open its regions; 3 ENABLED. */
final class EnableTableProcedure extends TableProcedure {
  EnableTableProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static EnableTableProcedure of(TableName table) {
    return new EnableTableProcedure(record(ENABLE_TABLE, table));
  }

  @Override
  String verb() {
    return "enable";
  }

  @Override
  int step(int step, TableName name, Master m) throws IOException {
    switch (step) {
      case 0 -> {
        m.requireUserTable(name);
        if (m.tableState(name) == TableState.ENABLED) {
          throw io.strata.common.error.TableNotDisabledException.alreadyEnabled(name.toString());
        }
        m.requireState(name, TableState.DISABLED, "enable it");
        return 1;
      }
      case 1 -> {
        m.setTableState(name, TableState.ENABLING);
        return 2;
      }
      case 2 -> {
        m.assignment().assignAll(m.states().ofTable(name).stream()
            .map(RegionStates.Node::region).toList());
        return 3;
      }
      case 3 -> {
        m.setTableState(name, TableState.ENABLED);
        return DONE;
      }
      default -> throw noSuchStep(step);
    }
  }
}
