/** The quota commands: set_quota and list_quotas, as HBase's shell has them. */
package io.strata.shell.commands.quotas;
