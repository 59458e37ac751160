/** General commands: help, status, version, whoami, table_help, exit. */
package io.strata.shell.commands.general;
