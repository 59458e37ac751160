package io.strata.server.master;

import io.strata.common.error.TableNotEnabledException;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import java.io.IOException;

/**
 * Disables a table: 0 check; 1 DISABLING; 2 close its regions (each flushed); 3 DISABLED.
 */
final class DisableTableProcedure extends TableProcedure {
  DisableTableProcedure(ProcedureProto.Builder record) {
    super(record);
  }

  static DisableTableProcedure of(TableName table) {
    return new DisableTableProcedure(record(DISABLE_TABLE, table));
  }

  @Override
  String verb() {
    return "disable";
  }

  @Override
  int step(int step, TableName name, Master m) throws IOException {
    switch (step) {
      case 0 -> {
        m.requireUserTable(name);
        TableState state = m.tableState(name);
        if (state != TableState.ENABLED) {
          throw new TableNotEnabledException(name.toString(), state.name().toLowerCase());
        }
        return 1;
      }
      case 1 -> {
        m.setTableState(name, TableState.DISABLING);
        return 2;
      }
      case 2 -> {
        m.assignment().unassignAll(m.states().ofTable(name).stream()
            .map(RegionStates.Node::region).toList());
        return 3;
      }
      case 3 -> {
        m.setTableState(name, TableState.DISABLED);
        return DONE;
      }
      default -> throw noSuchStep(step);
    }
  }
}
