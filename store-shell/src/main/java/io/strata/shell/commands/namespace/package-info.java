/** Namespace commands. */
package io.strata.shell.commands.namespace;
