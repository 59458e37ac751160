/** The security commands: grant, revoke and user_permission, as HBase's shell has them. */
package io.strata.shell.commands.security;
