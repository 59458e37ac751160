package io.strata.shell;

import io.strata.shell.command.Command;
import io.strata.shell.command.CommandRegistry;
import io.strata.shell.commands.ddl.AlterCommand;
import io.strata.shell.commands.ddl.CreateCommand;
import io.strata.shell.commands.ddl.DescribeCommand;
import io.strata.shell.commands.ddl.DisableAllCommand;
import io.strata.shell.commands.ddl.DisableCommand;
import io.strata.shell.commands.ddl.DropAllCommand;
import io.strata.shell.commands.ddl.DropCommand;
import io.strata.shell.commands.ddl.EnableAllCommand;
import io.strata.shell.commands.ddl.EnableCommand;
import io.strata.shell.commands.ddl.ExistsCommand;
import io.strata.shell.commands.ddl.GetTableCommand;
import io.strata.shell.commands.ddl.IsDisabledCommand;
import io.strata.shell.commands.ddl.IsEnabledCommand;
import io.strata.shell.commands.ddl.ListCommand;
import io.strata.shell.commands.ddl.ListRegionsCommand;
import io.strata.shell.commands.ddl.LocateRegionCommand;
import io.strata.shell.commands.ddl.ShowFiltersCommand;
import io.strata.shell.commands.dml.AppendCommand;
import io.strata.shell.commands.dml.CountCommand;
import io.strata.shell.commands.dml.DeleteAllCommand;
import io.strata.shell.commands.dml.DeleteCommand;
import io.strata.shell.commands.dml.GetCommand;
import io.strata.shell.commands.dml.GetCounterCommand;
import io.strata.shell.commands.dml.GetSplitsCommand;
import io.strata.shell.commands.dml.IncrCommand;
import io.strata.shell.commands.dml.PutCommand;
import io.strata.shell.commands.dml.ScanCommand;
import io.strata.shell.commands.dml.TruncateCommand;
import io.strata.shell.commands.general.ExitCommand;
import io.strata.shell.commands.general.HelpCommand;
import io.strata.shell.commands.general.StatusCommand;
import io.strata.shell.commands.general.TableHelpCommand;
import io.strata.shell.commands.general.VersionCommand;
import io.strata.shell.commands.general.WhoamiCommand;
import io.strata.shell.commands.namespace.AlterNamespaceCommand;
import io.strata.shell.commands.namespace.CreateNamespaceCommand;
import io.strata.shell.commands.namespace.DescribeNamespaceCommand;
import io.strata.shell.commands.namespace.DropNamespaceCommand;
import io.strata.shell.commands.namespace.ListNamespaceCommand;
import io.strata.shell.commands.namespace.ListNamespaceTablesCommand;
import io.strata.shell.commands.tools.AssignCommand;
import io.strata.shell.commands.tools.BalanceSwitchCommand;
import io.strata.shell.commands.tools.BalancerCommand;
import io.strata.shell.commands.tools.BalancerEnabledCommand;
import io.strata.shell.commands.tools.CloseRegionCommand;
import io.strata.shell.commands.tools.CompactCommand;
import io.strata.shell.commands.tools.FlushCommand;
import io.strata.shell.commands.tools.MoveCommand;
import io.strata.shell.commands.tools.MergeRegionCommand;
import io.strata.shell.commands.tools.NormalizeCommand;
import io.strata.shell.commands.tools.NormalizerEnabledCommand;
import io.strata.shell.commands.tools.NormalizerSwitchCommand;
import io.strata.shell.commands.tools.SplitCommand;
import io.strata.shell.commands.tools.UnassignCommand;
import java.util.List;

/** The shell's commands: one line each. */
public final class Commands {
  private Commands() {}

