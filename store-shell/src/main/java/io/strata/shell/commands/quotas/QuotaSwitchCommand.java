package io.strata.shell.commands.quotas;

import io.strata.client.Admin;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/**
 * enable_rpc_throttle, disable_rpc_throttle, enable_exceed_throttle_quota and
 * disable_exceed_throttle_quota: the cluster's quota switches, as HBase's shell has them.
 */
public final class QuotaSwitchCommand extends BaseCommand {
  private final boolean rpcThrottle;
  private final boolean on;

  private QuotaSwitchCommand(String name, boolean rpcThrottle, boolean on, String help) {
    super(name, CommandGroup.QUOTAS, help);
    this.rpcThrottle = rpcThrottle;
    this.on = on;
  }

  public static QuotaSwitchCommand enableRpcThrottle() {
    return new QuotaSwitchCommand("enable_rpc_throttle", true, true, """
        Enforces every throttle again (the default), and prints the state before.
          enable_rpc_throttle
        """);
  }

  public static QuotaSwitchCommand disableRpcThrottle() {
    return new QuotaSwitchCommand("disable_rpc_throttle", true, false, """
        Stops enforcing throttles, keeping their settings, and prints the state before.
          disable_rpc_throttle
        """);
  }

  public static QuotaSwitchCommand enableExceedThrottleQuota() {
    return new QuotaSwitchCommand("enable_exceed_throttle_quota", false, true, """
        Lets user, table and namespace throttles be exceeded while the region servers' own
        throttle (set_quota ... REGIONSERVER => 'all') has room, and prints the state before.
          enable_exceed_throttle_quota
        """);
  }

  public static QuotaSwitchCommand disableExceedThrottleQuota() {
    return new QuotaSwitchCommand("disable_exceed_throttle_quota", false, false, """
        Holds every throttle again, whatever room the region servers have (the default), and
        prints the state before.
          disable_exceed_throttle_quota
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    Admin admin = ctx.admin();
    boolean previous = rpcThrottle ? admin.switchRpcThrottle(on)
        : admin.exceedThrottleQuotaSwitch(on);
    ctx.out().println(rpcThrottle ? "Previous rpc throttle state : " + previous
        : "Previous exceed throttle quota enabled : " + previous);
    return previous;
  }
}
