/** Region and server commands: flush, compact, split, move, balance, assign, unassign. */
package io.strata.shell.commands.tools;
