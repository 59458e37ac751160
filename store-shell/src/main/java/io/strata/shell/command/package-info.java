/**
 * What every shell command builds on: {@link io.strata.shell.command.Command} (one class per
 * command, listed in {@link io.strata.shell.command.CommandRegistry}), typed access to its
 * arguments ({@link io.strata.shell.command.Args}, {@link io.strata.shell.command.Options}),
 * the session it runs in ({@link io.strata.shell.command.ShellContext}) and the errors it
 * raises.
 */
package io.strata.shell.command;
