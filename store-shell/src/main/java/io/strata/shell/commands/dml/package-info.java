/** Data commands: put, get, scan, count, delete, deleteall, incr, get_counter, append, ... */
package io.strata.shell.commands.dml;