  public static CommandRegistry all() {
    List<Command> commands = List.of(
        // general
        new HelpCommand(),
        new StatusCommand(),
        new VersionCommand(),
        new WhoamiCommand(),
        new TableHelpCommand(),
        new ExitCommand(),
        // ddl
        new CreateCommand(),
        new AlterCommand(),
        new DescribeCommand(),
        new ListCommand(),
        new ExistsCommand(),
        new DisableCommand(),
        new EnableCommand(),
        new IsEnabledCommand(),
        new IsDisabledCommand(),
        new DropCommand(),
        new DisableAllCommand(),
        new EnableAllCommand(),
        new DropAllCommand(),
        new ListRegionsCommand(),
        new LocateRegionCommand(),
        new GetTableCommand(),
        new ShowFiltersCommand(),
        // namespace
        new CreateNamespaceCommand(),
        new DropNamespaceCommand(),
        new AlterNamespaceCommand(),
        new DescribeNamespaceCommand(),
        new ListNamespaceCommand(),
        new ListNamespaceTablesCommand(),
        // dml
        new PutCommand(),
        new GetCommand(),
        new ScanCommand(),
        new CountCommand(),
        new DeleteCommand(),
        new DeleteAllCommand(),
        new IncrCommand(),
        new GetCounterCommand(),
        new AppendCommand(),
        TruncateCommand.truncate(),
        TruncateCommand.truncatePreserve(),
        new GetSplitsCommand(),
        // tools
        new FlushCommand(),
        CompactCommand.compact(),
        CompactCommand.majorCompact(),
        new SplitCommand(),
        new MergeRegionCommand(),
        new NormalizeCommand(),
        new NormalizerSwitchCommand(),
        new NormalizerEnabledCommand(),
        new MoveCommand(),
        new BalancerCommand(),
        new BalanceSwitchCommand(),
        new BalancerEnabledCommand(),
        new CloseRegionCommand(),
        new UnassignCommand(),
        new AssignCommand(),
        new io.strata.shell.commands.tools.WalRollCommand(),
        io.strata.shell.commands.tools.GetSlowLogResponsesCommand.slow(),
        io.strata.shell.commands.tools.GetSlowLogResponsesCommand.large(),
        new io.strata.shell.commands.tools.ClearSlowLogResponsesCommand(),
        new io.strata.shell.commands.quotas.SetQuotaCommand(),
        new io.strata.shell.commands.quotas.ListQuotasCommand(),
        new io.strata.shell.commands.quotas.ListQuotaTableSizesCommand(),
        new io.strata.shell.commands.quotas.ListQuotaSnapshotsCommand(),
        io.strata.shell.commands.quotas.QuotaSwitchCommand.enableRpcThrottle(),
        io.strata.shell.commands.quotas.QuotaSwitchCommand.disableRpcThrottle(),
        io.strata.shell.commands.quotas.QuotaSwitchCommand.enableExceedThrottleQuota(),
        io.strata.shell.commands.quotas.QuotaSwitchCommand.disableExceedThrottleQuota(),
        new io.strata.shell.commands.security.GrantCommand(),
        new io.strata.shell.commands.security.RevokeCommand(),
        new io.strata.shell.commands.security.UserPermissionCommand(),
        new io.strata.shell.commands.security.AddLabelsCommand(),
        new io.strata.shell.commands.security.SetAuthsCommand(),
        new io.strata.shell.commands.security.GetAuthsCommand(),
        new io.strata.shell.commands.security.ClearAuthsCommand(),
        new io.strata.shell.commands.security.ListLabelsCommand(),
        new io.strata.shell.commands.snapshots.SnapshotCommand(),
        new io.strata.shell.commands.snapshots.CloneSnapshotCommand(),
        new io.strata.shell.commands.snapshots.RestoreSnapshotCommand(),
        new io.strata.shell.commands.snapshots.DeleteSnapshotCommand(),
        io.strata.shell.commands.snapshots.DeleteAllSnapshotCommand.byName(),
        io.strata.shell.commands.snapshots.DeleteAllSnapshotCommand.byTable(),
        new io.strata.shell.commands.snapshots.ListSnapshotsCommand(),
        new io.strata.shell.commands.snapshots.ListTableSnapshotsCommand());
    return new CommandRegistry(commands);
  }
}
