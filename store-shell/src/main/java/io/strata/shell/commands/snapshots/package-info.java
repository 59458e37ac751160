/** The snapshot commands: snapshot, clone_snapshot, restore_snapshot, list and delete them. */
package io.strata.shell.commands.snapshots;
