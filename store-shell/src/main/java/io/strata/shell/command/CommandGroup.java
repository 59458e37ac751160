package io.strata.shell.command;

/** The groups {@code help} lists commands in, as in the HBase shell. */
public enum CommandGroup {
  GENERAL("general", "the shell and the cluster"),
  DDL("ddl", "tables: create, change, list, enable, disable and drop them"),
  NAMESPACE("namespace", "namespaces: groups of tables"),
  DML("dml", "data: read and write rows"),
  TOOLS("tools", "regions and servers: flush, compact, split, move, balance"),
  QUOTAS("quotas", "throttles on users, tables and namespaces"),
  SECURITY("security", "permissions and visibility labels: grant, revoke, list them"),
  SNAPSHOTS("snapshots", "snapshots of tables: take, clone, restore, list and delete them");

  private final String label;
  private final String description;

  CommandGroup(String label, String description) {
    this.label = label;
    this.description = description;
  }

  /** The name users type: {@code help 'ddl'}. */
  public String label() {
    return label;
  }

  public String description() {
    return description;
  }

  public static CommandGroup byLabel(String label) {
    for (CommandGroup g : values()) {
      if (g.label.equals(label)) {
        return g;
      }
    }
    return null;
  }
}
